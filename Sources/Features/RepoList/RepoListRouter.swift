import GitHubEntities
import Persistence

/// Navigation out of the repository list.
@MainActor
final class RepoListRouter: RepoListRouterProtocol {
    private weak var navigator: (any AppNavigator)?

    init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    func quit() {
        navigator?.quit()
    }

    func showDetail(_ repository: Repository) {
        navigator?.showRepositoryDetail(repository)
    }

    func showOwnerPrompt() { navigator?.showOwnerPrompt() }
    func showProfile(login: String) { navigator?.showProfile(login: login) }
    func showSearch() { navigator?.showSearch() }
    func showList(_ list: RepositoryListID) { navigator?.openList(list) }
}
