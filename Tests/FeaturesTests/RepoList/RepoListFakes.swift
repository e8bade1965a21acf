import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Locking
import TerminalKit
import TestSupport
@testable import Features

/// The list's tests script TestSupport's one fake service in their own words.
typealias FakeGitHubService = ScriptedGitHubService

extension ScriptedGitHubService.Script {
    /// The list's owner, octo, as every list test has it unless it says otherwise.
    static let octo = Owner(id: 1, login: "octo", kind: .user)

    /// The owner lookup's answer.
    var owner: Result<Owner, GitHubError> {
        get { ownerError.map { .failure($0) } ?? owners.values.first.map { .success($0) } ?? .failure(.notFound) }
        set {
            switch newValue {
            case .success(let owner): owners = [owner.login.lowercased(): owner]; ownerError = nil
            case .failure(let error): owners = [:]; ownerError = error
            }
        }
    }

    /// Pages of repositories; page N links to N+1.
    var pages: [[Repository]] {
        get { repositoryPages }
        set { repositoryPages = newValue }
    }

    /// A page index (0-based) whose request fails.
    var failingPage: (index: Int, error: GitHubError)? {
        get { repositoryErrors.first.map { ($0.key, $0.value) } }
        set { repositoryErrors = newValue.map { [$0.index: $0.error] } ?? [:] }
    }
}

extension ScriptedGitHubService {
    /// octo's service: the owner known, no repositories.
    static func octo() -> ScriptedGitHubService {
        var script = Script()
        script.owner = .success(Script.octo)
        return ScriptedGitHubService(script)
    }
}

/// Spy view: records every state it is given.
@MainActor
final class SpyRepoListView: RepoListViewProtocol {
    var states: [RepoListViewState] = []
    var last: RepoListViewState? { states.last }
    func display(_ state: RepoListViewState) { states.append(state) }
}

/// Spy router.
@MainActor
final class SpyRouter: RepoListRouterProtocol {
    var localSearches = 0
    func showLocalSearch() { localSearches += 1 }
    var quitCount = 0
    var details: [String] = []
    func quit() { quitCount += 1 }
    var detailTabs: [RepoTab] = []
    func showRepositoryDetail(_ repository: Repository, tab: RepoTab) {
        details.append(repository.name)
        detailTabs.append(tab)
    }
    var routes: [String] = []
    func showOwnerPrompt() { routes.append("prompt") }
    func showHosts() { routes.append("hosts") }
    func showProfile(login: String) { routes.append("profile \(login)") }
    func showSearch() { routes.append("search") }
    func showInbox() { routes.append("inbox") }
    func showList(_ list: RepositoryListID) { routes.append("list \(list.key)") }
    func close() { routes.append("close") }
}

/// An interactor whose answers the test controls.
final class FakeInteractor: RepoListInteractorProtocol {
    final class Token: StoreCancellable {
        let cancelled = Mutex(false)
        func cancel() { cancelled.withLock { $0 = true } }
    }

    let list: RepositoryListID
    /// The host's name (nil: github.com) and whether it answers without rate limits.
    let host = Mutex<(name: String?, unlimited: Bool)>((nil, false))
    var hostName: String? { host.withLock { $0.name } }
    var hasNoRateLimit: Bool { host.withLock { $0.unlimited } }
    let storedList: Mutex<OwnerListSnapshot>
    let observer = Mutex<(@Sendable (OwnerListSnapshot) -> Void)?>(nil)
    let outcome: Mutex<RefreshOutcome>
    let refreshCount = Mutex(0)
    let token = Token()

    init(ownerLogin: String = "octo", kind: RepositoryListID.Kind = .owner, stored: OwnerListSnapshot = OwnerListSnapshot(),
         outcome: RefreshOutcome = .refreshed) {
        self.list = RepositoryListID(kind: kind, ownerLogin: ownerLogin)
        self.storedList = Mutex(stored)
        self.outcome = Mutex(outcome)
    }

    func storedSnapshot() -> OwnerListSnapshot { storedList.withLock { $0 } }

    /// When true, `storedHead` returns only the first `limit` rows by name (as the store does);
    /// otherwise the whole stored list.
    let headsArePartial = Mutex(false)
    let headRequests = Mutex<[String]>([])
    func storedHead(order: RepositoryOrder, limit: Int) -> OwnerListSnapshot {
        headRequests.withLock { $0.append("\(order) \(limit)") }
        var snapshot = storedSnapshot()
        guard headsArePartial.withLock({ $0 }) else { return snapshot }
        let all = snapshot.repositories.sorted { $0.name.lowercased() < $1.name.lowercased() }
        snapshot.repositories = Array(all.prefix(limit))
        snapshot.headOfTotal = all.count > limit ? all.count : nil
        snapshot.favouriteIDs = snapshot.favouriteIDs.intersection(snapshot.repositories.map(\.id))
        return snapshot
    }

    func observe(_ onChange: @escaping @Sendable (OwnerListSnapshot) -> Void) -> any StoreCancellable {
        observer.withLock { $0 = onChange }
        return token
    }

    let limit = Mutex<RateLimit?>(nil)
    func rateLimit() -> RateLimit? { limit.withLock { $0 } }

    // Favourites
    /// Every mark written ("on 2"), and how many writes (calls) there were.
    let favouriteWrites = Mutex<[String]>([])
    let favouriteWriteCount = Mutex(0)
    let favouriteError = Mutex<(any Error & Sendable)?>(nil)
    func setFavourites(_ marks: [Int64: Bool]) throws {
        if let error = favouriteError.withLock({ $0 }) { throw error }
        favouriteWriteCount.withLock { $0 += 1 }
        favouriteWrites.withLock { writes in
            for (id, on) in marks.sorted(by: { $0.key < $1.key }) { writes.append("\(on ? "on" : "off") \(id)") }
        }
    }

    // Pages
    let morePages = Mutex(false)
    let pageLoads = Mutex(0)
    var hasMorePages: Bool { morePages.withLock { $0 } }
    func loadNextPage() async -> RefreshOutcome {
        pageLoads.withLock { $0 += 1 }
        return .refreshed
    }

    // Commits
    let prefetchAllowed = Mutex(true)
    func mayPrefetchCommits() -> Bool { prefetchAllowed.withLock { $0 } }
    let stored = Mutex<[Int64: StoredCommits]>([:])
    let commitRequests = Mutex<[Int64]>([])
    let cancelledCommitRequests = Mutex<[Int64]>([])
    /// When true, commit requests wait until cancelled (to test cancellation).
    let commitsHang = Mutex(false)
    let commitOutcome = Mutex<CommitsOutcome>(.loaded([
        Commit(sha: "a1b2c3d4e5f6", message: "Fix the thing\n\nLonger body", authorName: "Alice", date: Sample.now.addingTimeInterval(-7200)),
        Commit(sha: "b2c3d4e5f6a1", message: "Add 日本語 docs", authorName: "Bob", date: Sample.now.addingTimeInterval(-86400 * 3)),
        Commit(sha: "c3d4e5f6a1b2", message: "Initial commit", authorName: "Carol", date: nil),
    ]))

    let storedCommitLookups = Mutex(0)
    func storedCommits(for ids: [Int64]) -> [Int64: StoredCommits] {
        storedCommitLookups.withLock { $0 += 1 }
        let all = stored.withLock { $0 }
        return all.filter { ids.contains($0.key) }
    }

    /// With a token: many repositories in one request.
    let batching = Mutex(false)
    var batchesCommits: Bool { batching.withLock { $0 } }
    let batchRequests = Mutex<[[Int64]]>([])
    /// Repositories the batched answer says GitHub does not know.
    let unknownInBatch = Mutex<Set<Int64>>([])
    func loadCommits(for repositories: [Repository]) async -> [Int64: CommitsOutcome] {
        batchRequests.withLock { $0.append(repositories.map(\.id)) }
        let outcome = commitOutcome.withLock { $0 }
        let unknown = unknownInBatch.withLock { $0 }
        return Dictionary(uniqueKeysWithValues: repositories.map { ($0.id, unknown.contains($0.id) ? .failed(.notFound) : outcome) })
    }

    func loadCommits(for repository: Repository) async -> CommitsOutcome {
        commitRequests.withLock { $0.append(repository.id) }
        if commitsHang.withLock({ $0 }) {
            do { try await Task.sleep(for: .seconds(3600)) } catch {
                cancelledCommitRequests.withLock { $0.append(repository.id) }
                return .cancelled
            }
        }
        return commitOutcome.withLock { $0 }
    }

    /// The plan `firstScreenPlan` answers (no query unless a test sets one) and the queries refreshes got.
    let plan = Mutex(FirstScreenPlan(query: nil, concurrency: CommitLoader.maxRequests))
    let firstScreenQueries = Mutex<[FirstScreenPlan.Query?]>([])
    func firstScreenPlan(rows: Int, order: RepoListSortOrder, storedCount: Int) -> FirstScreenPlan { plan.withLock { $0 } }

    func refresh(firstScreen: FirstScreenPlan.Query?) async -> RefreshOutcome {
        refreshCount.withLock { $0 += 1 }
        firstScreenQueries.withLock { $0.append(firstScreen) }
        return outcome.withLock { $0 }
    }

    /// Simulates the store changing.
    func emit(_ snapshot: OwnerListSnapshot) {
        storedList.withLock { $0 = snapshot }
        observer.withLock { $0 }?(snapshot)
    }
}

enum Sample {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func repository(_ i: Int, name: String? = nil, description: String? = nil, language: String? = "Swift",
                           stars: Int = 0) -> Repository {
        Repository(id: Int64(i), name: name ?? String(format: "repo-%04d", i), fullName: "octo/\(name ?? "repo-\(i)")",
                   ownerLogin: "octo", description: description ?? "Repository number \(i)", language: language,
                   stargazersCount: stars, htmlURL: "https://github.com/octo/repo-\(i)",
                   updatedAt: now.addingTimeInterval(-Double(i) * 3600))
    }

    static func repositories(_ count: Int) -> [Repository] { (1...max(1, count)).prefix(count).map { repository($0) } }

    static func snapshot(_ count: Int, fetchedAt: Date? = now) -> OwnerListSnapshot {
        OwnerListSnapshot(owner: Owner(id: 1, login: "octo", kind: .user), ownerFetchedAt: fetchedAt,
                          repositories: repositories(count), listFetchedAt: fetchedAt, favouriteIDs: [])
    }
}
