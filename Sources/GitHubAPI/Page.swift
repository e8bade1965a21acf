import Foundation

/// One page of a list, with the `Link` header's next and last pages.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var next: URL?
    public var last: URL?
    /// True when the server answered 304 and the items were served from the validator cache.
    public var notModified: Bool
    /// The address this page was fetched from, when known (`PageTrail` remembers it).
    public var url: URL?

    public init(items: [Item], next: URL? = nil, last: URL? = nil, notModified: Bool = false, url: URL? = nil) {
        self.items = items
        self.next = next
        self.last = last
        self.notModified = notModified
        self.url = url
    }
}

extension Page: Equatable where Item: Equatable {}

/// The pages of one list followed so far, so that a `Link: rel="next"` leading back to a page already
/// fetched (a loop, maybe to page 1) ends the list instead of being followed until the page bound.
public struct PageTrail: Sendable, Equatable {
    private var seen: Set<String> = []
    /// Whether a next link pointed at a page already fetched (the list was ended there).
    public private(set) var looped = false

    public init() {}

    /// Remembers `page` (its address and the one it is followed to) and gives its next page's address:
    /// nil at the end of the list, or when the link leads back to a page of this trail.
    public mutating func next<Item>(after page: Page<Item>) -> URL? {
        if let url = page.url { seen.insert(url.absoluteString) }
        guard let next = page.next else { return nil }
        guard seen.insert(next.absoluteString).inserted else {
            looped = true
            return nil
        }
        return next
    }
}

/// Parses RFC 8288 `Link` headers: `<url>; rel="next", <url>; rel="last"`.
public struct LinkHeader {
    /// rel → URL. A link with several rels (`rel="next last"`) is listed under each.
    public static func parse(_ value: String) -> [String: URL] {
        var result: [String: URL] = [:]
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let target = rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: close)...]
            // Parameters run until the next comma outside quotes.
            var params = ""
            var inQuotes = false
            var end = rest.endIndex
            for index in rest.indices {
                let ch = rest[index]
                if ch == "\"" { inQuotes.toggle() }
                if ch == ",", !inQuotes { end = index; break }
                params.append(ch)
            }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[rest.endIndex...]
            // Only absolute web addresses are links the client could follow (a fuzzer found "<\u{4}>").
            guard let url = URL(string: target), let scheme = url.scheme?.lowercased(),
                  scheme == "https" || scheme == "http" else { continue }
            for param in params.split(separator: ";") {
                let pair = param.split(separator: "=", maxSplits: 1)
                guard pair.count == 2,
                      pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
                let rels = pair[1].trimmingCharacters(in: .whitespaces)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                for rel in rels.split(separator: " ") where !rel.isEmpty {
                    let key = rel.lowercased()
                    if result[key] == nil { result[key] = url }
                }
            }
        }
        return result
    }
}

/// The `X-RateLimit-*` headers of one response.
/// GitHub's separately counted request budgets (`X-RateLimit-Resource`).
public enum RateLimitBucket: String, Sendable, Hashable, CaseIterable {
    /// REST: 60 an hour without a token, 5,000 with one.
    case core
    /// Search: 10 a minute without a token, 30 with one.
    case search
    /// GraphQL: points, with a token only.
    case graphql
}

public struct RateLimit: Sendable, Equatable {
    public var limit: Int
    public var remaining: Int
    public var reset: Date?
    /// `core`, `search`, `graphql`… when the server says (old servers do not).
    public var resource: String?
    public var used: Int?

    public init(limit: Int, remaining: Int, reset: Date? = nil, resource: String? = nil, used: Int? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
        self.resource = resource
        self.used = used
    }

    /// Parsed from a response's headers; nil when the limit or remaining count is missing.
    public init?(response headers: HTTPResponse) {
        guard let limit = headers.header("x-ratelimit-limit").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
              let remaining = headers.header("x-ratelimit-remaining").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else { return nil }
        self.limit = limit
        self.remaining = remaining
        reset = headers.header("x-ratelimit-reset")
            .flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
            .map { Date(timeIntervalSince1970: $0) }
        resource = headers.header("x-ratelimit-resource")
        used = headers.header("x-ratelimit-used").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Under 10% left: the header shows the remaining count.
    public var isLow: Bool { limit > 0 && remaining * 10 < limit }
}
