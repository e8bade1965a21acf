import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// Routes the list's intents: keys and clicks change the screen state (`RepoListScreenState`: the
/// list model, position, expansions), the store and the network feed it, and every change ends in
/// one pure build of the view state (`RepoListStateBuilder`). Commits are the `CommitLoader`'s.
@MainActor
final class RepoListPresenter: RepoListPresenterProtocol {
    typealias SortOrder = RepoListSortOrder

    weak var view: (any RepoListViewProtocol)?
    private let interactor: any RepoListInteractorProtocol
    private let router: any RepoListRouterProtocol
    private let dispatcher: any UIDispatcher
    private let now: () -> Date
    private let isOffline: Bool
    private let spinner: Spinner
    private var cloneMarks: CloneMarks
    let commitLoader: CommitLoader
    let changeTracker: ChangeTracker
    /// Shown over other screens: Esc, with nothing else to close or clear, goes back to them.
    var goesBackOnEscape = false

    private var screen = RepoListScreenState()
    /// What the state builder keeps between frames (row text, subtitle, carousel cards).
    private var renderCache = RepoListRenderCache()
    private var lineTargets: [Int?] = []
    /// While events read together are handled: the frame and the ★ writes held back until the end.
    private var burst: InputBurst?
    private var observation: (any StoreCancellable)?
    /// The refresh in flight (tests await it).
    private(set) var refreshTask: Task<Void, Never>?
    /// The page load in flight (tests await it).
    private(set) var pageTask: Task<Void, Never>?

    init(interactor: any RepoListInteractorProtocol, router: any RepoListRouterProtocol,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, isDemo: Bool, isOffline: Bool,
                notice: String? = nil, cloner: (any RepositoryCloner)? = nil, changes: (any ListChangesSource)? = nil,
                now: @escaping () -> Date) {
        cloneMarks = CloneMarks(cloner: cloner)
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        self.isOffline = isOffline
        self.now = now
        spinner = Spinner(scheduler: scheduler)
        commitLoader = CommitLoader(source: interactor, dispatcher: dispatcher, scheduler: scheduler, now: now, isOffline: isOffline)
        changeTracker = ChangeTracker(source: changes, dispatcher: dispatcher, now: now)
        screen.ownerLogin = interactor.ownerLogin
        screen.listKind = interactor.list.kind
        screen.isDemo = isDemo
        screen.hostName = interactor.hostName
        screen.notice = notice.map(Sanitizer.line)
        if isOffline {
            screen.connectivity = .offline
            screen.isOfflineMode = true
        }
        commitLoader.repository = { [unowned self] id in self.screen.model.repository(id: id) }
        commitLoader.mayPrefetch = { [interactor] in interactor.mayPrefetchCommits() }
        commitLoader.readAhead = { [unowned self] in self.screen.storeReadAheadIDs }
        commitLoader.onChange = { [unowned self] in self.commitsDidChange() }
        commitLoader.onError = { [unowned self] error in self.screen.networkFailed(error) }
        changeTracker.onChange = { [unowned self] changes, since in update { $0.applyChanges(changes, since: since) } }
    }

    isolated deinit {
        observation?.cancel()
        refreshTask?.cancel()
        pageTask?.cancel()
    }

    /// Commit requests in flight (tests await them).
    var commitTasks: [Int64: Task<Void, Never>] { commitLoader.tasks }
    var sortOrder: SortOrder { screen.model.sortOrder }

    // MARK: Lifecycle

    func viewDidLoad() {
        // The first frame reads only the rows it shows; the observation's first value (read on the
        // store's queue meanwhile) brings the whole list a moment later. Stored commit marks come on
        // the next turn (the terminal's first size arrives before the first frame and must not read
        // them either), as does the question of what changed: each would open a reader connection,
        // which parses the whole schema, before the first paint.
        let head = interactor.storedHead(order: sortOrder.storeOrder, limit: max(screen.viewport.height, RepoListModel.carouselSize))
        commitLoader.readsStore = false
        update { $0.model.apply(head) }
        dispatcher.post { [weak self] in
            guard let self else { return }
            commitLoader.readsStore = true
            stateDidChange()
            changeTracker.loadIfMissing()
        }
        let mailbox = LatestValueMailbox<OwnerListSnapshot>(dispatcher: dispatcher) { [weak self] snapshot in
            self?.storeDidChange(snapshot)
        }
        observation = interactor.observe { snapshot in mailbox.put(snapshot) }
        // The stored list is painted first; the refresh starts on the loop's next turn.
        dispatcher.post { [weak self] in self?.refresh() }
    }

    func viewDidReappear() {
        cloneMarks.forget()
        update { _ in }
    }

    func showNotice(_ text: String) {
        update { $0.notice = Sanitizer.line(text) }
    }

    /// The inbox's unread count changed (`InboxWatch`): the header says it.
    func inboxUnreadDidChange(_ unread: InboxUnread?) {
        if unread != screen.inboxUnread { update { $0.inboxUnread = unread } }
    }

    func viewDidChangeListHeight(_ rows: Int) {
        update { $0.viewport.resize(to: rows) }
    }

    /// Events read together follow: each changes the screen state, the frame is built once at the end.
    func inputWillBegin() {
        if burst == nil { burst = InputBurst() }
    }

    /// The events read together were handled: the ★ marks they changed go to the store in one
    /// write (a failed write puts them back), then the frame is built.
    func inputDidEnd() {
        guard let ended = burst else { return }
        burst = nil
        let marks = ended.changedMarks
        if !marks.isEmpty, !saveFavourites(marks) {
            screen.changeModel(keepingSelection: true) { model in
                for (id, on) in marks { model.setFavourite(!on, repositoryID: id) }
            }
            publish()
        } else if ended.needsPublish {
            publish()
        }
    }

    var isEditingFilter: Bool { screen.model.isEditingFilter }

    // MARK: Intents

    func handle(_ action: RepoListAction) {
        screen.notice = nil
        switch screen.modal.intercept(action) {
        case .quit: router.quit(); publish(); return
        case .handled: publish(); return
        case .notIntercepted: break
        }
        switch action {
        case .toggleExpand where screen.focus == .carousel, .openDetail where screen.focus == .carousel:
            if let card = screen.focusedCard { showDetail(card) }
        case .toggleExpand: toggleExpansion(at: screen.viewport.selection)
        case .openDetail: if let repository = screen.selectedRepository { showDetail(repository) }
        case .openIssues:
            if let repository = screen.focus == .carousel ? screen.focusedCard : screen.selectedRepository {
                showDetail(repository, tab: .issues)
            }
        case .dismissChanges: changeTracker.dismissAll(); if screen.changeMarks.showsChangedOnly { screen.toggleChangedOnly() }
        case .toggleFavourite: toggleFavourite()
        case .ownerPrompt: router.showOwnerPrompt()
        case .hosts: router.showHosts()
        case .profile: router.showProfile(login: screen.model.snapshot.owner?.login ?? interactor.ownerLogin)
        case .search: router.showSearch()
        case .localSearch: router.showLocalSearch(); return
        case .openInbox: router.showInbox()
        case .toggleStarred:
            let login = screen.model.snapshot.owner?.login ?? interactor.ownerLogin
            router.showList(interactor.list.kind == .starred ? .owner(login) : .starred(login))
            return
        case .refresh: cloneMarks.forget(); refresh(); commitLoader.retryFailed()
        case .dismiss where !screen.model.filterText.isEmpty: filterDidEnd(keep: false); return
        case .dismiss where goesBackOnEscape: router.close(); return
        case .quit: router.quit(); return
        default: break
        }
        update { $0.apply(action) }
    }

    func didClickLine(_ index: Int, onToggle: Bool) {
        guard let target = target(ofLine: index) else { return }
        screen.focus = .list
        screen.select(target)
        if onToggle { toggleExpansion(at: target) }
        update { _ in }
    }

    func didDragUp(fromLine index: Int) {
        guard let target = target(ofLine: index) else { return }
        update { $0.focus = .list; $0.select(target) }
        if let repository = screen.selectedRepository { showDetail(repository) }
    }

    /// Opens a repository's overlay: the user looked at it, so its change mark goes.
    private func showDetail(_ repository: Repository, tab: RepoTab = .overview) {
        changeTracker.looked(at: repository)
        router.showRepositoryDetail(repository, tab: tab)
    }

    func didClickCard(_ index: Int) {
        guard !screen.modal.isActive, index >= 0, index < screen.model.carouselRepositories.count else { return }
        screen.carouselIndex = index
        screen.focus = .carousel
        publish()
    }

    func didScroll(by rows: Int) {
        guard !screen.modal.isActive, !screen.model.displayed.isEmpty else { return }
        update { $0.focus = .list; $0.select($0.viewport.selection + rows) }
    }

    func filterDidEdit(_ edit: TextEdit) {
        var field = screen.filterField
        guard field.apply(edit) else { return }
        update {
            $0.filterField = field
            $0.model.isEditingFilter = true
            let text = Sanitizer.line(field.text)
            if text != $0.model.filterText { $0.changeModel(keepingSelection: false) { $0.setFilter(text) } }
        }
    }

    func filterDidEnd(keep: Bool) {
        update {
            $0.model.isEditingFilter = false
            if !keep {
                $0.filterField = TextField(maxLength: RepoListScreenState.maximumFilterLength)
                $0.changeModel(keepingSelection: true) { $0.setFilter("") }
            }
        }
    }

    private func target(ofLine index: Int) -> Int? {
        if burst?.needsPublish == true { build() } // the lines as the screen has them now
        guard !screen.modal.isActive, lineTargets.indices.contains(index) else { return nil }
        return lineTargets[index]
    }

    /// The focused card's or the selected row's repository gets or loses its ★: the mark shows at
    /// once, and the store is written at once, or at the end of the burst of keys (the observed
    /// snapshot confirms it).
    private func toggleFavourite() {
        guard let repository = screen.focus == .carousel ? screen.focusedCard : screen.selectedRepository else { return }
        let on = !screen.model.isFavourite(repository.id)
        if burst != nil {
            burst?.mark(repository.id, on)
        } else if !saveFavourites([repository.id: on]) {
            return
        }
        screen.changeModel(keepingSelection: true) { $0.setFavourite(on, repositoryID: repository.id) }
    }

    /// Writes ★ marks to the store; false, with a message, when it could not.
    private func saveFavourites(_ marks: [Int64: Bool]) -> Bool {
        do {
            try interactor.setFavourites(marks)
            return true
        } catch {
            screen.modal.message = .error(tr("message.favouriteNotSaved", Sanitizer.line(String(describing: error))))
            return false
        }
    }

    private func toggleExpansion(at index: Int) {
        guard let repository = screen.model.repository(at: index) else { return }
        if screen.expanded.remove(repository.id) == nil {
            screen.expanded.insert(repository.id)
            commitLoader.expand(repository)
            changeTracker.looked(at: repository)
        }
    }

    /// Applies `change` to the screen state (with what the interactor and the loader know now), keeps
    /// the selection in view, and shows the result.
    private func update(_ change: (inout RepoListScreenState) -> Void) {
        screen.hasMorePages = interactor.hasMorePages
        screen.commits = commitLoader.states
        change(&screen)
        screen.ensureSelectionVisible()
        stateDidChange()
    }

    // MARK: Store and network

    func storeDidChange(_ snapshot: OwnerListSnapshot) {
        changeTracker.listDidChange(snapshot)
        update { $0.changeModel(keepingSelection: true) { $0.apply(snapshot) } }
        commitLoader.listDidChange()
    }

    private func refresh() {
        guard !screen.isRefreshing else { return }
        if isOffline {
            screen.connectivity = .offline
            return
        }
        screen.isRefreshing = true
        startSpinner()
        publish()
        let stored = screen.model.snapshot.repositories.count
        let query = interactor.firstScreenPlan(rows: screen.viewport.height, order: sortOrder, storedCount: stored).query
        commitLoader.awaitsFirstScreenQuery = query != nil
        refreshTask = dispatcher.background { [interactor] in await interactor.refresh(firstScreen: query) } then: { [weak self] outcome in
            self?.refreshDidFinish(outcome)
        }
    }

    func refreshDidFinish(_ outcome: RefreshOutcome) {
        screen.isRefreshing = false
        refreshTask = nil
        commitLoader.firstScreenQueryDidFinish()
        networkDidAnswer(outcome)
    }

    /// Infinite scroll: the next page is requested when the selection is within a screen of the end.
    private func loadMoreIfNeeded() {
        let model = screen.model
        guard !screen.isLoadingMore, !screen.isRefreshing, !model.snapshot.isPartial, !model.displayed.isEmpty, model.filterText.isEmpty,
              screen.modal.message == nil, interactor.hasMorePages,
              screen.viewport.selection >= model.displayed.count - screen.viewport.height else { return }
        screen.isLoadingMore = true
        startSpinner()
        let interactor = self.interactor
        pageTask = dispatcher.background { await interactor.loadNextPage() } then: { [weak self] outcome in
            self?.pageDidLoad(outcome)
        }
    }

    func pageDidLoad(_ outcome: RefreshOutcome) {
        screen.isLoadingMore = false
        pageTask = nil
        networkDidAnswer(outcome)
    }

    private func networkDidAnswer(_ outcome: RefreshOutcome) {
        if !screen.isRefreshing, !screen.isLoadingMore { spinner.stop() }
        let rateLimit = interactor.rateLimit()
        changeTracker.loadIfMissing()
        update { screen in
            screen.rateLimit = rateLimit
            screen.hasNoRateLimit = interactor.hasNoRateLimit
            switch outcome {
            case .refreshed: screen.connectivity = .online; screen.failure = nil
            case .skippedOffline, .cancelled: break
            case .failed(let error): screen.networkFailed(error)
            case .storeFailed(let reason):
                screen.modal.message = .error(tr("message.repositoriesNotSaved", Sanitizer.line(reason)))
            }
        }
    }

    private func startSpinner() {
        spinner.start { [weak self] in self?.publish() }
    }

    // MARK: View state

    /// After a change: what the change asks of the network and the store, then the new frame.
    private func stateDidChange() {
        loadMoreIfNeeded()
        commitLoader.readStored(screen.windowIDs)
        cloneMarks.look(at: screen.windowIDs, repository: screen.model.repository(id:), marking: &screen.cloned)
        publish()
    }

    private func commitsDidChange() {
        screen.commits = commitLoader.states
        screen.ensureSelectionVisible()
        publish()
    }

    /// Shows the state: at once, or once at the end of a burst of events.
    private func publish() {
        if burst != nil { burst?.needsPublish = true } else { build() }
    }

    /// Builds and shows the frame; the commit loader learns which rows are on screen.
    private func build() {
        burst?.needsPublish = false
        screen.commits = commitLoader.states
        screen.hasMorePages = interactor.hasMorePages
        screen.spinnerSymbol = spinner.symbol
        screen.commitsOnDemand = !commitLoader.heldBack.isEmpty
        if screen.commitsOnDemand { screen.rateLimit = interactor.rateLimit() }
        let frame = RepoListStateBuilder.build(screen, cache: &renderCache, now: now())
        lineTargets = frame.lineTargets
        view?.display(frame.viewState)
        commitLoader.visibleRowsDidChange(frame.visibleIDs)
    }
}

extension RepoListAction: ModalAction {
    var isQuit: Bool { self == .quit }
    /// Enter, Esc (and the list's Enter, toggleExpand) press a message's [ OK ].
    var closesMessage: Bool { self == .confirm || self == .dismiss || self == .toggleExpand }
}
