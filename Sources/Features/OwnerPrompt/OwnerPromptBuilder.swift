import Foundation
import GitHubAPI
import TerminalKit

/// What the owner prompt needs from the app.
public struct OwnerPromptDependencies {
    var service: any GitHubService
    var dispatcher: any UIDispatcher
    var scheduler: any Scheduler
    /// Text already in the field when the prompt opens (e.g. the current owner), cursor at its end.
    var initialText: String

    public init(service: any GitHubService, dispatcher: any UIDispatcher, scheduler: any Scheduler,
                initialText: String = "") {
        self.service = service
        self.dispatcher = dispatcher
        self.scheduler = scheduler
        self.initialText = initialText
    }
}

/// Wires the owner prompt: interactor, presenter, router and view. Push the returned view on the
/// screen stack over the current screen, then call its `viewDidAppear()`.
@MainActor
public enum OwnerPromptBuilder {
    public static func build(_ dependencies: OwnerPromptDependencies, navigator: any AppNavigator) -> OwnerPromptView {
        let interactor = OwnerPromptInteractor(service: dependencies.service)
        let router = OwnerPromptRouter(navigator: navigator)
        let presenter = OwnerPromptPresenter(
            interactor: interactor, router: router, dispatcher: dependencies.dispatcher,
            scheduler: dependencies.scheduler, initialText: dependencies.initialText)
        let view = OwnerPromptView(presenter: presenter)
        presenter.view = view
        router.screen = view
        return view
    }
}
