// The Overview tab at a glance.
//
// State: `OverviewState` (a value): the repository, what the shared actions know (badges, the clone),
// the owner's photo and the latest commits; the scroll is the presenter's `DocumentScroll`.
// Pure builder: `OverviewStateBuilder` (the tab's lines at a width).
// Presenter: `OverviewPresenter`; started when the view loads whichever tab is shown first, since the
// latest commits it reads are what `y` copies on every tab.
// Data source: the view's interactor (`RepoDetailInteractorProtocol`: the owner's photo), and a
// `CommitLoader` over it for the latest commits (the list's, for this one repository).
//
// Ownership: `RepoTabs` (held by the view's presenter) → the presenter strong; presenter → host weak;
// presenter → interactor, `RepoActions`, `CommitLoader` and its `BackgroundCalls` strong; the loader
// → the presenter only through a closure holding it weakly.

extension OverviewPresenter: RepoTabModule {
    var tab: RepoTab { .overview }

    func didAppear() { start() }

    func layout(width: Int, height: Int) {
        self.width = width
        self.height = height
        scroll.scroll(to: scroll.offset, lineCount: lines(width: width, spinner: "").count, height: height)
    }

    func handle(_ action: RepoDetailAction) -> Bool {
        scroll.apply(action, lineCount: lines(width: width, spinner: "").count, height: height)
    }

    func scroll(by lines: Int) {
        scroll.scroll(to: scroll.offset + lines, lineCount: self.lines(width: width, spinner: "").count, height: height)
    }

    func window(spinner: String) -> TabWindow {
        let shown = scroll.window(lines(width: width, spinner: spinner), height: height)
        return TabWindow(lines: shown.lines, position: shown.position, canScrollUp: shown.canScrollUp, canScrollDown: shown.canScrollDown)
    }
}

extension RepoTab {
    static let overview = RepoTab(id: "overview", name: { tr("detail.tab.overview") })
}
