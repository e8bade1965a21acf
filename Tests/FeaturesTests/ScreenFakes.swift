import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import Persistence
import TerminalKit
import TestSupport
import Testing
@testable import Features

// Fakes shared by the owner prompt, profile and search tests.

/// Records what the routers asked of the app.
@MainActor
final class SpyNavigator: AppNavigator {
    var calls: [String] = []
    var dismissed: [ObjectIdentifier] = []
    var detailed: [Repository] = []

    func quit() { calls.append("quit") }
    func openOwner(_ login: String) { calls.append("openOwner \(login)") }
    func openList(_ list: RepositoryListID) { calls.append("openList \(list.key)") }
    func showOwner(_ login: String) { calls.append("showOwner \(login)") }
    func showOwnerPrompt() { calls.append("showOwnerPrompt") }
    func showHosts() { calls.append("showHosts") }
    func openOwner(_ login: String, on host: GitHubHost) { calls.append("openOwner \(login) on \(host)") }
    func showProfile(login: String) { calls.append("showProfile \(login)") }
    func showSearch() { calls.append("showSearch") }
    func showInbox() { calls.append("showInbox") }
    func showRepositoryDetail(_ repository: Repository, tab: RepoTab) {
        calls.append("detail \(repository.fullName)" + (tab == .overview ? "" : " \(tab)"))
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
