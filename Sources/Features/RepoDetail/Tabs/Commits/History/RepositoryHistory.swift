import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// The use cases below the Commits tab and the commit view, for one repository: its history per
/// branch (stored first, then page by page from the network, each page stored), its branches, and a
/// commit in full (from the store when it was ever read: a commit never changes, so it is never
/// fetched twice). Synchronous reads for the first frame, `async` fetches for `dispatcher.background`.
struct RepositoryHistory: Sendable {
    private let repository: Repository
    private let service: any GitHubService
    private let store: any CommitHistoryStore
    private let isOffline: Bool
    private let now: @Sendable () -> Date

    init(repository: Repository, service: any GitHubService, store: any CommitHistoryStore, isOffline: Bool,
         now: @escaping @Sendable () -> Date) {
        self.repository = repository
        self.service = service
        self.store = store
        self.isOffline = isOffline
        self.now = now
    }

    /// The history of `branch` (nil: the default branch) as stored, nil when none (or the store cannot say).
    func storedHistory(branch: String?) -> StoredHistory? {
        try? store.history(repositoryID: repository.id, branch: branch)
    }

    /// A page of the history: page 0 (the first page of `branch`), or the `Link` URL of a later one,
    /// stored as page `pageIndex` once it arrived. A store that cannot write costs a request next time.
    func fetchPage(branch: String?, next: URL?, pageIndex: Int) async throws -> Page<Commit> {
        if isOffline { throw GitHubError.network }
        let page: Page<Commit>
        if let next {
            page = try await service.commitHistory(page: next)
        } else {
            page = try await service.commitHistory(ownerLogin: repository.ownerLogin, repository: repository.name,
                                                   branch: branch, perPage: CommitHistoryState.pageSize)
        }
        try Task.checkCancellation()
        // An unchanged first page (304) leaves the stored pages after it as they are.
        if !(pageIndex == 0 && page.notModified && storedHistory(branch: branch) != nil) {
            try? store.saveHistoryPage(page.items, next: page.next, pageIndex: pageIndex, repositoryID: repository.id,
                                       branch: branch, fetchedAt: now())
        }
        return page
    }

    /// Every branch, each once (pages followed through a `Pager`, so a `Link` leading round in a circle
    /// ends them; at most `maximumBranchPages`).
    func fetchBranches() async throws -> [Branch] {
        if isOffline { throw GitHubError.network }
        var page = try await service.branches(ownerLogin: repository.ownerLogin, repository: repository.name)
        var branches: [Branch] = []
        var seen = Set<String>()
        var pager = Pager()
        while true {
            let added = page.items.filter { seen.insert($0.name).inserted }
            branches += added
            pager.received(next: page.next, items: page.items.count, added: added.count, from: page.url)
            if pager.pagesReceived >= Self.maximumBranchPages { pager.finish() }
            guard let next = pager.take() else { return branches }
            page = try await service.branches(page: next)
        }
    }

    /// Branch pages read at most (100 branches each).
    static let maximumBranchPages = 10

    /// A commit in full: from the store when it was read before (no request; a big one takes long to
    /// decode: call it off the UI thread), else fetched — to keep with `save(_:)` once it is shown.
    func commit(sha: String) async throws -> StoredByHash.Found<CommitDetail> {
        try await StoredByHash.read(stored: try? store.commitDetail(sha: sha), isOffline: isOffline) {
            try await service.commitDetail(ownerLogin: repository.ownerLogin, repository: repository.name, sha: sha)
        }
    }

    /// Keeps a fetched commit for good (a commit never changes).
    func save(_ commit: CommitDetail) {
        try? store.saveCommitDetail(commit, storedAt: now())
    }
}
