import GitHubEntities

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
}

extension RepoTab {
    static let commits = RepoTab(id: "commits", name: { tr("detail.tab.commits") })
}
