import Foundation
import GitHubEntities
import Persistence
import TerminalKit

/// Where the list's baseline (what the user last saw of it) is read and moved forward. The list's
/// interactor is one; a store that keeps no baselines gives none, and then nothing is marked.
protocol ListChangesSource: AnyObject, Sendable {
    /// The list's baseline, nil when none was taken yet.
    func baseline() -> ListBaseline?
    /// The user looked at these rows: their baseline entries become what they are now.
    func markSeen(_ repositories: [Repository])
    /// Every mark dismissed: the baseline becomes the list as it is now.
    func markAllSeen(_ repositories: [Repository], at date: Date)
}

extension RepoListInteractor: ListChangesSource {
    func baseline() -> ListBaseline? {
        (try? baselines?.baseline(list: list)) ?? nil
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

/// Keeps the list's baseline and compares every stored snapshot with it (`ListChanges`, pure); moves
/// it forward when the user looks at a row or dismisses the marks. Nothing is fetched for it.
@MainActor
final class ChangeTracker {
    private let source: (any ListChangesSource)?
    private let dispatcher: any UIDispatcher
    private let now: () -> Date
    private(set) var baseline: ListBaseline?
    private var snapshot = OwnerListSnapshot()
    /// The baseline's read in flight (tests await it).
    private(set) var loadTask: Task<Void, Never>?
    /// The marks changed: the presenter puts them in the screen state.
    var onChange: (ListChanges, Date?) -> Void = { _, _ in }

    init(source: (any ListChangesSource)?, dispatcher: any UIDispatcher, now: @escaping () -> Date) {
        self.source = source
        self.dispatcher = dispatcher
        self.now = now
    }

    /// Reads the baseline off the UI thread, unless it is known (a first launch has none until the
    /// first whole list is stored: the presenter asks again after each answer from the network).
    func loadIfMissing() {
        guard baseline == nil, loadTask == nil, let source else { return }
        loadTask = dispatcher.background { source.baseline() } then: { [weak self] baseline in
            guard let self else { return }
            loadTask = nil
            if baseline != nil, self.baseline == nil { self.baseline = baseline; compare() }
        }
    }

    /// A new stored snapshot: the marks it gets (nil: none to show, or no change to them), for the
    /// caller to apply with the snapshot in one update. Only the head of a list (the first frame) is
    /// not compared: every row beyond it would read as removed.
    func listDidChange(_ snapshot: OwnerListSnapshot) -> (changes: ListChanges, since: Date)? {
        guard !snapshot.isPartial else { return nil }
        self.snapshot = snapshot
        return marks()
    }

    /// The user looked at a row (expanded or opened it): its mark goes, for good.
    func looked(at repository: Repository) {
        guard var baseline, baseline.entries[repository.id] != BaselineEntry(repository) else { return }
        baseline.entries[repository.id] = BaselineEntry(repository)
        self.baseline = baseline
        source?.markSeen([repository])
        compare()
    }

    /// Every mark goes: the baseline becomes the list as it is now.
    func dismissAll() {
        guard baseline != nil else { return }
        let date = now()
        baseline = ListBaseline(takenAt: date, repositories: snapshot.repositories)
        source?.markAllSeen(snapshot.repositories, at: date)
        compare()
    }

    private func compare() {
        if let marks = marks() { onChange(marks.changes, marks.since) }
    }

    private func marks() -> (changes: ListChanges, since: Date)? {
        guard let baseline, !snapshot.repositories.isEmpty || snapshot.listFetchedAt != nil else { return nil }
        return (ListChanges.compare(baseline, with: snapshot.repositories), baseline.takenAt)
    }
}
