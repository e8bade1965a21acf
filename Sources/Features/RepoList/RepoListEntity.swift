import TerminalKit

/// Where a repository's latest commits stand, as its row shows it.
public enum CommitStatus: Sendable, Equatable {
    case unknown, loading, loaded, empty, failed

    /// The one-cell glyph drawn on the row.
    public var glyph: String {
        switch self {
        case .unknown: return " "
        case .loading: return "◌"
        case .loaded: return "●"
        case .empty: return "○"
        case .failed: return "!"
        }
    }
}

/// One repository row, already formatted and sanitized for the terminal.
public struct RepoRowState: Sendable, Equatable {
    public var name: String
    public var description: String
    public var language: String
    public var stars: String
    public var isExpanded: Bool
    public var commitStatus: CommitStatus
    public var isSelected: Bool
    /// The local ★ mark.
    public var isFavourite: Bool

    public init(name: String, description: String, language: String, stars: String,
                isExpanded: Bool = false, commitStatus: CommitStatus = .unknown, isSelected: Bool = false,
                isFavourite: Bool = false) {
        self.name = name
        self.description = description
        self.language = language
        self.stars = stars
        self.isExpanded = isExpanded
        self.commitStatus = commitStatus
        self.isSelected = isSelected
        self.isFavourite = isFavourite
    }
}

/// A line of the list area: the list is a window of these, never the whole list.
public enum ListLine: Sendable, Equatable {
    case repository(RepoRowState)
    case commit(CommitLineState)
    /// "loading commits…", "No commits yet", a failure and how to retry.
    case note(String, isError: Bool)
    /// The spinner row shown while the next page loads.
    case loadingMore(String)
}

/// One card of the carousel.
public struct CarouselCard: Sendable, Equatable {
    public var name: String
    public var stars: String
    public var language: String

    public init(name: String, stars: String, language: String) {
        self.name = name
        self.stars = stars
        self.language = language
    }
}

/// The carousel row: the first five repositories, circular.
public struct CarouselState: Sendable, Equatable {
    public var cards: [CarouselCard]
    /// The card in the centre (focused or last focused).
    public var current: Int
    /// Whether the carousel has the keyboard focus (the card is drawn in reverse video).
    public var isFocused: Bool

    public init(cards: [CarouselCard], current: Int, isFocused: Bool) {
        self.cards = cards
        self.current = current
        self.isFocused = isFocused
    }
}

/// The filter field in the footer.
public struct FilterState: Sendable, Equatable {
    public var text: String
    public var isEditing: Bool
    public var matches: Int

    public init(text: String, isEditing: Bool, matches: Int) {
        self.text = text
        self.isEditing = isEditing
        self.matches = matches
    }
}

/// Everything the list view draws. Only the visible window of lines is in it, so building and
/// comparing it does not grow with the number of repositories.
public struct RepoListViewState: Sendable, Equatable {
    /// The owner's login.
    public var title: String
    /// "User · 30 repositories · by name".
    public var subtitle: String
    /// Right side of the header: "refreshing…", "offline · cached 5 min ago"…
    public var status: String
    public var isDemo: Bool
    public var carousel: CarouselState?
    public var lines: [ListLine]
    /// Shown instead of lines when there are none.
    public var placeholder: String?
    /// "12/30".
    public var position: String
    public var footer: [HelpEntry]
    /// Shown in the footer instead of the key hints, until the next key.
    public var notice: String?
    public var filter: FilterState?
    public var help: [HelpEntry]?
    public var message: MessageBox?

    public init(title: String = "", subtitle: String = "", status: String = "", isDemo: Bool = false,
                carousel: CarouselState? = nil, lines: [ListLine] = [], placeholder: String? = nil,
                position: String = "", footer: [HelpEntry] = [], notice: String? = nil, filter: FilterState? = nil,
                help: [HelpEntry]? = nil, message: MessageBox? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.status = status
        self.isDemo = isDemo
        self.carousel = carousel
        self.lines = lines
        self.placeholder = placeholder
        self.position = position
        self.footer = footer
        self.notice = notice
        self.filter = filter
        self.help = help
        self.message = message
    }

    /// Index among `rows` of the selected row, if the list has the focus.
    public var selectedRow: Int? { rows.firstIndex(where: \.isSelected) }

    /// The repository rows among the lines.
    public var rows: [RepoRowState] {
        lines.compactMap { if case .repository(let row) = $0 { return row } else { return nil } }
    }
}
