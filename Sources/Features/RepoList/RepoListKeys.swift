import TerminalKit

/// The list's key table: it decodes keys, and the footer and help overlay are generated from it.
public enum RepoListKeys {
    public static let table = KeyTable<RepoListAction>([
        KeyBinding([.up, .character("k")], .moveUp, help: "previous repository", footer: ("↑↓", "move")),
        KeyBinding([.down, .character("j")], .moveDown, help: "next repository"),
        KeyBinding([.pageUp, .control("b")], .pageUp, help: "page up", footer: ("PgUp/PgDn", "page")),
        KeyBinding([.pageDown, .control("f")], .pageDown, help: "page down"),
        KeyBinding([.home, .character("g")], .home, help: "first repository"),
        KeyBinding([.end, .character("G")], .end, help: "last repository"),
        KeyBinding([.character("r")], .refresh, help: "refresh from GitHub", footer: ("r", "refresh")),
        KeyBinding([.character("?")], .toggleHelp, help: "help", footer: ("?", "help")),
        KeyBinding([.escape], .dismiss, help: "close help or message"),
        KeyBinding([.enter], .confirm, help: "press the message's [ OK ]"),
        KeyBinding([.character("q"), .control("c")], .quit, help: "quit", footer: ("q", "quit")),
    ])
}
