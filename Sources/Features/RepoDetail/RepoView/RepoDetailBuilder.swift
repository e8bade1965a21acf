import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// What the detail overlay needs from the app.
public struct RepoDetailDependencies {
    /// The repository to show (as the list or search had it).
    var repository: Repository
    var services: ScreenServices
    var store: any RepositoryStore
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
    /// Whether the terminal shows true colours (256 or direct): the owner's photo is drawn only then.
    public var showsPhotos = false
    /// How the terminal shows pictures: with a graphics protocol the owner's photo is also loaded finer.
    public var graphics: GraphicsSupport = .blocks
    /// The tab shown first (`i` on the list: Issues).
    public var initialTab: RepoTab = .overview
    /// What the view opens at, on its own tab in place of `initialTab` (a link to another repository's
    /// issue, a notification's subject): Esc in an issue or pull request opened so closes the view.
    public var initialPlace: RepoPlace?
    /// Rings the terminal's bell (a watched run completed; the config's `bell_on_done`); nil: silent.
    public var bell: (@MainActor () -> Void)?
    /// What the tabs beyond the Overview and README read and keep (the app: its client and store).
    var sources: RepoDetailSources

    public init(repository: Repository, services: ScreenServices, store: any RepositoryStore,
                sources: RepoDetailSources = .none, opener: any URLOpener, clipboard: any ClipboardWriter,
                cloner: any RepositoryCloner, environment: [String: String]) {
        self.repository = repository
        self.services = services
        self.store = store
        self.sources = sources
        self.opener = opener
        self.clipboard = clipboard
        self.cloner = cloner
        self.environment = environment
    }
}

/// Wires the detail overlay: interactor, presenter, router and view. Push the returned view on the
/// screen stack over the list (it draws a panel, leaving the list visible around it), then call its
/// `viewDidAppear()`.
@MainActor
public enum RepoDetailBuilder {
    public static func build(_ dependencies: RepoDetailDependencies, navigator: any AppNavigator) -> RepoDetailView {
        let services = dependencies.services
        let interactor = RepoDetailInteractor(
            repository: dependencies.repository, service: services.service, store: dependencies.store,
            sources: dependencies.sources, opener: dependencies.opener, clipboard: dependencies.clipboard,
            cloner: dependencies.cloner, environment: dependencies.environment, now: services.now)
        let router = ScreenRouter(navigator: navigator)
        let tabs = RepoTabs.make(
            interactor: interactor, router: router, dispatcher: services.dispatcher, scheduler: services.scheduler,
            showsPhotos: dependencies.showsPhotos, editor: dependencies.editor, now: services.now)
        if dependencies.graphics.graphicsProtocol != nil { tabs.readme.pictureCell = dependencies.graphics.cellPixels }
        tabs.overview.finePhoto = dependencies.graphics.pixelSize(
            columns: OverviewPresenter.photoCells.columns, rows: OverviewPresenter.photoCells.rows)
        let presenter = RepoDetailPresenter(interactor: interactor, router: router, tabs: tabs, scheduler: services.scheduler)
        presenter.initialTab = dependencies.initialTab
        presenter.initialPlace = dependencies.initialPlace
        tabs.actionsTab.bell = dependencies.bell
        return router.attach(RepoDetailView(presenter: presenter), to: presenter)
    }
}

extension RepoDetailPresenter: StatePresenter {}

extension ScreenRouter: RepoDetailRouterProtocol {}
