import TerminalKit

/// One labelled detail of the profile, e.g. ("Company", "@github").
typealias ProfileField = LabeledField

/// One repository of the owner: name, description and stars on the first line, the language (or
/// "—") as the subtitle on the second.
typealias ProfileRepoRowState = RepositoryRowState

/// Everything the profile screen draws. Only the visible window of repositories is in it.
struct ProfileViewState: Sendable, Equatable {
    /// The login in the header.
    var title: String = ""
    /// "User" or "Organization" (empty until known).
    var subtitle: String = ""
    /// Right side of the header: the spinner while the profile loads.
    var status: String = ""
    /// Shown instead of the profile until it has loaded ("Loading octocat…", or why it failed).
    var profilePlaceholder: String?
    /// Up to two letters drawn in the avatar box.
    var initials: String = ""
    /// The owner's photo, drawn instead of the initials box when there is one.
    var photo: OwnerPicture?
    var name: String = ""
    /// "@octocat · User · joined 26 Jan 2011 (12 y ago)".
    var handle: String = ""
    var bio: String = ""
    /// Company, location, email, blog ("—" when the owner left them empty).
    var details: [LabeledField] = []
    /// "12,345 followers · 9 following · 8 public repositories".
    var stats: String = ""
    /// "Repositories (8)".
    var listTitle: String = ""
    var rows: [RepositoryRowState] = []
    /// Index into `rows` of the selected row.
    var selectedRow: Int?
    /// "◐ Loading more repositories…" after the last row while the next page loads.
    var loadingMore: String?
    /// Shown instead of rows when there are none.
    var listPlaceholder: String?
    /// "12/100+".
    var position: String = ""
    var footer: [HelpEntry] = []
    var help: [HelpEntry]?
    var message: MessageBox?
}
