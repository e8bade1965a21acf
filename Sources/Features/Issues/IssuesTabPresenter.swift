import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// The Issues and the Pull requests tabs (one presenter, its `kind`): the list (stored at once, pages
/// by `Link` as the selection nears the end, `e` cycles open/closed/all, `/` filters the loaded rows,
/// Enter opens one); in an issue ↑↓/PgUp/PgDn scroll, comments load as the end comes near, `]`/`[`
/// jump between a pull request's files, Esc goes back to the list; `o` and `y` act on the issue
/// selected or open. It only turns intents into `IssueListState`/`IssueThreadState`; the builders
/// make the lines.
@MainActor
final class IssuesTabPresenter {
    let kind: IssueListKind
    private(set) var list: IssueListState
    private(set) var thread: IssueThreadState?
    private(set) var searchField: TextField?
    weak var host: (any RepoViewHost)?
    private let issues: RepositoryIssues?
    private let actions: RepoActions
    private let dispatcher: any UIDispatcher
    private let now: () -> Date
    private let labelsInColour: Bool
    private let webHost: String
    private var started = false
    private var width = 60
    private var height = 10
    /// Answers for a list left meanwhile (another state filter) are dropped.
    private var generation = 0
    private(set) var pageTask: Task<Void, Never>?
    private(set) var threadTask: Task<Void, Never>?
    private(set) var moreTask: Task<Void, Never>?
    /// What Esc in the open thread does after closing it (back to the tab a link was followed from).
    private var closeAction: (() -> Void)?

    init(kind: IssueListKind, issues: RepositoryIssues?, actions: RepoActions, dispatcher: any UIDispatcher,
         webHost: String, labelsInColour: Bool, now: @escaping () -> Date) {
        self.kind = kind
        self.issues = issues
        self.actions = actions
        self.dispatcher = dispatcher
        self.webHost = webHost
        self.labelsInColour = labelsInColour
        self.now = now
        list = IssueListState(kind: kind)
    }

    isolated deinit {
        pageTask?.cancel()
        threadTask?.cancel()
        moreTask?.cancel()
    }

    var isLoading: Bool { pageTask != nil || threadTask != nil || moreTask != nil }
    var isThreadOpen: Bool { thread != nil }

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
        thread?.render(width: width, now: now(), labelsInColour: labelsInColour)
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
        pageTask = dispatcher.background { () -> Result<Page<Issue>, GitHubError>? in
            do { return .success(try await issues.fetchPage(kind, filter: filter, next: next, pageIndex: index)) }
            catch is CancellationError { return nil }
            catch { return .failure(error as? GitHubError ?? .network) }
        } then: { [weak self] result in
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
        fetchPage(next: url, index: list.pagesLoaded)
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
        pageTask = dispatcher.background { () -> Result<Page<Issue>, GitHubError>? in
            do { return .success(Page(items: try await issues.search(query, kind: kind))) }
            catch is CancellationError { return nil }
            catch { return .failure(error as? GitHubError ?? .network) }
        } then: { [weak self] result in
            guard let self, generation == self.generation else { return }
            pageDidLoad(result, index: 0)
        }
    }

    /// Opens issue `number` of this repository (the selected row, or a link followed: `onClose` then
    /// runs when Esc leaves it, to go back where the link was).
    func open(number: Int, onClose: (() -> Void)? = nil) {
        closeAction = onClose
        threadTask?.cancel()
        moreTask?.cancel()
        moreTask = nil
        var state = IssueThreadState(number: number)
        if let stored = issues?.storedThread(number: number) { state.show(stored) }
        thread = state
        thread?.render(width: width, now: now(), labelsInColour: labelsInColour)
        guard let issues else {
            thread?.failure = .network
            thread?.isLoading = false
            return
        }
        threadTask = dispatcher.background { () -> Result<(IssueThread, nextComments: URL?), GitHubError>? in
            do { return .success(try await issues.fetchThread(number: number)) }
            catch is CancellationError { return nil }
            catch { return .failure(error as? GitHubError ?? .network) }
        } then: { [weak self] result in
            self?.threadDidLoad(result, number: number)
        }
    }

    func threadDidLoad(_ result: Result<(IssueThread, nextComments: URL?), GitHubError>?, number: Int) {
        threadTask = nil
        guard thread?.number == number else { return }
        switch result {
        case .success(let (loaded, next)):
            thread?.show(loaded)
            thread?.nextComments = next
            thread?.failure = nil
            if loaded.pull != nil { loadChanges(number: number) }
        case .failure(let error):
            thread?.failure = error
        case nil: break
        }
        thread?.isLoading = false
        thread?.render(width: width, now: now(), labelsInColour: labelsInColour)
        host?.changed()
    }

    private func loadChanges(number: Int) {
        guard let issues else { return }
        moreTask = dispatcher.background { () -> Result<(files: [CommitDetail.File], commits: [Commit]), GitHubError>? in
            do { return .success(try await issues.fetchChanges(number: number)) }
            catch is CancellationError { return nil }
            catch { return .failure(error as? GitHubError ?? .network) }
        } then: { [weak self] result in
            guard let self, thread?.number == number, var loaded = thread?.thread else { return }
            moreTask = nil
            if case .success(let changes) = result {
                loaded.files = changes.files
                loaded.commits = changes.commits
            } else if case .failure(let error) = result {
                loaded.files = []
                host?.setStatus(tr("issues.failed", error.shortReason))
            }
            thread?.show(loaded)
            thread?.render(width: width, now: now(), labelsInColour: labelsInColour)
            loadCommentsIfNear()
            host?.changed()
        }
    }

    /// The next page of comments when the reader is within a screen of the end.
    private func loadCommentsIfNear() {
        guard moreTask == nil, let issues, let state = thread, let url = state.nextComments,
              let rendered = state.rendered, state.offset + 2 * height >= rendered.lines.count else { return }
        let number = state.number, pageIndex = state.commentPages
        moreTask = dispatcher.background { () -> Result<Page<IssueComment>, GitHubError>? in
            do { return .success(try await issues.fetchComments(number: number, page: url, pageIndex: pageIndex)) }
            catch is CancellationError { return nil }
            catch { return .failure(error as? GitHubError ?? .network) }
        } then: { [weak self] result in
            guard let self, thread?.number == number, var loaded = thread?.thread else { return }
            moreTask = nil
            switch result {
            case .success(let page):
                loaded.comments += page.items
                loaded.hasMoreComments = page.next != nil
                thread?.nextComments = page.next
                thread?.commentPages += 1
                thread?.show(loaded)
                thread?.render(width: width, now: now(), labelsInColour: labelsInColour)
            case .failure(let error):
                thread?.nextComments = nil
                host?.setStatus(tr("issues.failed", error.shortReason))
            case nil: break
            }
            host?.changed()
        }
    }

    // MARK: Keys

    /// The tab's keys; returns whether it took the action. Esc in an open issue goes back to the list.
    func handle(_ action: RepoDetailAction) -> Bool {
        if searchField != nil { handleSearchField(action); return true }
        if thread != nil { return handleThread(action) }
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
            actions.open(webPage(selected))
        case .copy:
            guard let selected = list.selected else { return false }
            actions.openCopyMenu(choices: copyChoices(selected))
        case .toggleOpen:
            guard let selected = list.selected else { return true }
            toggleOpen(selected)
        default: return false
        }
        loadMoreIfNear()
        return true
    }

    private func handleThread(_ action: RepoDetailAction) -> Bool {
        guard var state = thread else { return false }
        let lineCount = state.rendered?.lines.count ?? 0
        let maximum = max(0, lineCount - height)
        switch action {
        case .close:
            threadTask?.cancel()
            threadTask = nil
            moreTask?.cancel()
            moreTask = nil
            thread = nil
            let back = closeAction
            closeAction = nil
            back?()
            return true
        case .scrollUp: state.offset = max(0, state.offset - 1)
        case .scrollDown: state.offset = min(maximum, state.offset + 1)
        case .pageUp: state.offset = max(0, state.offset - max(1, height - 1))
        case .pageDown: state.offset = min(maximum, state.offset + max(1, height - 1))
        case .home: state.offset = 0
        case .end: state.offset = maximum
        case .nextFile, .previousFile:
            let starts = state.rendered?.fileStarts ?? []
            let target = action == .nextFile ? starts.first { $0 > state.offset } : starts.last { $0 < state.offset }
            if let target { state.offset = min(maximum, target) }
        case .reloadCommits:
            open(number: state.number)
            return true
        case .openInBrowser:
            guard let issue = state.thread?.issue else { return false }
            actions.open(webPage(issue))
            return true
        case .copy:
            guard let issue = state.thread?.issue else { return false }
            actions.openCopyMenu(choices: copyChoices(issue))
            return true
        case .toggleOpen:
            if let issue = state.thread?.issue { toggleOpen(issue) }
            return true
        default: return false
        }
        thread = state
        loadCommentsIfNear()
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

    // MARK: Actions

    /// The close/reopen in flight (tests await it).
    private(set) var stateTask: Task<Void, Never>?

    /// `X`: closes an open issue, reopens a closed one; without a token says why nothing happens.
    private func toggleOpen(_ issue: Issue) {
        guard let issues, stateTask == nil else { return }
        guard issues.isAuthenticated else {
            host?.setStatus(tr("issues.needsToken"))
            return
        }
        guard !issue.isMerged else {
            host?.setStatus(tr("issues.merged", issue.number))
            return
        }
        let open = !issue.isOpen, number = issue.number
        host?.setStatus(open ? tr("issues.reopening", number) : tr("issues.closing", number))
        stateTask = dispatcher.background { () -> Result<Issue, GitHubError>? in
            do { return .success(try await issues.setOpen(open, number: number)) }
            catch is CancellationError { return nil }
            catch { return .failure(error as? GitHubError ?? .network) }
        } then: { [weak self] result in
            self?.stateDidChange(result, number: number, open: open)
        }
    }

    func stateDidChange(_ result: Result<Issue, GitHubError>?, number: Int, open: Bool) {
        stateTask = nil
        switch result {
        case .success(let changed):
            if var row = list.rows.first(where: { $0.number == number }) {
                row.state = changed.state
                row.closedAt = changed.closedAt
                list.replace(row)
            }
            if thread?.number == number, var loaded = thread?.thread {
                loaded.issue.state = changed.state
                loaded.issue.closedAt = changed.closedAt
                thread?.show(loaded)
                thread?.render(width: width, now: now(), labelsInColour: labelsInColour)
            }
            host?.setStatus(open ? tr("issues.reopened", number) : tr("issues.closed", number))
        case .failure(let error):
            host?.setStatus(tr("issues.stateFailed", error.shortReason))
        case nil: break
        }
        host?.changed()
    }

    private func webPage(_ issue: Issue) -> String {
        issues.map { IssueReference.webPage(of: issue, owner: $0.owner, name: $0.name, host: webHost) } ?? ""
    }

    private func copyChoices(_ issue: Issue) -> [CopyChoice] {
        [CopyChoice(label: tr("issues.copy.url"), text: webPage(issue)),
         CopyChoice(label: tr("issues.copy.number"), text: "#\(issue.number)")]
    }
}
