import TerminalKit

/// The search screen's key tables, one per focus: in the field keys type text (`q` is a q), on the
/// results they are commands. Footer and help are generated from the table of the current focus.
enum SearchKeys {
    static var field: KeyTable<SearchAction> { fields.value }
    static var results: KeyTable<SearchAction> { resultTables.value }

    /// Built once per language: the help texts are looked up in the strings table.
    private static let fields = PerLanguage { KeyTable<SearchAction>(
        [
            KeyBinding([.enter], .search, help: tr("list.keys.search"), footer: ("Enter", tr("list.footer.search"))),
            KeyBinding([.tab, .backTab, .down], .focusResults, help: tr("search.keys.results"), footer: ("Tab", tr("search.footer.results"))),
            KeyBinding([.escape], .back, help: tr("search.keys.clear"), footer: ("Esc", tr("search.footer.clear"))),
            UniversalKeys.localSearch(.localSearch),
            UniversalKeys.helpWhileTyping(.toggleHelp),
            UniversalKeys.quitWhileTyping(.quit),
        ] + TextEditingKeys.bindings { .edit($0) }
    ) }

    private static let resultTables = PerLanguage { KeyTable<SearchAction>(
        UniversalKeys.move(up: .moveUp, upHelp: tr("search.keys.up"),
                           down: .moveDown, downHelp: tr("search.keys.down"))
            + UniversalKeys.paging(up: .pageUp, down: .pageDown)
            + UniversalKeys.topAndBottom(home: .home, homeHelp: tr("search.keys.home"),
                                         end: .end, endHelp: tr("search.keys.end"))
            + [
                KeyBinding([.enter], .open, help: tr("list.keys.details"), footer: ("Enter", tr("profile.footer.details"))),
                KeyBinding([.character("p")], .openProfile, help: tr("search.keys.profile"), footer: ("p", tr("search.footer.profile"))),
                KeyBinding([.tab, .backTab, .character("/")], .focusField, help: tr("search.keys.query"), footer: ("/", tr("search.footer.query"))),
                UniversalKeys.localSearch(.localSearch),
                UniversalKeys.help(.toggleHelp, alsoF1: true),
                UniversalKeys.back(.back),
                UniversalKeys.quit(.quit),
            ]
    ) }

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
