import TerminalKit

/// The local search's key tables, one per focus: in the field keys type text, on the results they are
/// commands. Footer and help are generated from the table of the current focus.
enum LocalSearchKeys {
    static var field: KeyTable<LocalSearchAction> { fields.value }
    static var results: KeyTable<LocalSearchAction> { resultTables.value }

    private static let fields = PerLanguage { KeyTable<LocalSearchAction>(
        [
            KeyBinding([.enter], .open, help: tr("localSearch.keys.openFirst"), footer: ("Enter", tr("localSearch.footer.open"))),
            KeyBinding([.tab, .backTab, .down], .focusResults, help: tr("search.keys.results"), footer: ("Tab", tr("search.footer.results"))),
            KeyBinding([.escape], .back, help: tr("search.keys.clear"), footer: ("Esc", tr("search.footer.clear"))),
            UniversalKeys.helpWhileTyping(.toggleHelp),
            UniversalKeys.quitWhileTyping(.quit),
        ] + TextEditingKeys.bindings { .edit($0) }
    ) }

    private static let resultTables = PerLanguage { KeyTable<LocalSearchAction>(
        UniversalKeys.move(up: .moveUp, upHelp: tr("localSearch.keys.up"), down: .moveDown, downHelp: tr("localSearch.keys.down"))
            + UniversalKeys.paging(up: .pageUp, down: .pageDown)
            + UniversalKeys.topAndBottom(home: .home, homeHelp: tr("localSearch.keys.home"),
                                         end: .end, endHelp: tr("localSearch.keys.end"))
            + [
                KeyBinding([.enter], .open, help: tr("localSearch.keys.open"), footer: ("Enter", tr("localSearch.footer.open"))),
                KeyBinding([.character("S")], .searchGitHub, help: tr("localSearch.keys.github"), footer: ("S", tr("localSearch.footer.github"))),
                KeyBinding([.tab, .backTab, .character("/")], .focusField, help: tr("search.keys.query"), footer: ("/", tr("search.footer.query"))),
                UniversalKeys.help(.toggleHelp, alsoF1: true),
                UniversalKeys.back(.back),
                UniversalKeys.quit(.quit),
            ]
    ) }

    static func table(for focus: LocalSearchFocus) -> KeyTable<LocalSearchAction> {
        focus == .field ? field : results
    }

    /// The action for a key in `focus`: the table's, or typing in the field.
    static func action(for key: Key, focus: LocalSearchFocus) -> LocalSearchAction? {
        if let action = table(for: focus).action(for: key) { return action }
        if focus == .field { return TextField.typedEdit(for: key).map { .edit($0) } }
        return nil
    }
}
