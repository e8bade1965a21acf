import Foundation
import Locking

/// What a conditional request needs from an earlier 200: its validators and what it carried.
public struct CachedResponse: Sendable, Equatable, Codable {
    public var etag: String?
    public var lastModified: String?
    public var body: Data
    public var linkHeader: String?

    public init(etag: String?, lastModified: String?, body: Data, linkHeader: String?) {
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
        self.linkHeader = linkHeader
    }
}

/// Stores validators per key. Keys are `url + " " + token identity` (see `ValidatorKey`):
/// the token itself is never part of a key.
public protocol ValidatorCache: Sendable {
    func validator(for key: String) -> CachedResponse?
    func store(_ response: CachedResponse, for key: String)
}

public enum ValidatorKey {
    /// The cache key of `url` fetched with `configuration`'s token.
    public static func key(url: URL, tokenIdentity: String) -> String {
        "\(url.absoluteString) \(tokenIdentity)"
    }
}

/// A thread-safe in-memory `ValidatorCache`.
public final class InMemoryValidatorCache: ValidatorCache {
    private let entries = Mutex<[String: CachedResponse]>([:])

    public init() {}

    public func validator(for key: String) -> CachedResponse? {
        entries.withLock { $0[key] }
    }

    public func store(_ response: CachedResponse, for key: String) {
        entries.withLock { $0[key] = response }
    }

    public var count: Int { entries.withLock { $0.count } }
    public var keys: [String] { entries.withLock { Array($0.keys) } }
}
