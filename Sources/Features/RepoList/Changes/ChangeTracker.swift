import Foundation
import GitHubEntities
import Persistence
import TerminalKit

/// Where the list's changes since its baseline (what the user last saw of it) are computed and the
/// baseline moved forward: the store, through the list's interactor. A store that keeps no baselines
/// gives none, and then nothing is marked.
protocol ListChangesSource: AnyObject, Sendable {
    /// The stored list against its baseline, nil when no baseline was taken yet.
    func changes() -> ListChangesSince?
    /// The user looked at these rows: their baseline entries become what they are now.
    func markSeen(_ repositories: [Repository])
    /// Every mark dismissed: the baseline becomes the list as it is now.
    func markAllSeen(_ repositories: [Repository], at date: Date)
}

extension RepoListInteractor: ListChangesSource {
    func changes() -> ListChangesSince? {
        (try? baselines?.changes(list: list)) ?? nil
    }

    func markSeen(_ repositories: [Repository]) {
        try? baselines?.saveBaselineEntries(repositories, list: list)
    }

    func markAllSeen(_ repositories: [Repository], at date: Date) {
        try? baselines?.replaceBaseline(repositories, list: list, takenAt: date)
    }
}

/// The marks of "what changed since you last looked", as the list screen shows them.
struct ChangeMarks: Equatable {
    var changes = ListChanges()
    /// When the baseline was taken ("since yesterday").
    var since: Date?
    /// "Changed only": the rows listed and what changed in each, from when it was switched on (a row
    /// looked at stays listed, saying what had changed, without its mark); nil: every row is shown.
    var listed: [Int64: RowChange]?

    var showsChangedOnly: Bool { listed != nil }
}

/// Asks the store for the list's changes since its baseline, off the UI thread, whenever the whole
/// list changed (the comparison runs in SQLite: a 10,000-row baseline is never held in memory); moves
/// the baseline forward when the user looks at a row or dismisses the marks. Nothing is fetched for it.
@MainActor
final class ChangeTracker {
    private let source: (any ListChangesSource)?
    private let dispatcher: any UIDispatcher
    private let now: () -> Date
    /// The marks shown now; nil until the store said it has a baseline.
    private(set) var current: ListChangesSince?
    private var snapshot = OwnerListSnapshot()
    /// The store's answer in flight (tests await it).
    private(set) var loadTask: Task<Void, Never>?
    /// Another question is due when the one in flight answers (the list changed meanwhile).
    private var needsReload = false
    /// Moves on when the user moves the baseline: an answer asked before that is stale.
    private var generation = 0
    /// The marks changed: the presenter puts them in the screen state.
    var onChange: (ListChanges, Date?) -> Void = { _, _ in }

    init(source: (any ListChangesSource)?, dispatcher: any UIDispatcher, now: @escaping () -> Date) {
        self.source = source
        self.dispatcher = dispatcher
        self.now = now
    }

    /// Asks the store, unless it already said it has a baseline (a first launch has none until the
    /// first whole list is stored: the presenter asks again after each answer from the network).
    func loadIfMissing() {
        guard current == nil else { return }
        reload()
    }

    /// A new stored snapshot: once a baseline is known, the store is asked again (the marks follow a
    /// moment later). Only the head of a list (the first frame) is not compared: every row beyond it
    /// would read as removed.
    func listDidChange(_ snapshot: OwnerListSnapshot) {
        guard !snapshot.isPartial else { return }
        self.snapshot = snapshot
        if current != nil { reload() }
    }

    /// The user looked at a row (expanded or opened it): its mark goes, for good.
    func looked(at repository: Repository) {
        guard var current, current.changes.rows[repository.id] != nil else { return }
        current.changes.rows[repository.id] = nil
        self.current = current
        generation += 1
        source?.markSeen([repository])
        onChange(current.changes, current.since)
    }

    /// Every mark goes: the baseline becomes the list as it is now.
    func dismissAll() {
        guard current != nil else { return }
        let date = now()
        current = ListChangesSince(changes: ListChanges(), since: date)
        generation += 1
        source?.markAllSeen(snapshot.repositories, at: date)
        onChange(ListChanges(), date)
    }

    private func reload() {
        guard let source else { return }
        guard loadTask == nil else { needsReload = true; return }
        let asked = generation
        loadTask = dispatcher.background { source.changes() } then: { [weak self] answer in
            guard let self else { return }
            loadTask = nil
            if asked != generation || needsReload {
                // Stale (the baseline moved, or the list changed, since it was asked): ask again.
                needsReload = false
                reload()
                return
            }
            guard let answer, answer != current else { return }
            current = answer
            onChange(answer.changes, answer.since)
        }
    }
}
