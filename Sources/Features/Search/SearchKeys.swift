import TerminalKit

/// The search screen's key tables, one per focus: in the field keys type text (`q` is a q), on the
/// results they are commands. Footer and help are generated from the table of the current focus.
public enum SearchKeys {
    public static let field = KeyTable<SearchAction>(
        [
            KeyBinding([.enter], .search, help: "search GitHub", footer: ("Enter", "search")),
            KeyBinding([.tab, .backTab, .down], .focusResults, help: "go to the results", footer: ("Tab", "results")),
            KeyBinding([.escape], .back, help: "clear the query (empty: back)", footer: ("Esc", "clear/back")),
            KeyBinding([.function(1)], .toggleHelp, help: "help", footer: ("F1", "help")),
            KeyBinding([.control("c")], .quit, help: "quit", footer: ("Ctrl-C", "quit")),
        ] + TextField.editingBindings { .edit($0) }
    )

    public static let results = KeyTable<SearchAction>([
        KeyBinding([.up, .character("k")], .moveUp, help: "previous result (from the first: the query)", footer: ("↑↓", "move")),
        KeyBinding([.down, .character("j")], .moveDown, help: "next result"),
        KeyBinding([.pageUp, .control("b")], .pageUp, help: "page up"),
        KeyBinding([.pageDown, .control("f")], .pageDown, help: "page down"),
        KeyBinding([.home, .character("g")], .home, help: "first result"),
        KeyBinding([.end, .character("G")], .end, help: "last loaded result (loads more)"),
        KeyBinding([.enter], .open, help: "repository details", footer: ("Enter", "details")),
        KeyBinding([.character("p")], .openProfile, help: "owner's profile", footer: ("p", "profile")),
        KeyBinding([.tab, .backTab, .character("/")], .focusField, help: "edit the query", footer: ("/", "query")),
        KeyBinding([.character("?"), .function(1)], .toggleHelp, help: "help", footer: ("?", "help")),
        KeyBinding([.escape], .back, help: "back (or close help or message)", footer: ("Esc", "back")),
        KeyBinding([.character("q"), .control("c")], .quit, help: "quit", footer: ("q", "quit")),
    ])

    public static func table(for focus: SearchFocus) -> KeyTable<SearchAction> {
        focus == .field ? field : results
    }

    /// The action for a key in `focus`: the table's, or typing in the field.
    public static func action(for key: Key, focus: SearchFocus) -> SearchAction? {
        if let action = table(for: focus).action(for: key) { return action }
        if focus == .field { return TextField.typedEdit(for: key).map { .edit($0) } }
        return nil
    }
}
