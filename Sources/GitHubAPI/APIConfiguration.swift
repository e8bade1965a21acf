import Foundation

public enum GitHubTUIVersion {
    public static let current = "0.1.0"
}

/// A base URL or environment that cannot be used. Its description is the line the user reads.
public struct APIConfigurationError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Where the API is and who is asking. The token is never printed: `description`,
/// `debugDescription` and reflection (`dump`, string interpolation) all redact it.
public struct APIConfiguration: Sendable, Equatable {
    public var baseURL: URL
    public var token: String?
    public var userAgent: String
    /// The GitHub instance this is: its web pages, its store, whose token this is. The API is at
    /// `host.apiRoot` unless `--api-url` said otherwise (a test server, a proxy).
    public var host: GitHubHost

    /// GitHub.com's REST root. The literal always parses; the fallback is only there to give a URL
    /// without a force unwrap.
    public static let defaultBaseURL = URL(string: "https://api.github.com") ?? URL(filePath: "/")

    public init(baseURL: URL, token: String? = nil, userAgent: String = "github-tui/\(GitHubTUIVersion.current)",
                host: GitHubHost = .dotCom) {
        self.baseURL = baseURL
        self.host = host
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.userAgent = userAgent
    }

    /// Accepts `https://…` always, and plain `http://…` only for loopback hosts
    /// (127.0.0.0/8, ::1, localhost). A trailing slash is removed.
    public static func validatedBaseURL(_ text: String) throws -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw APIConfigurationError("The API URL is empty. Use an https:// URL such as https://api.github.com.")
        }
        // Host and port are read from the text as written: URLComponents' host (even its
        // percent-encoded form) and its scheme setter run the host through ICU's IDNA code, whose
        // data they page in at every launch with --api-url. Its other parts do not.
        guard let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(),
              let authority = writtenAuthority(of: trimmed), let host = hostName(inAuthority: authority),
              !host.isEmpty else {
            throw APIConfigurationError("“\(trimmed)” is not a valid API URL. Use an https:// URL such as https://api.github.com.")
        }
        guard components.user == nil, components.password == nil, !authority.contains("@") else {
            throw APIConfigurationError("The API URL must not contain a user name or password; set GH_TOKEN instead.")
        }
        guard components.query == nil, components.fragment == nil else {
            throw APIConfigurationError("The API URL “\(trimmed)” must not have a query or fragment.")
        }
        switch scheme {
        case "https":
            break
        case "http":
            guard isLoopback(host: host) else {
                throw APIConfigurationError(
                    "Refusing plain http:// for \(host): use https://. Plain http is allowed only for loopback hosts (127.0.0.0/8, ::1, localhost).")
            }
        default:
            throw APIConfigurationError("“\(trimmed)” must start with https:// (plain http:// only for loopback hosts).")
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        guard let url = URL(string: "\(scheme)://\(authority)\(path)") else {
            throw APIConfigurationError("“\(trimmed)” is not a valid API URL.")
        }
        return url
    }

    /// What follows `scheme://` up to the path, query or fragment, as written; nil without `://`.
    static func writtenAuthority(of text: String) -> Substring? {
        guard let separator = text.firstRange(of: "://") else { return nil }
        return text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }

    /// The host of an authority (`host`, `host:port`, `[v6]`, `[v6]:port`); nil when malformed.
    static func hostName(inAuthority authority: Substring) -> String? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            return String(authority[...close])
        }
        return String(authority.prefix { $0 != ":" })
    }

    /// True for `localhost`, any 127.x.y.z address and `::1` (with or without brackets).
    public static func isLoopback(host: String) -> Bool {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "localhost." || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && (Int(part) ?? 256) <= 255
        }
    }

    /// The host named by `hostname` (`--hostname`), else by `GH_HOST`, else github.com; its API at
    /// `apiURL` when given, else where the host has it (`GitHubHost.apiRoot`). The token is the host's
    /// own (`GitHubHost.tokenVariables`: `GH_TOKEN`, `GITHUB_TOKEN` for github.com,
    /// `GH_ENTERPRISE_TOKEN`, `GITHUB_ENTERPRISE_TOKEN` for another host; empty values ignored;
    /// validated: visible ASCII only), else — when `askGitHubCLI` — a logged-in `gh` user's token for
    /// that host (`ghHost`).
    public static func fromEnvironment(_ env: [String: String], apiURL: String?, hostname: String? = nil,
                                       askGitHubCLI: Bool = false) throws -> APIConfiguration {
        let named = try namedHost(hostname: hostname, environment: env)
        let host = named ?? .dotCom
        var token: String?
        for name in host.tokenVariables {
            guard let value = env[name] else { continue }
            // Surrounding whitespace (a pasted newline) is forgiven; anything inside is not.
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            token = try GitHubToken.validate(trimmed, source: name)
            break
        }
        let baseURL = try apiURL.map(validatedBaseURL) ?? host.apiRoot
        if token == nil, askGitHubCLI {
            token = GitHubToken.fromGitHubCLI(host: ghHost(named: named, baseURL: baseURL), environment: env)
        }
        return APIConfiguration(baseURL: baseURL, token: token, host: host)
    }

    /// The host `--hostname` (or else `GH_HOST`) names, nil when neither does; a value that is not a
    /// host name is an error naming where it came from.
    static func namedHost(hostname: String?, environment: [String: String]) throws -> GitHubHost? {
        let (source, text): (String, String)
        if let hostname {
            (source, text) = ("--hostname", hostname)
        } else if let value = environment["GH_HOST"], !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            (source, text) = ("GH_HOST", value)
        } else {
            return nil
        }
        guard let host = GitHubHost(text) else {
            let shown = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }).prefix(60))
            throw APIConfigurationError("\(source) must be a host name such as github.example.com, not “\(shown)”.")
        }
        return host
    }

    /// The host `gh auth token --hostname` is asked about: the host named (`--hostname`, `GH_HOST`);
    /// without one, github.com for its own API, else the API URL's host with its port (a test server's
    /// or a proxy's: github.com's token is not handed to an address nobody said was github.com).
    static func ghHost(named: GitHubHost?, baseURL: URL) -> String {
        if let named { return named.name }
        if baseURL == defaultBaseURL { return GitHubHost.dotCom.name }
        return writtenAuthority(of: baseURL.absoluteString).map { $0.lowercased() } ?? ""
    }

    /// A stable, non-reversible identity of the token (FNV-1a 64), or "anonymous".
    /// Used to key stored validators: ETags differ per token.
    public var tokenIdentity: String {
        guard let token else { return "anonymous" }
        return TokenIdentity.fnv1a(token)
    }
}

extension APIConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "APIConfiguration(baseURL: \(baseURL.absoluteString), token: \(token == nil ? "none" : "<redacted>"), userAgent: \(userAgent), host: \(host.name))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "baseURL": baseURL.absoluteString,
            "token": token == nil ? "none" : "<redacted>",
            "userAgent": userAgent,
            "host": host.name,
        ])
    }
}

enum TokenIdentity {
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "t" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
