import Foundation
import GitHubAPI
import Persistence

/// Keeps the client's HTTP validators (ETag / Last-Modified and the body they validate) in the
/// store, so a relaunch revalidates with conditional requests and a 304 costs no rate limit.
/// Keys already carry only a hash of the token, never the token.
struct StoreValidatorCache: ValidatorCache {
    let store: any RepositoryStore
    let now: @Sendable () -> Date

    func validator(for key: String) -> CachedResponse? {
        guard let stored = (try? store.validator(for: key)).flatMap({ $0 }) else { return nil }
        return CachedResponse(etag: stored.etag, lastModified: stored.lastModified, body: stored.body, linkHeader: stored.linkHeader)
    }

    func store(_ response: CachedResponse, for key: String) {
        let validator = StoredValidator(etag: response.etag, lastModified: response.lastModified, body: response.body,
                                        linkHeader: response.linkHeader, storedAt: now())
        try? store.saveValidator(validator, for: key)
    }
}
