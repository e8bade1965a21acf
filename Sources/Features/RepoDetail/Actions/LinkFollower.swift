import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// Follows a link of the repository view (a README's, an issue's or a comment's) as the app does
/// everywhere: an issue or pull request opens in the app (this repository's in its tab, another's in
/// that repository's view on it), a repository or an owner on GitHub opens in the app, this
/// repository's files and anything else in the browser.
@MainActor
final class LinkFollower {
    weak var host: (any RepoViewHost)?
    /// Opens an issue or pull request of this repository in its tab; false when it is another's.
    var openIssue: ((IssueReference) -> Bool)?
    private let interactor: any RepoDetailInteractorProtocol
    private let router: any RepoDetailRouterProtocol
    private let actions: RepoActions
    private let dispatcher: any UIDispatcher
    /// A repository or owner being looked up for a link (tests await it).
    private(set) var followTask: Task<Void, Never>?

    init(interactor: any RepoDetailInteractorProtocol, router: any RepoDetailRouterProtocol, actions: RepoActions,
         dispatcher: any UIDispatcher) {
        self.interactor = interactor
        self.router = router
        self.actions = actions
        self.dispatcher = dispatcher
    }

    isolated deinit {
        followTask?.cancel()
    }

    /// Follows `url` (absolute, sanitized: a rendered link's).
    func follow(_ url: String) {
        let repository = interactor.repository
        let webHost = GitHubLink.host(ofWebPage: repository.htmlURL)
        let reference = IssueReference.link(url, host: webHost)
        if let reference, openIssue?(reference) == true { return }
        guard followTask == nil else { return }
        let interactor = self.interactor
        if let reference {
            // Another repository's issue: that repository's view, on it.
            let fullName = "\(reference.owner)/\(reference.name)"
            host?.setStatus(tr("detail.status.opening", fullName + "#\(reference.number)"))
            followTask = dispatcher.background { await interactor.repository(owner: reference.owner, name: reference.name) } then: {
                [weak self] lookup in self?.repositoryDidLoad(lookup, fullName: fullName, issue: reference)
            }
            return
        }
        switch GitHubLink.classify(url, host: webHost) {
        case .repository(let owner, let name)
            where owner.lowercased() == repository.ownerLogin.lowercased() && name.lowercased() == repository.name.lowercased():
            // A file or folder of this repository: its page.
            actions.open(url)
        case .repository(let owner, let name):
            host?.setStatus(tr("detail.status.opening", "\(owner)/\(name)"))
            followTask = dispatcher.background { await interactor.repository(owner: owner, name: name) } then: { [weak self] lookup in
                self?.repositoryDidLoad(lookup, fullName: "\(owner)/\(name)")
            }
        case .owner(let login):
            host?.setStatus(tr("detail.status.opening", login))
            followTask = dispatcher.background { await interactor.ownerExists(login) } then: { [weak self] error in
                self?.ownerDidLoad(login, error: error)
            }
        case .browser(let address):
            actions.open(address)
        case .unsupported:
            host?.setStatus(tr("detail.link.notWebAddress", Sanitizer.line(url)))
        }
    }

    func repositoryDidLoad(_ lookup: RepositoryLookup, fullName: String, issue: IssueReference? = nil) {
        followTask = nil
        switch lookup {
        case .found(let repository):
            host?.setStatus(nil)
            if let issue {
                router.showIssue(issue.number, isPullRequest: issue.isPullRequest == true, of: repository)
            } else {
                router.showRepositoryDetail(repository)
            }
        case .failed(let error):
            host?.setStatus(tr("detail.link.couldNotOpen", fullName, error.shortReason))
        case .cancelled:
            host?.setStatus(nil)
        }
        host?.changed()
    }

    func ownerDidLoad(_ login: String, error: GitHubError?) {
        followTask = nil
        if let error {
            host?.setStatus(tr("detail.link.couldNotOpen", login, error.shortReason))
            host?.changed()
        } else {
            router.showOwner(login)
        }
    }
}
