import TerminalKit

/// Everything the prompt draws.
public struct OwnerPromptViewState: Sendable, Equatable {
    public var title: String
    public var field: TextField
    /// False while a lookup runs (the field is shown without a cursor and ignores edits).
    public var isEditable: Bool
    /// "⠋ Looking up octocat…" while the lookup runs.
    public var status: String?
    /// Why the text is not a login (before any request), shown under the field.
    public var problem: String?
    public var footer: [HelpEntry]
    public var message: MessageBox?

    public init(title: String = "GitHub user or organization", field: TextField = TextField(), isEditable: Bool = true,
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
