import Foundation
import Persistence
import TerminalKit

/// Wires the local search module over `store`'s index. Push the returned view on the screen stack (it
/// fills the screen), then call its `viewDidAppear()`.
@MainActor
public enum LocalSearchBuilder {
    public static func build(_ services: ScreenServices, store: any LocalSearchStore,
                             navigator: any AppNavigator) -> LocalSearchView {
        let router = LocalSearchRouter(navigator: navigator)
        let presenter = LocalSearchPresenter(
            interactor: LocalSearchInteractor(store: store), router: router, dispatcher: services.dispatcher,
            now: services.now)
        return router.attach(LocalSearchView(presenter: presenter), to: presenter)
    }
}

extension LocalSearchPresenter: StatePresenter {}
