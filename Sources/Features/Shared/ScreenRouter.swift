import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// Navigation out of a screen, through the app's navigator. Each module's router protocol names the
/// part of it that module may use (`ProfileRouterProtocol`, `SearchRouterProtocol`…); the builder
/// sets `screen`, so `close()` dismisses the screen the router belongs to.
@MainActor
final class ScreenRouter {
    private weak var navigator: (any AppNavigator)?
    /// The module's own screen, to dismiss it (set by the builder).
    weak var screen: (any Screen)?

    init(navigator: any AppNavigator) {
        self.navigator = navigator
    }

    /// Goes back: dismisses this router's screen.
    func close() {
        if let screen { navigator?.dismiss(screen) }
    }

    func quit() {
        navigator?.quit()
    }

    func showRepositoryDetail(_ repository: Repository) {
        navigator?.showRepositoryDetail(repository)
    }

    func showRepositoryDetail(_ repository: Repository, tab: RepoTab) {
        navigator?.showRepositoryDetail(repository, tab: tab)
    }

    func showIssue(_ number: Int, isPullRequest: Bool, of repository: Repository) {
        navigator?.showIssue(number, isPullRequest: isPullRequest, of: repository)
    }

    func show(_ place: RepoPlace, in repository: Repository) {
        navigator?.show(place, in: repository)
    }

    func showProfile(login: String) {
        navigator?.showProfile(login: login)
    }

    /// Opens the owner's repositories on another GitHub host in place of the list.
    func open(ownerLogin: String, on host: GitHubHost) {
        navigator?.openOwner(ownerLogin, on: host)
    }

    /// Opens the owner's repositories in place of the list, and closes this screen.
    func open(ownerLogin: String) {
        navigator?.openOwner(ownerLogin)
        close()
    }

    /// Shows the owner's repositories over this screen: Esc on that list comes back to it.
    func showOwner(_ login: String) {
        navigator?.showOwner(login)
    }

    func showOwnerPrompt() { navigator?.showOwnerPrompt() }
    func showHosts() { navigator?.showHosts() }
    func showSearch() { navigator?.showSearch() }
    func showSearch(query: String) { navigator?.showSearch(query: query) }
    func showLocalSearch() { navigator?.showLocalSearch() }
    func showInbox() { navigator?.showInbox() }
    /// Replaces the screens with another list (an owner's own or starred repositories).
    func showList(_ list: RepositoryListID) { navigator?.openList(list) }
}
