import GitHubEntities

/// Navigation out of the repository list.
@MainActor
public final class RepoListRouter: RepoListRouterProtocol {
    private weak var navigator: (any AppNavigator)?

    public init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    public func quit() {
        navigator?.quit()
    }

    public func showDetail(_ repository: Repository) {
        navigator?.showRepositoryDetail(repository)
    }

    public func showOwnerPrompt() { navigator?.showOwnerPrompt() }
    public func showProfile(login: String) { navigator?.showProfile(login: login) }
    public func showSearch() { navigator?.showSearch() }
}
