import TerminalKit

/// Navigation out of the overlay, through the app's navigator.
@MainActor
public final class RepoDetailRouter: RepoDetailRouterProtocol {
    private weak var navigator: (any AppNavigator)?
    /// The overlay's own screen, to dismiss it (set by the builder).
    public weak var screen: (any Screen)?

    public init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    public func close() {
        if let screen { navigator?.dismiss(screen) }
    }

    public func quit() {
        navigator?.quit()
    }
}
