import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// What the commit loader needs from the list's interactor.
protocol CommitSource: AnyObject, Sendable {
    /// Commits stored for these repositories.
    func storedCommits(for ids: [Int64]) -> [Int64: StoredCommits]
    /// Fetches a repository's latest 3 commits into the store.
    func loadCommits(for repository: Repository) async -> CommitsOutcome
    /// Whether many repositories' commits come in one request (GraphQL, with a token).
    var batchesCommits: Bool { get }
    /// Fetches the latest commits of many repositories into the store: one outcome per repository.
    func loadCommits(for repositories: [Repository]) async -> [Int64: CommitsOutcome]
}

extension CommitSource {
    var batchesCommits: Bool { false }

    func loadCommits(for repositories: [Repository]) async -> [Int64: CommitsOutcome] {
        var outcomes: [Int64: CommitsOutcome] = [:]
        for repository in repositories { outcomes[repository.id] = await loadCommits(for: repository) }
        return outcomes
    }
}

/// The list's lazy, cancellable loading of each repository's latest commits.
///
/// It owns what is known of every row's commits, the queue of requests, the tasks in flight and the
/// settle timer: after each repaint it is told which repositories are on screen; rows that leave have
/// their requests cancelled, rows that stay for `settleDelay` (the first screen's at once) get theirs, at most `maxRequests` at
/// once — or, with a token, all of them in one GraphQL query. Stored commits that are still current (`StoredCommits.isCurrent`: fetched after the last
/// push, or fresh) are not asked again.
@MainActor
final class CommitLoader {
    /// How long rows must stay on screen before their commits are requested.
    static let settleDelay: Duration = .milliseconds(150)
    /// Commit requests in flight at once.
    nonisolated static let maxRequests = 4
    /// Repositories in one batched request: one screen's rows fit in one GraphQL query.
    static let batchSize = GitHubClient.graphQLBatchSize

    private let source: any CommitSource
    private let dispatcher: any UIDispatcher
    private let scheduler: any Scheduler
    private let now: () -> Date
    private let isOffline: Bool

    /// What is known of each repository's latest commits (the one `CommitsState`).
    private(set) var states: [Int64: CommitsState] = [:]
    /// Repositories whose stored commits were looked up already.
    private var checkedStore = Set<Int64>()
    /// The request each repository waits on (a batch appears under each of its ids; tests await them).
    private(set) var tasks: [Int64: Task<Void, Never>] = [:]
    /// Requests in flight, each counted once however many repositories it carries.
    private var transfers: [Int: Set<Int64>] = [:]
    private var nextTransfer = 0
    private var queue: [Int64] = []
    /// Queued because the user asked (Enter): never held back by the budget.
    private var asked = Set<Int64>()
    /// Rows on screen left without their commits because background requests are held back.
    private(set) var heldBack = Set<Int64>()
    private var visibleIDs: [Int64] = []
    private var settleTimer: (any Cancellable)?
    /// True until the first rows on screen were looked at: the first screen is visible by definition,
    /// so its rows wait for no settle delay (only for the loop's next turn, when stored marks are read).
    private(set) var isFirstScreen = true
    /// The first screen's commits come with the list (`FirstScreenPlan.query`): its rows wait for
    /// `firstScreenQueryDidFinish()` instead of asking themselves.
    var awaitsFirstScreenQuery = false
    /// Off until the first frame is on screen: reading stored commits then would open a second database
    /// connection (which parses the whole schema) before anything is drawn. Meanwhile rows on screen
    /// wait (nothing is fetched for a row whose stored commits were not read); switched on, they are
    /// looked at again.
    var readsStore = true {
        didSet { if readsStore, !oldValue { listDidChange() } }
    }

    /// The rows around the screen, read from the store together with the visible ones.
    var readAhead: () -> [Int64] = { [] }
    /// Whether a background request (not asked for by the user) may be spent now: without a token,
    /// GitHub's hour is short, and prefetching stops above a reserve (`RequestBudget`).
    var mayPrefetch: () -> Bool = { true }
    /// Whether rows that settle on screen load their commits unasked (`CommitPrefetch.visible`); when
    /// off, only what the user asks for (Enter, `r` on failed rows) is requested.
    var prefetches = true
    /// Finds a repository of the list by id (the loader keeps ids only).
    var repository: (Int64) -> Repository? = { _ in nil }
    /// Something changed that the screen shows.
    var onChange: () -> Void = {}
    /// A request failed for a reason the user must see (the rate limit).
    var onError: (GitHubError) -> Void = { _ in }

    init(source: any CommitSource, dispatcher: any UIDispatcher, scheduler: any Scheduler,
         now: @escaping () -> Date, isOffline: Bool) {
        self.source = source
        self.dispatcher = dispatcher
        self.scheduler = scheduler
        self.now = now
        self.isOffline = isOffline
    }

    isolated deinit {
        cancelAll()
    }

    func state(for id: Int64) -> CommitsState? { states[id] }

    /// Whether nothing is in flight.
    var isIdle: Bool { transfers.isEmpty }

    /// Stops every request and the timer.
    func cancelAll() {
        for task in handles.values { task.cancel() }
        handles = [:]
        transfers = [:]
        tasks = [:]
        queue = []
        settleTimer?.cancel()
        settleTimer = nil
    }

    /// Reads stored commits for the ids not looked up yet (so rows show ●/○ at once). When one is
    /// unknown, the rows around the window (`readAhead`) are read in the same query, so scrolling asks
    /// the store once per few screens instead of on every key.
    func readStored(_ ids: [Int64]) {
        guard readsStore, ids.contains(where: isUnknown) else { return }
        let unknown = Array(Set((ids + readAhead()).filter(isUnknown)))
        checkedStore.formUnion(unknown)
        for (id, stored) in source.storedCommits(for: unknown) { states[id] = .stored(stored) }
    }

    private func isUnknown(_ id: Int64) -> Bool { states[id] == nil && !checkedStore.contains(id) }

    /// A row was expanded: its commits are wanted now, ahead of the queue.
    func expand(_ repository: Repository) {
        readStored([repository.id])
        if needsFetch(repository.id) {
            asked.insert(repository.id)
            request([repository.id], front: true)
        }
    }

    /// One repository asked again after a failure (the repository view's `r`).
    func retry(_ repository: Repository) {
        guard case .failed = states[repository.id] else { return }
        states[repository.id] = nil
        checkedStore.remove(repository.id)
        expand(repository)
    }

    /// `r`: failed rows on screen are asked again.
    func retryFailed() {
        for id in visibleIDs {
            if case .failed = states[id] { states[id] = nil; checkedStore.remove(id); asked.insert(id) }
        }
        fetchVisible()
    }

    /// Called after every repaint with the repositories on screen: rows that left have their
    /// requests cancelled; rows that stay for `settleDelay` get theirs.
    func visibleRowsDidChange(_ ids: [Int64]) {
        guard ids != visibleIDs else { return }
        visibleIDs = ids
        let onScreen = Set(ids)
        for id in tasks.keys where !onScreen.contains(id) {
            tasks[id] = nil
            forget(id)
        }
        // A request none of whose rows is waiting any more is cancelled, and its slot is free at once.
        for (number, ids) in transfers where !ids.contains(where: { tasks[$0] != nil }) {
            handles.removeValue(forKey: number)?.cancel()
            transfers[number] = nil
        }
        queue.removeAll { !onScreen.contains($0) }
        asked.formIntersection(onScreen)
        heldBack.formIntersection(onScreen)
        settleTimer?.cancel()
        settleTimer = nil
        if isFirstScreen, awaitsFirstScreenQuery { return }
        settleTimer = scheduler.schedule(after: isFirstScreen ? .zero : Self.settleDelay) { [weak self] in
            self?.settleTimer = nil
            self?.fetchVisible()
        }
    }

    /// The query that brought the first screen's commits with the list is over (they are stored, or it
    /// failed): the rows on screen read the store again and ask for what is still missing, at once.
    func firstScreenQueryDidFinish() {
        guard awaitsFirstScreenQuery else { return }
        awaitsFirstScreenQuery = false
        for id in visibleIDs where states[id] == nil { checkedStore.remove(id) }
        listDidChange()
    }

    /// The list changed (a refresh brought new `pushed_at` times): rows on screen are looked at again
    /// once they settle.
    func listDidChange() {
        let ids = visibleIDs
        visibleIDs = []
        visibleRowsDidChange(ids)
    }

    private func fetchVisible() {
        guard readsStore else { return }
        if !visibleIDs.isEmpty { isFirstScreen = false }
        readStored(visibleIDs)
        let wanted = visibleIDs.filter(needsFetch)
        request(prefetches ? wanted : wanted.filter(asked.contains), front: false)
        onChange()
    }

    private func needsFetch(_ id: Int64) -> Bool {
        guard tasks[id] == nil, !queue.contains(id) else { return false }
        switch states[id] {
        case nil: return true
        case .loading, .failed: return false
        case .stored(let stored): return !stored.isCurrent(pushedAt: repository(id)?.pushedAt, at: now())
        }
    }

    private func request(_ ids: [Int64], front: Bool) {
        guard !isOffline else { return }
        let fresh = ids.filter { !queue.contains($0) && tasks[$0] == nil }
        queue = front ? fresh + queue : queue + fresh
        startQueued()
    }

    private func startQueued() {
        while transfers.count < Self.maxRequests, !queue.isEmpty {
            var batch: [Repository] = []
            while !queue.isEmpty, batch.count < (source.batchesCommits ? Self.batchSize : 1) {
                let id = queue.removeFirst()
                let userAsked = asked.remove(id) != nil
                if !userAsked, !mayPrefetch() {
                    heldBack.insert(id)
                    continue
                }
                heldBack.remove(id)
                if let repository = repository(id) { batch.append(repository) }
            }
            guard !batch.isEmpty else { continue }
            start(batch)
        }
    }

    /// One request for these repositories: a REST call for one, a GraphQL query for many.
    private func start(_ batch: [Repository]) {
        let number = nextTransfer
        nextTransfer += 1
        let ids = batch.map(\.id)
        // Stored commits stay shown while they are asked again (and after a failure: `CommitsState.applying`).
        for id in ids where !(states[id]?.isStored ?? false) { states[id] = .loading }
        transfers[number] = Set(ids)
        let source = self.source
        let task = dispatcher.background {
            batch.count == 1 ? [batch[0].id: await source.loadCommits(for: batch[0])] : await source.loadCommits(for: batch)
        } then: { [weak self] outcomes in
            self?.didLoad(outcomes, transfer: number)
        }
        handles[number] = task
        for id in ids { tasks[id] = task }
    }

    private var handles: [Int: Task<Void, Never>] = [:]

    func didLoad(_ outcomes: [Int64: CommitsOutcome], transfer: Int) {
        guard let ids = transfers.removeValue(forKey: transfer) else { return } // cancelled meanwhile
        handles[transfer] = nil
        for id in ids {
            guard tasks.removeValue(forKey: id) != nil else { continue } // left the screen meanwhile
            let outcome = outcomes[id] ?? .cancelled
            if case .failed(let error) = outcome, case .rateLimited = error { onError(error) }
            if case .cancelled = outcome {
                forget(id)
            } else if let next = (states[id] ?? .loading).applying(outcome, at: now()) {
                states[id] = next
            }
        }
        startQueued()
        onChange()
    }

    /// Nothing known: the next look reads the store again.
    private func forget(_ id: Int64) {
        if case .loading = states[id] { states[id] = nil; checkedStore.remove(id) }
    }
}
