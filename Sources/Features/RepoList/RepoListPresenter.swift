import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// Turns the stored list, the refresh's progress and the user's keys into one `RepoListViewState`.
@MainActor
public final class RepoListPresenter: RepoListPresenterProtocol {
    /// Whether the last word from the network was good.
    enum Connectivity: Equatable { case unknown, online, offline }

    public weak var view: (any RepoListViewProtocol)?
    private let interactor: any RepoListInteractorProtocol
    private let router: any RepoListRouterProtocol
    private let dispatcher: any UIDispatcher
    private let scheduler: any Scheduler
    private let now: () -> Date
    private let isDemo: Bool
    private let isOffline: Bool

    private var snapshot: OwnerListSnapshot
    private var selection = 0
    private var offset = 0
    private var listHeight = 10
    private var connectivity: Connectivity = .unknown
    private var isRefreshing = false
    private var spinnerFrame = 0
    private var spinnerTimer: (any Cancellable)?
    private var message: MessageBox?
    /// A one-line notice shown in the footer until the next key (e.g. the store was rebuilt).
    private var notice: String?
    private var rateLimit: RateLimit?
    private var showsHelp = false
    private var observation: (any StoreCancellable)?
    /// The refresh in flight (tests await it).
    public private(set) var refreshTask: Task<Void, Never>?

    static let spinnerFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public init(interactor: any RepoListInteractorProtocol, router: any RepoListRouterProtocol,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, isDemo: Bool, isOffline: Bool,
                notice: String? = nil, now: @escaping () -> Date = Date.init) {
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        self.scheduler = scheduler
        self.isDemo = isDemo
        self.isOffline = isOffline
        self.now = now
        snapshot = OwnerListSnapshot(owner: nil, ownerFetchedAt: nil, repositories: [], listFetchedAt: nil, favouriteIDs: [])
        if isOffline { connectivity = .offline }
        self.notice = notice.map(Sanitizer.line)
    }

    isolated deinit {
        observation?.cancel()
        refreshTask?.cancel()
        spinnerTimer?.cancel()
    }

    // MARK: RepoListPresenterProtocol

    public func viewDidLoad() {
        snapshot = interactor.storedSnapshot()
        publish()
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
        clampScroll()
        publish()
    }

    public func handle(_ action: RepoListAction) {
        notice = nil
        if message != nil {
            switch action {
            case .confirm, .dismiss: message = nil
            case .quit: router.quit()
            default: break
            }
            publish()
            return
        }
        if showsHelp {
            switch action {
            case .quit: router.quit()
            default: showsHelp = false
            }
            publish()
            return
        }
        switch action {
        case .moveUp: moveSelection(to: selection - 1)
        case .moveDown: moveSelection(to: selection + 1)
        case .pageUp: moveSelection(to: selection - listHeight)
        case .pageDown: moveSelection(to: selection + listHeight)
        case .home: moveSelection(to: 0)
        case .end: moveSelection(to: snapshot.repositories.count - 1)
        case .refresh: refresh()
        case .toggleHelp: showsHelp = true
        case .dismiss, .confirm: break
        case .quit: router.quit(); return
        }
        publish()
    }

    public func didClickRow(atVisibleIndex index: Int) {
        guard message == nil, !showsHelp else { return }
        let target = offset + index
        guard index >= 0, target < snapshot.repositories.count else { return }
        selection = target
        publish()
    }

    public func didScroll(by rows: Int) {
        guard message == nil, !showsHelp else { return }
        moveSelection(to: selection + rows)
        publish()
    }

    // MARK: Store and network

    func storeDidChange(_ newSnapshot: OwnerListSnapshot) {
        let selectedID = snapshot.repositories.indices.contains(selection) ? snapshot.repositories[selection].id : nil
        snapshot = newSnapshot
        if let selectedID, let index = snapshot.repositories.firstIndex(where: { $0.id == selectedID }) {
            selection = index
        }
        clampScroll()
        publish()
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
        rateLimit = interactor.rateLimit()
        refreshTask = nil
        spinnerTimer?.cancel()
        spinnerTimer = nil
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
        publish()
    }

    private func startSpinner() {
        spinnerTimer?.cancel()
        spinnerTimer = scheduler.schedule(after: .milliseconds(100)) { [weak self] in
            guard let self, self.isRefreshing else { return }
            self.spinnerFrame = (self.spinnerFrame + 1) % Self.spinnerFrames.count
            self.publish()
            self.startSpinner()
        }
    }

    // MARK: Selection

    private func moveSelection(to index: Int) {
        let count = snapshot.repositories.count
        guard count > 0 else { return }
        selection = min(max(0, index), count - 1)
        clampScroll()
    }

    private func clampScroll() {
        let count = snapshot.repositories.count
        selection = count == 0 ? 0 : min(max(0, selection), count - 1)
        if selection < offset { offset = selection }
        if selection >= offset + listHeight { offset = selection - listHeight + 1 }
        offset = max(0, min(offset, max(0, count - listHeight)))
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    func makeState() -> RepoListViewState {
        let repositories = snapshot.repositories
        let window = repositories.indices.clamped(to: offset..<min(repositories.count, offset + listHeight))
        let rows = window.map { Self.row(for: repositories[$0]) }
        let login = Sanitizer.line(snapshot.owner?.login ?? interactor.ownerLogin)
        var subtitle: [String] = []
        if let kind = snapshot.owner?.kind { subtitle.append(kind.displayName) }
        if snapshot.listFetchedAt != nil || !repositories.isEmpty { subtitle.append(Formatting.repositories(repositories.count)) }
        return RepoListViewState(
            title: login,
            subtitle: subtitle.joined(separator: " · "),
            status: status(),
            isDemo: isDemo,
            rows: rows,
            selectedRow: rows.isEmpty ? nil : selection - offset,
            placeholder: rows.isEmpty ? placeholder() : nil,
            position: repositories.isEmpty ? "" : "\(selection + 1)/\(repositories.count)",
            footer: RepoListKeys.table.footerHints.map { HelpEntry(keys: $0.keys, help: $0.help) },
            notice: notice,
            help: showsHelp ? RepoListKeys.table.helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } : nil,
            message: message
        )
    }

    private func status() -> String {
        var parts: [String] = []
        if isRefreshing { parts.append("\(Self.spinnerFrames[spinnerFrame]) refreshing…") }
        else if let connection = connectionStatus() { parts.append(connection) }
        if let rateLimit, rateLimit.isLow { parts.append("API \(rateLimit.remaining)/\(rateLimit.limit) left") }
        return parts.joined(separator: " · ")
    }

    private func connectionStatus() -> String? {
        if connectivity == .offline {
            if let cachedAt = snapshot.listFetchedAt {
                return "offline · cached \(Formatting.relative(cachedAt, now: now()))"
            }
            return "offline"
        }
        return nil
    }

    private func placeholder() -> String {
        if snapshot.listFetchedAt != nil { return "This account has no public repositories." }
        if isRefreshing { return "Loading repositories…" }
        return "No repositories stored for \(Sanitizer.line(interactor.ownerLogin)) yet. Press r to refresh."
    }

    static func row(for repository: Repository) -> RepoRowState {
        RepoRowState(
            name: Sanitizer.line(repository.name),
            description: Sanitizer.line(repository.description ?? ""),
            language: Sanitizer.line(repository.language ?? ""),
            stars: Formatting.count(repository.stargazersCount)
        )
    }
}
