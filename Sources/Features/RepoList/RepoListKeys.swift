import TerminalKit

/// The list's key table: it decodes keys, and the footer and help overlay are generated from it.
/// The keys every screen shares (moving, paging, top and bottom, help, quit) come from `UniversalKeys`.
enum RepoListKeys {
    static let table = KeyTable<RepoListAction>(
        UniversalKeys.move(up: .moveUp, upHelp: "previous (top: carousel)", down: .moveDown, downHelp: "next repository")
        + [
            KeyBinding([.left, .character("h")], .moveLeft, help: "previous card (wraps)"),
            KeyBinding([.right, .character("l")], .moveRight, help: "next card (wraps)"),
            KeyBinding([.enter], .toggleExpand, help: "latest commits; open card", footer: ("Enter", "commits")),
            KeyBinding([.character(" "), .character("d")], .openDetail, help: "repository details"),
        ]
        + UniversalKeys.paging(up: .pageUp, down: .pageDown)
        + UniversalKeys.topAndBottom(home: .home, homeHelp: "carousel (top)", end: .end, endHelp: "last repository")
        + [
            KeyBinding([.character("f")], .toggleFavourite, help: "favourite ★ on/off"),
            KeyBinding([.character("F")], .toggleFavouritesOnly, help: "favourites only / all"),
            KeyBinding([.character("s")], .cycleSort, help: "sort name/updated/stars"),
            KeyBinding([.character("/")], .startFilter, help: "filter the list", footer: ("/", "filter")),
            KeyBinding([.character("u")], .ownerPrompt, help: "another owner", footer: ("u", "owner")),
            KeyBinding([.character("p")], .profile, help: "this owner's profile"),
            KeyBinding([.character("S")], .search, help: "search GitHub", footer: ("S", "search")),
            KeyBinding([.character("r")], .refresh, help: "refresh, retry commits"),
            UniversalKeys.help(.toggleHelp),
            KeyBinding([.escape], .dismiss, help: "close, clear, back"),
            UniversalKeys.quit(.quit),
        ])
}
