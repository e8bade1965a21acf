import Foundation
import GitHubAPI
import Persistence
import TerminalKit

/// What the list module needs from the app.
public struct RepoListDependencies {
    var ownerLogin: String
    /// The owner's own repositories (default) or the ones the owner starred.
    public var listKind: RepositoryListID.Kind = .owner
    var service: any GitHubService
    var store: any RepositoryStore
    var dispatcher: any UIDispatcher
    var scheduler: any Scheduler
    var isOffline: Bool
    var isDemo: Bool
    /// A one-line notice to show at start (e.g. the store was rebuilt).
    var notice: String?
    var now: @Sendable () -> Date
    /// Says which repositories have a clone (rows show ⌂).
    var cloner: any RepositoryCloner
    /// When commits load without being asked (the config's `commit_prefetch`).
    public var commitPrefetch: CommitPrefetch = .visible
    /// Shown over other screens (an owner's link followed): Esc, with nothing else to close or
    /// clear, goes back to them.
    public var goesBackOnEscape = false

    public init(ownerLogin: String, service: any GitHubService, store: any RepositoryStore,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, isOffline: Bool, isDemo: Bool,
                notice: String?, cloner: any RepositoryCloner, now: @escaping @Sendable () -> Date) {
        self.cloner = cloner
        self.notice = notice
        self.ownerLogin = ownerLogin
        self.service = service
        self.store = store
        self.dispatcher = dispatcher
        self.scheduler = scheduler
        self.isOffline = isOffline
        self.isDemo = isDemo
        self.now = now
    }
}

/// When the list loads a repository's latest commits without being asked.
public enum CommitPrefetch: String, CaseIterable, Sendable {
    /// Rows that settle on screen load theirs in the background (within the request budget).
    case visible
    /// Only Enter (and `r`, and the overlay) load commits; stored ones still show.
    case enter
}

/// Wires the repository list module: interactor, presenter, router and view.
@MainActor
public enum RepoListBuilder {
    public static func build(_ dependencies: RepoListDependencies, navigator: any AppNavigator) -> RepoListView {
        let interactor = RepoListInteractor(
            list: RepositoryListID(kind: dependencies.listKind, ownerLogin: dependencies.ownerLogin),
            service: dependencies.service, store: dependencies.store,
            isOffline: dependencies.isOffline, now: dependencies.now)
        let router = RepoListRouter(navigator: navigator)
        let presenter = RepoListPresenter(
            interactor: interactor, router: router, dispatcher: dependencies.dispatcher,
            scheduler: dependencies.scheduler, isDemo: dependencies.isDemo, isOffline: dependencies.isOffline,
            notice: dependencies.notice, cloner: dependencies.cloner, changes: interactor, now: dependencies.now)
        presenter.commitLoader.prefetches = dependencies.commitPrefetch == .visible
        presenter.goesBackOnEscape = dependencies.goesBackOnEscape
        let view = RepoListView(presenter: presenter)
        view.drawsOverOtherScreens = dependencies.goesBackOnEscape
        presenter.view = view
        router.screen = view
        return view
    }
}
