import TerminalKit

/// The inbox's key table: it decodes keys, and the footer and help overlay are generated from it.
enum InboxKeys {
    static var table: KeyTable<InboxAction> { tables.value }

    /// Built once per language: the help texts are looked up in the strings table.
    private static let tables = PerLanguage { KeyTable<InboxAction>(
        UniversalKeys.move(up: .moveUp, upHelp: tr("inbox.keys.up"), down: .moveDown, downHelp: tr("inbox.keys.down"))
        + UniversalKeys.paging(up: .pageUp, down: .pageDown)
        + UniversalKeys.topAndBottom(home: .home, homeHelp: tr("inbox.keys.home"), end: .end, endHelp: tr("inbox.keys.end"))
        + [
            KeyBinding([.enter], .open, help: tr("inbox.keys.open"), footer: ("Enter", tr("inbox.footer.open"))),
            KeyBinding([.character("m")], .markRead, help: tr("inbox.keys.markRead"), footer: ("m", tr("inbox.footer.markRead"))),
            KeyBinding([.character("d")], .markDone, help: tr("inbox.keys.markDone"), footer: ("d", tr("inbox.footer.markDone"))),
            KeyBinding([.character("M")], .markAllRead, help: tr("inbox.keys.markAllRead")),
            KeyBinding([.character("U")], .unsubscribe, help: tr("inbox.keys.unsubscribe")),
            KeyBinding([.character("a")], .toggleAll, help: tr("inbox.keys.all"), footer: ("a", tr("inbox.footer.all"))),
            KeyBinding([.character("P")], .toggleParticipating, help: tr("inbox.keys.participating")),
            KeyBinding([.character("R")], .cycleReason, help: tr("inbox.keys.reason"), footer: ("R", tr("inbox.footer.reason"))),
            KeyBinding([.character("v")], .toggleGrouping, help: tr("inbox.keys.grouping")),
            KeyBinding([.character("/")], .startFilter, help: tr("inbox.keys.filter"), footer: ("/", tr("list.footer.filter"))),
            KeyBinding([.character("r")], .refresh, help: tr("inbox.keys.refresh")),
            UniversalKeys.localSearch(.localSearch),
            UniversalKeys.help(.toggleHelp),
            UniversalKeys.back(.back),
            UniversalKeys.quit(.quit),
        ]) }

    /// While the filter field is open: its editing keys (shared with every text field), or typing.
    static func filterEdit(for key: Key) -> TextEdit? {
        filterEditing.value.action(for: key) ?? TextField.typedEdit(for: key)
    }

    private static let filterEditing = PerLanguage { KeyTable<TextEdit>(TextEditingKeys.bindings { $0 }) }
}
