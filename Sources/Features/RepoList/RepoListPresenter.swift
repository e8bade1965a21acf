import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// Turns the stored list, the network's progress and the user's intents into one
/// `RepoListViewState`: carousel, sorted/filtered rows, expansions with their latest commits, and
/// the lazy, cancellable fetching of commits for rows that settle on screen.
@MainActor
public final class RepoListPresenter: RepoListPresenterProtocol {
    /// Whether the last word from the network was good.
    enum Connectivity: Equatable { case unknown, online, offline }

    /// The orders `s` cycles through.
    public enum SortOrder: String, CaseIterable, Sendable {
        case name, updated, stars

        /// The same order, as the store sorts (for the first frame).
        var storeOrder: RepositoryOrder {
            switch self {
            case .name: .name
            case .updated: .updated
            case .stars: .stars
            }
        }
    }

    /// What is known of one repository's latest commits.
    enum CommitState: Equatable {
        case loading
        case loaded([Commit], fetchedAt: Date)
        case empty(fetchedAt: Date)
        case failed(String)
    }

    enum Focus: Equatable { case carousel, list }

    /// Commits younger than this are not requested again.
    static let commitFreshness: TimeInterval = 600
    /// How long rows must stay on screen before their commits are requested.
    public static let settleDelay: Duration = .milliseconds(150)
    /// Commit requests in flight at once.
    static let maxCommitRequests = 4
    static let carouselSize = 5
    static let spinnerFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public weak var view: (any RepoListViewProtocol)?
    private let interactor: any RepoListInteractorProtocol
    private let router: any RepoListRouterProtocol
    private let dispatcher: any UIDispatcher
    private let scheduler: any Scheduler
    private let now: () -> Date
    private let isDemo: Bool
    private let releaseFreedMemory: @MainActor () -> Void
    private let isOffline: Bool

    // Data
    private var snapshot = OwnerListSnapshot()
    /// `snapshot.repositories` in `sortOrder`, and what of it is displayed: orders over the one array
    /// of rows, never copies of it.
    private var sorted = RepositoryRows()
    private var displayed = RepositoryRows()
    private(set) var sortOrder: SortOrder = .name
    private var favouritesOnly = false
    private var filterText = ""
    private var isEditingFilter = false

    // Position
    private var focus: Focus = .list
    private var carouselIndex = 0
    private var selection = 0
    private var top = 0
    private var listHeight = 10
    private var expanded = Set<Int64>()
    /// Displayed index of each visible line (nil for lines that are not rows), for clicks.
    private var lineTargets: [Int?] = []

    // Commits
    private var commitStates: [Int64: CommitState] = [:]
    private var checkedStore = Set<Int64>()
    /// True while the first frame is built (see `viewDidLoad`).
    private var storedCommitsDeferred = false
    /// Commit requests in flight (tests await them).
    public private(set) var commitTasks: [Int64: Task<Void, Never>] = [:]
    private var commitQueue: [Int64] = []
    private var visibleIDs: [Int64] = []
    private var settleTimer: (any Cancellable)?

    // Network
    private var connectivity: Connectivity = .unknown
    private var isRefreshing = false
    private var isLoadingMore = false
    private var rateLimit: RateLimit?
    private var spinnerFrame = 0
    private var spinnerTimer: (any Cancellable)?
    private var observation: (any StoreCancellable)?
    /// The refresh in flight (tests await it).
    public private(set) var refreshTask: Task<Void, Never>?
    /// The page load in flight (tests await it).
    public private(set) var pageTask: Task<Void, Never>?

    // Overlays
    private var message: MessageBox?
    private var notice: String?
    private var showsHelp = false

    public init(interactor: any RepoListInteractorProtocol, router: any RepoListRouterProtocol,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, isDemo: Bool, isOffline: Bool,
                notice: String? = nil, now: @escaping () -> Date = Date.init,
                releaseFreedMemory: @escaping @MainActor () -> Void = {}) {
        self.releaseFreedMemory = releaseFreedMemory
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        self.scheduler = scheduler
        self.isDemo = isDemo
        self.isOffline = isOffline
        self.now = now
        self.notice = notice.map(Sanitizer.line)
        if isOffline { connectivity = .offline }
    }

    isolated deinit {
        observation?.cancel()
        refreshTask?.cancel()
        pageTask?.cancel()
        for task in commitTasks.values { task.cancel() }
        spinnerTimer?.cancel()
        settleTimer?.cancel()
    }

    // MARK: Lifecycle

    public func viewDidLoad() {
        // The first frame reads only the rows it shows; the observation's first value (read on the
        // store's queue meanwhile) brings the whole list a moment later.
        apply(interactor.storedHead(order: sortOrder.storeOrder, limit: max(listHeight, Self.carouselSize)))
        // Stored commits (each row's ●/○ mark) come on the next turn: reading them now would open a
        // second database connection before the first frame.
        storedCommitsDeferred = true
        publish()
        storedCommitsDeferred = false
        dispatcher.post { [weak self] in self?.publish() }
        let dispatcher = self.dispatcher
        observation = interactor.observe { [weak self] snapshot in
            guard let self else { return }
            dispatcher.post { [weak self] in self?.storeDidChange(snapshot) }
        }
        // The stored list is painted first; the refresh starts on the loop's next turn.
        dispatcher.post { [weak self] in self?.refresh() }
    }

    public func viewDidChangeListHeight(_ rows: Int) {
        listHeight = max(1, rows)
        ensureSelectionVisible()
        publish()
    }

    // MARK: Intents

    public func handle(_ action: RepoListAction) {
        notice = nil
        if message != nil {
            switch action {
            case .confirm, .dismiss, .toggleExpand: message = nil
            case .quit: router.quit()
            default: break
            }
            publish()
            return
        }
        if showsHelp {
            if action == .quit { router.quit() } else { showsHelp = false }
            publish()
            return
        }
        switch action {
        case .moveUp:
            if focus == .list, selection == 0 { focusCarousel() } else if focus == .list { select(selection - 1) }
        case .moveDown:
            if focus == .carousel { focus = .list; select(0) } else { select(selection + 1) }
        case .pageUp: if focus == .list { select(selection - listHeight) }
        case .pageDown: if focus == .list { select(selection + listHeight) } else { focus = .list; select(0) }
        case .home: select(0); focusCarousel()
        case .end: focus = .list; select(displayed.count - 1)
        case .moveLeft: moveCarousel(by: -1)
        case .moveRight: moveCarousel(by: 1)
        case .toggleExpand:
            if focus == .carousel { openCarouselCard() } else { toggleExpansion(at: selection) }
        case .openDetail:
            if focus == .carousel { openCarouselCard() } else if let repository = selectedRepository { router.showDetail(repository) }
        case .toggleFavourite: toggleFavourite()
        case .toggleFavouritesOnly:
            favouritesOnly.toggle()
            recomputeDisplayed(keepingSelection: true)
        case .cycleSort: cycleSort()
        case .startFilter: isEditingFilter = true
        case .ownerPrompt: router.showOwnerPrompt()
        case .profile: router.showProfile(login: snapshot.owner?.login ?? interactor.ownerLogin)
        case .search: router.showSearch()
        case .refresh: refresh(); retryFailedCommits()
        case .toggleHelp: showsHelp = true
        case .dismiss:
            if !filterText.isEmpty { filterDidEnd(keep: false); return }
        case .confirm: break
        case .quit: router.quit(); return
        }
        publish()
    }

    public func didClickLine(_ index: Int, onToggle: Bool) {
        guard message == nil, !showsHelp, lineTargets.indices.contains(index), let target = lineTargets[index] else { return }
        focus = .list
        select(target)
        if onToggle { toggleExpansion(at: target) }
        publish()
    }

    public func didDragUp(fromLine index: Int) {
        guard message == nil, !showsHelp, lineTargets.indices.contains(index), let target = lineTargets[index] else { return }
        focus = .list
        select(target)
        publish()
        if let repository = selectedRepository { router.showDetail(repository) }
    }

    public func didClickCard(_ index: Int) {
        guard message == nil, !showsHelp, index >= 0, index < carouselRepositories.count else { return }
        carouselIndex = index
        focus = .carousel
        publish()
    }

    public func didScroll(by rows: Int) {
        guard message == nil, !showsHelp, !displayed.isEmpty else { return }
        focus = .list
        select(selection + rows)
        publish()
    }

    public func filterDidChange(_ text: String) {
        filterText = Sanitizer.line(text)
        isEditingFilter = true
        recomputeDisplayed(keepingSelection: false)
        publish()
    }

    public func filterDidEnd(keep: Bool) {
        isEditingFilter = false
        if !keep {
            filterText = ""
            recomputeDisplayed(keepingSelection: true)
        }
        publish()
    }

    // MARK: Carousel

    var carouselRepositories: Slice<RepositoryRows> { sorted.prefix(Self.carouselSize) }

    private func focusCarousel() {
        guard !carouselRepositories.isEmpty else { return }
        focus = .carousel
        top = 0
    }

    private func moveCarousel(by step: Int) {
        let count = carouselRepositories.count
        guard count > 0 else { return }
        focus = .carousel
        carouselIndex = Carousel.index(carouselIndex, movedBy: step, count: count)
    }

    private func openCarouselCard() {
        let cards = carouselRepositories
        guard cards.indices.contains(carouselIndex) else { return }
        router.showDetail(cards[carouselIndex])
    }

    // MARK: Favourites

    /// The focused card's or the selected row's repository gets or loses its ★; the store is
    /// written at once and the mark shows at once (the observed snapshot confirms it).
    private func toggleFavourite() {
        let cards = carouselRepositories
        let target = focus == .carousel ? (cards.indices.contains(carouselIndex) ? cards[carouselIndex] : nil) : selectedRepository
        guard let repository = target else { return }
        let on = !snapshot.favouriteIDs.contains(repository.id)
        do {
            try interactor.setFavourite(on, repositoryID: repository.id)
        } catch {
            message = MessageBox(title: "Error", message: "Could not save the favourite: \(Sanitizer.line(String(describing: error)))")
            return
        }
        if on { snapshot.favouriteIDs.insert(repository.id) } else { snapshot.favouriteIDs.remove(repository.id) }
        if favouritesOnly { recomputeDisplayed(keepingSelection: true) }
    }

    // MARK: Sorting and filtering

    private func cycleSort() {
        let all = SortOrder.allCases
        sortOrder = all[(all.firstIndex(of: sortOrder)! + 1) % all.count]
        recomputeDisplayed(keepingSelection: true, resort: true)
    }

    private func apply(_ newSnapshot: OwnerListSnapshot) {
        // A new owner, fetched-at time or favourite comes with the same rows, read again: the order
        // still holds, so it is moved onto the new array (the old one is freed; the store keeps the
        // new one to compare the next read with) rather than 10,000 rows sorted again.
        let sameRows = newSnapshot.repositories == snapshot.repositories
        snapshot = newSnapshot
        if sameRows { sorted = sorted.onto(snapshot.repositories) }
        recomputeDisplayed(keepingSelection: true, resort: !sameRows)
    }

    /// `resort` when the rows or the order changed; a filter or the favourites switch only picks
    /// among the sorted rows.
    private func recomputeDisplayed(keepingSelection: Bool, resort: Bool = false) {
        let selectedID = keepingSelection ? selectedRepository?.id : nil
        if resort { sorted = Self.sort(snapshot.repositories, by: sortOrder) }
        let candidates = favouritesOnly ? sorted.filtered { snapshot.favouriteIDs.contains($0.id) } : sorted
        if filterText.isEmpty {
            displayed = candidates
        } else {
            let needle = filterText.lowercased()
            displayed = candidates.filtered {
                $0.name.lowercased().contains(needle) || ($0.description?.lowercased().contains(needle) ?? false)
                    || ($0.language?.lowercased().contains(needle) ?? false)
            }
        }
        if let selectedID, let index = displayed.firstIndex(where: { $0.id == selectedID }) {
            selection = index
        } else if !keepingSelection {
            selection = 0
            top = 0
        }
        carouselIndex = min(carouselIndex, max(0, carouselRepositories.count - 1))
        if carouselRepositories.isEmpty { focus = .list }
        ensureSelectionVisible()
    }

    nonisolated static func sort(_ repositories: [Repository], by order: SortOrder) -> RepositoryRows {
        switch order {
        case .name: RepositoryRows.sorted(repositories) { $0.name.lowercased() }
        case .updated: RepositoryRows.sorted(repositories, descending: true) { $0.updatedAt ?? .distantPast }
        case .stars: RepositoryRows.sorted(repositories, descending: true) { $0.stargazersCount }
        }
    }

    // MARK: Selection and scrolling

    private var selectedRepository: Repository? { displayed.indices.contains(selection) ? displayed[selection] : nil }

    private func select(_ index: Int) {
        guard !displayed.isEmpty else { return }
        selection = min(max(0, index), displayed.count - 1)
        ensureSelectionVisible()
    }

    private func linesTaken(by index: Int) -> Int {
        1 + expansionLineCount(for: displayed[index].id) + (index == displayed.count - 1 && showsMoreRow ? 1 : 0)
    }

    /// Whether the list ends with the "loading more" row.
    private var showsMoreRow: Bool { isLoadingMore || (filterText.isEmpty && interactor.hasMorePages) }

    private func expansionLineCount(for id: Int64) -> Int {
        guard expanded.contains(id) else { return 0 }
        if case .loaded(let commits, _) = commitStates[id] { return max(1, commits.count) }
        return 1
    }

    private func ensureSelectionVisible() {
        guard !displayed.isEmpty else { selection = 0; top = 0; return }
        selection = min(max(0, selection), displayed.count - 1)
        top = min(max(0, top), displayed.count - 1)
        if selection < top { top = selection; return }
        if selection - top >= listHeight { top = selection - listHeight + 1 }
        var used = 0
        for index in top...selection { used += linesTaken(by: index) }
        while used > listHeight, top < selection {
            used -= linesTaken(by: top)
            top += 1
        }
    }

    // MARK: Store and network

    func storeDidChange(_ newSnapshot: OwnerListSnapshot) {
        apply(newSnapshot)
        publish()
        // The previous list (and the sort's temporaries) are free now; after the frame, hand them back.
        dispatcher.post { [releaseFreedMemory] in releaseFreedMemory() }
    }

    private func refresh() {
        guard !isRefreshing else { return }
        if isOffline {
            connectivity = .offline
            return
        }
        isRefreshing = true
        startSpinner()
        publish()
        let interactor = self.interactor
        let dispatcher = self.dispatcher
        refreshTask = Task.detached {
            let outcome = await interactor.refresh()
            dispatcher.post { [weak self] in self?.refreshDidFinish(outcome) }
        }
    }

    func refreshDidFinish(_ outcome: RefreshOutcome) {
        isRefreshing = false
        refreshTask = nil
        rateLimit = interactor.rateLimit()
        stopSpinnerIfIdle()
        handleNetworkOutcome(outcome)
        publish()
        releaseMemoryIfIdle()
    }

    private func handleNetworkOutcome(_ outcome: RefreshOutcome) {
        switch outcome {
        case .refreshed:
            connectivity = .online
        case .skippedOffline, .cancelled:
            break
        case .failed(let error):
            if error == .network { connectivity = .offline }
            message = MessageBox(title: "Error", message: error.userMessage)
        case .storeFailed(let reason):
            message = MessageBox(title: "Error", message: "Could not save the repositories: \(Sanitizer.line(reason))")
        }
    }

    /// Infinite scroll: the next page is requested when the selection is within a screen of the end.
    private func loadMoreIfNeeded() {
        guard !isLoadingMore, !isRefreshing, !snapshot.isPartial, filterText.isEmpty, message == nil, interactor.hasMorePages,
              selection >= displayed.count - listHeight else { return }
        isLoadingMore = true
        startSpinner()
        let interactor = self.interactor
        let dispatcher = self.dispatcher
        pageTask = Task.detached {
            let outcome = await interactor.loadNextPage()
            dispatcher.post { [weak self] in self?.pageDidLoad(outcome) }
        }
    }

    func pageDidLoad(_ outcome: RefreshOutcome) {
        isLoadingMore = false
        pageTask = nil
        rateLimit = interactor.rateLimit()
        stopSpinnerIfIdle()
        handleNetworkOutcome(outcome)
        ensureSelectionVisible()
        publish()
    }

    private func startSpinner() {
        guard spinnerTimer == nil else { return }
        spinnerTimer = scheduler.schedule(after: .milliseconds(100)) { [weak self] in
            guard let self else { return }
            self.spinnerTimer = nil
            guard self.isRefreshing || self.isLoadingMore else { return }
            self.spinnerFrame = (self.spinnerFrame + 1) % Self.spinnerFrames.count
            self.startSpinner()
            self.publish()
        }
    }

    private func stopSpinnerIfIdle() {
        guard !isRefreshing, !isLoadingMore else { return }
        spinnerTimer?.cancel()
        spinnerTimer = nil
    }

    // MARK: Commits

    private func toggleExpansion(at index: Int) {
        guard displayed.indices.contains(index) else { return }
        let repository = displayed[index]
        if expanded.remove(repository.id) == nil {
            expanded.insert(repository.id)
            loadStoredCommits(for: [repository.id])
            if needsFetch(repository.id) { requestCommits(for: [repository.id], front: true) }
        }
        ensureSelectionVisible()
    }

    private func retryFailedCommits() {
        for id in visibleIDs { if case .failed = commitStates[id] { commitStates[id] = nil; checkedStore.remove(id) } }
        fetchVisibleCommits()
    }

    /// Reads stored commits for ids not looked up yet (so rows show loaded/empty at once).
    private func loadStoredCommits(for ids: [Int64]) {
        guard !storedCommitsDeferred else { return }
        guard ids.contains(where: { commitStates[$0] == nil && !checkedStore.contains($0) }) else { return }
        // One query for the rows around the window too (a screen above, three below), so scrolling
        // asks the store once per few screens instead of on every key.
        var wanted = ids
        if !displayed.isEmpty {
            let from = max(0, top - listHeight), to = min(displayed.count, top + 4 * listHeight)
            if from < to { wanted += displayed[from..<to].map(\.id) }
        }
        let unknown = Array(Set(wanted.filter { commitStates[$0] == nil && !checkedStore.contains($0) }))
        checkedStore.formUnion(unknown)
        for (id, stored) in interactor.storedCommits(for: unknown) {
            commitStates[id] = stored.isEmptyRepository || stored.commits.isEmpty
                ? .empty(fetchedAt: stored.fetchedAt) : .loaded(stored.commits, fetchedAt: stored.fetchedAt)
        }
    }

    private func needsFetch(_ id: Int64) -> Bool {
        guard commitTasks[id] == nil, !commitQueue.contains(id) else { return false }
        switch commitStates[id] {
        case nil: return true
        case .loading, .failed: return false
        case .loaded(_, let fetchedAt), .empty(let fetchedAt):
            return now().timeIntervalSince(fetchedAt) >= Self.commitFreshness
        }
    }

    /// Called after every repaint with the repositories on screen: rows that left have their
    /// requests cancelled; rows that stay for `settleDelay` get theirs.
    private func visibleRowsDidChange(_ ids: [Int64]) {
        guard ids != visibleIDs else { return }
        visibleIDs = ids
        let onScreen = Set(ids)
        for (id, task) in commitTasks where !onScreen.contains(id) {
            task.cancel()
            commitTasks[id] = nil
            if case .loading = commitStates[id] { commitStates[id] = nil; checkedStore.remove(id) }
        }
        commitQueue.removeAll { !onScreen.contains($0) }
        settleTimer?.cancel()
        settleTimer = scheduler.schedule(after: Self.settleDelay) { [weak self] in
            self?.settleTimer = nil
            self?.fetchVisibleCommits()
        }
    }

    private func fetchVisibleCommits() {
        loadStoredCommits(for: visibleIDs)
        requestCommits(for: visibleIDs.filter(needsFetch), front: false)
        publish()
    }

    private func requestCommits(for ids: [Int64], front: Bool) {
        guard !isOffline else { return }
        let fresh = ids.filter { !commitQueue.contains($0) && commitTasks[$0] == nil }
        commitQueue = front ? fresh + commitQueue : commitQueue + fresh
        startQueuedCommitRequests()
    }

    private func startQueuedCommitRequests() {
        while commitTasks.count < Self.maxCommitRequests, !commitQueue.isEmpty {
            let id = commitQueue.removeFirst()
            guard let repository = repository(id: id) else { continue }
            commitStates[id] = .loading
            let interactor = self.interactor
            let dispatcher = self.dispatcher
            commitTasks[id] = Task.detached {
                let outcome = await interactor.loadCommits(for: repository)
                dispatcher.post { [weak self] in self?.commitsDidLoad(outcome, for: id) }
            }
        }
    }

    func commitsDidLoad(_ outcome: CommitsOutcome, for id: Int64) {
        guard commitTasks.removeValue(forKey: id) != nil else { return } // cancelled meanwhile
        switch outcome {
        case .loaded(let commits): commitStates[id] = .loaded(commits, fetchedAt: now())
        case .empty: commitStates[id] = .empty(fetchedAt: now())
        case .failed(let error):
            if case .rateLimited = error { message = MessageBox(title: "Error", message: error.userMessage) }
            commitStates[id] = .failed(Self.shortReason(error))
        case .cancelled: commitStates[id] = nil; checkedStore.remove(id)
        }
        startQueuedCommitRequests()
        ensureSelectionVisible()
        publish()
        releaseMemoryIfIdle()
    }

    /// When no request is left in flight, the buffers of the finished ones are freed: hand them back.
    private func releaseMemoryIfIdle() {
        guard commitTasks.isEmpty, refreshTask == nil, pageTask == nil else { return }
        dispatcher.post { [releaseFreedMemory] in releaseFreedMemory() }
    }

    private func repository(id: Int64) -> Repository? {
        displayed.first { $0.id == id } ?? snapshot.repositories.first { $0.id == id }
    }

    static func shortReason(_ error: GitHubError) -> String {
        switch error {
        case .network: return "network error"
        case .notFound: return "repository not found"
        case .unauthorized: return "bad credentials"
        case .rateLimited: return "rate limit reached"
        case .http(let status, _): return "HTTP \(status)"
        case .decoding: return "unreadable answer"
        case .invalidLogin: return "invalid name"
        }
    }

    // MARK: View state

    private func publish() {
        loadMoreIfNeeded()
        let state = makeState()
        view?.display(state)
        visibleRowsDidChange(visibleWindowIDs)
    }

    private var visibleWindowIDs: [Int64] = []

    func makeState() -> RepoListViewState {
        var lines: [ListLine] = []
        var targets: [Int?] = []
        var ids: [Int64] = []
        if !displayed.isEmpty {
            var index = top
            let windowEnd = min(displayed.count, top + listHeight)
            loadStoredCommits(for: displayed[top..<windowEnd].map(\.id))
            while index < displayed.count, lines.count < listHeight {
                let repository = displayed[index]
                ids.append(repository.id)
                lines.append(.repository(row(for: repository, selected: focus == .list && index == selection)))
                targets.append(index)
                for line in expansionLines(for: repository.id) where lines.count < listHeight {
                    lines.append(line)
                    targets.append(index)
                }
                index += 1
            }
            if index == displayed.count, lines.count < listHeight, showsMoreRow {
                lines.append(.loadingMore("\(Self.spinnerFrames[spinnerFrame]) loading more repositories…"))
                targets.append(nil)
            }
        }
        lineTargets = targets
        visibleWindowIDs = ids

        let login = Sanitizer.line(snapshot.owner?.login ?? interactor.ownerLogin)
        var subtitle: [String] = []
        if let kind = snapshot.owner?.kind { subtitle.append(kind.displayName) }
        if snapshot.listFetchedAt != nil || !snapshot.repositories.isEmpty {
            let total = snapshot.owner?.publicRepos ?? 0
            if interactor.hasMorePages, total > snapshot.totalCount {
                subtitle.append("\(snapshot.totalCount) of \(Formatting.repositories(total))")
            } else {
                subtitle.append(Formatting.repositories(snapshot.totalCount))
            }
            subtitle.append("by \(sortOrder.rawValue)")
        }
        if favouritesOnly { subtitle.append("★ favourites only (\(snapshot.favouriteIDs.count))") }
        let cards = carouselRepositories.map {
            CarouselCard(name: Sanitizer.line($0.name), stars: Formatting.count($0.stargazersCount),
                         language: Sanitizer.line($0.language ?? ""))
        }
        return RepoListViewState(
            title: login,
            subtitle: subtitle.joined(separator: " · "),
            status: status(),
            isDemo: isDemo,
            carousel: cards.isEmpty ? nil : CarouselState(cards: Array(cards), current: carouselIndex, isFocused: focus == .carousel),
            lines: lines,
            placeholder: lines.isEmpty ? placeholder() : nil,
            position: displayed.isEmpty ? "" : (focus == .carousel ? "card \(carouselIndex + 1)/\(cards.count)" : "\(selection + 1)/\(displayedCount)"),
            footer: Self.footer,
            notice: notice,
            filter: isEditingFilter || !filterText.isEmpty
                ? FilterState(text: filterText, isEditing: isEditingFilter, matches: displayed.count) : nil,
            help: showsHelp ? RepoListKeys.table.helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } : nil,
            message: message
        )
    }

    /// The footer's key hints (the key table never changes: built once, not on every key).
    static let footer = RepoListKeys.table.footerHints.map { HelpEntry(keys: $0.keys, help: $0.help) }

    /// Rows in the list as the user knows it: while only the head is read, the whole stored list.
    private var displayedCount: Int {
        snapshot.isPartial && filterText.isEmpty && !favouritesOnly ? snapshot.totalCount : displayed.count
    }

    private func row(for repository: Repository, selected: Bool) -> RepoRowState {
        let status: CommitStatus
        switch commitStates[repository.id] {
        case nil: status = .unknown
        case .loading: status = .loading
        case .loaded: status = .loaded
        case .empty: status = .empty
        case .failed: status = .failed
        }
        return RepoRowState(
            name: Sanitizer.line(repository.name),
            description: Sanitizer.line(repository.description ?? ""),
            language: Sanitizer.line(repository.language ?? ""),
            stars: Formatting.count(repository.stargazersCount),
            isExpanded: expanded.contains(repository.id),
            commitStatus: status,
            isSelected: selected,
            isFavourite: snapshot.favouriteIDs.contains(repository.id)
        )
    }

    private func expansionLines(for id: Int64) -> [ListLine] {
        guard expanded.contains(id) else { return [] }
        switch commitStates[id] {
        case .loaded(let commits, _) where !commits.isEmpty:
            return commits.map { commit in
                .commit(CommitLineState(
                    sha: commit.shortSHA,
                    summary: Sanitizer.line(commit.summary),
                    author: Sanitizer.line(commit.authorName),
                    age: commit.date.map { Formatting.relative($0, now: now()) } ?? ""))
            }
        case .loaded, .empty: return [.note("No commits yet", isError: false)]
        case .failed(let reason): return [.note("Could not load commits (\(reason)) — r retries", isError: true)]
        case .loading, nil: return [.note("loading commits…", isError: false)]
        }
    }

    private func status() -> String {
        var parts: [String] = []
        if isRefreshing { parts.append("\(Self.spinnerFrames[spinnerFrame]) refreshing…") }
        else if let connection = connectionStatus() { parts.append(connection) }
        if let rateLimit, rateLimit.isLow { parts.append("API \(rateLimit.remaining)/\(rateLimit.limit) left") }
        return parts.joined(separator: " · ")
    }

    private func connectionStatus() -> String? {
        guard connectivity == .offline else { return nil }
        if let cachedAt = snapshot.listFetchedAt {
            return "offline · cached \(Formatting.relative(cachedAt, now: now()))"
        }
        return "offline"
    }

    private func placeholder() -> String {
        if !filterText.isEmpty { return "No repository matches “\(filterText)”." }
        if favouritesOnly, !snapshot.repositories.isEmpty { return "No favourites yet: f marks the selected repository ★ (F shows all)." }
        if snapshot.listFetchedAt != nil { return "This account has no public repositories." }
        if isRefreshing { return "Loading repositories…" }
        return "No repositories stored for \(Sanitizer.line(interactor.ownerLogin)) yet. Press r to refresh."
    }
}

/// Circular index arithmetic for the carousel (written by us: no library wraps for us).
public enum Carousel {
    /// `index` moved by `step`, wrapping around `count` items in both directions.
    public static func index(_ index: Int, movedBy step: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let moved = (index + step) % count
        return moved < 0 ? moved + count : moved
    }

    /// The cards to draw left and right of `current`, nearest first, each card at most once:
    /// the others are shared between the sides (the right gets the odd one), within the slots.
    public static func neighbours(of current: Int, count: Int, leftSlots: Int, rightSlots: Int) -> (left: [Int], right: [Int]) {
        let others = max(0, count - 1)
        var right = min(max(0, rightSlots), (others + 1) / 2)
        let left = min(max(0, leftSlots), others - right)
        right = min(max(0, rightSlots), others - left)
        return ((0..<left).map { index(current, movedBy: -($0 + 1), count: count) },
                (0..<right).map { index(current, movedBy: $0 + 1, count: count) })
    }
}
