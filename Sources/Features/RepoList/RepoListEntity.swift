import TerminalKit

/// One line of help: keys and what they do.
public struct HelpEntry: Sendable, Equatable {
    public var keys: String
    public var help: String

    public init(keys: String, help: String) {
        self.keys = keys
        self.help = help
    }
}

/// One repository row, already formatted and sanitized for the terminal.
public struct RepoRowState: Sendable, Equatable {
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

/// Everything the list view draws. Only the visible window of rows is in it, so building and
/// comparing it does not grow with the number of repositories.
public struct RepoListViewState: Sendable, Equatable {
    /// "sferik" and its kind, e.g. "User".
    public var title: String
    public var subtitle: String
    /// Right side of the header: "refreshing…", "offline · cached 5 min ago"…
    public var status: String
    public var isDemo: Bool
    public var rows: [RepoRowState]
    /// Index into `rows` of the selected row.
    public var selectedRow: Int?
    /// Shown instead of rows when there are none.
    public var placeholder: String?
    /// "12/30".
    public var position: String
    public var footer: [HelpEntry]
    /// Shown in the footer instead of the key hints, until the next key.
    public var notice: String?
    public var help: [HelpEntry]?
    public var message: MessageBox?

    public init(title: String = "", subtitle: String = "", status: String = "", isDemo: Bool = false,
                rows: [RepoRowState] = [], selectedRow: Int? = nil, placeholder: String? = nil,
                position: String = "", footer: [HelpEntry] = [], notice: String? = nil, help: [HelpEntry]? = nil,
                message: MessageBox? = nil) {
        self.notice = notice
        self.title = title
        self.subtitle = subtitle
        self.status = status
        self.isDemo = isDemo
        self.rows = rows
        self.selectedRow = selectedRow
        self.placeholder = placeholder
        self.position = position
        self.footer = footer
        self.help = help
        self.message = message
    }
}
