// The README tab at a glance.
//
// State: `ReadmeSection` (where the README stands: loading, there, none, failed; its pictures; its
// lines at a width) and a `DocumentPane` of those lines (scroll, search, links).
// Pure builders: `ReadmeRenderer` (the README's Markdown as lines), `ReadmePictures` (the pictures
// alone on their lines, and their cells).
// Presenter: `ReadmePresenter`, turning the frame's actions into the pane's.
// Data source: the view's interactor (`RepoDetailInteractorProtocol`: the stored README, GitHub's,
// and its pictures).
//
// Ownership: `RepoTabs` (held by the view's presenter) → the presenter strong; presenter → host weak;
// presenter → interactor, `LinkFollower`, `ReadmeSection` and its `BackgroundCalls` strong.

extension ReadmePresenter: RepoTabModule {
    var tab: RepoTab { .readme }
    /// `R` shows the README from any tab.
    var jumpAction: RepoDetailAction? { .toggleReadme }

    func layout(width: Int, height: Int) {
        self.width = width
        state.resize(height: height)
        layOut()
    }

    func scroll(by lines: Int) {
        state.scroll(by: lines)
    }

    func window(spinner: String) -> TabWindow {
        layOut()
        askForPictures()
        if let note = readme.note(spinner: spinner) { return TabWindow(lines: [note], searchField: state.searchField) }
        let shown = state.window()
        return TabWindow(lines: shown.lines, position: shown.position, canScrollUp: shown.canScrollUp,
                         canScrollDown: shown.canScrollDown, searchField: state.searchField)
    }

    /// The view opened at a place in the README: searched for the match, scrolled to it once laid out.
    func show(_ place: RepoPlace, onClose: @escaping () -> Void) -> Bool {
        guard case .readme(let match) = place else { return false }
        reveal(match)
        return true
    }

    func footer(for action: RepoDetailAction) -> FooterKey {
        switch action {
        case .startSearch, .nextLink: .shown
        default: RepoDetailAction.tabSpecific.contains(action) ? .hidden : .shown
        }
    }
}

extension RepoTab {
    static let readme = RepoTab(id: "readme", name: { tr("detail.tab.readme") })
}
