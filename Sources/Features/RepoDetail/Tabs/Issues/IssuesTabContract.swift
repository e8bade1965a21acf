// The Issues and Pull requests tabs at a glance (one presenter, its `IssueListKind`).
//
// State: `IssueListState` (a value; its pages a `ListLoad`) for the list; `IssueThreadState` for the
// issue or pull request open in the tab; `CommentDrafts` for what the user wrote and GitHub has not
// taken yet.
// Pure builders: `IssuesTabWindow` (the frame's lines), `IssueListStateBuilder` (the list),
// `IssueDetailRenderer` (a thread).
// Presenters: `IssuesTabPresenter` (the list), with `IssueThreadPresenter` (the open thread) and
// `IssueActions` (`o`, `y`, `X`, `C` on one issue).
// Data source: `RepositoryIssues` (stored lists and threads first, then GitHub; nil without the
// ability: the tab says it cannot load).
//
// Ownership: `RepoTabs` (held by the view's presenter) → the presenter strong; presenter → thread
// presenter and issue actions strong; all three → host weak; issue actions → `RepoActions` strong and
// → the presenter only through closures holding it weakly; the thread's `followLink` holds the
// `LinkFollower` strongly.

extension IssuesTabPresenter: RepoTabModule {
    var tab: RepoTab { kind == .issues ? .issues : .pulls }

    func scroll(by lines: Int) {
        for _ in 0..<abs(lines) { _ = handle(lines < 0 ? .scrollUp : .scrollDown) }
    }

    func window(spinner: String) -> TabWindow {
        let built = window()
        return TabWindow(lines: built.lines, position: built.position, titleSuffix: built.title, status: draftNote,
                         searchField: searchField ?? threadPresenter.state?.pane.searchField)
    }

    func footer(for action: RepoDetailAction) -> FooterKey {
        let threadOpen = isThreadOpen
        switch action {
        case .startSearch: return .shown
        case .cycleState: return threadOpen ? .hidden : .shown
        case .confirm: return threadOpen ? .hidden : .shownAs(tr("detail.footer.openIssue"))
        case .nextFile: return threadOpen && kind == .pullRequests ? .shown : .hidden
        case .nextThread, .resolveThread: return threadOpen && kind == .pullRequests && threadPresenter.hasReviewThreads ? .shown : .hidden
        case .selectLine, .submitReview: return threadOpen && kind == .pullRequests ? .shown : .hidden
        case .close where threadOpen: return .shownAs(tr("keys.back"))
        default: return RepoDetailAction.tabSpecific.contains(action) ? .hidden : .shown
        }
    }

    /// A link to an issue or pull request of this repository: a pull request opens in the Pull requests
    /// tab, an issue in the Issues tab; a number that does not say which opens in the tab shown (when it
    /// is one of these), else in Issues. Followed from an open thread, the thread moves on to it.
    func open(_ reference: IssueReference, isCurrent: Bool, onClose: @escaping () -> Void) -> Bool {
        let mine = reference.isPullRequest.map { $0 == (kind == .pullRequests) } ?? (isCurrent || kind == .issues)
        guard mine else { return false }
        if isCurrent, threadPresenter.isOpen {
            threadPresenter.follow(number: reference.number)
        } else {
            open(number: reference.number, onClose: onClose)
        }
        return true
    }

    /// An issue or pull request the view was opened at: its thread, at the comment given once it is read.
    func show(_ place: RepoPlace, onClose: @escaping () -> Void) -> Bool {
        guard case .thread(let number, let isPullRequest, let commentID) = place,
              isPullRequest == (kind == .pullRequests) else { return false }
        open(number: number, onClose: onClose)
        if let commentID { threadPresenter.reveal(commentID: commentID) }
        return true
    }
}

extension RepoTab {
    public static let issues = RepoTab(id: "issues", name: { tr("detail.tab.issues") })
    public static let pulls = RepoTab(id: "pulls", name: { tr("detail.tab.pulls") })
}
