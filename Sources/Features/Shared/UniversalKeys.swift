import TerminalKit

/// The keys every screen binds alike, declared once: moving, paging, top and bottom, help, back
/// and quit.
/// Each module's key table lists them among its own bindings, with its own actions and, where the
/// words differ ("first result", "top"), its own help text; the keys and the footer are these.
enum UniversalKeys {
    /// ↑/k and ↓/j, shown in the footer as "↑↓ move" (or `footer`; nil: not in the footer).
    static func move<Action>(up: Action, upHelp: String, down: Action, downHelp: String,
                             footer: String? = tr("keys.move")) -> [KeyBinding<Action>] {
        [
            KeyBinding([.up, .character("k")], up, help: upHelp, footer: footer.map { ("↑↓", $0) }),
            KeyBinding([.down, .character("j")], down, help: downHelp),
        ]
    }

    /// PgUp/Ctrl-B and PgDn/Ctrl-F (plus `extraPageDownKeys`), in the footer as "PgUp/PgDn page"
    /// when `inFooter`.
    static func paging<Action>(up: Action, down: Action, inFooter: Bool = false,
                               extraPageDownKeys: [Key] = []) -> [KeyBinding<Action>] {
        [
            KeyBinding([.pageUp, .control("b")], up, help: tr("keys.pageUp"), footer: inFooter ? ("PgUp/PgDn", tr("keys.page")) : nil),
            KeyBinding([.pageDown, .control("f")] + extraPageDownKeys, down, help: tr("keys.pageDown")),
        ]
    }

    /// Home/g and End/G.
    static func topAndBottom<Action>(home: Action, homeHelp: String, end: Action, endHelp: String) -> [KeyBinding<Action>] {
        [
            KeyBinding([.home, .character("g")], home, help: homeHelp),
            KeyBinding([.end, .character("G")], end, help: endHelp),
        ]
    }

    /// ? (and F1 where `alsoF1`): the help overlay.
    static func help<Action>(_ action: Action, alsoF1: Bool = false) -> KeyBinding<Action> {
        KeyBinding([.character("?")] + (alsoF1 ? [.function(1)] : []), action, help: tr("keys.help"), footer: ("?", tr("keys.help")))
    }

    /// F1 alone: help where `?` types a character (a text field has the focus).
    static func helpWhileTyping<Action>(_ action: Action) -> KeyBinding<Action> {
        KeyBinding([.function(1)], action, help: tr("keys.help"), footer: ("F1", tr("keys.help")))
    }

    /// Ctrl-K: the local search over what is stored, from every screen (GitHub's own key for its command
    /// palette; free on every table, and a control key, so it also works where a field has the focus).
    static func localSearch<Action>(_ action: Action, inFooter: Bool = false) -> KeyBinding<Action> {
        KeyBinding([.control("k")], action, help: tr("keys.localSearch"), footer: inFooter ? ("Ctrl-K", tr("keys.footer.localSearch")) : nil)
    }

    /// Esc: close help or a message, else go back (in the footer as "Esc back").
    static func back<Action>(_ action: Action, help: String = tr("keys.back.help")) -> KeyBinding<Action> {
        KeyBinding([.escape], action, help: help, footer: ("Esc", tr("keys.back")))
    }

    /// q and Ctrl-C: quit.
    static func quit<Action>(_ action: Action) -> KeyBinding<Action> {
        KeyBinding([.character("q"), .control("c")], action, help: tr("keys.quit"), footer: ("q", tr("keys.footer.quit")))
    }

    /// Ctrl-C alone: quit where `q` types a q (a text field has the focus).
    static func quitWhileTyping<Action>(_ action: Action) -> KeyBinding<Action> {
        KeyBinding([.control("c")], action, help: tr("keys.quit"), footer: ("Ctrl-C", tr("keys.footer.quit")))
    }
}
