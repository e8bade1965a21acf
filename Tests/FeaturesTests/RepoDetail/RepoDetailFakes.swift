import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Locking
import TerminalKit
import TestSupport
@testable import Features
@testable import AppCore

/// The detail's tests script TestSupport's one fake service.
typealias CommitsGitHubService = ScriptedGitHubService

extension ScriptedGitHubService {
    /// A service whose every repository's latest commits are `commits`.
    convenience init(commits: Result<[Commit], GitHubError>) {
        self.init(ScriptedGitHubService.Script(commits: commits))
    }

    /// The detail's default: the sample commits, also as the default branch's one-page history.
    static func detail() -> ScriptedGitHubService {
        let service = ScriptedGitHubService(commits: .success(DetailSample.commits))
        service.script.withLock { $0.historyPages = [DetailSample.commits] }
        return service
    }

    /// With a token: it stars and unstars, and says what is starred.
    static func starring() -> ScriptedGitHubService {
        let service = ScriptedGitHubService.detail()
        service.script.withLock { $0.isAuthenticated = true }
        return service
    }

    /// Calls that start with `prefix` ("avatar", "readme"…).
    func recorded(_ prefix: String) -> [String] { recorded.filter { $0.hasPrefix(prefix + " ") } }
}

/// An opener that starts nothing: it resolves the browser the way the live one does, against a set
/// of executables the test lists, and records the command it would have run.
final class SpyURLOpener: URLOpener {
    let executables: Set<String>
    let launched = Mutex<[[String]]>([])

    init(executables: Set<String> = []) { self.executables = executables }

    var commands: [[String]] { launched.withLock { $0 } }

    func open(_ url: String, environment: [String: String]) -> URLOpenOutcome {
        guard let command = BrowserCommand.resolve(url: url, environment: environment,
                                                   isExecutable: { self.executables.contains($0) }) else {
            return .noBrowser
        }
        launched.withLock { $0.append(command) }
        return .opened(program: URL(fileURLWithPath: command[0]).lastPathComponent)
    }
}

@MainActor
final class SpyRepoDetailView: RepoDetailViewProtocol {
    var states: [RepoDetailViewState] = []
    var last: RepoDetailViewState? { states.last }
    func display(_ state: RepoDetailViewState) { states.append(state) }
}

@MainActor
final class SpyRepoDetailRouter: RepoDetailRouterProtocol {
    var localSearches = 0
    func showLocalSearch() { localSearches += 1 }
    var closeCount = 0
    var quitCount = 0
    /// Overlays opened over this one, and owners' lists shown over it.
    var shownRepositories: [String] = []
    var openedOwners: [String] = []
    func close() { closeCount += 1 }
    func quit() { quitCount += 1 }
    func showRepositoryDetail(_ repository: Repository) { shownRepositories.append(repository.fullName) }
    /// Issues opened in another repository's overlay: "o/r#N".
    var shownIssues: [String] = []
    func showIssue(_ number: Int, isPullRequest: Bool, of repository: Repository) {
        shownIssues.append("\(repository.fullName)#\(number)")
    }
    func showOwner(_ login: String) { openedOwners.append(login) }
}

enum DetailSample {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let day: TimeInterval = 86_400

    static let commits = [
        Commit(sha: "a1b2c3d4e5f6", message: "Fix the thing\n\nLonger body", authorName: "Alice", date: now.addingTimeInterval(-7200)),
        Commit(sha: "b2c3d4e5f6a1", message: "Add 日本語 docs", authorName: "Bob", date: now.addingTimeInterval(-day * 3)),
        Commit(sha: "c3d4e5f6a1b2", message: "Initial commit", authorName: "Carol", date: nil),
        Commit(sha: "d4e5f6a1b2c3", message: "A fourth one", authorName: "Dan", date: nil),
    ]

    /// A repository with every field filled.
    static let repository = Repository(
        id: 42, name: "github-tui", fullName: "octocat/github-tui", ownerLogin: "octocat",
        description: "A full-screen terminal GitHub browser: repositories, commits, profiles and search, offline first, on ncurses.",
        language: "Swift", stargazersCount: 12_345, forksCount: 678, watchersCount: 12_345, openIssuesCount: 9,
        defaultBranch: "main", htmlURL: "https://github.com/octocat/github-tui", homepage: "https://octocat.github.io/github-tui",
        license: "MIT", topics: ["swift", "terminal", "tui", "ncurses"], isFork: false, isArchived: false,
        createdAt: now.addingTimeInterval(-day * 800), updatedAt: now.addingTimeInterval(-day * 2),
        pushedAt: now.addingTimeInterval(-3 * 3600))

    static func stored(_ commits: [Commit], at date: Date = now) -> StoredCommits {
        StoredCommits(commits: commits, fetchedAt: date, isEmptyRepository: commits.isEmpty)
    }
}

/// A clipboard that records what it was given.
@MainActor
final class SpyClipboard: ClipboardWriter {
    var copied: [String] = []
    var outcome: ClipboardOutcome = .copied(via: ["terminal"])
    func copy(_ text: String) -> ClipboardOutcome {
        copied.append(text)
        return outcome
    }
}

/// A cloner that clones nothing: it records the repositories it was asked for.
@MainActor
final class SpyCloner: RepositoryCloner {
    var cloned: Set<String> = []
    var requests: [String] = []
    var failure: String?
    func directory(for repository: Repository) -> String { "/src/github.com/\(repository.fullName)" }
    /// Each repository whose clone was looked for, in order.
    var lookedAt: [String] = []
    func isCloned(_ repository: Repository) -> Bool {
        lookedAt.append(repository.fullName)
        return cloned.contains(repository.fullName)
    }
    func clone(_ repository: Repository) -> CloneOutcome {
        requests.append(repository.fullName)
        if let failure { return .failed(failure) }
        cloned.insert(repository.fullName)
        return .cloned(path: directory(for: repository))
    }
}
