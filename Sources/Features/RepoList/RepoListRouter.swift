import GitHubEntities
import Persistence
import TerminalKit

/// Navigation out of the repository list.
@MainActor
final class RepoListRouter: RepoListRouterProtocol {
    private weak var navigator: (any AppNavigator)?
    /// The list's own screen, to dismiss it (set by the builder).
    weak var screen: (any Screen)?

    init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    func quit() {
        navigator?.quit()
    }

    func showDetail(_ repository: Repository, tab: RepoTab) {
        navigator?.showRepositoryDetail(repository, tab: tab)
    }

    func showOwnerPrompt() { navigator?.showOwnerPrompt() }
    func showProfile(login: String) { navigator?.showProfile(login: login) }
    func showSearch() { navigator?.showSearch() }
    func showList(_ list: RepositoryListID) { navigator?.openList(list) }

    func close() {
        if let screen { navigator?.dismiss(screen) }
    }
}
