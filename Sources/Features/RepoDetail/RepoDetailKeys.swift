import TerminalKit

/// The overlay's key table: it decodes keys, and the status line's hints and the help overlay are
/// generated from it. The keys every screen shares come from `UniversalKeys`.
enum RepoDetailKeys {
    static let table = KeyTable<RepoDetailAction>(
        [KeyBinding([.escape, .backspace], .close, help: "close (or close help or message)", footer: ("Esc", "close"))]
        + UniversalKeys.move(up: .scrollUp, upHelp: "scroll up", down: .scrollDown, downHelp: "scroll down", footer: nil)
        + UniversalKeys.paging(up: .pageUp, down: .pageDown, extraPageDownKeys: [.character(" ")])
        + UniversalKeys.topAndBottom(home: .home, homeHelp: "top", end: .end, endHelp: "bottom")
        + [
            KeyBinding([.character("R")], .toggleReadme, help: "the README / the details", footer: ("R", "README")),
            KeyBinding([.character("f")], .toggleFavourite, help: "favourite ★ on/off (kept on this computer)"),
            KeyBinding([.character("o")], .openInBrowser, help: "open on GitHub ($BROWSER or xdg-open)", footer: ("o", "open")),
            KeyBinding([.character("r")], .reloadCommits, help: "load the latest commits again"),
            KeyBinding([.character("y")], .copy, help: "copy: URL, clone command, owner/name, a SHA", footer: ("y", "copy")),
            KeyBinding([.character("c")], .clone, help: "git clone into the clone root", footer: ("c", "clone")),
            KeyBinding([.character("*")], .toggleStar, help: "star / unstar on GitHub (needs a token)"),
            KeyBinding((1...9).map { .character(Character(String($0))) }, .choose(0), help: "choose in the copy menu", label: "1…9"),
            KeyBinding([.character("0")], .choose(0), help: "README: a link's number, then Enter follows it", label: "0…9"),
            KeyBinding([.tab], .nextLink, help: "README: select the next link on screen (Enter follows it)", footer: ("Tab", "link")),
            KeyBinding([.backTab], .previousLink, help: "README: select the previous link on screen"),
            KeyBinding([.character("/")], .startSearch, help: "README: search (Enter keeps, Esc clears)", footer: ("/", "search")),
            KeyBinding([.character("n")], .nextMatch, help: "README: next match"),
            KeyBinding([.character("N")], .previousMatch, help: "README: previous match"),
            KeyBinding([.enter], .confirm, help: "close a message"),
            UniversalKeys.help(.toggleHelp),
            UniversalKeys.quit(.quit),
        ])

    /// While the README's search field is open: keys type text (`q` is a q).
    static let searchField = KeyTable<RepoDetailAction>(
        [
            KeyBinding([.enter], .submitSearch, help: "keep the search", footer: ("Enter", "keep")),
            KeyBinding([.escape], .cancelSearch, help: "clear the search", footer: ("Esc", "clear")),
            UniversalKeys.quitWhileTyping(.quit),
        ] + TextField.editingBindings { .editSearch($0) }
    )

    /// The action for a key while the search field is open: the table's, or typing.
    static func searchAction(for key: Key) -> RepoDetailAction? {
        searchField.action(for: key) ?? TextField.typedEdit(for: key).map { .editSearch($0) }
    }
}
