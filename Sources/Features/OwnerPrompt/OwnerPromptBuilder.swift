import Foundation
import GitHubAPI
import TerminalKit

/// Wires the owner prompt: interactor, presenter, router and view. Push the returned view on the
/// screen stack over the current screen, then call its `viewDidAppear()`.
@MainActor
public enum OwnerPromptBuilder {
    /// `initialText`: already in the field when the prompt opens (e.g. the current owner), cursor at its end.
    /// `knownHosts`: the hosts gh knows, listed under the field (`H`; nil: no list).
    public static func build(_ services: ScreenServices, initialText: String = "", knownHosts: [KnownHost]? = nil,
                             navigator: any AppNavigator) -> OwnerPromptView {
        let router = OwnerPromptRouter(navigator: navigator)
        let presenter = OwnerPromptPresenter(
            interactor: OwnerPromptInteractor(service: services.service, host: services.host), router: router,
            dispatcher: services.dispatcher, scheduler: services.scheduler, initialText: initialText,
            hosts: knownHosts.map { HostChoices(hosts: $0, current: services.host) })
        return router.attach(OwnerPromptView(presenter: presenter), to: presenter)
    }
}

extension OwnerPromptPresenter: StatePresenter {}
