import GitHubEntities

// The Commits tab at a glance.
//
// State: `CommitsTabState` (a value): the branch's history (`CommitHistoryState`, its pages a
// `ListLoad`), the branch picker (`BranchPickerState`) and the commit opened from it
// (`CommitDetailScreenState`, a `DocumentPane` of the rendered commit).
// Pure builders: `CommitsTabStateBuilder` (the frame's lines), `CommitHistoryStateBuilder` (the list),
// `CommitDetailStateBuilder` and `CommitDetailRenderer` (a commit, its patch from `PatchParser`).
// Presenter: `CommitsTabPresenter`, turning the frame's actions into that state.
// Data source: `RepositoryHistory` (stored history and commits first, then GitHub; each page stored).
//
// Ownership: `RepoTabs` (held by the view's presenter) → the presenter strong; presenter → host weak;
// presenter → `RepositoryHistory` (a value) and its `BackgroundCalls` strong; `followLink` holds the
// `LinkFollower` strongly; the Files tab reads the chosen branch through a weak reference to it.

extension CommitsTabPresenter: RepoTabModule {
    var tab: RepoTab { .commits }

    /// The history moves its selection (and pages on), a commit scrolls; the branch picker ignores the wheel.
    func scroll(by lines: Int) {
        guard state.branchPicker == nil else { return }
        for _ in 0..<abs(lines) { _ = handle(lines < 0 ? .scrollUp : .scrollDown) }
    }

    func window(spinner: String) -> TabWindow {
        let built = window()
        return TabWindow(lines: built.lines, position: built.position, titleSuffix: built.openCommit,
                         status: built.searchStatus, searchField: state.searchField, menu: state.branchMenu)
    }

    func footer(for action: RepoDetailAction) -> FooterKey {
        let commitOpen = state.commit != nil
        switch action {
        case .startSearch, .nextFile: return commitOpen ? .shown : .hidden
        case .confirm, .pickBranch: return commitOpen ? .hidden : .shown
        case .close where commitOpen: return .shownAs(tr("keys.back"))
        default: return RepoDetailAction.tabSpecific.contains(action) ? .hidden : .shown
        }
    }

    var commitsToCopy: [Commit]? { shownCommit.map { [$0] } ?? [] }

    /// A commit the view was opened at: its diff.
    func show(_ place: RepoPlace, onClose: @escaping () -> Void) -> Bool {
        guard case .commit(let sha) = place else { return false }
        open(sha: sha)
        return true
    }
}

extension RepoTab {
    static let commits = RepoTab(id: "commits", name: { tr("detail.tab.commits") })
}
