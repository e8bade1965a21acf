import TerminalKit

/// The search screen's key tables, one per focus: in the field keys type text (`q` is a q), on the
/// results they are commands. Footer and help are generated from the table of the current focus.
enum SearchKeys {
    static let field = KeyTable<SearchAction>(
        [
            KeyBinding([.enter], .search, help: "search GitHub", footer: ("Enter", "search")),
            KeyBinding([.tab, .backTab, .down], .focusResults, help: "go to the results", footer: ("Tab", "results")),
            KeyBinding([.escape], .back, help: "clear the query (empty: back)", footer: ("Esc", "clear/back")),
            UniversalKeys.helpWhileTyping(.toggleHelp),
            UniversalKeys.quitWhileTyping(.quit),
        ] + TextField.editingBindings { .edit($0) }
    )

    static let results = KeyTable<SearchAction>(
        UniversalKeys.move(up: .moveUp, upHelp: "previous result (from the first: the query)",
                           down: .moveDown, downHelp: "next result")
            + UniversalKeys.paging(up: .pageUp, down: .pageDown)
            + UniversalKeys.topAndBottom(home: .home, homeHelp: "first result",
                                         end: .end, endHelp: "last loaded result (loads more)")
            + [
                KeyBinding([.enter], .open, help: "repository details", footer: ("Enter", "details")),
                KeyBinding([.character("p")], .openProfile, help: "owner's profile", footer: ("p", "profile")),
                KeyBinding([.tab, .backTab, .character("/")], .focusField, help: "edit the query", footer: ("/", "query")),
                UniversalKeys.help(.toggleHelp, alsoF1: true),
                UniversalKeys.back(.back),
                UniversalKeys.quit(.quit),
            ]
    )

    static func table(for focus: SearchFocus) -> KeyTable<SearchAction> {
        focus == .field ? field : results
    }

    /// The action for a key in `focus`: the table's, or typing in the field.
    static func action(for key: Key, focus: SearchFocus) -> SearchAction? {
        if let action = table(for: focus).action(for: key) { return action }
        if focus == .field { return TextField.typedEdit(for: key).map { .edit($0) } }
        return nil
    }
}
