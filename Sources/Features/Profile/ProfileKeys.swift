import TerminalKit

/// The profile's key table: it decodes keys, and the footer and help overlay are generated from it.
enum ProfileKeys {
    static var table: KeyTable<ProfileAction> { tables.value }

    /// Built once per language: the help texts are looked up in the strings table.
    private static let tables = PerLanguage { KeyTable<ProfileAction>(
        UniversalKeys.move(up: .moveUp, upHelp: tr("profile.keys.up"), down: .moveDown, downHelp: tr("list.keys.down"))
            + UniversalKeys.paging(up: .pageUp, down: .pageDown, inFooter: true)
            + UniversalKeys.topAndBottom(home: .home, homeHelp: tr("profile.keys.home"),
                                         end: .end, endHelp: tr("profile.keys.end"))
            + [
                KeyBinding([.enter], .open, help: tr("list.keys.details"), footer: ("Enter", tr("profile.footer.details"))),
                KeyBinding([.character("r")], .reload, help: tr("profile.keys.reload")),
                UniversalKeys.localSearch(.localSearch),
                UniversalKeys.help(.toggleHelp),
                UniversalKeys.back(.back),
                UniversalKeys.quit(.quit),
            ]
    ) }
}
