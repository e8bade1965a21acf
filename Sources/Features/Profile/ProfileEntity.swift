import TerminalKit

/// One labelled detail of the profile, e.g. ("Company", "@github").
public struct ProfileField: Sendable, Equatable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// One repository of the owner: name, description and stars on the first line, the language as the
/// subtitle on the second. Formatted and sanitized.
public struct ProfileRepoRowState: Sendable, Equatable {
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

/// Everything the profile screen draws. Only the visible window of repositories is in it.
public struct ProfileViewState: Sendable, Equatable {
    /// The login in the header.
    public var title: String
    /// "User" or "Organization" (empty until known).
    public var subtitle: String
    /// Right side of the header: the spinner while the profile loads.
    public var status: String
    /// Shown instead of the profile until it has loaded ("Loading octocat…", or why it failed).
    public var profilePlaceholder: String?
    /// Up to two letters drawn in the avatar box.
    public var initials: String
    public var name: String
    /// "@octocat · User · joined 26 Jan 2011 (12 y ago)".
    public var handle: String
    public var bio: String
    /// Company, location, email, blog ("—" when the owner left them empty).
    public var details: [ProfileField]
    /// "12,345 followers · 9 following · 8 public repositories".
    public var stats: String
    /// "Repositories (8)".
    public var listTitle: String
    public var rows: [ProfileRepoRowState]
    /// Index into `rows` of the selected row.
    public var selectedRow: Int?
    /// "⠋ Loading more repositories…" after the last row while the next page loads.
    public var loadingMore: String?
    /// Shown instead of rows when there are none.
    public var listPlaceholder: String?
    /// "12/100+".
    public var position: String
    public var footer: [HelpEntry]
    public var help: [HelpEntry]?
    public var message: MessageBox?

    public init(title: String = "", subtitle: String = "", status: String = "", profilePlaceholder: String? = nil,
                initials: String = "", name: String = "", handle: String = "", bio: String = "",
                details: [ProfileField] = [], stats: String = "", listTitle: String = "",
                rows: [ProfileRepoRowState] = [], selectedRow: Int? = nil, loadingMore: String? = nil,
                listPlaceholder: String? = nil, position: String = "", footer: [HelpEntry] = [],
                help: [HelpEntry]? = nil, message: MessageBox? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.status = status
        self.profilePlaceholder = profilePlaceholder
        self.initials = initials
        self.name = name
        self.handle = handle
        self.bio = bio
        self.details = details
        self.stats = stats
        self.listTitle = listTitle
        self.rows = rows
        self.selectedRow = selectedRow
        self.loadingMore = loadingMore
        self.listPlaceholder = listPlaceholder
        self.position = position
        self.footer = footer
        self.help = help
        self.message = message
    }
}
