import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// A branch's history as the Commits tab holds it (a value): the commits loaded so far and the next
/// page's `Link` URL (`PagedList`), whether the first page is loading or failed, whether what is shown
/// is the stored history (offline), the branch and the branches to pick from, and the selection.
/// A presenter keeps one, calls its mutating methods, and hands it to `CommitHistoryStateBuilder`.
struct CommitHistoryState: Sendable {
    /// The branch shown; nil: the repository's default branch.
    private(set) var branch: String?
    /// The branches to pick from (empty until loaded).
    var branches: [Branch] = []
    private(set) var list = PagedList<Commit>()
    /// The first page is being read.
    private(set) var isLoading = true
    /// Why the last request failed (the first page, or a later one), nil after a success.
    private(set) var failure: GitHubError?
    /// When the stored history shown was fetched; nil once a page came from the network.
    private(set) var storedAt: Date?
    var viewport = Viewport()
    /// Pages shown: the index to give the next page read (`receive`, `saveHistoryPage`).
    private(set) var pagesLoaded = 0

    init(branch: String? = nil) {
        self.branch = branch
    }

    var commits: [Commit] { list.items }
    var selectedCommit: Commit? { list.items.indices.contains(viewport.selection) ? list.items[viewport.selection] : nil }

    /// The stored history, shown until the network answers (and for good when offline).
    mutating func showStored(_ stored: StoredHistory) {
        list.reset()
        list.append(stored.commits, next: stored.next)
        storedAt = stored.fetchedAt
        pagesLoaded = stored.pages
        isLoading = true
        viewport.ensureVisible(count: list.count)
    }

    /// A page arrived. Page 0 replaces what is shown (the stored history, or another branch's), unless
    /// it is unchanged (304) and begins what is shown: then the pages read after it stay.
    mutating func receive(_ page: Page<Commit>, pageIndex: Int) {
        let unchanged = pageIndex == 0 && page.notModified && !list.isEmpty
            && list.items.prefix(page.items.count).elementsEqual(page.items)
        if unchanged {
            pagesLoaded = max(pagesLoaded, 1)
        } else if pageIndex == 0 {
            let selected = selectedCommit?.sha
            list.reset()
            list.append(page.items, next: page.next)
            if let selected, let index = list.items.firstIndex(where: { $0.sha == selected }) { viewport.reselect(index) }
        } else {
            list.append(page.items, next: page.next)
        }
        list.isLoadingMore = false
        if !unchanged { pagesLoaded = pageIndex + 1 }
        isLoading = false
        failure = nil
        storedAt = nil
        viewport.ensureVisible(count: list.count)
    }

    /// The request failed; what is shown stays (the stored history, the pages read so far).
    mutating func fail(_ error: GitHubError) {
        failure = error
        isLoading = false
        list.isLoadingMore = false
    }

    /// Another branch (nil: the default one): empty and loading until its first page comes.
    mutating func switchBranch(to branch: String?) {
        self.branch = branch
        list.reset()
        pagesLoaded = 0
        isLoading = true
        failure = nil
        storedAt = nil
        viewport.reset()
    }

    /// The next page to read now (the selection came within `PagedList.prefetchDistance` of the end),
    /// marked as loading; nil when none is due, and after a failure until a page arrives (`r` reloads):
    /// a page that keeps failing is not asked for again and again.
    mutating func takePageToLoad() -> URL? {
        guard !isLoading, failure == nil, let url = list.pageToLoad(near: viewport.selection) else { return nil }
        list.isLoadingMore = true
        return url
    }

    /// Commits a page asks for.
    static let pageSize = 30

    // MARK: Selection

    mutating func move(by rows: Int) {
        viewport.select(viewport.selection + rows, count: list.count)
    }

    mutating func resize(to lines: Int) {
        viewport.resize(to: lines)
        viewport.ensureVisible(count: list.count)
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
        let commits = state.list.items
        let top = min(state.viewport.top, commits.count)
        let end = min(commits.count, top + state.viewport.height)
        let rows = commits[top..<end].map { CommitLineState($0, now: now) }
        let selected = (top..<end).contains(state.viewport.selection) ? state.viewport.selection - top : nil
        var note: String?
        var isError = false
        if let failure = state.failure {
            note = tr("history.failed", failure.shortReason)
            isError = true
        } else if state.isLoading, commits.isEmpty {
            note = tr("history.loading")
        } else if commits.isEmpty {
            note = tr("history.empty")
        } else if state.list.isLoadingMore {
            note = tr("history.loadingMore")
        } else if let storedAt = state.storedAt {
            note = tr("history.offline", Formatting.relative(storedAt, now: now))
        }
        return CommitHistoryViewState(rows: rows, selectedRow: selected, note: note, noteIsError: isError,
                                      branch: state.branch.map(Sanitizer.line))
    }
}
