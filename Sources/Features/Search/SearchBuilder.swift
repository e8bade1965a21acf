import Foundation
import GitHubAPI
import TerminalKit

/// What the search module needs from the app.
public struct SearchDependencies {
    var service: any GitHubService
    var dispatcher: any UIDispatcher
    var scheduler: any Scheduler
    /// A query already in the field when the screen opens (not searched until Enter).
    var initialQuery: String

    public init(service: any GitHubService, dispatcher: any UIDispatcher, scheduler: any Scheduler,
                initialQuery: String = "") {
        self.service = service
        self.dispatcher = dispatcher
        self.scheduler = scheduler
        self.initialQuery = initialQuery
    }
}

/// Wires the search module: interactor, presenter, router and view. Push the returned view on the
/// screen stack (it fills the screen), then call its `viewDidAppear()`.
@MainActor
public enum SearchBuilder {
    public static func build(_ dependencies: SearchDependencies, navigator: any AppNavigator) -> SearchView {
        let interactor = SearchInteractor(service: dependencies.service)
        let router = SearchRouter(navigator: navigator)
        let presenter = SearchPresenter(
            interactor: interactor, router: router, dispatcher: dependencies.dispatcher,
            scheduler: dependencies.scheduler, initialQuery: dependencies.initialQuery)
        let view = SearchView(presenter: presenter)
        presenter.view = view
        router.screen = view
        return view
    }
}
