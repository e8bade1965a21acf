import TerminalKit

/// The overlay's key table: it decodes keys, and the status line's hints and the help overlay are
/// generated from it. The keys every screen shares come from `UniversalKeys`.
enum RepoDetailKeys {
    static var table: KeyTable<RepoDetailAction> { tables.value }
    /// While the README's search field is open: keys type text (`q` is a q).
    static var searchField: KeyTable<RepoDetailAction> { searchFields.value }

    /// Built once per language: the help texts are looked up in the strings table.
    private static let tables = PerLanguage { KeyTable<RepoDetailAction>(
        [KeyBinding([.escape, .backspace], .close, help: tr("detail.keys.close"), footer: ("Esc", tr("detail.footer.close")))]
        + UniversalKeys.move(up: .scrollUp, upHelp: tr("detail.keys.scrollUp"), down: .scrollDown, downHelp: tr("detail.keys.scrollDown"), footer: nil)
        + UniversalKeys.paging(up: .pageUp, down: .pageDown)
        + UniversalKeys.topAndBottom(home: .home, homeHelp: tr("detail.keys.top"), end: .end, endHelp: tr("detail.keys.bottom"))
        + [
            KeyBinding([.right], .nextTab, help: tr("detail.keys.nextTab"), footer: ("←→", tr("detail.footer.tabs"))),
            KeyBinding([.left], .previousTab, help: tr("detail.keys.previousTab")),
            KeyBinding([.character("R")], .toggleReadme, help: tr("detail.keys.readme")),
            KeyBinding([.character("a")], .toggleActions, help: tr("detail.keys.actions")),
            KeyBinding([.character(" ")], .toggleFold, help: tr("detail.keys.toggleFold"), footer: ("Space", tr("detail.footer.fold"))),
            KeyBinding([.character("t")], .toggleTimestamps, help: tr("detail.keys.timestamps"), footer: ("t", tr("detail.footer.timestamps"))),
            KeyBinding([.character("f")], .toggleFavourite, help: tr("detail.keys.favourite")),
            KeyBinding([.character("o")], .openInBrowser, help: tr("detail.keys.open"), footer: ("o", tr("detail.footer.open"))),
            KeyBinding([.character("r")], .reloadCommits, help: tr("detail.keys.reload")),
            KeyBinding([.character("y")], .copy, help: tr("detail.keys.copy"), footer: ("y", tr("detail.footer.copy"))),
            KeyBinding([.character("c")], .clone, help: tr("detail.keys.clone"), footer: ("c", tr("detail.footer.clone"))),
            KeyBinding([.character("*")], .toggleStar, help: tr("detail.keys.star")),
            KeyBinding((1...9).map { .character(Character(String($0))) }, .choose(0), help: tr("detail.keys.choose"), label: "1…9"),
            KeyBinding([.character("0")], .choose(0), help: tr("detail.keys.linkNumber"), label: "0…9"),
            KeyBinding([.tab], .nextLink, help: tr("detail.keys.nextLink"), footer: ("Tab", tr("detail.footer.link"))),
            KeyBinding([.backTab], .previousLink, help: tr("detail.keys.previousLink")),
            KeyBinding([.character("/")], .startSearch, help: tr("detail.keys.search"), footer: ("/", tr("detail.footer.search"))),
            KeyBinding([.character("n")], .nextMatch, help: tr("detail.keys.nextMatch")),
            KeyBinding([.character("N")], .previousMatch, help: tr("detail.keys.previousMatch")),
            KeyBinding([.enter], .confirm, help: tr("detail.keys.confirm"), footer: ("Enter", tr("detail.footer.openCommit"))),
            KeyBinding([.character("d")], .download, help: tr("detail.keys.download"), footer: ("d", tr("detail.footer.download"))),
            KeyBinding([.character("m")], .toggleSource, help: tr("detail.keys.toggleSource")),
            KeyBinding([.character("b")], .pickBranch, help: tr("detail.keys.pickBranch"), footer: ("b", tr("detail.footer.branch"))),
            KeyBinding([.character("X")], .toggleOpen, help: tr("detail.keys.toggleOpen")),
            KeyBinding([.character("C")], .comment, help: tr("detail.keys.comment")),
            KeyBinding([.character("e")], .cycleState, help: tr("detail.keys.cycleState"), footer: ("e", tr("detail.footer.state"))),
            KeyBinding([.character("]")], .nextFile, help: tr("detail.keys.nextFile"), footer: ("[]", tr("detail.footer.files"))),
            KeyBinding([.character("[")], .previousFile, help: tr("detail.keys.previousFile")),
            KeyBinding([.character("}")], .nextThread, help: tr("detail.keys.nextThread"), footer: ("{}", tr("detail.footer.threads"))),
            KeyBinding([.character("{")], .previousThread, help: tr("detail.keys.previousThread")),
            KeyBinding([.character("v")], .selectLine, help: tr("detail.keys.selectLine"), footer: ("v", tr("detail.footer.selectLine"))),
            KeyBinding([.character("V")], .markRange, help: tr("detail.keys.markRange")),
            KeyBinding([.character("D")], .resolveThread, help: tr("detail.keys.resolveThread"), footer: ("D", tr("detail.footer.resolve"))),
            KeyBinding([.character("S")], .submitReview, help: tr("detail.keys.submitReview"), footer: ("S", tr("detail.footer.submitReview"))),
            UniversalKeys.localSearch(.localSearch),
            UniversalKeys.help(.toggleHelp),
            UniversalKeys.quit(.quit),
        ]) }

    private static let searchFields = PerLanguage { KeyTable<RepoDetailAction>(
        [
            KeyBinding([.enter], .submitSearch, help: tr("detail.keys.keepSearch"), footer: ("Enter", tr("detail.footer.keepSearch"))),
            KeyBinding([.escape], .cancelSearch, help: tr("detail.keys.clearSearch"), footer: ("Esc", tr("detail.footer.clearSearch"))),
            UniversalKeys.quitWhileTyping(.quit),
        ] + TextEditingKeys.bindings { .editSearch($0) }
    ) }

    /// The action for a key while the search field is open: the table's, or typing.
    static func searchAction(for key: Key) -> RepoDetailAction? {
        searchField.action(for: key) ?? TextField.typedEdit(for: key).map { .editSearch($0) }
    }

    /// The keys that switch tabs, as the tab bar shows them: the footer's "←→", or the remapped keys.
    static var tabHint: String {
        table.bindings.first { $0.action == .nextTab }?.footer?.keys ?? ""
    }
}
