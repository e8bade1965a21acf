import TerminalKit

/// The profile's key table: it decodes keys, and the footer and help overlay are generated from it.
enum ProfileKeys {
    static let table = KeyTable<ProfileAction>(
        UniversalKeys.move(up: .moveUp, upHelp: "previous repository", down: .moveDown, downHelp: "next repository")
            + UniversalKeys.paging(up: .pageUp, down: .pageDown, inFooter: true)
            + UniversalKeys.topAndBottom(home: .home, homeHelp: "first repository",
                                         end: .end, endHelp: "last loaded repository (loads more)")
            + [
                KeyBinding([.enter], .open, help: "repository details", footer: ("Enter", "details")),
                KeyBinding([.character("r")], .reload, help: "load again after a failure"),
                UniversalKeys.help(.toggleHelp),
                UniversalKeys.back(.back),
                UniversalKeys.quit(.quit),
            ]
    )
}
