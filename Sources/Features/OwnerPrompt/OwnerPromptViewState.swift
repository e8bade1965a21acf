import TerminalKit

/// Everything the prompt draws.
struct OwnerPromptViewState: Sendable, Equatable {
    var title: String
    var field: TextField
    /// False while a lookup runs (the field is shown without a cursor and ignores edits).
    var isEditable: Bool
    /// "◐ Looking up octocat…" while the lookup runs.
    var status: String?
    /// Why the text is not a login (before any request), shown under the field.
    var problem: String?
    var footer: [HelpEntry]
    var message: MessageBox?

    init(title: String = tr("ownerPrompt.title"), field: TextField = TextField(), isEditable: Bool = true,
         status: String? = nil, problem: String? = nil, footer: [HelpEntry] = [], message: MessageBox? = nil) {
        self.title = title
        self.field = field
        self.isEditable = isEditable
        self.status = status
        self.problem = problem
        self.footer = footer
        self.message = message
    }
}
