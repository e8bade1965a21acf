import TerminalKit

/// A stretch of a hit's shown text, sanitized: matched or not.
struct MarkedText: Sendable, Equatable {
    var text: String
    var isMatch: Bool
}

/// One line of the results: a kind's heading ("Issues · 3") or a hit.
struct LocalSearchLineState: Sendable, Equatable {
    var heading: String?
    /// `owner/name` (dim).
    var repository: String = ""
    /// `#12`, `README`, a short sha, a tag, `#12 @ann` for a comment.
    var label: String = ""
    var title: [MarkedText] = []
    var snippet: [MarkedText] = []
    /// "3 d ago".
    var age: String = ""
}

/// Everything the local search screen draws. Only the visible window of lines is in it.
struct LocalSearchViewState: Sendable, Equatable {
    var title: String = tr("localSearch.title")
    var field: TextField = TextField()
    var focus: LocalSearchFocus = .field
    /// Right side of the header: "indexing what is stored…" while an older store is indexed.
    var status: String = ""
    /// The rule's text: "12 found · 4,210 indexed, 3.1 MB".
    var summary: String = ""
    /// Filter words not understood.
    var problem: String?
    var lines: [LocalSearchLineState] = []
    /// Index into `lines` of the selected hit (drawn reversed when the results have the focus).
    var selectedLine: Int?
    /// Shown instead of lines when there are none.
    var placeholder: String?
    /// "not what you want? S searches GitHub".
    var githubLine: String = tr("localSearch.github")
    /// "3/12".
    var position: String = ""
    var footer: [HelpEntry] = []
    var help: [HelpEntry]?
    var message: MessageBox?
}
