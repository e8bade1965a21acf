import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// Loads the owner and their repositories, pages further as the selection nears the end of what is
/// loaded, and formats everything into one `ProfileViewState`.
@MainActor
public final class ProfilePresenter: ProfilePresenterProtocol {
    public weak var view: (any ProfileViewProtocol)?
    private let interactor: any ProfileInteractorProtocol
    private let router: any ProfileRouterProtocol
    private let dispatcher: any UIDispatcher
    private let spinner: Spinner
    private let now: () -> Date

    private var owner: Owner?
    private var repositories: [Repository] = []
    private var seenIDs = Set<Int64>()
    private var next: URL?
    private var isLoadingProfile = false
    private var isLoadingMore = false
    /// Why the profile could not be loaded (until it is).
    private var failure: GitHubError?
    private var selection = 0
    private var offset = 0
    private var listHeight = 5
    private var showsHelp = false
    private var message: MessageBox?
    /// The request in flight (tests await it).
    public private(set) var loadTask: Task<Void, Never>?

    /// Further pages load when the selection comes within this many rows of the last loaded one.
    static let prefetchDistance = 10

    public init(interactor: any ProfileInteractorProtocol, router: any ProfileRouterProtocol,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, now: @escaping () -> Date = Date.init) {
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        spinner = Spinner(scheduler: scheduler)
        self.now = now
    }

    isolated deinit {
        loadTask?.cancel()
    }

    // MARK: ProfilePresenterProtocol

    public func viewDidLoad() {
        loadProfile()
        publish()
    }

    public func viewDidChangeListHeight(_ rows: Int) {
        listHeight = max(1, rows)
        clampScroll()
        publish()
    }

    public func handle(_ action: ProfileAction) {
        if message != nil {
            switch action {
            case .open, .back: message = nil
            case .quit: router.quit(); return
            default: break
            }
            publish()
            return
        }
        if showsHelp {
            if action == .quit { router.quit(); return }
            showsHelp = false
            publish()
            return
        }
        switch action {
        case .moveUp: moveSelection(to: selection - 1)
        case .moveDown: moveSelection(to: selection + 1)
        case .pageUp: moveSelection(to: selection - listHeight)
        case .pageDown: moveSelection(to: selection + listHeight)
        case .home: moveSelection(to: 0)
        case .end: moveSelection(to: repositories.count - 1)
        case .open:
            if repositories.indices.contains(selection) { router.showRepositoryDetail(repositories[selection]) }
            return
        case .reload:
            if owner == nil { loadProfile() }
        case .toggleHelp: showsHelp = true
        case .back: router.close(); return
        case .quit: router.quit(); return
        }
        publish()
    }

    public func didClickRow(atVisibleIndex index: Int) {
        guard message == nil, !showsHelp, index >= 0, offset + index < repositories.count else { return }
        moveSelection(to: offset + index)
        publish()
    }

    public func didScroll(by rows: Int) {
        guard message == nil, !showsHelp else { return }
        moveSelection(to: selection + rows)
        publish()
    }

    // MARK: Loading

    private func loadProfile() {
        guard !isLoadingProfile else { return }
        isLoadingProfile = true
        failure = nil
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        let dispatcher = self.dispatcher
        loadTask = Task.detached {
            let outcome = await interactor.loadProfile()
            dispatcher.post { [weak self] in self?.profileDidLoad(outcome) }
        }
    }

    func profileDidLoad(_ outcome: LoadOutcome<ProfileContent>) {
        isLoadingProfile = false
        loadTask = nil
        stopSpinnerIfIdle()
        switch outcome {
        case .loaded(let content):
            owner = content.owner
            append(content.repositories)
            loadMoreIfNeeded()
        case .failed(let error):
            failure = error
            message = MessageBox(title: "Error", message: Sanitizer.line(error.userMessage))
        case .cancelled:
            break
        }
        publish()
    }

    private func loadMoreIfNeeded() {
        guard let next, !isLoadingMore, !isLoadingProfile,
              selection >= repositories.count - Self.prefetchDistance else { return }
        isLoadingMore = true
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        let dispatcher = self.dispatcher
        loadTask = Task.detached {
            let outcome = await interactor.loadRepositories(page: next)
            dispatcher.post { [weak self] in self?.pageDidLoad(outcome) }
        }
    }

    func pageDidLoad(_ outcome: LoadOutcome<Page<Repository>>) {
        isLoadingMore = false
        loadTask = nil
        stopSpinnerIfIdle()
        switch outcome {
        case .loaded(let page):
            append(page)
            loadMoreIfNeeded()
        case .failed(let error):
            // What is loaded stays; moving near the end again tries the same page again.
            message = MessageBox(title: "Error", message: Sanitizer.line(error.userMessage))
        case .cancelled:
            break
        }
        publish()
    }

    private func append(_ page: Page<Repository>) {
        // Pages can shift while they are read: keep the first sighting of each repository.
        for repository in page.items where seenIDs.insert(repository.id).inserted {
            repositories.append(repository)
        }
        next = page.next
        clampScroll()
    }

    private func stopSpinnerIfIdle() {
        if !isLoadingProfile, !isLoadingMore { spinner.stop() }
    }

    // MARK: Selection

    private func moveSelection(to index: Int) {
        guard !repositories.isEmpty else { return }
        selection = min(max(0, index), repositories.count - 1)
        clampScroll()
        loadMoreIfNeeded()
    }

    private func clampScroll() {
        let count = repositories.count
        selection = count == 0 ? 0 : min(max(0, selection), count - 1)
        if selection < offset { offset = selection }
        if selection >= offset + listHeight { offset = selection - listHeight + 1 }
        offset = max(0, min(offset, max(0, count - listHeight)))
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    func makeState() -> ProfileViewState {
        let window = repositories.indices.clamped(to: offset..<min(repositories.count, offset + listHeight))
        let rows = window.map { Self.row(for: repositories[$0]) }
        var state = ProfileViewState(
            title: Sanitizer.line(owner?.login ?? interactor.login),
            subtitle: owner?.kind.displayName ?? "",
            status: isLoadingProfile ? "\(spinner.symbol) loading…" : "",
            rows: rows,
            selectedRow: rows.isEmpty ? nil : selection - offset,
            loadingMore: isLoadingMore ? "\(spinner.symbol) Loading more repositories…" : nil,
            position: repositories.isEmpty ? "" : "\(selection + 1)/\(repositories.count)\(next != nil ? "+" : "")",
            footer: ProfileKeys.table.footerHints.map { HelpEntry(keys: $0.keys, help: $0.help) },
            help: showsHelp ? ProfileKeys.table.helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } : nil,
            message: message
        )
        if let owner {
            fill(&state, with: owner)
            state.listPlaceholder = repositories.isEmpty ? "This account has no public repositories." : nil
        } else if isLoadingProfile {
            state.profilePlaceholder = "Loading \(Sanitizer.line(interactor.login))…"
        } else if failure != nil {
            state.profilePlaceholder = "Could not load \(Sanitizer.line(interactor.login)). Press r to try again."
        }
        return state
    }

    private func fill(_ state: inout ProfileViewState, with owner: Owner) {
        let name = Sanitizer.line(owner.name ?? "")
        let login = Sanitizer.line(owner.login)
        state.initials = Self.initials(name: name, login: login)
        state.name = name.isEmpty ? login : name
        var handle = ["@\(login)", owner.kind.displayName]
        if let createdAt = owner.createdAt {
            handle.append("joined \(Formatting.day(createdAt)) (\(Formatting.relative(createdAt, now: now())))")
        }
        state.handle = handle.joined(separator: " · ")
        state.bio = Sanitizer.line(owner.bio ?? "")
        state.details = [
            ProfileField(label: "Company", value: Self.value(owner.company)),
            ProfileField(label: "Location", value: Self.value(owner.location)),
            ProfileField(label: "Email", value: Self.value(owner.email)),
            ProfileField(label: "Blog", value: Self.value(owner.blog)),
        ]
        var stats: [String] = []
        if let followers = owner.followers { stats.append("\(Formatting.grouped(followers)) followers") }
        if let following = owner.following { stats.append("\(Formatting.grouped(following)) following") }
        if let publicRepos = owner.publicRepos {
            stats.append(publicRepos == 1 ? "1 public repository" : "\(Formatting.grouped(publicRepos)) public repositories")
        }
        state.stats = stats.joined(separator: " · ")
        let total = owner.publicRepos.map { " (\(Formatting.grouped($0)))" } ?? ""
        state.listTitle = "Repositories\(total)"
    }

    static func value(_ text: String?) -> String {
        let clean = Sanitizer.line(text ?? "").trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? "—" : clean
    }

    /// "The Octocat" → "TO"; no name: the login's first two letters, "octocat" → "OC".
    static func initials(name: String, login: String) -> String {
        let words = name.split(separator: " ").filter { $0.first.map { DisplayWidth.of($0) > 0 } ?? false }
        if !words.isEmpty {
            return String(words.prefix(2).compactMap(\.first)).uppercased()
        }
        return String(login.prefix(2)).uppercased()
    }

    static func row(for repository: Repository) -> ProfileRepoRowState {
        ProfileRepoRowState(
            name: Sanitizer.line(repository.name),
            description: Sanitizer.line(repository.description ?? ""),
            language: Sanitizer.line(repository.language ?? "—"),
            stars: Formatting.count(repository.stargazersCount)
        )
    }
}
