import TerminalKit

/// Navigation out of the prompt, through the app's navigator.
@MainActor
public final class OwnerPromptRouter: OwnerPromptRouterProtocol {
    private weak var navigator: (any AppNavigator)?
    /// The prompt's own screen, to dismiss it (set by the builder).
    public weak var screen: (any Screen)?

    public init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    public func open(ownerLogin: String) {
        navigator?.openOwner(ownerLogin)
        close()
    }

    public func close() {
        if let screen { navigator?.dismiss(screen) }
    }

    public func quit() {
        navigator?.quit()
    }
}
