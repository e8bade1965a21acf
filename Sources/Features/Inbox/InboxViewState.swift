import TerminalKit

/// One line of the inbox as drawn: a repository's heading, or a thread.
struct InboxRowState: Sendable, Equatable {
    /// A heading's repository name (with its unread count), nil for a thread.
    var heading: String?
    /// The heading is a section's (Needs you's, or the notifications below them): drawn as a rule.
    var isSection = false
    /// What the thread is about, as a word that reads without colour ("issue", "pull request", "release"…).
    var kind: String = ""
    /// Why the user gets it ("mention", "review requested"…).
    var reason: String = ""
    var title: String = ""
    /// `owner/name` (flat list only; grouped, the heading says it).
    var repository: String = ""
    /// "3 h ago".
    var age: String = ""
    var isUnread = false
    /// "unsubscribed" after `U`.
    var note: String?
}

/// Everything the inbox draws. Only the visible window of lines is in it.
struct InboxViewState: Sendable, Equatable {
    var title: String = tr("inbox.title")
    /// "3 unread · unread only · participating · by repository".
    var subtitle: String = ""
    /// Right side of the header: the spinner while GitHub is asked, "offline", the poll interval.
    var status: String = ""
    /// The filter field while it is open (or while it holds text).
    var filter: TextField?
    var isEditingFilter = false
    var rows: [InboxRowState] = []
    var selectedRow: Int?
    /// Shown instead of rows when there are none (no token, an empty inbox, nothing matches).
    var placeholder: String?
    /// A line above the footer: what was just done or put back.
    var notice: String?
    /// "3/42".
    var position: String = ""
    var footer: [HelpEntry] = []
    var help: [HelpEntry]?
    var message: MessageBox?
}
