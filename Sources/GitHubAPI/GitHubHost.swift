import Foundation

/// A GitHub instance, as gh names it: `github.com`, a GitHub Enterprise Server host
/// (`github.example.com`, with a port when it has one) or a GHE.com tenancy (`SUBDOMAIN.ghe.com`).
/// The one home of the address rules: where its REST and GraphQL APIs are, what its web pages look
/// like, which environment variables hold its token, which store file keeps its data. Pure.
public struct GitHubHost: Hashable, Sendable, CustomStringConvertible {
    /// Lowercased host name, with `:port` when one was written (`github.com`, `ghe.corp:8443`).
    public let name: String

    /// github.com, whose API is api.github.com.
    public static let dotCom = GitHubHost(checkedName: "github.com")

    /// The suffix of GHE.com tenancies (data residency), whose API is `https://api.SUBDOMAIN.ghe.com/`.
    static let tenancySuffix = ".ghe.com"

    /// Longest host text accepted (a DNS name is at most 253 characters, plus a port).
    static let maximumLength = 260

    private init(checkedName: String) {
        name = checkedName
    }

    /// Reads a host as a person writes it (`--hostname`, `GH_HOST`, gh's hosts.yml, the owner prompt's
    /// `HOST/owner`): surrounding spaces, an `https://` before it and a `/` after it are forgiven; the
    /// name is lowercased and normalized as gh does (`api.github.com` and any `*.github.com` are
    /// github.com; `api.SUBDOMAIN.ghe.com` is `SUBDOMAIN.ghe.com`). Only letters, digits, `-` and `.`
    /// (DNS labels of 1–63 characters) and an optional `:port` (1–65535) are a host; anything else —
    /// a path, a user name, a space, a control character — is nil.
    public init?(_ text: String) {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        guard text.utf8.count <= Self.maximumLength else { return nil }
        if text.lowercased().hasPrefix("https://") { text = text.dropFirst("https://".count) }
        if text.hasSuffix("/") { text = text.dropLast() }
        let lowered = text.lowercased()
        let parts = lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        var host = String(parts[0])
        if host.hasSuffix(".") { host.removeLast() }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !host.isEmpty, host.utf8.count <= 253,
              labels.allSatisfy({ label in
                  (1...63).contains(label.utf8.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                      && label.utf8.allSatisfy { byte in
                          (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
                      }
              }) else { return nil }
        var port = ""
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].utf8.count <= 5, parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let number = Int(parts[1]), (1...65_535).contains(number) else { return nil }
            if number != 443 { port = ":\(number)" }
        }
        if host == "github.com" || host.hasSuffix(".github.com") {
            // gh's rule: every github.com subdomain (api., www.) is github.com itself.
            self = .dotCom
            return
        }
        if host.hasSuffix(Self.tenancySuffix) {
            // api.SUBDOMAIN.ghe.com (or any deeper name) is the tenancy SUBDOMAIN.ghe.com.
            let inner = host.dropLast(Self.tenancySuffix.count).split(separator: ".")
            if let subdomain = inner.last { host = "\(subdomain)\(Self.tenancySuffix)" }
        }
        name = host + port
    }

    public var description: String { name }

    /// github.com itself.
    public var isDotCom: Bool { self == .dotCom }

    /// A GHE.com tenancy (`SUBDOMAIN.ghe.com`).
    var isTenancy: Bool { name.hasSuffix(Self.tenancySuffix) }

    /// The REST root: `https://api.github.com`, `https://api.SUBDOMAIN.ghe.com` (no `/api/v3` there),
    /// or `https://HOST/api/v3` for GitHub Enterprise Server.
    public var apiRoot: URL {
        let text: String
        if isDotCom {
            text = "https://api.github.com"
        } else if isTenancy {
            text = "https://api.\(name)"
        } else {
            text = "https://\(name)/api/v3"
        }
        return URL(string: text) ?? APIConfiguration.defaultBaseURL
    }

    /// The GraphQL endpoint of this host (`…/graphql` beside its REST root; `/api/graphql` on
    /// Enterprise Server).
    var graphQLURL: URL { Self.graphQLURL(forAPIRoot: apiRoot) }

    /// The GraphQL endpoint beside a REST root: `/api/graphql` for an Enterprise Server's `/api/v3`,
    /// else `ROOT/graphql` (api.github.com, api.SUBDOMAIN.ghe.com, a test server).
    static func graphQLURL(forAPIRoot root: URL) -> URL {
        if root.pathComponents.filter({ $0 != "/" }).suffix(2) == ["api", "v3"] {
            return root.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("api").appendingPathComponent("graphql")
        }
        return root.appendingPathComponent("graphql")
    }

    /// A page of this host's web site: `https://HOST/PATH` (`path` without its leading `/`).
    public func webPage(_ path: String) -> String {
        "https://\(name)/\(path)"
    }

    /// Whether `address` is a page of this host's web site: its host (or `www.` before it, for
    /// github.com) and port, over https or http.
    public func serves(_ address: WebAddress) -> Bool {
        let defaultPort = address.scheme == "https" ? 443 : 80
        let written = address.port == defaultPort ? address.host : "\(address.host):\(address.port)"
        return written == name || (isDotCom && written == "www." + name)
    }

    /// The host of a web page the API gave (a repository's `html_url`): github.com when it names
    /// none that is a host.
    public static func ofWebPage(_ page: String) -> GitHubHost {
        guard let address = WebAddress(page) else { return .dotCom }
        let defaultPort = address.scheme == "https" ? 443 : 80
        return GitHubHost(address.port == defaultPort ? address.host : "\(address.host):\(address.port)") ?? .dotCom
    }

    /// The environment variables that hold this host's token, in gh's order: `GH_TOKEN`,
    /// `GITHUB_TOKEN` for github.com; `GH_ENTERPRISE_TOKEN`, `GITHUB_ENTERPRISE_TOKEN` for any other
    /// host (so github.com's token never goes to another).
    var tokenVariables: [String] {
        isDotCom ? ["GH_TOKEN", "GITHUB_TOKEN"] : ["GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN"]
    }

    /// The store file that keeps this host's data, made from the data directory's usual `file`
    /// (`github-tui.sqlite`): github.com keeps `file` itself (where every earlier version kept its
    /// data); another host `github-tui@HOST.sqlite`, its `:` written `_` (a host is only letters,
    /// digits, `-`, `.` and a port, so the name is one safe path component).
    public func storeFileName(from file: String) -> String {
        guard !isDotCom else { return file }
        let host = name.replacingOccurrences(of: ":", with: "_")
        guard let dot = file.lastIndex(of: ".") else { return "\(file)@\(host)" }
        return "\(file[..<dot])@\(host)\(file[dot...])"
    }
}
