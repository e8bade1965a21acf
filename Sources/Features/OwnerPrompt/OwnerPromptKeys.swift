import TerminalKit

/// The prompt's key table. The field is text, so `q` types a q: only Ctrl-C quits here.
enum OwnerPromptKeys {
    static var table: KeyTable<OwnerPromptAction> { tables.value }

    /// Built once per language: the help texts are looked up in the strings table.
    private static let tables = PerLanguage { KeyTable<OwnerPromptAction>(
        [
            KeyBinding([.enter], .submit, help: tr("ownerPrompt.keys.open"), footer: ("Enter", tr("ownerPrompt.footer.open"))),
            KeyBinding([.escape], .cancel, help: tr("ownerPrompt.keys.cancel"), footer: ("Esc", tr("ownerPrompt.footer.cancel"))),
            KeyBinding([.up], .previousHost, help: tr("ownerPrompt.keys.previousHost")),
            KeyBinding([.down], .nextHost, help: tr("ownerPrompt.keys.nextHost")),
            UniversalKeys.quitWhileTyping(.quit),
        ] + TextEditingKeys.bindings { .edit($0) }
    ) }

    /// The action for a key: the table's, or typing for a printable character.
    static func action(for key: Key) -> OwnerPromptAction? {
        table.action(for: key) ?? TextField.typedEdit(for: key).map { .edit($0) }
    }
}
