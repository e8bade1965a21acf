import TerminalKit

/// One labelled value of the overlay, e.g. ("Language", "Swift"). The label is already padded to its
/// column's width by the presenter, so values line up.
public struct DetailField: Sendable, Equatable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// A line of the overlay's content, already formatted, sanitized and wrapped to the panel's width.
/// The overlay is a window of these: only the visible ones are in the state.
public enum DetailLine: Sendable, Equatable {
    case blank
    /// A line of the (wrapped) description.
    case text(String)
    /// One field across the width, or two side by side (left and right columns).
    case fields([DetailField])
    /// "Archived", "Fork", "★ Favourite" badges.
    case badges([String])
    /// A section heading, e.g. "Latest commits".
    case heading(String)
    case commit(CommitLineState)
    /// "loading commits…", "No commits yet", a failure.
    case note(String, isError: Bool)
}

/// Everything the overlay draws.
public struct RepoDetailViewState: Sendable, Equatable {
    /// The repository's full name, in the frame.
    public var title: String
    public var isFavourite: Bool
    /// The visible window of content lines.
    public var lines: [DetailLine]
    /// How many lines the whole content has (the panel is no taller than it needs).
    public var lineCount: Int
    /// "1–19/24" on the bottom frame when the content is taller than the panel (else empty).
    public var position: String
    public var canScrollUp: Bool
    public var canScrollDown: Bool
    /// Shown in the status line instead of the key hints ("Opened in xdg-open", the URL…), until the next key.
    public var status: String?
    public var footer: [HelpEntry]
    public var help: [HelpEntry]?
    public var message: MessageBox?

    public init(title: String = "", isFavourite: Bool = false, lines: [DetailLine] = [], lineCount: Int? = nil, position: String = "",
                canScrollUp: Bool = false, canScrollDown: Bool = false, status: String? = nil,
                footer: [HelpEntry] = [], help: [HelpEntry]? = nil, message: MessageBox? = nil) {
        self.title = title
        self.isFavourite = isFavourite
        self.lines = lines
        self.lineCount = lineCount ?? lines.count
        self.position = position
        self.canScrollUp = canScrollUp
        self.canScrollDown = canScrollDown
        self.status = status
        self.footer = footer
        self.help = help
        self.message = message
    }
}
