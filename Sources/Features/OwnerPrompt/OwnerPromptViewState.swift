import TerminalKit

/// Everything the prompt draws.
struct OwnerPromptViewState: Sendable, Equatable {
    var title: String = tr("ownerPrompt.title")
    var field: TextField = TextField()
    /// False while a lookup runs (the field is shown without a cursor and ignores edits).
    var isEditable: Bool = true
    /// "◐ Looking up octocat…" while the lookup runs.
    var status: String?
    /// Why the text is not a login (before any request), shown under the field.
    var problem: String?
    /// The hosts gh knows (`H`), one line each, and the one chosen; nil: no list.
    var hosts: [String]?
    var selectedHost: Int?
    var footer: [HelpEntry] = []
    var message: MessageBox?
}
