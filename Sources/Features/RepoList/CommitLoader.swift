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
}

/// The list's lazy, cancellable loading of each repository's latest commits.
///
/// It owns what is known of every row's commits, the queue of requests, the tasks in flight and the
/// settle timer: after each repaint it is told which repositories are on screen; rows that leave have
/// their requests cancelled, rows that stay for `settleDelay` get theirs, at most `maxRequests` at
/// once. Stored commits that are still current (`StoredCommits.isCurrent`: fetched after the last
/// push, or fresh) are not asked again.
@MainActor
final class CommitLoader {
    /// What is known of one repository's latest commits.
    enum State: Equatable {
        case loading
        case stored(StoredCommits)
        case failed(String)
    }

    /// How long rows must stay on screen before their commits are requested.
    static let settleDelay: Duration = .milliseconds(150)
    /// Commit requests in flight at once.
    static let maxRequests = 4

    private let source: any CommitSource
    private let dispatcher: any UIDispatcher
    private let scheduler: any Scheduler
    private let now: () -> Date
    private let isOffline: Bool

    private(set) var states: [Int64: State] = [:]
    /// Repositories whose stored commits were looked up already.
    private var checkedStore = Set<Int64>()
    /// Commit requests in flight (tests await them).
    private(set) var tasks: [Int64: Task<Void, Never>] = [:]
    private var queue: [Int64] = []
    /// Queued because the user asked (Enter): never held back by the budget.
    private var asked = Set<Int64>()
    /// Rows on screen left without their commits because background requests are held back.
    private(set) var heldBack = Set<Int64>()
    private var visibleIDs: [Int64] = []
    private var settleTimer: (any Cancellable)?
    /// Off while the first frame is built: reading stored commits then would open a second database
    /// connection before anything is on screen.
    var readsStore = true

    /// The rows around the screen, read from the store together with the visible ones.
    var readAhead: () -> [Int64] = { [] }
    /// Whether a background request (not asked for by the user) may be spent now: without a token,
    /// GitHub's hour is short, and prefetching stops above a reserve (`RequestBudget`).
    var mayPrefetch: () -> Bool = { true }
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

    func state(for id: Int64) -> State? { states[id] }

    /// Whether nothing is in flight.
    var isIdle: Bool { tasks.isEmpty }

    /// Stops every request and the timer.
    func cancelAll() {
        for task in tasks.values { task.cancel() }
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
        for (id, task) in tasks where !onScreen.contains(id) {
            task.cancel()
            tasks[id] = nil
            forget(id)
        }
        queue.removeAll { !onScreen.contains($0) }
        asked.formIntersection(onScreen)
        heldBack.formIntersection(onScreen)
        settleTimer?.cancel()
        settleTimer = scheduler.schedule(after: Self.settleDelay) { [weak self] in
            self?.settleTimer = nil
            self?.fetchVisible()
        }
    }

    /// The list changed (a refresh brought new `pushed_at` times): rows on screen are looked at again
    /// once they settle.
    func listDidChange() {
        let ids = visibleIDs
        visibleIDs = []
        visibleRowsDidChange(ids)
    }

    private func fetchVisible() {
        readStored(visibleIDs)
        request(visibleIDs.filter(needsFetch), front: false)
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
        while tasks.count < Self.maxRequests, !queue.isEmpty {
            let id = queue.removeFirst()
            let userAsked = asked.remove(id) != nil
            if !userAsked, !mayPrefetch() {
                heldBack.insert(id)
                continue
            }
            heldBack.remove(id)
            guard let repository = repository(id) else { continue }
            states[id] = .loading
            let source = self.source
            tasks[id] = dispatcher.background {
                await source.loadCommits(for: repository)
            } then: { [weak self] outcome in
                self?.didLoad(outcome, for: id)
            }
        }
    }

    func didLoad(_ outcome: CommitsOutcome, for id: Int64) {
        guard tasks.removeValue(forKey: id) != nil else { return } // cancelled meanwhile
        switch outcome {
        case .loaded(let commits):
            states[id] = .stored(StoredCommits(commits: commits, fetchedAt: now(), isEmptyRepository: false))
        case .empty:
            states[id] = .stored(StoredCommits(commits: [], fetchedAt: now(), isEmptyRepository: true))
        case .failed(let error):
            if case .rateLimited = error { onError(error) }
            states[id] = .failed(error.shortReason)
        case .cancelled:
            forget(id)
        }
        startQueued()
        onChange()
    }

    /// Nothing known: the next look reads the store again.
    private func forget(_ id: Int64) {
        if case .loading = states[id] { states[id] = nil; checkedStore.remove(id) }
    }
}
