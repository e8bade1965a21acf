import Foundation

/// The one reading of an address on the security boundary: its scheme, host and port as written
/// (our own parser, `APIConfiguration.writtenAuthority`/`hostName`), used alike to validate the API
/// URL, to decide where the token may go (`Origin`), which redirects to follow and which page links
/// and photo addresses to accept. Foundation's `URL.host` is never asked: two parsers on one boundary
/// can disagree.
public struct WebAddress: Equatable, Sendable {
    /// Lowercased: "https" or "http" (anything else is not a web address).
    public var scheme: String
    /// Lowercased host as written (`[::1]` keeps its brackets).
    public var host: String
    /// The port written, else the scheme's default.
    public var port: Int

    public init?(_ text: String) {
        guard let separator = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "https" || scheme == "http",
              let authority = APIConfiguration.writtenAuthority(of: text), !authority.contains("@"),
              let host = APIConfiguration.hostName(inAuthority: authority), !host.isEmpty else { return nil }
        let afterHost = authority.dropFirst(host.count)
        var port = scheme == "https" ? 443 : 80
        if afterHost.hasPrefix(":") {
            let digits = afterHost.dropFirst()
            if !digits.isEmpty {
                guard digits.allSatisfy(\.isASCII), let written = Int(digits), (1...65_535).contains(written) else { return nil }
                port = written
            }
        } else if !afterHost.isEmpty {
            return nil
        }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port
    }

    init?(_ url: URL) { self.init(url.absoluteString) }

    var isLoopback: Bool { APIConfiguration.isLoopback(host: host) }

    /// https anywhere, plain http only on a loopback host.
    var isAllowed: Bool { scheme == "https" || isLoopback }

    /// The path as written after the authority, up to a `?` or `#` (empty when there is none); nil
    /// when `text` is not a web address. Percent escapes are left as they are.
    public static func path(of text: String) -> Substring? {
        guard WebAddress(text) != nil, let separator = text.firstRange(of: "://"),
              let authority = APIConfiguration.writtenAuthority(of: text) else { return nil }
        let rest = text[separator.upperBound...].dropFirst(authority.count)
        return rest.prefix { $0 != "?" && $0 != "#" }
    }
}
