import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// What the detail overlay needs from the app.
public struct RepoDetailDependencies {
    /// The repository to show (as the list or search had it).
    var repository: Repository
    var service: any GitHubService
    var store: any RepositoryStore
    var dispatcher: any UIDispatcher
    var scheduler: any Scheduler
    /// Opens the repository's page (`SpawningURLOpener` in the app).
    var opener: any URLOpener
    /// Puts text on the clipboard (`y`).
    var clipboard: any ClipboardWriter
    /// Clones repositories (`c`).
    var cloner: any RepositoryCloner
    /// The user's editor, for comments on issues (`C`); nil: commenting says it cannot.
    public var editor: (any TextEditing)?
    /// The process environment (`BROWSER`, `PATH`) the opener looks in.
    var environment: [String: String]
    var now: @Sendable () -> Date
    /// Whether the terminal shows true colours (256 or direct): the owner's photo is drawn only then.
    public var showsPhotos = false
    /// How the terminal shows pictures: with a graphics protocol the owner's photo is also loaded finer.
    public var graphics: GraphicsSupport = .blocks
    /// The tab shown first (`i` on the list: Issues).
    public var initialTab: RepoTab = .overview
    /// The issue or pull request opened on `initialTab` (a link to another repository's issue).
    public var initialIssue: Int?
    /// What the tabs beyond the Overview and README read and keep (the app: its client and store).
    var sources: RepoDetailSources

    public init(repository: Repository, service: any GitHubService, store: any RepositoryStore,
                sources: RepoDetailSources = .none,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, opener: any URLOpener,
                clipboard: any ClipboardWriter, cloner: any RepositoryCloner,
                environment: [String: String], now: @escaping @Sendable () -> Date) {
        self.sources = sources
        self.clipboard = clipboard
        self.cloner = cloner
        self.repository = repository
        self.service = service
        self.store = store
        self.dispatcher = dispatcher
        self.scheduler = scheduler
        self.opener = opener
        self.environment = environment
        self.now = now
    }
}

/// Wires the detail overlay: interactor, presenter, router and view. Push the returned view on the
/// screen stack over the list (it draws a panel, leaving the list visible around it), then call its
/// `viewDidAppear()`.
@MainActor
public enum RepoDetailBuilder {
    public static func build(_ dependencies: RepoDetailDependencies, navigator: any AppNavigator) -> RepoDetailView {
        let interactor = RepoDetailInteractor(
            repository: dependencies.repository, service: dependencies.service, store: dependencies.store,
            sources: dependencies.sources, opener: dependencies.opener, clipboard: dependencies.clipboard,
            cloner: dependencies.cloner, environment: dependencies.environment, now: dependencies.now)
        let router = ScreenRouter(navigator: navigator)
        let tabs = RepoTabs.make(
            interactor: interactor, router: router, dispatcher: dependencies.dispatcher, scheduler: dependencies.scheduler,
            showsPhotos: dependencies.showsPhotos, editor: dependencies.editor, now: dependencies.now)
        if dependencies.graphics.graphicsProtocol != nil { tabs.readme.pictureCell = dependencies.graphics.cellPixels }
        tabs.overview.finePhoto = dependencies.graphics.pixelSize(
            columns: OverviewPresenter.photoCells.columns, rows: OverviewPresenter.photoCells.rows)
        let presenter = RepoDetailPresenter(interactor: interactor, router: router, tabs: tabs, scheduler: dependencies.scheduler)
        let view = RepoDetailView(presenter: presenter)
        presenter.initialTab = dependencies.initialTab
        presenter.initialIssue = dependencies.initialIssue
        presenter.view = view
        router.screen = view
        return view
    }
}

extension ScreenRouter: RepoDetailRouterProtocol {}
