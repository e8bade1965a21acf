import TerminalKit

/// The profile's key table: it decodes keys, and the footer and help overlay are generated from it.
public enum ProfileKeys {
    public static let table = KeyTable<ProfileAction>([
        KeyBinding([.up, .character("k")], .moveUp, help: "previous repository", footer: ("↑↓", "move")),
        KeyBinding([.down, .character("j")], .moveDown, help: "next repository"),
        KeyBinding([.pageUp, .control("b")], .pageUp, help: "page up", footer: ("PgUp/PgDn", "page")),
        KeyBinding([.pageDown, .control("f")], .pageDown, help: "page down"),
        KeyBinding([.home, .character("g")], .home, help: "first repository"),
        KeyBinding([.end, .character("G")], .end, help: "last loaded repository (loads more)"),
        KeyBinding([.enter], .open, help: "repository details", footer: ("Enter", "details")),
        KeyBinding([.character("r")], .reload, help: "load again after a failure"),
        KeyBinding([.character("?")], .toggleHelp, help: "help", footer: ("?", "help")),
        KeyBinding([.escape], .back, help: "back (or close help or message)", footer: ("Esc", "back")),
        KeyBinding([.character("q"), .control("c")], .quit, help: "quit", footer: ("q", "quit")),
    ])
}
