import TerminalKit

/// TerminalKit's standard text-editing bindings with their help in the interface's language
/// (TerminalKit keeps its English words; the keys stay TerminalKit's).
enum TextEditingKeys {
    static func bindings<Action: Hashable & Sendable>(_ wrap: (TextEdit) -> Action) -> [KeyBinding<Action>] {
        TextField.editingBindings { $0 }.map { binding in
            KeyBinding(binding.keys, wrap(binding.action), help: help(for: binding.action, english: binding.help),
                       footer: binding.footer, label: binding.label)
        }
    }

    static func help(for edit: TextEdit, english: String) -> String {
        switch edit {
        case .moveLeft: tr("textField.keys.left")
        case .moveRight: tr("textField.keys.right")
        case .moveHome: tr("textField.keys.home")
        case .moveEnd: tr("textField.keys.end")
        case .deleteBackward: tr("textField.keys.deleteBackward")
        case .deleteForward: tr("textField.keys.deleteForward")
        case .clear: tr("textField.keys.clear")
        case .insert: english
        }
    }
}
