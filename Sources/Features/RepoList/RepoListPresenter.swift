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
    let commitLoader: CommitLoader

    private var screen = RepoListScreenState()
    private var lineTargets: [Int?] = []
    private var observation: (any StoreCancellable)?
    /// The refresh in flight (tests await it).
    private(set) var refreshTask: Task<Void, Never>?
    /// The page load in flight (tests await it).
    private(set) var pageTask: Task<Void, Never>?

    init(interactor: any RepoListInteractorProtocol, router: any RepoListRouterProtocol,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, isDemo: Bool, isOffline: Bool,
                notice: String? = nil, now: @escaping () -> Date) {
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        self.isOffline = isOffline
        self.now = now
        spinner = Spinner(scheduler: scheduler)
        commitLoader = CommitLoader(source: interactor, dispatcher: dispatcher, scheduler: scheduler, now: now, isOffline: isOffline)
        screen.ownerLogin = interactor.ownerLogin
        screen.isDemo = isDemo
        screen.notice = notice.map(Sanitizer.line)
        if isOffline { screen.connectivity = .offline }
        commitLoader.repository = { [unowned self] id in self.screen.model.repository(id: id) }
        commitLoader.readAhead = { [unowned self] in self.screen.storeReadAheadIDs }
        commitLoader.onChange = { [unowned self] in self.commitsDidChange() }
        commitLoader.onError = { [unowned self] error in self.screen.modal.show(error) }
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
        // the next turn: reading them now would open a second database connection first.
        let head = interactor.storedHead(order: sortOrder.storeOrder, limit: max(screen.viewport.height, RepoListModel.carouselSize))
        commitLoader.readsStore = false
        update { $0.model.apply(head) }
        commitLoader.readsStore = true
        dispatcher.post { [weak self] in self?.stateDidChange() }
        let dispatcher = self.dispatcher
        observation = interactor.observe { [weak self] snapshot in
            guard let self else { return }
            dispatcher.post { [weak self] in self?.storeDidChange(snapshot) }
        }
        // The stored list is painted first; the refresh starts on the loop's next turn.
        dispatcher.post { [weak self] in self?.refresh() }
    }

    func viewDidChangeListHeight(_ rows: Int) {
        update { $0.viewport.height = max(1, rows) }
    }

    // MARK: Intents

    func handle(_ action: RepoListAction) {
        screen.notice = nil
        switch screen.modal.intercept(action.modalIntent) {
        case .quit: router.quit(); publish(); return
        case .consumed: publish(); return
        case .passed: break
        }
        switch action {
        case .moveUp:
            if screen.focus == .list, screen.viewport.selection == 0 { focusCarousel() } else if screen.focus == .list { select(screen.viewport.selection - 1) }
        case .moveDown:
            if screen.focus == .carousel { screen.focus = .list; select(0) } else { select(screen.viewport.selection + 1) }
        case .pageUp: if screen.focus == .list { select(screen.viewport.selection - screen.viewport.height) }
        case .pageDown:
            if screen.focus == .list { select(screen.viewport.selection + screen.viewport.height) } else { screen.focus = .list; select(0) }
        case .home: select(0); focusCarousel()
        case .end: screen.focus = .list; select(screen.model.displayed.count - 1)
        case .moveLeft: moveCarousel(by: -1)
        case .moveRight: moveCarousel(by: 1)
        case .toggleExpand:
            if screen.focus == .carousel { openCarouselCard() } else { toggleExpansion(at: screen.viewport.selection) }
        case .openDetail:
            if screen.focus == .carousel { openCarouselCard() } else if let repository = selectedRepository { router.showDetail(repository) }
        case .toggleFavourite: toggleFavourite()
        case .toggleFavouritesOnly: changeModel(keepingSelection: true) { $0.toggleFavouritesOnly() }
        case .cycleSort: changeModel(keepingSelection: true) { $0.cycleSort() }
        case .startFilter: screen.model.isEditingFilter = true
        case .ownerPrompt: router.showOwnerPrompt()
        case .profile: router.showProfile(login: screen.model.snapshot.owner?.login ?? interactor.ownerLogin)
        case .search: router.showSearch()
        case .refresh: refresh(); commitLoader.retryFailed()
        case .toggleHelp: screen.modal.showsHelp = true
        case .dismiss:
            if !screen.model.filterText.isEmpty { filterDidEnd(keep: false); return }
        case .confirm: break
        case .quit: router.quit(); return
        }
        stateDidChange()
    }

    func didClickLine(_ index: Int, onToggle: Bool) {
        guard let target = target(ofLine: index) else { return }
        screen.focus = .list
        select(target)
        if onToggle { toggleExpansion(at: target) }
        stateDidChange()
    }

    func didDragUp(fromLine index: Int) {
        guard let target = target(ofLine: index) else { return }
        screen.focus = .list
        select(target)
        stateDidChange()
        if let repository = selectedRepository { router.showDetail(repository) }
    }

    func didClickCard(_ index: Int) {
        guard !screen.modal.isShowing, index >= 0, index < screen.model.carouselRepositories.count else { return }
        screen.carouselIndex = index
        screen.focus = .carousel
        publish()
    }

    func didScroll(by rows: Int) {
        guard !screen.modal.isShowing, !screen.model.displayed.isEmpty else { return }
        screen.focus = .list
        select(screen.viewport.selection + rows)
        stateDidChange()
    }

    func filterDidChange(_ text: String) {
        screen.model.isEditingFilter = true
        changeModel(keepingSelection: false) { $0.setFilter(Sanitizer.line(text)) }
    }

    func filterDidEnd(keep: Bool) {
        screen.model.isEditingFilter = false
        if keep { stateDidChange() } else { changeModel(keepingSelection: true) { $0.setFilter("") } }
    }

    private func target(ofLine index: Int) -> Int? {
        guard !screen.modal.isShowing, lineTargets.indices.contains(index) else { return nil }
        return lineTargets[index]
    }

    // MARK: Carousel, favourites, expansions

    private func focusCarousel() {
        guard !screen.model.carouselRepositories.isEmpty else { return }
        screen.focus = .carousel
        screen.viewport.top = 0
    }

    private func moveCarousel(by step: Int) {
        let count = screen.model.carouselRepositories.count
        guard count > 0 else { return }
        screen.focus = .carousel
        screen.carouselIndex = Carousel.index(screen.carouselIndex, movedBy: step, count: count)
    }

    private var focusedCard: Repository? {
        let cards = screen.model.carouselRepositories
        return cards.indices.contains(screen.carouselIndex) ? cards[screen.carouselIndex] : nil
    }

    private func openCarouselCard() {
        if let card = focusedCard { router.showDetail(card) }
    }

    private var selectedRepository: Repository? { screen.model.repository(at: screen.viewport.selection) }

    /// The focused card's or the selected row's repository gets or loses its ★: the store is written
    /// at once and the mark shows at once (the observed snapshot confirms it).
    private func toggleFavourite() {
        guard let repository = screen.focus == .carousel ? focusedCard : selectedRepository else { return }
        let on = !screen.model.isFavourite(repository.id)
        do {
            try interactor.setFavourite(on, repositoryID: repository.id)
        } catch {
            screen.modal.message = MessageBox(title: "Error", message: "Could not save the favourite: \(Sanitizer.line(String(describing: error)))")
            return
        }
        changeModel(keepingSelection: true) { $0.setFavourite(on, repositoryID: repository.id) }
    }

    private func toggleExpansion(at index: Int) {
        guard let repository = screen.model.repository(at: index) else { return }
        if screen.expanded.remove(repository.id) == nil {
            screen.expanded.insert(repository.id)
            commitLoader.expand(repository)
            screen.commits = commitLoader.states
        }
        ensureSelectionVisible()
    }

    // MARK: Selection and scrolling

    private func select(_ index: Int) {
        guard !screen.model.displayed.isEmpty else { return }
        screen.viewport.selection = min(max(0, index), screen.model.displayed.count - 1)
        ensureSelectionVisible()
    }

    private func ensureSelectionVisible() {
        self.screen.hasMorePages = interactor.hasMorePages
        let screen = self.screen
        self.screen.viewport.ensureVisible(count: screen.model.displayed.count) { screen.linesTaken(by: $0) }
    }

    /// Changes the model, keeping the selected repository selected (or going back to the top).
    private func changeModel(keepingSelection: Bool, _ change: (inout RepoListModel) -> Void) {
        let selectedID = keepingSelection ? selectedRepository?.id : nil
        change(&screen.model)
        if let selectedID, let index = screen.model.displayedIndex(of: selectedID) {
            screen.viewport.selection = index
        } else if !keepingSelection {
            screen.viewport.selection = 0
            screen.viewport.top = 0
        }
        screen.carouselIndex = min(screen.carouselIndex, max(0, screen.model.carouselRepositories.count - 1))
        if screen.model.carouselRepositories.isEmpty { screen.focus = .list }
        ensureSelectionVisible()
        stateDidChange()
    }

    /// Applies `change` to the screen state, then shows it.
    private func update(_ change: (inout RepoListScreenState) -> Void) {
        change(&screen)
        ensureSelectionVisible()
        stateDidChange()
    }

    // MARK: Store and network

    func storeDidChange(_ snapshot: OwnerListSnapshot) {
        changeModel(keepingSelection: true) { $0.apply(snapshot) }
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
        let interactor = self.interactor
        refreshTask = dispatcher.background { await interactor.refresh() } then: { [weak self] outcome in
            self?.refreshDidFinish(outcome)
        }
    }

    func refreshDidFinish(_ outcome: RefreshOutcome) {
        screen.isRefreshing = false
        refreshTask = nil
        networkDidAnswer(outcome)
    }

    /// Infinite scroll: the next page is requested when the selection is within a screen of the end.
    private func loadMoreIfNeeded() {
        let model = screen.model
        guard !screen.isLoadingMore, !screen.isRefreshing, !model.snapshot.isPartial, model.filterText.isEmpty,
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
        screen.rateLimit = interactor.rateLimit()
        if !screen.isRefreshing, !screen.isLoadingMore { spinner.stop() }
        switch outcome {
        case .refreshed: screen.connectivity = .online
        case .skippedOffline, .cancelled: break
        case .failed(let error):
            if error == .network { screen.connectivity = .offline }
            screen.modal.show(error)
        case .storeFailed(let reason):
            screen.modal.message = MessageBox(title: "Error", message: "Could not save the repositories: \(Sanitizer.line(reason))")
        }
        ensureSelectionVisible()
        stateDidChange()
    }

    private func startSpinner() {
        spinner.start { [weak self] in self?.publish() }
    }

    // MARK: View state

    /// After a change: what the change asks of the network and the store, then the new frame.
    private func stateDidChange() {
        loadMoreIfNeeded()
        commitLoader.readStored(screen.windowIDs)
        publish()
    }

    private func commitsDidChange() {
        screen.commits = commitLoader.states
        ensureSelectionVisible()
        publish()
    }

    /// Builds and shows the frame; the commit loader learns which rows are on screen.
    private func publish() {
        screen.commits = commitLoader.states
        screen.hasMorePages = interactor.hasMorePages
        screen.spinnerSymbol = spinner.symbol
        let frame = RepoListStateBuilder.build(screen, now: now())
        lineTargets = frame.lineTargets
        view?.display(frame.viewState)
        commitLoader.visibleRowsDidChange(frame.visibleIDs)
    }
}

extension RepoListAction {
    /// What the action means to a message box or the help overlay over the list.
    var modalIntent: ModalIntent {
        switch self {
        case .confirm, .dismiss, .toggleExpand: .close
        case .quit: .quit
        default: .other
        }
    }
}
