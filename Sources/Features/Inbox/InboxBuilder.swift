import Foundation
import TerminalKit

/// Wires the inbox: interactor, presenter, router and view. Push the returned view on the screen stack
/// (it fills the screen), then call its `viewDidAppear()`.
@MainActor
public enum InboxBuilder {
    /// The services' `inboxWatch` (the app-wide unread count) is told by the inbox while it is open.
    public static func build(_ services: ScreenServices, sources: InboxSources, navigator: any AppNavigator) -> InboxView {
        let router = InboxRouter(navigator: navigator)
        let presenter = InboxPresenter(
            interactor: InboxInteractor(sources: sources, now: services.now), router: router,
            dispatcher: services.dispatcher, scheduler: services.scheduler, now: services.now, watch: services.inboxWatch)
        return router.attach(InboxView(presenter: presenter), to: presenter)
    }
}

extension InboxPresenter: StatePresenter {}
/// Navigation out of the inbox: the shared router, through the app's navigator.
typealias InboxRouter = ScreenRouter

extension ScreenRouter: InboxRouterProtocol {}
