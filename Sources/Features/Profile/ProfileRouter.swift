import GitHubEntities
import TerminalKit

/// Navigation out of the profile, through the app's navigator.
@MainActor
final class ProfileRouter: ProfileRouterProtocol {
    private weak var navigator: (any AppNavigator)?
    /// The profile's own screen, to dismiss it (set by the builder).
    weak var screen: (any Screen)?

    init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    func showRepositoryDetail(_ repository: Repository) {
        navigator?.showRepositoryDetail(repository)
    }

    func close() {
        if let screen { navigator?.dismiss(screen) }
    }

    func quit() {
        navigator?.quit()
    }
}
