import GitHubEntities
import TerminalKit

/// Navigation out of the search screen, through the app's navigator.
@MainActor
final class SearchRouter: SearchRouterProtocol {
    private weak var navigator: (any AppNavigator)?
    /// The search's own screen, to dismiss it (set by the builder).
    weak var screen: (any Screen)?

    init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    func showRepositoryDetail(_ repository: Repository) {
        navigator?.showRepositoryDetail(repository)
    }

    func showProfile(login: String) {
        navigator?.showProfile(login: login)
    }

    func close() {
        if let screen { navigator?.dismiss(screen) }
    }

    func quit() {
        navigator?.quit()
    }
}
