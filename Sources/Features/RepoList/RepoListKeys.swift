import TerminalKit

/// The list's key table: it decodes keys, and the footer and help overlay are generated from it.
/// The keys every screen shares (moving, paging, top and bottom, help, quit) come from `UniversalKeys`.
enum RepoListKeys {
    static var table: KeyTable<RepoListAction> { tables.value }

    /// Built once per language: the help texts are looked up in the strings table.
    private static let tables = PerLanguage { KeyTable<RepoListAction>(
        UniversalKeys.move(up: .moveUp, upHelp: tr("list.keys.up"), down: .moveDown, downHelp: tr("list.keys.down"))
        + [
            KeyBinding([.left, .character("h")], .moveLeft, help: tr("list.keys.left")),
            KeyBinding([.right, .character("l")], .moveRight, help: tr("list.keys.right")),
            KeyBinding([.enter], .toggleExpand, help: tr("list.keys.enter"), footer: ("Enter", tr("list.footer.commits"))),
            KeyBinding([.character(" "), .character("d")], .openDetail, help: tr("list.keys.details")),
            KeyBinding([.character("i")], .openIssues, help: tr("list.keys.issues")),
        ]
        + UniversalKeys.paging(up: .pageUp, down: .pageDown)
        + UniversalKeys.topAndBottom(home: .home, homeHelp: tr("list.keys.home"), end: .end, endHelp: tr("list.keys.end"))
        + [
            KeyBinding([.character("f")], .toggleFavourite, help: tr("list.keys.favourite")),
            KeyBinding([.character("F")], .toggleFavouritesOnly, help: tr("list.keys.favouritesOnly")),
            KeyBinding([.character("s")], .cycleSort, help: tr("list.keys.sort")),
            KeyBinding([.character("/")], .startFilter, help: tr("list.keys.filter"), footer: ("/", tr("list.footer.filter"))),
            KeyBinding([.character("u")], .ownerPrompt, help: tr("list.keys.owner"), footer: ("u", tr("list.footer.owner"))),
            KeyBinding([.character("H")], .hosts, help: tr("list.keys.hosts")),
            KeyBinding([.character("p")], .profile, help: tr("list.keys.profile")),
            KeyBinding([.character("t")], .toggleStarred, help: tr("list.keys.starred")),
            KeyBinding([.character("S")], .search, help: tr("list.keys.search"), footer: ("S", tr("list.footer.search"))),
            KeyBinding([.character("r")], .refresh, help: tr("list.keys.refresh")),
            KeyBinding([.character("c")], .toggleChangedOnly, help: tr("list.keys.changedOnly")),
            KeyBinding([.character("C")], .dismissChanges, help: tr("list.keys.dismissChanges")),
            UniversalKeys.help(.toggleHelp),
            KeyBinding([.escape], .dismiss, help: tr("list.keys.escape")),
            UniversalKeys.quit(.quit),
            // After help and quit: below about 90 columns it gives way (help always lists it).
            UniversalKeys.localSearch(.localSearch, inFooter: true),
            // Last: on a narrow footer it is the hint that gives way (help always lists it).
            KeyBinding([.character("n")], .openInbox, help: tr("list.keys.inbox"), footer: ("n", tr("list.footer.inbox"))),
        ]) }

    /// While the filter field is open: its editing keys (shared with every text field), or typing.
    static func filterEdit(for key: Key) -> TextEdit? {
        filterEditing.value.action(for: key) ?? TextField.typedEdit(for: key)
    }

    private static let filterEditing = PerLanguage { KeyTable<TextEdit>(TextEditingKeys.bindings { $0 }) }
}
