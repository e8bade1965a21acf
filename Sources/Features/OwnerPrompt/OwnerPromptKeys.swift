import TerminalKit

/// The prompt's key table. The field is text, so `q` types a q: only Ctrl-C quits here.
enum OwnerPromptKeys {
    static let table = KeyTable<OwnerPromptAction>(
        [
            KeyBinding([.enter], .submit, help: "open this owner", footer: ("Enter", "open")),
            KeyBinding([.escape], .cancel, help: "cancel", footer: ("Esc", "cancel")),
            UniversalKeys.quitWhileTyping(.quit),
        ] + TextField.editingBindings { .edit($0) }
    )

    /// The action for a key: the table's, or typing for a printable character.
    static func action(for key: Key) -> OwnerPromptAction? {
        table.action(for: key) ?? TextField.typedEdit(for: key).map { .edit($0) }
    }
}
