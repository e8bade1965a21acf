import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// Loads the owner and their repositories, pages further as the selection nears the end of what is
/// loaded, and formats everything into one `ProfileViewState`.
@MainActor
final class ProfilePresenter: ProfilePresenterProtocol {
    weak var view: (any ProfileViewProtocol)?
    private let interactor: any ProfileInteractorProtocol
    private let router: any ProfileRouterProtocol
    private let dispatcher: any UIDispatcher
    private let spinner: Spinner
    private let now: () -> Date

    private var owner: Owner?
    private var repositories = PagedList<Repository>()
    private var isLoadingProfile = false
    /// Why the profile could not be loaded (until it is).
    private var failure: GitHubError?
    private var viewport = Viewport(height: 5)
    private var modal = ModalState()
    /// The request in flight (tests await it).
    private(set) var loadTask: Task<Void, Never>?
    /// The owner's photo (only where the terminal shows true colours); the initials box otherwise.
    private var photo: OwnerPicture?
    private let showsPhotos: Bool
    /// The photo request in flight (tests await it); cancelled when the screen goes.
    private(set) var photoTask: Task<Void, Never>?
    /// The photo's size in pixels: 10×10, the avatar box's 10×5 cells.
    static let photoSize = PixelSize(width: 10, height: 10)
    /// The finer photo's size for a terminal with a graphics protocol (nil: half blocks only).
    private let finePhoto: PixelSize?

    init(interactor: any ProfileInteractorProtocol, router: any ProfileRouterProtocol,
         dispatcher: any UIDispatcher, scheduler: any Scheduler, showsPhotos: Bool = false, finePhoto: PixelSize? = nil,
         now: @escaping () -> Date = Date.init) {
        self.showsPhotos = showsPhotos
        self.finePhoto = finePhoto
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        spinner = Spinner(scheduler: scheduler)
        self.now = now
    }

    isolated deinit {
        loadTask?.cancel()
        photoTask?.cancel()
    }

    // MARK: ProfilePresenterProtocol

    func viewDidLoad() {
        loadProfile()
        publish()
    }

    func viewDidChangeListHeight(_ rows: Int) {
        viewport.resize(to: rows)
        viewport.ensureVisible(count: repositories.count)
        publish()
    }

    func handle(_ action: ProfileAction) {
        switch modal.intercept(action) {
        case .quit: router.quit(); return
        case .handled: publish(); return
        case .notIntercepted: break
        }
        switch action {
        case .moveUp: moveSelection(to: viewport.selection - 1)
        case .moveDown: moveSelection(to: viewport.selection + 1)
        case .pageUp: moveSelection(to: viewport.selection - viewport.height)
        case .pageDown: moveSelection(to: viewport.selection + viewport.height)
        case .home: moveSelection(to: 0)
        case .end: moveSelection(to: repositories.count - 1)
        case .open:
            if let repository = repositories[safe: viewport.selection] { router.showRepositoryDetail(repository) }
            return
        case .reload:
            if owner == nil { loadProfile() }
        case .localSearch: router.showLocalSearch(); return
        case .toggleHelp: modal.showsHelp = true
        case .back: router.close(); return
        case .quit: router.quit(); return
        }
        publish()
    }

    func didClickRow(atVisibleIndex index: Int) {
        guard !modal.isActive, let item = viewport.item(atVisibleRow: index, count: repositories.count) else { return }
        moveSelection(to: item)
        publish()
    }

    func didScroll(by rows: Int) {
        guard !modal.isActive else { return }
        moveSelection(to: viewport.selection + rows)
        publish()
    }

    // MARK: Loading

    private func loadProfile() {
        guard !isLoadingProfile else { return }
        isLoadingProfile = true
        failure = nil
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        loadTask = dispatcher.background { await interactor.loadProfile() } then: { [weak self] in
            self?.profileDidLoad($0)
        }
    }

    func profileDidLoad(_ outcome: LoadOutcome<ProfileContent>) {
        isLoadingProfile = false
        loadTask = nil
        stopSpinnerIfIdle()
        switch outcome {
        case .loaded(let content):
            owner = content.owner
            if showsPhotos { loadPhoto(of: content.owner) }
            append(content.repositories)
            loadMoreIfNeeded()
        case .failed(let error):
            failure = error
            modal.show(error)
        case .cancelled:
            break
        }
        publish()
    }

    private func loadMoreIfNeeded() {
        guard !isLoadingProfile, let next = repositories.pageToLoad(near: viewport.selection) else { return }
        repositories.isLoadingMore = true
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        loadTask = dispatcher.background { await interactor.loadRepositories(page: next) } then: { [weak self] in
            self?.pageDidLoad($0)
        }
    }

    func pageDidLoad(_ outcome: LoadOutcome<Page<Repository>>) {
        repositories.isLoadingMore = false
        loadTask = nil
        stopSpinnerIfIdle()
        switch outcome {
        case .loaded(let page):
            append(page)
            loadMoreIfNeeded()
        case .failed(let error):
            // What is loaded stays; moving near the end again tries the same page again.
            modal.show(error)
        case .cancelled:
            break
        }
        publish()
    }

    private func append(_ page: Page<Repository>) {
        repositories.append(page.items, next: page.next)
        viewport.ensureVisible(count: repositories.count)
    }

    private func stopSpinnerIfIdle() {
        if !isLoadingProfile, !repositories.isLoadingMore { spinner.stop() }
    }

    // MARK: Selection

    private func moveSelection(to index: Int) {
        guard !repositories.isEmpty else { return }
        viewport.select(index, count: repositories.count)
        loadMoreIfNeeded()
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    /// The inbox's unread count (`InboxWatch`), first in the header.
    var inboxUnread: InboxUnread? { didSet { if inboxUnread != oldValue { publish() } } }

    func makeState() -> ProfileViewState {
        let rows = viewport.visibleRange(count: repositories.count).map {
            RepositoryRowState(repositories.items[$0], missingLanguage: "—")
        }
        let count = repositories.count
        var state = ProfileViewState(
            title: Sanitizer.line(owner?.login ?? interactor.login),
            subtitle: owner?.kind.localizedName ?? "",
            status: InboxUnread.status(isLoadingProfile ? tr("profile.status.loading", spinner.symbol) : "", unread: inboxUnread),
            rows: rows,
            selectedRow: rows.isEmpty ? nil : viewport.selectedRow(count: count),
            loadingMore: repositories.isLoadingMore ? tr("profile.loadingMore", spinner.symbol) : nil,
            position: count == 0 ? "" : "\(viewport.selection + 1)/\(count)\(repositories.hasMore ? "+" : "")",
            footer: Self.footer,
            help: modal.help(from: ProfileKeys.table),
            message: modal.message
        )
        if let owner {
            fill(&state, with: owner)
            state.listPlaceholder = repositories.isEmpty ? tr("list.empty.noRepositories") : nil
        } else if isLoadingProfile {
            state.profilePlaceholder = tr("profile.placeholder.loading", Sanitizer.line(interactor.login))
        } else if failure != nil {
            state.profilePlaceholder = tr("profile.placeholder.failed", Sanitizer.line(interactor.login))
        }
        return state
    }

    /// The footer's key hints, from the key table of the current language.
    private static var footer: [HelpEntry] { ProfileKeys.table.footerList }

    /// The stored photo at once, then GitHub's (a conditional request when stored).
    private func loadPhoto(of owner: Owner) {
        let size = Self.photoSize, fine = finePhoto
        let address = owner.avatarURL ?? OwnerPhotos.address(forLogin: owner.login)
        photo = interactor.storedPhoto(address: address, blocks: size, fine: fine)
        let interactor = self.interactor
        photoTask = dispatcher.background {
            await interactor.photo(address: address, blocks: size, fine: fine)
        } then: { [weak self] loaded in
            guard let self else { return }
            self.photoTask = nil
            if let loaded, loaded != self.photo {
                self.photo = loaded
                self.publish()
            }
        }
    }

    private func fill(_ state: inout ProfileViewState, with owner: Owner) {
        state.photo = photo
        let name = Sanitizer.line(owner.name ?? "")
        let login = Sanitizer.line(owner.login)
        state.initials = Self.initials(name: name, login: login)
        state.name = name.isEmpty ? login : name
        var handle = ["@\(login)", owner.kind.localizedName]
        if let createdAt = owner.createdAt {
            handle.append(tr("profile.joined", Formatting.day(createdAt), Formatting.relative(createdAt, now: now())))
        }
        state.handle = handle.joined(separator: " · ")
        state.bio = Sanitizer.line(owner.bio ?? "")
        state.details = [
            LabeledField(label: tr("profile.field.company"), value: Self.value(owner.company)),
            LabeledField(label: tr("profile.field.location"), value: Self.value(owner.location)),
            LabeledField(label: tr("profile.field.email"), value: Self.value(owner.email)),
            LabeledField(label: tr("profile.field.blog"), value: Self.value(owner.blog)),
        ]
        var stats: [String] = []
        if let followers = owner.followers { stats.append(tr("profile.followers", Formatting.grouped(followers))) }
        if let following = owner.following { stats.append(tr("profile.following", Formatting.grouped(following))) }
        if let publicRepos = owner.publicRepos {
            stats.append(publicRepos == 1 ? tr("profile.publicRepositories.one") : tr("profile.publicRepositories.other", Formatting.grouped(publicRepos)))
        }
        state.stats = stats.joined(separator: " · ")
        state.listTitle = owner.publicRepos.map { tr("profile.listTitle.count", Formatting.grouped($0)) } ?? tr("profile.listTitle")
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
}
