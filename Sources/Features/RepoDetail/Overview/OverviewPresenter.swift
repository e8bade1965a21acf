import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The Overview tab: turns the stored and loaded latest commits and the owner's photo into its
/// state; the lines come from `OverviewStateBuilder`.
@MainActor
final class OverviewPresenter {
    /// The photo's size in pixels: 8×8, four cell rows.
    static let photoSize = (width: 8, height: 8)

    private(set) var state: OverviewState
    weak var host: (any RepoViewHost)?
    private let interactor: any RepoDetailInteractorProtocol
    private let dispatcher: any UIDispatcher
    private let now: () -> Date
    /// The commit request in flight (tests await it).
    private(set) var loadTask: Task<Void, Never>?
    /// The photo request in flight (tests await it).
    private(set) var photoTask: Task<Void, Never>?

    init(interactor: any RepoDetailInteractorProtocol, dispatcher: any UIDispatcher, now: @escaping () -> Date) {
        state = OverviewState(repository: interactor.repository)
        self.interactor = interactor
        self.dispatcher = dispatcher
        self.now = now
    }

    isolated deinit {
        loadTask?.cancel()
        photoTask?.cancel()
    }

    /// Stored commits at once (asked again when not current), the photo when shown.
    func start(showsPhotos: Bool) {
        if showsPhotos { loadPhoto() }
        if let stored = interactor.storedCommits() {
            state.commits = .stored(stored)
            // Old commits stay on screen while newer ones are fetched.
            if !interactor.isCurrent(stored) { loadCommits() }
        } else {
            loadCommits()
        }
    }

    /// Whether a request of this tab is in flight (the spinner turns meanwhile).
    var isLoading: Bool { loadTask != nil }

    /// `r`: commits again after a failure.
    func reload() {
        if case .failed = state.commits { loadCommits() }
    }

    private func loadCommits() {
        guard loadTask == nil else { return }
        if case .failed = state.commits { state.commits = .loading }
        let interactor = self.interactor
        loadTask = dispatcher.background { await interactor.loadCommits() } then: { [weak self] outcome in
            self?.commitsDidLoad(outcome)
        }
    }

    func commitsDidLoad(_ outcome: CommitsOutcome) {
        loadTask = nil
        if let next = state.commits.applying(outcome, at: now()) { state.commits = next }
        host?.changed()
    }

    /// The stored photo at once, then GitHub's (a conditional request when stored); cancelled when the
    /// view goes.
    private func loadPhoto() {
        let size = Self.photoSize
        state.photo = interactor.storedOwnerPhoto(width: size.width, height: size.height)
        let interactor = self.interactor
        photoTask = dispatcher.background { await interactor.ownerPhoto(width: size.width, height: size.height) } then: { [weak self] loaded in
            guard let self else { return }
            photoTask = nil
            if let loaded, loaded != state.photo {
                state.photo = loaded
                host?.changed()
            }
        }
    }

    /// The tab's lines at `width`, with what the actions know.
    func lines(actions: RepoActions.State, width: Int, spinner: String) -> [DetailLine] {
        var state = self.state
        state.actions = actions
        return OverviewStateBuilder.lines(state, width: width, spinner: spinner, now: now())
    }
}
