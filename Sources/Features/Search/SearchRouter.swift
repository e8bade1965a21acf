import GitHubEntities
import TerminalKit

/// Navigation out of the search screen, through the app's navigator.
@MainActor
public final class SearchRouter: SearchRouterProtocol {
    private weak var navigator: (any AppNavigator)?
    /// The search's own screen, to dismiss it (set by the builder).
    public weak var screen: (any Screen)?

    public init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    public func showRepositoryDetail(_ repository: Repository) {
        navigator?.showRepositoryDetail(repository)
    }

    public func showProfile(login: String) {
        navigator?.showProfile(login: login)
    }

    public func close() {
        if let screen { navigator?.dismiss(screen) }
    }

    public func quit() {
        navigator?.quit()
    }
}
