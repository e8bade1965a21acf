// The Files tab at a glance.
//
// State: `TreeNavigator` (a value: the tree of a ref indexed by folder in `TreeIndex`, the folder shown,
// its selection and filter) and `FileViewState` (the file open, its cursor, scroll and search; its
// colours arriving a stretch at a time, `FileHighlighting`), held by the presenter with what is loading
// or failed.
// Pure builders: `FilesWindowBuilder` (the folder's rows) and `FileViewRenderer` (an open file's
// lines, highlighted); `frameWindow` (FilesTab+Frame) turns either into the frame's lines.
// Presenter: `FilesTabPresenter`, turning the frame's actions into that state.
// Data source: `RepositoryFiles` (the stored tree first, then GitHub's, each indexed off the UI thread;
// a file's bytes by blob sha, fetched once and stored).
//
// Ownership: `RepoTabs` (held by the view's presenter) → the presenter strong; presenter → host weak;
// presenter → `RepositoryFiles` (a value) and its `BackgroundCalls` strong; its `copy` and `open`
// hold `RepoActions` strongly; `chosenBranch` holds the Commits tab weakly.

extension FilesTabPresenter: RepoTabModule {
    var tab: RepoTab { .files }

    func scroll(by lines: Int) {
        for _ in 0..<abs(lines) { _ = handle(lines < 0 ? .scrollUp : .scrollDown) }
    }

    func window(spinner: String) -> TabWindow {
        let built = frameWindow(width: width, height: height)
        // The breadcrumb and at least one row: on a panel of one row, the breadcrumb alone.
        return TabWindow(lines: Array(built.lines.prefix(max(1, height))), position: built.position, searchField: field)
    }

    func footer(for action: RepoDetailAction) -> FooterKey {
        switch action {
        case .startSearch: .shown
        case .toggleSource: file != nil ? .shown : .hidden
        default: RepoDetailAction.tabSpecific.contains(action) ? .hidden : .shown
        }
    }
}

extension RepoTab {
    static let files = RepoTab(id: "files", name: { tr("detail.tab.files") })
}
