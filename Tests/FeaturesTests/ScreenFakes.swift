import Foundation
import GitHubAPI
import GitHubEntities
import Synchronization
import TerminalKit
import Testing
@testable import Features

// Fakes shared by the owner prompt, profile and search tests.

/// A GitHub service scripted per test for the prompt, profile and search screens; records calls.
final class ScriptedGitHubService: GitHubService {
    struct Script: Sendable {
        /// Owners by lowercased login; any other login is 404.
        var owners: [String: Owner] = [:]
        /// An error every owner lookup fails with instead.
        var ownerError: GitHubError?
        /// Pages of repositories; page N links to N+1 (`https://api.test/repos/N`).
        var repositoryPages: [[Repository]] = [[]]
        var repositoryErrors: [Int: GitHubError] = [:]
        /// Search pages; page N links to N+1 (`https://api.test/search/N`) while there are more.
        var searchPages: [RepositorySearchPage] = []
        var searchErrors: [Int: GitHubError] = [:]
        /// Whether the last search page still links to a next one (as GitHub does at the cap).
        var searchLinksPastEnd = false
    }

    let script: Mutex<Script>
    let calls = Mutex<[String]>([])

    init(_ script: Script = Script()) { self.script = Mutex(script) }

    var recorded: [String] { calls.withLock { $0 } }

    private func record(_ call: String) { calls.withLock { $0.append(call) } }

    func owner(login: String) async throws -> Owner {
        record("owner \(login)")
        let script = self.script.withLock { $0 }
        if let error = script.ownerError { throw error }
        guard let owner = script.owners[login.lowercased()] else { throw GitHubError.notFound }
        return owner
    }

    func repositories(ownerLogin: String) async throws -> Page<Repository> {
        record("repos \(ownerLogin)")
        return try repositoryPage(0)
    }

    func repositories(page url: URL) async throws -> Page<Repository> {
        record("repos page \(url.lastPathComponent)")
        return try repositoryPage(Int(url.lastPathComponent) ?? -1)
    }

    func latestCommits(ownerLogin: String, repository: String) async throws -> [Commit] { [] }

    func searchRepositories(query: String) async throws -> (RepositorySearchPage, next: URL?) {
        record("search \(query)")
        return try searchPage(0)
    }

    func searchRepositories(page url: URL) async throws -> (RepositorySearchPage, next: URL?) {
        record("search page \(url.lastPathComponent)")
        return try searchPage(Int(url.lastPathComponent) ?? -1)
    }

    private func repositoryPage(_ index: Int) throws -> Page<Repository> {
        let script = self.script.withLock { $0 }
        if let error = script.repositoryErrors[index] { throw error }
        guard script.repositoryPages.indices.contains(index) else { throw GitHubError.notFound }
        let next = index + 1 < script.repositoryPages.count ? URL(string: "https://api.test/repos/\(index + 1)") : nil
        return Page(items: script.repositoryPages[index], next: next)
    }

    private func searchPage(_ index: Int) throws -> (RepositorySearchPage, next: URL?) {
        let script = self.script.withLock { $0 }
        if let error = script.searchErrors[index] { throw error }
        guard script.searchPages.indices.contains(index) else {
            throw GitHubError.http(status: 422, message: "Only the first 1000 search results are available")
        }
        let hasNext = index + 1 < script.searchPages.count || script.searchLinksPastEnd
        return (script.searchPages[index], next: hasNext ? URL(string: "https://api.test/search/\(index + 1)") : nil)
    }
}

/// Records what the routers asked of the app.
@MainActor
final class SpyNavigator: AppNavigator {
    var calls: [String] = []
    var dismissed: [ObjectIdentifier] = []
    var detailed: [Repository] = []

    func quit() { calls.append("quit") }
    func openOwner(_ login: String) { calls.append("openOwner \(login)") }
    func showOwnerPrompt() { calls.append("showOwnerPrompt") }
    func showProfile(login: String) { calls.append("showProfile \(login)") }
    func showSearch() { calls.append("showSearch") }
    func showRepositoryDetail(_ repository: Repository) {
        calls.append("detail \(repository.fullName)")
        detailed.append(repository)
    }
    func dismiss(_ screen: any Screen) {
        calls.append("dismiss")
        dismissed.append(ObjectIdentifier(screen))
    }
}

/// Snapshots of these screens live with the others in `Tests/FeaturesTests/__Snapshots__`.
func assertScreenSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    assertSnapshot(text, named: name, filePath: #filePath, sourceLocation: sourceLocation)
}

enum ScreenSample {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static let octocat = Owner(
        id: 583231, login: "octocat", kind: .user, name: "The Octocat", avatarURL: nil,
        htmlURL: "https://github.com/octocat", bio: "GitHub's mascot and\ntester of things", company: "@github",
        location: "San Francisco", email: "octocat@github.com", blog: "https://github.blog", followers: 12_345,
        following: 9, publicRepos: 8, createdAt: Date(timeIntervalSince1970: 1_296_000_000))

    static let square = Owner(id: 82592, login: "square", kind: .organization, name: "Square", bio: nil,
                              location: "San Francisco", blog: "https://square.github.io", publicRepos: 400,
                              createdAt: Date(timeIntervalSince1970: 1_240_000_000))

    static func repository(_ i: Int, owner: String = "octocat", name: String? = nil, description: String? = nil,
                           language: String? = "Swift", stars: Int = 0) -> Repository {
        let name = name ?? String(format: "repo-%04d", i)
        return Repository(id: Int64(i), name: name, fullName: "\(owner)/\(name)", ownerLogin: owner,
                          description: description ?? "Repository number \(i)", language: language,
                          stargazersCount: stars, htmlURL: "https://github.com/\(owner)/\(name)")
    }

    static func repositories(_ range: ClosedRange<Int>, owner: String = "octocat") -> [Repository] {
        range.map { repository($0, owner: owner) }
    }
}
