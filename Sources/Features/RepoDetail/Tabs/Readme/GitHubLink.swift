import GitHubAPI
import GitHubEntities

/// Where a README's link leads, as the overlay follows it: a repository or an owner on the app's
/// GitHub host open inside the app; any other web address goes to the browser.
enum LinkTarget: Equatable, Sendable {
    /// `https://HOST/OWNER/REPO` (also `.git`, `/blob/…`, `/tree/…`, a query or a fragment).
    case repository(owner: String, name: String)
    /// `https://HOST/OWNER`.
    case owner(String)
    /// Another web address (http or https): the browser.
    case browser(String)
    /// Not a web address (`mailto:`, `javascript:`, a file…): nothing is opened.
    case unsupported
}

/// Reads an untrusted link (from a README) into a `LinkTarget`. Pure: the address is parsed as
/// written, with the project's `WebAddress` (scheme, host, port; no user name), and the owner and
/// repository names must be valid GitHub names, or the link is only a web address.
enum GitHubLink {
    /// First path segments of github.com that are GitHub's own pages, not owners.
    static let reservedSegments: Set<String> = [
        "about", "account", "apps", "blog", "codespaces", "collections", "contact", "copilot", "customer-stories",
        "dashboard", "discussions", "enterprise", "events", "explore", "features", "gist", "github-copilot",
        "home", "issues", "join", "login", "logout", "marketplace", "new", "notifications", "organizations",
        "orgs", "pricing", "pulls", "readme", "search", "security", "sessions", "settings", "site", "signup",
        "sponsors", "stars", "team", "topics", "trending", "users", "watching",
    ]

    /// Third segments that still show the repository itself (a file or folder of it).
    static let repositoryPages: Set<String> = ["blob", "tree"]

    /// Longest link followed at all.
    static let maximumLength = 2_048

    /// The target of `link` for an app on `host` (`GitHubHost.serves`: on github.com `www.` is the same site).
    static func classify(_ link: String, host: GitHubHost = .dotCom) -> LinkTarget {
        // Spaces and control characters are never part of an address given to the browser.
        guard link.utf8.count <= maximumLength,
              !link.unicodeScalars.contains(where: { $0.value < 0x21 || (0x7F...0x9F).contains($0.value) }),
              let address = WebAddress(link) else { return .unsupported }
        guard host.serves(address), let path = WebAddress.path(of: link) else { return .browser(link) }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        // One trailing slash is the same page.
        if segments.last == "" { segments = segments.dropLast() }
        guard let first = segments.first, !segments.contains("") else { return .browser(link) }
        let owner = String(first)
        guard OwnerLogin.isValid(owner), !reservedSegments.contains(owner.lowercased()) else { return .browser(link) }
        guard segments.count >= 2 else { return .owner(owner) }
        var name = String(segments[segments.startIndex + 1])
        if name.lowercased().hasSuffix(".git"), segments.count == 2 { name = String(name.dropLast(4)) }
        guard RepositoryName.isValid(name) else { return .browser(link) }
        if segments.count == 2 { return .repository(owner: owner, name: name) }
        let page = String(segments[segments.startIndex + 2])
        return repositoryPages.contains(page) ? .repository(owner: owner, name: name) : .browser(link)
    }

    /// The path segments of a page of a repository on `host` (`[owner, name, page…]`, at least
    /// `minimum` of them, none empty, the owner not one of GitHub's own pages), read by the same rules
    /// as `classify`; nil for any other link.
    static func repositorySegments(_ link: String, host: GitHubHost, minimum: Int) -> [String]? {
        guard link.utf8.count <= maximumLength,
              !link.unicodeScalars.contains(where: { $0.value < 0x21 || (0x7F...0x9F).contains($0.value) }),
              let address = WebAddress(link) else { return nil }
        guard host.serves(address), let path = WebAddress.path(of: link) else { return nil }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if segments.last == "" { segments.removeLast() }
        guard segments.count >= minimum, !segments.contains(""),
              !reservedSegments.contains(segments[0].lowercased()) else { return nil }
        return segments
    }
}
