import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// A branch's history as the Commits tab holds it (a value): the commits loaded so far and where
/// loading them stands (`ListLoad`: the pages, loading, failed, the stored history shown), the branch
/// and the branches to pick from, and the selection.
/// A presenter keeps one, calls its mutating methods, and hands it to `CommitHistoryStateBuilder`.
struct CommitHistoryState: Sendable {
    /// The branch shown; nil: the repository's default branch.
    private(set) var branch: String?
    /// The branches to pick from (empty until loaded).
    var branches: [Branch] = []
    /// The commits and where loading them stands (its `pagesLoaded` is the index `saveHistoryPage` takes).
    private(set) var load = ListLoad<Commit>()
    var viewport = Viewport()

    init(branch: String? = nil) {
        self.branch = branch
    }

    var commits: [Commit] { load.list.items }
    var selectedCommit: Commit? { load.list[safe: viewport.selection] }

    /// The stored history, shown until the network answers (and for good when offline).
    mutating func showStored(_ stored: StoredHistory) {
        load.showStored(stored.commits, next: stored.next, pages: stored.pages, fetchedAt: stored.fetchedAt)
        viewport.ensureVisible(count: commits.count)
    }

    /// A page arrived (`ListLoad.receive`); a new first page keeps the selected commit selected.
    mutating func receive(_ page: Page<Commit>, pageIndex: Int) {
        let selected = selectedCommit?.sha
        if load.receive(page, pageIndex: pageIndex), let selected,
           let index = commits.firstIndex(where: { $0.sha == selected }) {
            viewport.reselect(index)
        }
        viewport.ensureVisible(count: commits.count)
    }

    /// The request failed; what is shown stays (the stored history, the pages read so far).
    mutating func fail(_ error: GitHubError) {
        load.fail(error)
    }

    /// Another branch (nil: the default one): empty and loading until its first page comes.
    mutating func switchBranch(to branch: String?) {
        self.branch = branch
        load.restart()
        viewport.reset()
    }

    /// The next page to read now (the selection came within `PagedList.prefetchDistance` of the end),
    /// marked as loading (`ListLoad.takePage`).
    mutating func takePageToLoad() -> URL? {
        load.takePage(near: viewport.selection)
    }

    /// Commits a page asks for.
    static let pageSize = 30

    // MARK: Selection

    mutating func move(by rows: Int) {
        viewport.select(viewport.selection + rows, count: commits.count)
    }

    mutating func resize(to lines: Int) {
        viewport.resize(to: lines)
        viewport.ensureVisible(count: commits.count)
    }
}

/// What the history list draws: the visible rows, each through the one commit line
/// (`CommitLineState`, drawn by `CommitLineState.draw`), which of them is selected, and a note.
struct CommitHistoryViewState: Equatable, Sendable {
    var rows: [CommitLineState]
    /// Index in `rows` of the selected commit, nil when it is not on screen.
    var selectedRow: Int?
    /// A line under the rows: loading, failed, empty, "stored history · 5 min ago", "loading more…".
    var note: String?
    var noteIsError: Bool
    var branch: String?
}

/// Pure: history state + `now` → what the list draws.
enum CommitHistoryStateBuilder {
    static func build(_ state: CommitHistoryState, now: Date) -> CommitHistoryViewState {
        let commits = state.commits
        let top = min(state.viewport.top, commits.count)
        let end = min(commits.count, top + state.viewport.height)
        let rows = commits[top..<end].map { CommitLineState($0, now: now) }
        let selected = (top..<end).contains(state.viewport.selection) ? state.viewport.selection - top : nil
        let note = state.load.note(isEmpty: commits.isEmpty, now: now, failed: { tr("history.failed", $0) },
                                   loading: tr("history.loading"), empty: tr("history.empty"),
                                   loadingMore: tr("history.loadingMore"), stored: { tr("history.offline", $0) })
        return CommitHistoryViewState(rows: rows, selectedRow: selected, note: note?.text, noteIsError: note?.isError ?? false,
                                      branch: state.branch.map(Sanitizer.line))
    }
}
