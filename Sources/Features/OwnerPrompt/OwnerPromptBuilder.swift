import Foundation
import TerminalKit

/// Wires the owner prompt: interactor, presenter, router and view. Push the returned view on the
/// screen stack over the current screen, then call its `viewDidAppear()`.
@MainActor
public enum OwnerPromptBuilder {
    /// `initialText`: already in the field when the prompt opens (e.g. the current owner), cursor at its end.
    public static func build(_ services: ScreenServices, initialText: String = "",
                             navigator: any AppNavigator) -> OwnerPromptView {
        let router = OwnerPromptRouter(navigator: navigator)
        let presenter = OwnerPromptPresenter(
            interactor: OwnerPromptInteractor(service: services.service), router: router,
            dispatcher: services.dispatcher, scheduler: services.scheduler, initialText: initialText)
        return router.attach(OwnerPromptView(presenter: presenter), to: presenter)
    }
}

extension OwnerPromptPresenter: StatePresenter {}
