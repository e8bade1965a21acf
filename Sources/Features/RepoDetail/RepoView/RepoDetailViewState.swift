import MarkdownRendering
import TerminalKit

/// A line of the overlay's content, already formatted, sanitized and wrapped to the panel's width.
/// The overlay is a window of these: only the visible ones are in the state.
enum DetailLine: Sendable, Equatable {
    case blank
    /// A line of the (wrapped) description.
    case text(String)
    /// One field across the width, or two side by side (left and right columns).
    case fields([LabeledField])
    /// "Archived", "Fork", "★ Favourite" badges.
    case badges([String])
    /// A section heading, e.g. "Latest commits".
    case heading(String)
    case commit(CommitLineState)
    /// The history's selected commit (reversed).
    case selectedCommit(CommitLineState)
    /// "loading commits…", "No commits yet", a failure.
    case note(String, isError: Bool)
    /// A line of the rendered README (styled spans).
    case markdown(StyledLine)
    /// One cell row (two pixel rows) of the owner's photo, with a caption beside the first.
    case photo(OwnerPicture, row: Int, caption: String)
}

/// A menu over the panel (what `y` can copy, the branches `b` picks from), numbered, one selected.
struct CopyMenuState: Sendable, Equatable {
    var items: [String]
    var selected: Int
    /// The box's title and the hint under the entries (nil: the copy menu's).
    var title: String?
    var hint: String?

    init(items: [String], selected: Int, title: String? = nil, hint: String? = nil) {
        self.items = items
        self.selected = selected
        self.title = title
        self.hint = hint
    }
}

/// Everything the overlay draws.
struct RepoDetailViewState: Sendable, Equatable {
    /// The repository's full name, in the frame.
    var title: String
    var tabs = TabBarState()
    var isFavourite: Bool
    /// The visible window of content lines.
    var lines: [DetailLine]
    /// "1–19/24" on the bottom frame when the content is taller than the panel (else empty).
    var position: String
    var canScrollUp: Bool
    var canScrollDown: Bool
    /// Shown in the status line instead of the key hints ("Opened in xdg-open", the URL…), until the next key.
    var status: String?
    var footer: [HelpEntry]
    var help: [HelpEntry]?
    var message: MessageBox?
    var menu: CopyMenuState?
    /// The README's search field while it is edited (drawn in the status line).
    var searchField: TextField?

    init(title: String = "", tabs: TabBarState = TabBarState(), isFavourite: Bool = false, lines: [DetailLine] = [], position: String = "",
                canScrollUp: Bool = false, canScrollDown: Bool = false, status: String? = nil,
                footer: [HelpEntry] = [], help: [HelpEntry]? = nil, message: MessageBox? = nil, menu: CopyMenuState? = nil,
                searchField: TextField? = nil) {
        self.menu = menu
        self.searchField = searchField
        self.title = title
        self.tabs = tabs
        self.isFavourite = isFavourite
        self.lines = lines
        self.position = position
        self.canScrollUp = canScrollUp
        self.canScrollDown = canScrollDown
        self.status = status
        self.footer = footer
        self.help = help
        self.message = message
    }
}
