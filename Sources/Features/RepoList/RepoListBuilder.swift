import Foundation
import GitHubAPI
import Persistence
import TerminalKit

/// What the list module needs from the app.
public struct RepoListDependencies {
    var ownerLogin: String
    /// The owner's own repositories (default) or the ones the owner starred.
    public var listKind: RepositoryListID.Kind = .owner
    var services: ScreenServices
    var store: any RepositoryStore
    var isOffline: Bool
    var isDemo: Bool
    /// A one-line notice to show at start (e.g. the store was rebuilt).
    var notice: String?
    /// Says which repositories have a clone (rows show ⌂).
    var cloner: any RepositoryCloner
    /// When commits load without being asked (the config's `commit_prefetch`).
    public var commitPrefetch: CommitPrefetch = .visible
    /// Shown over other screens (an owner's link followed): Esc, with nothing else to close or
    /// clear, goes back to them.
    public var goesBackOnEscape = false

    public init(ownerLogin: String, services: ScreenServices, store: any RepositoryStore, isOffline: Bool, isDemo: Bool,
                notice: String?, cloner: any RepositoryCloner) {
        self.ownerLogin = ownerLogin
        self.services = services
        self.store = store
        self.isOffline = isOffline
        self.isDemo = isDemo
        self.notice = notice
        self.cloner = cloner
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
        let services = dependencies.services
        let interactor = RepoListInteractor(
            list: RepositoryListID(kind: dependencies.listKind, ownerLogin: dependencies.ownerLogin),
            service: services.service, store: dependencies.store,
            isOffline: dependencies.isOffline, now: services.now, host: services.host)
        let router = RepoListRouter(navigator: navigator)
        let presenter = RepoListPresenter(
            interactor: interactor, router: router, dispatcher: services.dispatcher,
            scheduler: services.scheduler, isDemo: dependencies.isDemo, isOffline: dependencies.isOffline,
            notice: dependencies.notice, cloner: dependencies.cloner, changes: interactor, now: services.now)
        presenter.commitLoader.prefetches = dependencies.commitPrefetch == .visible
        presenter.goesBackOnEscape = dependencies.goesBackOnEscape
        services.inboxWatch?.observe(from: presenter) { $0.inboxUnreadDidChange($1) }
        let view = router.attach(RepoListView(presenter: presenter), to: presenter)
        view.drawsOverOtherScreens = dependencies.goesBackOnEscape
        return view
    }
}

extension RepoListPresenter: StatePresenter {}
