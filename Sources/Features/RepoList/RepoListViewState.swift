import TerminalKit

/// Where a repository's latest commits stand, as its row shows it.
enum CommitStatus: Sendable, Equatable {
    case unknown, loading, loaded, empty, failed

    /// The glyph's meaning for a commits state (nil: not looked up yet).
    init(_ commits: CommitsState?) {
        switch commits {
        case nil: self = .unknown
        case .loading: self = .loading
        case .stored(let stored): self = stored.hasNoCommits ? .empty : .loaded
        case .failed: self = .failed
        }
    }

    /// The one-cell glyph drawn on the row, from the interface's symbols.
    func glyph(in glyphs: Glyphs) -> String {
        switch self {
        case .unknown: return " "
        case .loading: return glyphs.commitsLoading
        case .loaded: return glyphs.commitsLoaded
        case .empty: return glyphs.commitsEmpty
        case .failed: return glyphs.commitsFailed
        }
    }
}

/// One repository row, already formatted and sanitized for the terminal.
struct RepoRowState: Sendable, Equatable {
    var name: String
    var description: String
    var language: String
    /// GitHub's colour for the language (its dot), when it has one.
    var languageColor: RGB?
    var stars: String
    /// "1.2k"; empty when unknown.
    var forks: String = ""
    /// The last update, relative ("3 d ago"); empty when unknown.
    var updated: String = ""
    var isExpanded: Bool = false
    var commitStatus: CommitStatus = .unknown
    var isSelected: Bool = false
    /// The local ★ mark.
    var isFavourite: Bool = false
    /// A clone of it is in the clone root (`c` in the overlay).
    var isCloned: Bool = false
    /// Changed since the user last looked (the mark before the name).
    var isChanged: Bool = false
}

/// A line of the list area: the list is a window of these, never the whole list.
enum ListLine: Sendable, Equatable {
    case repository(RepoRowState)
    case commit(CommitLineState)
    /// "loading commits…", "No commits yet", a failure and how to retry.
    case note(String, isError: Bool)
    /// The spinner row shown while the next page loads.
    case loadingMore(String)
}

/// One card of the carousel.
struct CarouselCard: Sendable, Equatable {
    var name: String
    var stars: String
    var language: String
    var languageColor: RGB?
}

/// The carousel row: the first five repositories, circular.
struct CarouselState: Sendable, Equatable {
    var cards: [CarouselCard]
    /// The card in the centre (focused or last focused).
    var current: Int
    /// Whether the carousel has the keyboard focus (the card is drawn in reverse video).
    var isFocused: Bool
}

/// The filter field in the footer.
struct FilterState: Sendable, Equatable {
    /// The shared text field: the text and its cursor.
    var field: TextField
    var isEditing: Bool
    var matches: Int

    var text: String { field.text }
}

/// Everything the list view draws. Only the visible window of lines is in it, so building and
/// comparing it does not grow with the number of repositories.
struct RepoListViewState: Sendable, Equatable {
    /// The owner's login.
    var title: String = ""
    /// "User · 30 repositories · by name".
    var subtitle: String = ""
    /// Right side of the header: "refreshing…", "offline · cached 5 min ago"…
    var status: String = ""
    var isDemo: Bool = false
    /// The GitHub host, when it is not github.com: the header names it.
    var hostName: String?
    var carousel: CarouselState?
    var lines: [ListLine] = []
    /// Shown instead of lines when there are none.
    var placeholder: String?
    /// "12/30".
    var position: String = ""
    var footer: [HelpEntry] = []
    /// Shown in the footer instead of the key hints, until the next key.
    var notice: String?
    var filter: FilterState?
    var help: [HelpEntry]?
    var message: MessageBox?

    /// Index among `rows` of the selected row, if the list has the focus.
    var selectedRow: Int? { rows.firstIndex(where: \.isSelected) }

    /// The repository rows among the lines.
    var rows: [RepoRowState] {
        lines.compactMap { if case .repository(let row) = $0 { return row } else { return nil } }
    }
}
