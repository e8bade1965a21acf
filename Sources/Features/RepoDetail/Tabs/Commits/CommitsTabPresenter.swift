import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The Commits tab: a branch's history (the default branch first), stored history at once, pages
/// fetched by `Link` as the selection nears the end; `b` picks another branch; Enter opens the
/// selected commit (stored in full once read, so offline too); in it ↑↓/PgUp/PgDn scroll, `]`/`[`
/// jump between files, `/` searches; Esc walks back to the history. It only turns intents into
/// `CommitsTabState`; `CommitsTabStateBuilder` makes the lines.
@MainActor
final class CommitsTabPresenter {
    private(set) var state = CommitsTabState()
    weak var host: (any RepoViewHost)?
    private let history: RepositoryHistory
    private let repository: Repository
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    private let now: () -> Date
    private var started = false
    private var width = 60
    private var height = 10
    /// Answers for an older branch are dropped: each switch starts a new generation.
    private var generation = 0
    /// The history page in flight (tests await it).
    private(set) var pageTask: Task<Void, Never>?
    /// The commit being read (tests await it).
    private(set) var commitTask: Task<Void, Never>?
    /// A fetched commit being stored once shown (not cancelled when the view goes: the store keeps what came).
    private(set) var saveTask: Task<Void, Never>?
    /// The commit opened last (`r` asks for it again after a failure).
    private var openedSHA: String?
    /// The rest of a big commit being rendered off the UI thread (tests await it).
    private(set) var renderTask: Task<Void, Never>?
    /// The branches being read for the picker (tests await it).
    private(set) var branchesTask: Task<Void, Never>?
    /// Follows a link of a commit's message (`LinkFollower`).
    var followLink: ((String) -> Void)?

    init(history: RepositoryHistory, repository: Repository, dispatcher: any UIDispatcher, now: @escaping () -> Date) {
        self.history = history
        self.repository = repository
        calls = BackgroundCalls(dispatcher)
        self.now = now
    }

    var isLoading: Bool { pageTask != nil || commitTask != nil || branchesTask != nil || renderTask != nil }
    var searchField: TextField? { state.searchField }
    /// The commit the selection or the open commit names (for `y`).
    var shownCommit: Commit? {
        if let detail = state.commit?.detail { return detail.commit }
        return state.commit == nil ? state.history.selectedCommit : nil
    }

    /// The tab is shown: the first time, the stored history and a request for the first page.
    func didAppear() {
        guard !started else { return }
        started = true
        loadBranch(nil)
    }

    func layout(width: Int, height: Int) {
        self.width = width
        self.height = height
        state.history.resize(to: CommitsTabStateBuilder.historyRows(height: height, hasError: state.history.load.failure != nil))
        renderRest(state.commit?.layout(width: width, height: height, now: now()))
    }

    /// The rest of a big commit's files, rendered in the background, then shown (unless another width or
    /// commit came meanwhile).
    private func renderRest(_ job: CommitDetailScreenState.RenderJob?) {
        guard let job else { return }
        renderTask = calls.run { job.run() } then: { [weak self] rendered in
            guard let self, state.commit?.finish(job, rendered: rendered) == true else { return }
            renderTask = nil
            host?.changed()
        }
    }

    func window() -> CommitsTabWindow {
        CommitsTabStateBuilder.window(state, branch: repository.defaultBranch, height: height, now: now())
    }

    // MARK: Loading

    private func loadBranch(_ branch: String?) {
        generation += 1
        pageTask?.cancel()
        pageTask = nil
        state.history.switchBranch(to: branch)
        if let stored = history.storedHistory(branch: branch) { state.history.showStored(stored) }
        layout(width: width, height: height)
        fetchPage(next: nil, index: 0)
    }

    private func fetchPage(next: URL?, index: Int) {
        let history = self.history, branch = state.history.branch, generation = self.generation
        pageTask = calls.run { await .of { try await history.fetchPage(branch: branch, next: next, pageIndex: index) } } then: { [weak self] result in
            guard let self, generation == self.generation else { return }
            pageDidLoad(result, index: index)
        }
    }

    func pageDidLoad(_ result: Result<Page<Commit>, GitHubError>?, index: Int) {
        pageTask = nil
        switch result {
        case .success(let page): state.history.receive(page, pageIndex: index)
        case .failure(let error): state.history.fail(error)
        case nil: break
        }
        layout(width: width, height: height)
        loadMoreIfNear()
        host?.changed()
    }

    /// The next page when the selection came near the end.
    private func loadMoreIfNear() {
        guard pageTask == nil, let url = state.history.takePageToLoad() else { return }
        fetchPage(next: url, index: state.history.load.pagesLoaded)
    }

    private func openSelected() {
        guard let commit = state.history.selectedCommit else { return }
        open(sha: commit.sha)
    }

    /// Opens the commit `sha` (the selected one, or the one the view was opened at): its diff.
    func open(sha: String) {
        guard commitTask == nil else { return }
        openedSHA = sha
        var detail = CommitDetailScreenState(
            repositoryFullName: repository.fullName,
            linkContext: .init(owner: repository.ownerLogin, name: repository.name, host: GitHubHost.ofWebPage( repository.htmlURL)))
        detail.layout(width: width, height: height, now: now())
        // From the store when it was read before, else GitHub; either off the UI thread (a big commit's
        // stored row takes tens of milliseconds to decode).
        state.commit = detail
        let history = self.history
        commitTask = calls.run { await .of { try await history.commit(sha: sha) } } then: { [weak self] result in
            self?.commitDidLoad(result)
        }
    }

    func commitDidLoad(_ result: Result<StoredByHash.Found<CommitDetail>, GitHubError>?) {
        commitTask = nil
        switch result {
        case .success(let found):
            renderRest(state.commit?.load(found.value, now: now()))
            // Kept once shown: storing a big commit's patches is not on the way to the screen.
            if let fetched = found.toStore {
                let history = self.history
                saveTask = calls.dispatcher.background { history.save(fetched) } then: { _ in }
            }
        case .failure(let error): state.commit?.fail(error)
        case nil: break
        }
        host?.changed()
    }

    private func openBranchPicker() {
        if !state.history.branches.isEmpty {
            showBranchMenu()
            return
        }
        guard branchesTask == nil else { return }
        state.branchesLoading = true
        host?.setStatus(tr("commits.tab.loadingBranches"))
        let history = self.history
        branchesTask = calls.run { await .of { try await history.fetchBranches() } } then: { [weak self] result in
            self?.branchesDidLoad(result)
        }
    }

    func branchesDidLoad(_ result: Result<[Branch], GitHubError>?) {
        branchesTask = nil
        state.branchesLoading = false
        switch result {
        case .success(let branches):
            state.history.branches = branches
            host?.setStatus(nil)
            if branches.isEmpty { host?.setStatus(tr("commits.tab.noBranches")) } else { showBranchMenu() }
        case .failure(let error):
            host?.setStatus(tr("commits.tab.branchesFailed", error.shortReason))
        case nil: break
        }
        host?.changed()
    }

    private func showBranchMenu() {
        state.branchPicker = BranchPickerState(branches: state.history.branches, defaultBranch: repository.defaultBranch,
                                               current: state.history.branch)
    }

    // MARK: Keys

    /// The tab's keys; returns whether it took the action. Esc in an open commit goes back to the history.
    func handle(_ action: RepoDetailAction) -> Bool {
        if state.branchPicker != nil { return handleBranchPicker(action) }
        if state.commit != nil { return handleCommit(action) }
        switch action {
        case .scrollUp: state.history.move(by: -1)
        case .scrollDown: state.history.move(by: 1)
        case .pageUp: state.history.move(by: -max(1, state.history.viewport.height - 1))
        case .pageDown: state.history.move(by: max(1, state.history.viewport.height - 1))
        case .home: state.history.move(by: -state.history.commits.count)
        case .end: state.history.move(by: state.history.commits.count)
        case .confirm: openSelected()
        case .pickBranch: openBranchPicker()
        case .reloadCommits:
            if state.history.load.failure != nil { loadBranch(state.history.branch) } else { return false }
        default: return false
        }
        loadMoreIfNear()
        return true
    }

    /// An open commit's keys: the document's (scrolling, `/` search, the message's links), then `]`/`[`,
    /// `r` after a failure, and Esc back to the history.
    private func handleCommit(_ action: RepoDetailAction) -> Bool {
        guard var commit = state.commit else { return false }
        let outcome = commit.pane.handle(action)
        state.commit = commit
        if outcome.settle(host: host, follow: followLink) { return true }
        switch action {
        case .close:
            commitTask?.cancel()
            commitTask = nil
            renderTask?.cancel()
            renderTask = nil
            state.commit = nil
        case .nextFile, .previousFile:
            state.commit?.jumpToFile(forward: action == .nextFile)
        case .reloadCommits:
            // `r` after a failure: the commit is asked for again.
            guard case .failed = commit.content, let sha = openedSHA else { return false }
            state.commit = nil
            open(sha: sha)
        default: return false
        }
        return true
    }

    private func handleBranchPicker(_ action: RepoDetailAction) -> Bool {
        guard var picker = state.branchPicker else { return false }
        switch action {
        case .scrollUp: picker.move(by: -1)
        case .scrollDown: picker.move(by: 1)
        case .pageUp: picker.move(by: -10)
        case .pageDown: picker.move(by: 10)
        case .choose(let number) where number >= 1 && number <= picker.choices.count:
            // The menu's numbers pick at once.
            picker.move(by: number - 1 - picker.viewport.selection)
            state.branchPicker = nil
            if let branch = picker.chosenBranch { loadBranch(branch) }
            return true
        case .confirm:
            state.branchPicker = nil
            if let branch = picker.chosenBranch { loadBranch(branch) }
            return true
        case .close, .pickBranch:
            state.branchPicker = nil
            return true
        case .quit:
            return false
        default: break
        }
        state.branchPicker = picker
        return true
    }
}
