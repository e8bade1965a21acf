import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// The list's use cases: read and observe the store, and refresh it from the API.
public final class RepoListInteractor: RepoListInteractorProtocol {
    public let ownerLogin: String
    private let service: any GitHubService
    private let store: any RepositoryStore
    private let isOffline: Bool
    private let now: @Sendable () -> Date
    /// A safety bound on pages followed in one refresh (100 pages of 100 = 10,000 repositories).
    private let maxPages: Int

    public init(ownerLogin: String, service: any GitHubService, store: any RepositoryStore,
                isOffline: Bool, maxPages: Int = 100, now: @escaping @Sendable () -> Date = Date.init) {
        self.ownerLogin = ownerLogin
        self.service = service
        self.store = store
        self.isOffline = isOffline
        self.maxPages = maxPages
        self.now = now
    }

    public func storedSnapshot() -> OwnerListSnapshot {
        (try? store.snapshot(ownerLogin: ownerLogin))
            ?? OwnerListSnapshot(owner: nil, ownerFetchedAt: nil, repositories: [], listFetchedAt: nil, favouriteIDs: [])
    }

    public func observe(_ onChange: @escaping @Sendable (OwnerListSnapshot) -> Void) -> any StoreCancellable {
        store.observeOwnerList(ownerLogin: ownerLogin, onChange: onChange)
    }

    public func rateLimit() -> RateLimit? { service.lastRateLimit }

    public func refresh() async -> RefreshOutcome {
        if isOffline { return .skippedOffline }
        guard OwnerLogin.isValid(ownerLogin) else { return .failed(.invalidLogin(ownerLogin)) }
        do {
            let owner = try await service.owner(login: ownerLogin)
            var page = try await service.repositories(ownerLogin: ownerLogin)
            var repositories = page.items
            var pages = 1
            while let next = page.next, pages < maxPages {
                try Task.checkCancellation()
                page = try await service.repositories(page: next)
                repositories += page.items
                pages += 1
            }
            // Pages can shift while they are read: keep the first sighting of each repository.
            var seen = Set<Int64>()
            repositories = repositories.filter { seen.insert($0.id).inserted }
            let fetchedAt = now()
            try store.saveOwner(owner, fetchedAt: fetchedAt)
            // Only now, with every page in hand, is the stored list replaced (in one transaction).
            try store.replaceRepositories(repositories, ownerLogin: ownerLogin, fetchedAt: fetchedAt)
            // Remembered only once the owner proved to exist: the next launch without OWNER opens it.
            try store.setSetting(SettingKey.lastOwner, value: owner.login)
            return .refreshed
        } catch is CancellationError {
            return .cancelled
        } catch let error as GitHubError {
            return .failed(error)
        } catch {
            return .storeFailed(String(describing: error))
        }
    }
}
