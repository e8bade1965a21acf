import TerminalKit

/// One search result: "owner/name", description, language, stars.
typealias SearchResultRowState = RepositoryRowState

/// Everything the search screen draws. Only the visible window of results is in it.
struct SearchViewState: Sendable, Equatable {
    var title: String = tr("search.title")
    var field: TextField = TextField()
    var focus: SearchFocus = .field
    /// Right side of the header: the spinner while a search runs.
    var status: String = ""
    /// "1,234 results for “swift”" (empty before the first search).
    var summary: String = ""
    /// Why the results are partial: incomplete results, the 1,000-result cap.
    var notes: [String] = []
    /// Why the query was refused (before any request), shown under the field.
    var problem: String?
    var rows: [RepositoryRowState] = []
    /// Index into `rows` of the selected row.
    var selectedRow: Int?
    /// "◐ Loading more results…" after the last row while the next page loads.
    var loadingMore: String?
    /// Shown instead of rows when there are none.
    var placeholder: String?
    /// "12/90+".
    var position: String = ""
    var footer: [HelpEntry] = []
    var help: [HelpEntry]?
    var message: MessageBox?
}
