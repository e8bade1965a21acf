import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Locking

/// The list's use cases: read and observe the store, refresh it from the API page by page, and
/// fetch the latest commits of repositories. The network only writes to the store.
final class RepoListInteractor: RepoListInteractorProtocol {
    /// Pages fetched in this refresh, kept until the last one arrives and the list can be replaced whole.
    private struct Paging {
        var repositories: [Repository] = []
        var seen = Set<Int64>()
        /// Where paging stands: a next link back to a page read, or a page of repositories all seen
        /// before, ends the list.
        var pager = Pager()
    }

    let list: RepositoryListID
    private let service: any GitHubService
    private let store: any RepositoryStore
    private let isOffline: Bool
    private let now: @Sendable () -> Date
    /// A safety bound on pages followed for one list (100 pages of 100 = 10,000 repositories).
    private let maxPages: Int
    private let paging = Mutex(Paging())
    private let commits: LatestCommits
    /// What the user last saw of the list (nil: a store that keeps none).
    let baselines: (any ListBaselineStore)?
    /// The GitHub host the list is on, when it is not github.com.
    let hostName: String?

    init(list: RepositoryListID, service: any GitHubService, store: any RepositoryStore,
         isOffline: Bool, maxPages: Int = 100, now: @escaping @Sendable () -> Date = Date.init, host: GitHubHost = .dotCom) {
        self.list = list
        hostName = host.isDotCom ? nil : host.name
        self.service = service
        self.store = store
        self.isOffline = isOffline
        self.maxPages = maxPages
        self.now = now
        baselines = store as? any ListBaselineStore
        commits = LatestCommits(service: service, store: store, isOffline: isOffline, now: now)
    }

    func storedSnapshot() -> OwnerListSnapshot {
        (try? store.snapshot(list: list)) ?? OwnerListSnapshot()
    }

    func storedHead(order: RepositoryOrder, limit: Int) -> OwnerListSnapshot {
        (try? store.snapshotHead(list: list, order: order, limit: limit)) ?? storedSnapshot()
    }

    func observe(_ onChange: @escaping @Sendable (OwnerListSnapshot) -> Void) -> any StoreCancellable {
        store.observeList(list, onChange: onChange)
    }

    func rateLimit() -> RateLimit? { service.lastRateLimit }

    var hasNoRateLimit: Bool { service.answersWithoutRateLimit }

    func mayPrefetchCommits() -> Bool {
        RequestBudget.allowsPrefetch(service.lastRateLimit, now: now())
    }

    func setFavourites(_ marks: [Int64: Bool]) throws {
        try store.setFavourites(marks)
    }

    /// Repositories of this refresh's pages held until the last page (tests).
    var heldRepositoryCount: Int { paging.withLock { $0.repositories.count } }

    var hasMorePages: Bool { paging.withLock { $0.pager.next != nil } }

    /// Fetches the owner and the first page of the list (`/users/{owner}/repos` or
    /// `/users/{owner}/starred`), at the same time. A single page replaces the stored list at once; with
    /// more pages, page 1 is merged in (nothing removed) and the rest come with `loadNextPage()`.
    func firstScreenPlan(rows: Int, order: RepoListSortOrder, storedCount: Int) -> FirstScreenPlan {
        FirstScreenPlan.make(kind: list.kind, isAuthenticated: service.batchesCommitQueries, storedCount: storedCount,
                             rows: rows, order: order, graphQLLimit: service.rateLimit(for: .graphql), now: now())
    }

    /// With `firstScreen`, the first screen's commits are asked in the same round trip and stored once the
    /// list is (a failed query only leaves them to the commit loader).
    func refresh(firstScreen: FirstScreenPlan.Query? = nil) async -> RefreshOutcome {
        if isOffline { return .skippedOffline }
        guard OwnerLogin.isValid(ownerLogin) else { return .failed(.invalidLogin(ownerLogin)) }
        do {
            // Together, not one after the other: one round trip instead of two before the list.
            async let ownerAnswer = service.owner(login: ownerLogin)
            async let firstPage = list.kind == .starred
                ? service.starredRepositories(ownerLogin: ownerLogin)
                : service.repositories(ownerLogin: ownerLogin)
            async let screenCommits = firstScreenCommits(firstScreen)
            let owner = try await ownerAnswer
            let page = try await firstPage
            try store.saveOwner(owner, fetchedAt: now())
            paging.withLock { $0 = Paging() }
            try absorb(page)
            // Remembered only once the owner proved to exist: the next launch without OWNER opens it.
            try store.setSetting(SettingKey.lastOwner, value: owner.login)
            if let found = await screenCommits {
                for (id, latest) in found.commits { commits.save(latest, for: id) }
            }
            return .refreshed
        } catch {
            return Self.outcome(of: error)
        }
    }

    private func firstScreenCommits(_ query: FirstScreenPlan.Query?) async -> FirstScreenCommits? {
        guard let query else { return nil }
        return try? await service.firstScreenCommits(ownerLogin: ownerLogin, rows: query.rows, order: query.order)
    }

    /// Fetches the next page, if there is one. When the last page arrives, the owner's stored list
    /// is replaced in one transaction by everything fetched (repositories gone upstream leave only then).
    func loadNextPage() async -> RefreshOutcome {
        if isOffline { return .skippedOffline }
        guard let next = paging.withLock({ $0.pager.next }) else { return .refreshed }
        do {
            try absorb(try await service.repositories(page: next))
            return .refreshed
        } catch {
            return Self.outcome(of: error)
        }
    }

    private func absorb(_ page: Page<Repository>) throws {
        let (all, fresh, start, next) = paging.withLock { paging in
            let fresh = page.items.filter { paging.seen.insert($0.id).inserted }
            let start = paging.repositories.count
            paging.repositories += fresh
            paging.pager.received(next: page.next, items: page.items.count, added: fresh.count, from: page.url)
            if paging.pager.pagesReceived >= maxPages { paging.pager.finish() }
            return (paging.repositories, fresh, start, paging.pager.next)
        }
        let fetchedAt = now()
        if next == nil {
            try store.replaceRepositories(all, list: list, fetchedAt: fetchedAt)
            // The first whole list stored is what the user saw first: no marks on a first launch.
            try baselines?.seedBaseline(all, list: list, takenAt: fetchedAt)
            // The store has the whole list now: its pages need not be held (megabytes for a long list).
            paging.withLock { paging in
                paging.repositories = []
                paging.seen = []
            }
        } else {
            try store.upsertRepositories(fresh, list: list, startingAt: start, fetchedAt: fetchedAt)
        }
    }

    // MARK: Commits

    func storedCommits(for ids: [Int64]) -> [Int64: StoredCommits] {
        commits.stored(for: ids)
    }

    func loadCommits(for repository: Repository) async -> CommitsOutcome {
        await commits.fetch(repository)
    }

    var batchesCommits: Bool { commits.batches }

    func loadCommits(for repositories: [Repository]) async -> [Int64: CommitsOutcome] {
        await commits.fetch(repositories)
    }

    private static func outcome(of error: any Error) -> RefreshOutcome {
        switch error {
        case is CancellationError: return .cancelled
        case let error as GitHubError: return .failed(error)
        default: return .storeFailed(String(describing: error))
        }
    }
}
