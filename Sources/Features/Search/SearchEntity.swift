import TerminalKit

/// One search result: "owner/name", description, language, stars. Formatted and sanitized.
public struct SearchResultRowState: Sendable, Equatable {
    public var name: String
    public var description: String
    public var language: String
    public var stars: String

    public init(name: String, description: String, language: String, stars: String) {
        self.name = name
        self.description = description
        self.language = language
        self.stars = stars
    }
}

/// Everything the search screen draws. Only the visible window of results is in it.
public struct SearchViewState: Sendable, Equatable {
    public var title: String
    public var field: TextField
    public var focus: SearchFocus
    /// Right side of the header: the spinner while a search runs.
    public var status: String
    /// "1,234 results for “swift”" (empty before the first search).
    public var summary: String
    /// Why the results are partial: incomplete results, the 1,000-result cap.
    public var notes: [String]
    /// Why the query was refused (before any request), shown under the field.
    public var problem: String?
    public var rows: [SearchResultRowState]
    /// Index into `rows` of the selected row.
    public var selectedRow: Int?
    /// "⠋ Loading more results…" after the last row while the next page loads.
    public var loadingMore: String?
    /// Shown instead of rows when there are none.
    public var placeholder: String?
    /// "12/90+".
    public var position: String
    public var footer: [HelpEntry]
    public var help: [HelpEntry]?
    public var message: MessageBox?

    public init(title: String = "Search repositories", field: TextField = TextField(), focus: SearchFocus = .field,
                status: String = "", summary: String = "", notes: [String] = [], problem: String? = nil,
                rows: [SearchResultRowState] = [], selectedRow: Int? = nil, loadingMore: String? = nil,
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
