import TerminalKit

/// The list's key table: it decodes keys, and the footer and help overlay are generated from it.
enum RepoListKeys {
    static let table = KeyTable<RepoListAction>([
        KeyBinding([.up, .character("k")], .moveUp, help: "previous (top: carousel)", footer: ("↑↓", "move")),
        KeyBinding([.down, .character("j")], .moveDown, help: "next repository"),
        KeyBinding([.left, .character("h")], .moveLeft, help: "previous card (wraps)"),
        KeyBinding([.right, .character("l")], .moveRight, help: "next card (wraps)"),
        KeyBinding([.enter], .toggleExpand, help: "latest commits; open card", footer: ("Enter", "commits")),
        KeyBinding([.character(" "), .character("d")], .openDetail, help: "repository details"),
        KeyBinding([.pageUp, .control("b")], .pageUp, help: "page up"),
        KeyBinding([.pageDown, .control("f")], .pageDown, help: "page down"),
        KeyBinding([.home, .character("g")], .home, help: "carousel (top)"),
        KeyBinding([.end, .character("G")], .end, help: "last repository"),
        KeyBinding([.character("f")], .toggleFavourite, help: "favourite ★ on/off"),
        KeyBinding([.character("F")], .toggleFavouritesOnly, help: "favourites only / all"),
        KeyBinding([.character("s")], .cycleSort, help: "sort name/updated/stars"),
        KeyBinding([.character("/")], .startFilter, help: "filter the list", footer: ("/", "filter")),
        KeyBinding([.character("u")], .ownerPrompt, help: "another owner", footer: ("u", "owner")),
        KeyBinding([.character("p")], .profile, help: "this owner's profile"),
        KeyBinding([.character("S")], .search, help: "search GitHub", footer: ("S", "search")),
        KeyBinding([.character("r")], .refresh, help: "refresh, retry commits"),
        KeyBinding([.character("?")], .toggleHelp, help: "help", footer: ("?", "help")),
        KeyBinding([.escape], .dismiss, help: "close, clear, back"),
        KeyBinding([.character("q"), .control("c")], .quit, help: "quit", footer: ("q", "quit")),
    ])
}
