import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The Overview tab: turns the stored and loaded latest commits and the owner's photo into its
/// state; the lines come from `OverviewStateBuilder`.
@MainActor
final class OverviewPresenter {
    /// The photo's size in pixels: 8×8, four cell rows.
    static let photoSize = PixelSize(width: 8, height: 8)
    /// The photo's cells: 8×4.
    static let photoCells = (columns: 8, rows: 4)
    /// The finer photo's size for a terminal with a graphics protocol (nil: half blocks only).
    var finePhoto: PixelSize?

    private(set) var state: OverviewState
    weak var host: (any RepoViewHost)?
    /// Where the tab is scrolled to, and the panel's size.
    var scroll = DocumentScroll()
    var width = 60, height = 10
    /// What the shared actions know (badges, the clone field), drawn with the overview.
    private let actions: RepoActions
    private let showsPhotos: Bool
    private var started = false
    private let interactor: any RepoDetailInteractorProtocol
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    private let now: () -> Date
    /// The latest commits: the list's loader, for one repository (stored first, asked again when not
    /// current, stored ones kept while asked and after a failure).
    private let loader: CommitLoader
    /// The photo request in flight (tests await it).
    private(set) var photoTask: Task<Void, Never>?
    /// The pictures' requests in flight (tests await them).
    private(set) var languagesTask: Task<Void, Never>?
    private(set) var activityTask: Task<Void, Never>?
    private let scheduler: any Scheduler
    /// The next ask for the weeks GitHub is still counting.
    private var activityRetry: (any Cancellable)?
    private var activityAsks = 0
    /// How long to wait before asking again for weeks GitHub is still counting (202), ask by ask; then
    /// no more this time (the note stays, without a spinner).
    static let activityRetryDelays: [Duration] = [.seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30)]

    init(interactor: any RepoDetailInteractorProtocol, actions: RepoActions, dispatcher: any UIDispatcher,
         scheduler: any Scheduler, showsPhotos: Bool, now: @escaping () -> Date) {
        state = OverviewState(repository: interactor.repository)
        self.actions = actions
        self.showsPhotos = showsPhotos
        self.interactor = interactor
        calls = BackgroundCalls(dispatcher)
        self.scheduler = scheduler
        self.now = now
        loader = CommitLoader(source: interactor, dispatcher: dispatcher, scheduler: scheduler, now: now, isOffline: false)
        let repository = interactor.repository
        loader.repository = { $0 == repository.id ? repository : nil }
        loader.onChange = { [weak self] in self?.commitsDidChange() }
    }

    /// The commit request in flight (tests await it).
    var loadTask: Task<Void, Never>? { loader.tasks[state.repository.id] }

    /// Stored commits at once (asked again when not current), the photo when shown: when the view
    /// loads, whichever tab it shows first (the latest commits are what `y` copies on every tab).
    func start() {
        guard !started else { return }
        started = true
        if showsPhotos { loadPhoto() }
        loadPictures()
        loader.expand(state.repository)
        commitsDidChange(repaint: false)
    }

    /// Whether a request of this tab is in flight (the spinner turns meanwhile).
    var isLoading: Bool { !loader.isIdle }

    /// `r`: commits again after a failure.
    func reload() {
        loader.retry(state.repository)
        commitsDidChange(repaint: false)
    }

    private func commitsDidChange(repaint: Bool = true) {
        state.commits = loader.state(for: state.repository.id) ?? .loading
        actions.latestCommits = state.commits.commits
        if repaint { host?.changed() }
    }

    /// The stored photo at once, then GitHub's (a conditional request when stored); cancelled when the
    /// view goes.
    private func loadPhoto() {
        let size = Self.photoSize, fine = finePhoto
        state.photo = interactor.storedOwnerPhoto(blocks: size, fine: fine)
        let interactor = self.interactor
        photoTask = calls.run { await interactor.ownerPhoto(blocks: size, fine: fine) } then: { [weak self] loaded in
            guard let self else { return }
            photoTask = nil
            if let loaded, loaded != state.photo {
                state.photo = loaded
                host?.changed()
            }
        }
    }

    /// The stored languages and weeks at once, then GitHub's (conditional requests when stored). Weeks
    /// GitHub is still counting are asked again a few times, quietly: a note says so, nothing spins.
    private func loadPictures() {
        guard let statistics = interactor.statistics else { return }
        state.pictures = statistics.stored()
        languagesTask = calls.run { await Result.of { try await statistics.languages() } } then: { [weak self] (result: Result<LanguageBreakdown, GitHubError>?) in
            guard let self else { return }
            languagesTask = nil
            switch result {
            case .success(let languages): state.pictures.languages = languages
            case .failure(let error) where state.pictures.languages == nil: state.pictures.languagesFailure = error.shortReason
            case .failure, nil: return
            }
            host?.changed()
        }
        askActivity(statistics)
    }

    private func askActivity(_ statistics: RepositoryStatistics) {
        activityAsks += 1
        activityTask = calls.run { await Result.of { try await statistics.participation() } } then: { [weak self] (result: Result<Participation?, GitHubError>?) in
            guard let self else { return }
            activityTask = nil
            switch result {
            case .success(let weeks?):
                state.pictures.activity = weeks
                state.pictures.activityComputing = false
            case .success(nil):
                state.pictures.activityComputing = true
                let delays = Self.activityRetryDelays
                if activityAsks <= delays.count {
                    activityRetry = scheduler.schedule(after: delays[activityAsks - 1]) { [weak self] in
                        self?.askActivity(statistics)
                    }
                }
            case .failure(let error):
                state.pictures.activityComputing = false
                if state.pictures.activity == nil { state.pictures.activityFailure = error.shortReason }
            case nil:
                return
            }
            host?.changed()
        }
    }

    /// The tab's lines at `width`, with what the actions know.
    func lines(width: Int, spinner: String) -> [DetailLine] {
        var state = self.state
        state.actions = actions.state
        return OverviewStateBuilder.lines(state, width: width, spinner: spinner, now: now())
    }
}
