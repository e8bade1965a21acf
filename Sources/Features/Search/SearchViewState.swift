import TerminalKit

/// One search result: "owner/name", description, language, stars.
typealias SearchResultRowState = RepositoryRowState

/// Everything the search screen draws. Only the visible window of results is in it.
struct SearchViewState: Sendable, Equatable {
    var title: String
    var field: TextField
    var focus: SearchFocus
    /// Right side of the header: the spinner while a search runs.
    var status: String
    /// "1,234 results for “swift”" (empty before the first search).
    var summary: String
    /// Why the results are partial: incomplete results, the 1,000-result cap.
    var notes: [String]
    /// Why the query was refused (before any request), shown under the field.
    var problem: String?
    var rows: [RepositoryRowState]
    /// Index into `rows` of the selected row.
    var selectedRow: Int?
    /// "◐ Loading more results…" after the last row while the next page loads.
    var loadingMore: String?
    /// Shown instead of rows when there are none.
    var placeholder: String?
    /// "12/90+".
    var position: String
    var footer: [HelpEntry]
    var help: [HelpEntry]?
    var message: MessageBox?

    init(title: String = tr("search.title"), field: TextField = TextField(), focus: SearchFocus = .field,
         status: String = "", summary: String = "", notes: [String] = [], problem: String? = nil,
         rows: [RepositoryRowState] = [], selectedRow: Int? = nil, loadingMore: String? = nil,
         placeholder: String? = nil, position: String = "", footer: [HelpEntry] = [],
         help: [HelpEntry]? = nil, message: MessageBox? = nil) {
        self.title = title
        self.field = field
        self.focus = focus
        self.status = status
        self.summary = summary
        self.notes = notes
        self.problem = problem
        self.rows = rows
        self.selectedRow = selectedRow
        self.loadingMore = loadingMore
        self.placeholder = placeholder
        self.position = position
        self.footer = footer
        self.help = help
        self.message = message
    }
}
