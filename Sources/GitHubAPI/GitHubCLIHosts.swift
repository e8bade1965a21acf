import Foundation
import GitHubEntities

/// A GitHub host gh is logged in to, and its active user there (what `gh auth switch` chose).
public struct KnownHost: Equatable, Sendable {
    public var host: GitHubHost
    /// The active user's login, when gh names a valid one.
    public var user: String?

    public init(host: GitHubHost, user: String? = nil) {
        self.host = host
        self.user = user
    }
}

/// The hosts gh knows, read from its `hosts.yml` (`$GH_CONFIG_DIR/hosts.yml`, else
/// `$XDG_CONFIG_HOME/gh/hosts.yml`, else `~/.config/gh/hosts.yml`). The file is untrusted and its shape
/// is simple, so it is read by a few rules rather than a YAML library: a line at column 0 `HOST:` starts
/// a host; a `user: LOGIN` line indented under it (at its first level) names its active user. Tokens
/// are never read. At most 64 KiB and 32 hosts; a name that is not a host, a user that is not a login,
/// anything else: skipped. A missing or unreadable file: none.
public enum GitHubCLIHosts {
    static let maximumBytes = 65_536
    static let maximumHosts = 32

    /// Where gh keeps hosts.yml for `environment`; nil without a home to find it in.
    static func file(environment: [String: String]) -> URL? {
        if let directory = environment["GH_CONFIG_DIR"], directory.hasPrefix("/") {
            return URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent("hosts.yml")
        }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config, isDirectory: true).appendingPathComponent("gh/hosts.yml")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config/gh/hosts.yml")
    }

    /// The hosts in gh's hosts.yml, in the file's order.
    public static func read(environment: [String: String]) -> [KnownHost] {
        guard let file = file(environment: environment),
              let handle = try? FileHandle(forReadingFrom: file) else { return [] }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes) else { return [] }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// The rules of `read`, on the file's text.
    public static func parse(_ text: String) -> [KnownHost] {
        var hosts: [KnownHost] = []
        var current: Int?
        var firstIndent: Int?
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = rawLine.prefix { $0 != "#" }
            while line.last == " " || line.last == "\t" { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            let indent = line.prefix { $0 == " " }.count
            if indent == 0 {
                current = nil
                firstIndent = nil
                guard line.hasSuffix(":"), hosts.count < maximumHosts,
                      let host = GitHubHost(unquoted(line.dropLast())),
                      !hosts.contains(where: { $0.host == host }) else { continue }
                hosts.append(KnownHost(host: host))
                current = hosts.count - 1
                continue
            }
            guard let index = current else { continue }
            if firstIndent == nil { firstIndent = indent }
            guard indent == firstIndent else { continue }
            let body = line.dropFirst(indent)
            guard body.hasPrefix("user:") else { continue }
            let login = unquoted(body.dropFirst("user:".count))
            if OwnerLogin.isValid(login) { hosts[index].user = login }
        }
        return hosts
    }

    /// A YAML scalar without its surrounding spaces and quotes.
    private static func unquoted(_ text: Substring) -> String {
        var value = text.trimmingCharacters(in: .whitespaces)
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        return value
    }
}
