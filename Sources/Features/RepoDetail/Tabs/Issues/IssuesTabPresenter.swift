import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// The Issues and the Pull requests tabs (one presenter, its `kind`): the list (stored at once, pages
/// by `Link` as the selection nears the end, `e` cycles open/closed/all, `/` filters the loaded rows or
/// searches, Enter opens one); an open issue is `IssueThreadPresenter`'s, what is done to one (`o`, `y`,
/// `X`) `IssueActions`'. It only turns intents into `IssueListState`; the builders make the lines.
@MainActor
final class IssuesTabPresenter {
    let kind: IssueListKind
    private(set) var list: IssueListState
    private(set) var searchField: TextField?
    weak var host: (any RepoViewHost)? {
        didSet {
            threadPresenter.host = host
            issueActions.host = host
            reviewActions.host = host
        }
    }
    /// The issue or pull request open in the tab.
    let threadPresenter: IssueThreadPresenter
    let issueActions: IssueActions
    /// A pull request's review: line comments and the review submitted.
    let reviewActions: ReviewActions
    private let issues: RepositoryIssues?
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    private let now: () -> Date
    private let labelsInColour: Bool
    private var started = false
    private var width = 60
    private var height = 10
    /// Answers for a list left meanwhile (another state filter) are dropped.
    private var generation = 0
    private(set) var pageTask: Task<Void, Never>?

    init(kind: IssueListKind, issues: RepositoryIssues?, actions: RepoActions, dispatcher: any UIDispatcher,
         webHost: GitHubHost, labelsInColour: Bool, editor: (any TextEditing)? = nil, now: @escaping () -> Date) {
        self.kind = kind
        self.issues = issues
        calls = BackgroundCalls(dispatcher)
        self.labelsInColour = labelsInColour
        self.now = now
        list = IssueListState(kind: kind)
        threadPresenter = IssueThreadPresenter(issues: issues, dispatcher: dispatcher, webHost: webHost,
                                               labelsInColour: labelsInColour, now: now)
        issueActions = IssueActions(issues: issues, actions: actions, dispatcher: dispatcher, webHost: webHost, editor: editor)
        reviewActions = ReviewActions(issues: issues, dispatcher: dispatcher, editor: editor)
        issueActions.stateChanged = { [weak self] number, changed in self?.stateDidChange(number: number, to: changed) }
        issueActions.commentAdded = { [weak self] number, comment in self?.commentAdded(comment, number: number) }
        reviewActions.pendingChanged = { [weak self] number, pending in
            self?.threadPresenter.update(number: number) { $0.pendingReview = pending }
        }
        reviewActions.replyAdded = { [weak self] number, reply in
            self?.threadPresenter.update(number: number) { loaded in
                guard case .success(var list)? = loaded.changes?.reviewComments else { return }
                list.comments.append(reply)
                loaded.changes?.reviewComments = .success(list)
            }
        }
        reviewActions.threadStatusChanged = { [weak self] number, status in
            self?.threadPresenter.update(number: number) { loaded in
                guard case .success(var statuses)? = loaded.changes?.threadStatuses,
                      let at = statuses.firstIndex(where: { $0.id == status.id }) else { return }
                var changed = status
                changed.firstCommentID = changed.firstCommentID ?? statuses[at].firstCommentID
                statuses[at] = changed
                loaded.changes?.threadStatuses = .success(statuses)
                // Resolved: folded (Enter shows it again).
                if status.isResolved, let root = changed.firstCommentID { loaded.unfoldedThreads.remove(root) }
            }
        }
        reviewActions.reviewSubmitted = { [weak self] number, review in
            self?.threadPresenter.update(number: number) { loaded in
                guard case .success(let reviews)? = loaded.changes?.reviews else { return }
                loaded.changes?.reviews = .success(reviews + [review])
            }
        }
    }

    var thread: IssueThreadState? { threadPresenter.state }
    var threadTask: Task<Void, Never>? { threadPresenter.threadTask }
    var moreTask: Task<Void, Never>? { threadPresenter.moreTask }
    var stateTask: Task<Void, Never>? { issueActions.stateTask }
    var isLoading: Bool { pageTask != nil || threadPresenter.isLoading }

    /// The tab bar's count: the open list's items as loaded ("24", "50+" while more pages follow), or,
    /// before the tab is first shown, as stored (read once; no request); nil when not known.
    var tabCount: String? {
        guard started else { return storedCount }
        guard list.filter == .open, list.searchQuery == nil,
              list.list.count > 0 || (!list.load.isLoading && list.load.failure == nil) else { return storedCount }
        return Formatting.grouped(list.list.count) + (list.list.hasMore ? "+" : "")
    }

    private lazy var storedCount: String? = issues?.storedList(kind, filter: .open).map { stored in
        Formatting.grouped(stored.items.count) + (stored.next != nil ? "+" : "")
    }
    var isThreadOpen: Bool { threadPresenter.isOpen }

    /// The tab is shown: the first time, the stored list and a request for the first page.
    func didAppear() {
        guard !started else { return }
        started = true
        loadList()
    }

    func layout(width: Int, height: Int) {
        self.width = width
        self.height = height
        list.resize(to: IssueListStateBuilder.rowCount(height: height))
        threadPresenter.layout(width: width, height: height)
    }

    /// What the frame draws: the visible lines, the position, and the title's suffix (`#N`).
    func window() -> (lines: [DetailLine], position: String, title: String?) {
        IssuesTabWindow.build(list: list, thread: thread, width: width, height: height, now: now(), labelsInColour: labelsInColour)
    }

    // MARK: Loading

    private func loadList() {
        generation += 1
        pageTask?.cancel()
        pageTask = nil
        if let stored = issues?.storedList(kind, filter: list.filter) {
            list.showStored(stored.items, next: stored.next, pages: stored.pages, fetchedAt: stored.fetchedAt)
        }
        fetchPage(next: nil, index: 0)
    }

    private func fetchPage(next: URL?, index: Int) {
        guard let issues else {
            list.fail(.network)
            return
        }
        let kind = self.kind, filter = list.filter, generation = self.generation
        pageTask = calls.run { await .of { try await issues.fetchPage(kind, filter: filter, next: next, pageIndex: index) } } then: { [weak self] result in
            guard let self, generation == self.generation else { return }
            pageDidLoad(result, index: index)
        }
    }

    func pageDidLoad(_ result: Result<Page<Issue>, GitHubError>?, index: Int) {
        pageTask = nil
        switch result {
        case .success(let page): list.receive(page, pageIndex: index)
        case .failure(let error): list.fail(error)
        case nil: break
        }
        loadMoreIfNear()
        host?.changed()
    }

    private func loadMoreIfNear() {
        guard pageTask == nil, let url = list.takePageToLoad() else { return }
        fetchPage(next: url, index: list.load.pagesLoaded)
    }

    /// A search in GitHub's syntax within this repository and kind (`/search/issues`, its own rate limit):
    /// its results replace the list until Esc.
    private func search(_ query: String) {
        guard let issues else { return }
        generation += 1
        pageTask?.cancel()
        list.startSearch(query)
        list.resize(to: IssueListStateBuilder.rowCount(height: height))
        let kind = self.kind, generation = self.generation
        pageTask = calls.run { await .of { Page(items: try await issues.search(query, kind: kind)) } } then: { [weak self] result in
            guard let self, generation == self.generation else { return }
            pageDidLoad(result, index: 0)
        }
    }

    /// Opens issue `number` of this repository (the selected row, or a link followed: `onClose` then
    /// runs when Esc leaves it, to go back where the link was).
    func open(number: Int, onClose: (() -> Void)? = nil) {
        threadPresenter.open(number: number, onClose: onClose)
    }

    // MARK: Keys

    /// The tab's keys; returns whether it took the action. Esc in an open issue goes back to the list.
    func handle(_ action: RepoDetailAction) -> Bool {
        if searchField != nil { handleSearchField(action); return true }
        if threadPresenter.isOpen { return handleThread(action) }
        switch action {
        case .scrollUp: list.move(by: -1)
        case .scrollDown: list.move(by: 1)
        case .pageUp: list.move(by: -max(1, list.viewport.height - 1))
        case .pageDown: list.move(by: max(1, list.viewport.height - 1))
        case .home: list.move(by: -list.rows.count)
        case .end: list.move(by: list.rows.count)
        case .confirm:
            guard let selected = list.selected else { return true }
            open(number: selected.number)
        case .cycleState:
            list.cycleFilter()
            list.resize(to: IssueListStateBuilder.rowCount(height: height))
            loadList()
        case .startSearch:
            searchField = TextField(text: list.textFilter, maxLength: IssueListState.maximumQueryLength)
        case .reloadCommits: loadList()
        case .close where list.searchQuery != nil:
            list.startSearch(nil)
            list.resize(to: IssueListStateBuilder.rowCount(height: height))
            loadList()
        case .openInBrowser:
            guard let selected = list.selected else { return false }
            issueActions.open(selected)
        case .copy:
            guard let selected = list.selected else { return false }
            issueActions.copy(selected)
        case .toggleOpen:
            guard let selected = list.selected else { return true }
            issueActions.toggleOpen(selected)
        case .comment:
            guard let selected = list.selected else { return true }
            issueActions.comment(on: selected)
        default: return false
        }
        loadMoreIfNear()
        return true
    }

    /// The open thread's keys: its own (scrolling, files, Esc), then the actions on its issue.
    private func handleThread(_ action: RepoDetailAction) -> Bool {
        if threadPresenter.handle(action) { return true }
        guard let issue = threadPresenter.issue else { return action == .toggleOpen || action == .comment }
        switch action {
        case .openInBrowser: issueActions.open(issue)
        case .copy: issueActions.copy(issue)
        case .toggleOpen: issueActions.toggleOpen(issue)
        case .comment:
            guard let chosen = threadPresenter.state?.isChoosingLine == true ? threadPresenter.state?.chosen() : nil else {
                issueActions.comment(on: issue)
                return true
            }
            switch chosen {
            case .success(.line(let target)): reviewActions.comment(at: target, on: issue)
            case .success(.reply(let root)): reviewActions.reply(to: root, on: issue)
            case .failure(let refusal): host?.setStatus(refusal.message)
            }
        case .submitReview where threadPresenter.state?.thread?.pull != nil: reviewActions.submit(on: issue)
        case .resolveThread where threadPresenter.state?.thread?.pull != nil:
            guard let (_, status) = threadPresenter.state?.threadStatusAtHand() else {
                host?.setStatus(tr("review.noThreadHere"))
                return true
            }
            reviewActions.toggleResolved(status, on: issue)
        default: return false
        }
        return true
    }

    private func handleSearchField(_ action: RepoDetailAction) {
        switch action {
        case .editSearch(let edit):
            guard var field = searchField, field.apply(edit) else { return }
            searchField = field
            list.setTextFilter(field.text)
        case .submitSearch:
            let text = searchField?.text ?? ""
            searchField = nil
            if IssueListState.isGitHubSearch(text) { search(text) }
        case .cancelSearch, .close:
            searchField = nil
            list.setTextFilter("")
        default:
            break
        }
        loadMoreIfNear()
    }

    /// An issue closed or reopened: its row and the open thread follow.
    private func stateDidChange(number: Int, to changed: Issue) {
        if var row = list.rows.first(where: { $0.number == number }) {
            row.state = changed.state
            row.closedAt = changed.closedAt
            list.replace(row)
        }
        threadPresenter.update(number: number) { loaded in
            loaded.issue.state = changed.state
            loaded.issue.closedAt = changed.closedAt
        }
    }

    /// A comment posted: the row counts it, and the open thread shows it at its end (when its comments
    /// were read to the end; else it comes with the last page).
    private func commentAdded(_ comment: IssueComment, number: Int) {
        if var row = list.rows.first(where: { $0.number == number }) {
            row.commentCount += 1
            list.replace(row)
        }
        threadPresenter.update(number: number) { loaded in
            loaded.issue.commentCount += 1
            if !loaded.hasMoreComments { loaded.comments.append(comment) }
        }
        threadPresenter.scrollToEnd(ofThread: number)
    }
}
