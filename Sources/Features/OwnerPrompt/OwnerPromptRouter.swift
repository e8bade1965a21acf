import TerminalKit

/// Navigation out of the prompt, through the app's navigator.
@MainActor
final class OwnerPromptRouter: OwnerPromptRouterProtocol {
    private weak var navigator: (any AppNavigator)?
    /// The prompt's own screen, to dismiss it (set by the builder).
    weak var screen: (any Screen)?

    init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    func open(ownerLogin: String) {
        navigator?.openOwner(ownerLogin)
        close()
    }

    func close() {
        if let screen { navigator?.dismiss(screen) }
    }

    func quit() {
        navigator?.quit()
    }
}
