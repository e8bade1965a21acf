import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
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
    /// Opens a workflow run of this repository (a pull request's check) in the Actions tab; false when
    /// it is another's (then its page opens in the browser).
    var openRun: ((RunReference) -> Bool)?
    private let interactor: any RepoDetailInteractorProtocol
    private let router: any RepoDetailRouterProtocol
    private let actions: RepoActions
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    /// A repository or owner being looked up for a link (tests await it).
    private(set) var followTask: Task<Void, Never>?

    init(interactor: any RepoDetailInteractorProtocol, router: any RepoDetailRouterProtocol, actions: RepoActions,
         dispatcher: any UIDispatcher) {
        self.interactor = interactor
        self.router = router
        self.actions = actions
        calls = BackgroundCalls(dispatcher)
    }

    /// Follows `url` (absolute, sanitized: a rendered link's).
    func follow(_ url: String) {
        let repository = interactor.repository
        let webHost = GitHubHost.ofWebPage( repository.htmlURL)
        if let run = RunReference.link(url, host: webHost), openRun?(run) == true { return }
        let reference = IssueReference.link(url, host: webHost)
        if let reference, openIssue?(reference) == true { return }
        guard followTask == nil else { return }
        let interactor = self.interactor
        if let reference {
            // Another repository's issue: that repository's view, on it.
            let fullName = "\(reference.owner)/\(reference.name)"
            host?.setStatus(tr("detail.status.opening", fullName + "#\(reference.number)"))
            followTask = calls.run { await interactor.repository(owner: reference.owner, name: reference.name) } then: {
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
            followTask = calls.run { await interactor.repository(owner: owner, name: name) } then: { [weak self] lookup in
                self?.repositoryDidLoad(lookup, fullName: "\(owner)/\(name)")
            }
        case .owner(let login):
            host?.setStatus(tr("detail.status.opening", login))
            followTask = calls.run { await interactor.ownerExists(login) } then: { [weak self] error in
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

/// The keys that pick one of a text's numbered links, as the README, an issue and a commit take them:
/// digits then Enter (the number typed; Esc drops it), Tab/Shift-Tab (the next or previous link on
/// screen, selected and highlighted), Enter (the selected one, while it is on screen).
struct LinkKeys: Sendable, Equatable {
    /// The number being typed.
    var typed = ""
    /// The link selected with Tab/Shift-Tab.
    var selected: Int?

    enum Outcome: Equatable {
        /// Not a link key: the caller handles the action.
        case notTaken
        /// Taken; the status line says `status` (nil: leave it).
        case taken(status: String?)
        /// Follow link `number` (it is selected now).
        case follow(Int)
    }

    /// `onScreen`: the links drawn in the window, in order; `url`: a link's address, nil when there is none.
    mutating func handle(_ action: RepoDetailAction, onScreen: () -> [Int], url: (Int) -> String?) -> Outcome {
        let number = typed
        switch action {
        case .choose(let digit):
            guard number.count < 4, !(number.isEmpty && digit == 0) else { return .taken(status: nil) }
            typed = number + String(digit)
            return .taken(status: tr("detail.link.typed", typed))
        case .confirm:
            typed = ""
            guard let chosen = Int(number) ?? selected.flatMap({ onScreen().contains($0) ? $0 : nil }) else { return .taken(status: nil) }
            guard url(chosen) != nil else { return .taken(status: tr("detail.link.missing", chosen)) }
            selected = chosen
            return .follow(chosen)
        case .close where !number.isEmpty:
            typed = ""
            return .taken(status: nil)
        case .nextLink, .previousLink:
            typed = ""
            let numbers = onScreen()
            guard !numbers.isEmpty else {
                selected = nil
                return .taken(status: tr("detail.link.noneOnScreen"))
            }
            let forward = action == .nextLink
            if let current = selected, let index = numbers.firstIndex(of: current) {
                selected = numbers[((index + (forward ? 1 : -1)) % numbers.count + numbers.count) % numbers.count]
            } else {
                selected = forward ? numbers.first : numbers.last
            }
            guard let chosen = selected, let address = url(chosen) else { return .taken(status: nil) }
            return .taken(status: tr("detail.link.selected", chosen, Sanitizer.line(address)))
        default:
            typed = ""
            return .notTaken
        }
    }

    /// The link numbers drawn in `lines`, in order of first appearance.
    static func numbers(in lines: some Sequence<StyledLine>) -> [Int] {
        var numbers: [Int] = []
        for line in lines {
            for span in line.spans { if let link = span.link, !numbers.contains(link) { numbers.append(link) } }
        }
        return numbers
    }
}
