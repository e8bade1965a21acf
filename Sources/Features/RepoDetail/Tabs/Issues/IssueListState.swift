import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// Which list a tab shows: a repository's issues (pull requests left out) or its pull requests.
enum IssueListKind: Sendable, Equatable {
    case issues, pullRequests

    /// The store's key for this list at `filter`.
    func storeKey(_ filter: IssueStateFilter) -> IssueListKey {
        switch self {
        case .issues: .issues(state: filter.rawValue)
        case .pullRequests: .pullRequests(state: filter.rawValue)
        }
    }
}

/// An issues or pull requests list as a tab holds it (a value): the rows loaded so far and where
/// loading them stands (`ListLoad`: pull requests as their issue part; loading, failed, the stored
/// list shown), the state filter (open by default; `cycleFilter`), the text typed after `/` that
/// narrows the loaded rows, and the selection over the rows shown.
struct IssueListState: Sendable {
    let kind: IssueListKind
    private(set) var filter: IssueStateFilter = .open
    /// The rows loaded and where loading them stands.
    private(set) var load = ListLoad<Issue>()
    /// Text that narrows the loaded rows (title, number, author, label names; case folded).
    private(set) var textFilter = ""
    var viewport = Viewport()
    /// A search in GitHub's syntax whose results are shown instead of the list (nil: the list).
    private(set) var searchQuery: String?
    /// Indices into `list.items` of the rows shown (all, or those the text filter keeps).
    private(set) var shown: [Int] = []

    init(kind: IssueListKind) {
        self.kind = kind
    }

    /// Items a page asks for.
    static let pageSize = 50
    /// Longest search query sent (GitHub refuses queries over 256 characters).
    static let maximumQueryLength = 200

    /// The issues loaded (the text filter leaves them all).
    var list: PagedList<Issue> { load.list }
    var rows: [Issue] { shown.map { list.items[$0] } }
    var selected: Issue? { shown.indices.contains(viewport.selection) ? list.items[shown[viewport.selection]] : nil }

    /// The stored list, shown until the network answers (and for good when offline).
    mutating func showStored(_ items: [Issue], next: URL?, pages: Int, fetchedAt: Date) {
        load.showStored(items, next: next, pages: pages, fetchedAt: fetchedAt)
        refilter()
    }

    /// A page arrived (`ListLoad.receive`); the selected issue stays selected.
    mutating func receive(_ page: Page<Issue>, pageIndex: Int) {
        let selectedNumber = selected?.number
        load.receive(page, pageIndex: pageIndex)
        refilter(keeping: selectedNumber)
    }

    /// An issue changed (closed or reopened): its row shows it, wherever it is.
    mutating func replace(_ issue: Issue) {
        load.replace(issue)
        refilter(keeping: selected?.number)
    }

    /// The request failed; what is shown stays.
    mutating func fail(_ error: GitHubError) {
        load.fail(error)
    }

    /// open → closed → all: empty and loading until the new list's first page (or stored list) comes.
    mutating func cycleFilter() {
        filter = filter.next
        restart()
    }

    /// Shows a search's results (when `query` is nil, the list again): empty and loading until they come.
    mutating func startSearch(_ query: String?) {
        searchQuery = query
        textFilter = ""
        restart()
    }

    /// Another list: empty, loading, the selection at the top.
    private mutating func restart() {
        load.restart()
        viewport.reset()
        refilter()
    }

    /// Whether a typed filter is a search for GitHub (it has a qualifier such as `label:bug`).
    static func isGitHubSearch(_ text: String) -> Bool {
        text.split(separator: " ").contains { word in
            guard let colon = word.firstIndex(of: ":") else { return false }
            return colon != word.startIndex && word.index(after: colon) != word.endIndex
        }
    }

    /// Narrows the loaded rows to those matching `text` (empty: all rows).
    mutating func setTextFilter(_ text: String) {
        let selectedNumber = selected?.number
        textFilter = text
        refilter(keeping: selectedNumber)
    }

    /// The next page to read now (the selection came near the end of the loaded rows), marked as
    /// loading; nil when none is due, and after a failure until a page arrives (`r` reloads: a page that
    /// keeps failing is not asked for again and again). While a text filter narrows the rows, the end
    /// is the last row shown.
    mutating func takePageToLoad() -> URL? {
        guard searchQuery == nil, shown.isEmpty || viewport.selection >= shown.count - list.prefetchDistance else { return nil }
        return load.takePage(near: list.count)
    }

    mutating func move(by rows: Int) {
        viewport.select(viewport.selection + rows, count: shown.count)
    }

    mutating func resize(to lines: Int) {
        viewport.resize(to: lines)
        viewport.ensureVisible(count: shown.count)
    }

    private mutating func refilter(keeping number: Int? = nil) {
        let needle = textFilter.lowercased()
        if needle.isEmpty {
            shown = Array(list.items.indices)
        } else {
            shown = list.items.indices.filter { Self.matches(list.items[$0], needle) }
        }
        if let number, let index = shown.firstIndex(where: { list.items[$0].number == number }) {
            viewport.reselect(index)
        }
        viewport.ensureVisible(count: shown.count)
    }

    /// Whether `issue` matches a lower-cased filter text: `#N` or N, the title, the author, a label.
    static func matches(_ issue: Issue, _ needle: String) -> Bool {
        let digits = needle.hasPrefix("#") ? String(needle.dropFirst()) : needle
        if !digits.isEmpty, digits.allSatisfy(\.isNumber), String(issue.number).hasPrefix(digits) { return true }
        return issue.title.lowercased().contains(needle) || issue.author.lowercased().contains(needle)
            || issue.labels.contains { $0.name.lowercased().contains(needle) }
    }
}
