import GitHubEntities
import TerminalKit

/// Navigation out of the profile, through the app's navigator.
@MainActor
public final class ProfileRouter: ProfileRouterProtocol {
    private weak var navigator: (any AppNavigator)?
    /// The profile's own screen, to dismiss it (set by the builder).
    public weak var screen: (any Screen)?

    public init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    public func showRepositoryDetail(_ repository: Repository) {
        navigator?.showRepositoryDetail(repository)
    }

    public func close() {
        if let screen { navigator?.dismiss(screen) }
    }

    public func quit() {
        navigator?.quit()
    }
}
