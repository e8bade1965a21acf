import Foundation
import TerminalKit

/// Wires the search module: interactor, presenter, router and view. Push the returned view on the
/// screen stack (it fills the screen), then call its `viewDidAppear()`.
@MainActor
public enum SearchBuilder {
    /// `initialQuery`: already in the field when the screen opens (not searched until Enter).
    public static func build(_ services: ScreenServices, initialQuery: String = "",
                             navigator: any AppNavigator) -> SearchView {
        let router = SearchRouter(navigator: navigator)
        let presenter = SearchPresenter(
            interactor: SearchInteractor(service: services.service), router: router,
            dispatcher: services.dispatcher, scheduler: services.scheduler, initialQuery: initialQuery)
        services.inboxWatch?.observe(from: presenter) { $0.inboxUnread = $1 }
        return router.attach(SearchView(presenter: presenter), to: presenter)
    }
}

extension SearchPresenter: StatePresenter {}
