import TerminalKit

/// Navigation out of the overlay, through the app's navigator.
@MainActor
final class RepoDetailRouter: RepoDetailRouterProtocol {
    private weak var navigator: (any AppNavigator)?
    /// The overlay's own screen, to dismiss it (set by the builder).
    weak var screen: (any Screen)?

    init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    func close() {
        if let screen { navigator?.dismiss(screen) }
    }

    func quit() {
        navigator?.quit()
    }
}
