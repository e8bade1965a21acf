import Foundation
import GitHubEntities
import Testing
import TestSupport

@Suite("TestSupport's generated data and fixtures")
struct GeneratedDataTests {
    @Test func generatedRepositoriesDecode() throws {
        let data = FakeGitHubServer.generatedRepositories(count: 250, owner: "scale", exotic: true)
        #expect(data.count == 250)
        let repos = try data.map { try JSONDecoder().decode(Repository.self, from: $0) }
        #expect(repos.first?.name == "repo-00001")
        #expect(repos.last?.name == "repo-00250")
        #expect(Set(repos.map(\.id)).count == 250)
        #expect(repos.allSatisfy { $0.ownerLogin == "scale" && $0.fullName == "scale/\($0.name)" })
        #expect(repos.contains { $0.description?.contains("日本語") == true })
        #expect(repos.contains { $0.description?.contains("\u{1B}") == true })
        #expect(repos.contains { $0.description == nil })
        #expect(repos.contains { $0.isFork } && repos.contains { $0.isArchived })
        #expect(repos.allSatisfy { $0.updatedAt != nil })

        let plain = try FakeGitHubServer.generatedRepositories(count: 20, owner: "p")
            .map { try JSONDecoder().decode(Repository.self, from: $0) }
        #expect(plain.allSatisfy { ($0.description ?? "").unicodeScalars.allSatisfy(\.isASCII) })
        #expect(FakeGitHubServer.generatedRepositories(count: 0, owner: "none").isEmpty)
    }

    @Test func generatedUserDecodes() throws {
        let owner = try JSONDecoder().decode(Owner.self, from: FakeGitHubServer.generatedUser(login: "scale", repositories: 5000))
        #expect(owner.login == "scale")
        #expect(owner.publicRepos == 5000)
        let org = try JSONDecoder().decode(
            Owner.self, from: FakeGitHubServer.generatedUser(login: "org", repositories: 1, organization: true))
        #expect(org.kind == .organization)
    }

    @Test func fixturesAreBundledWithTheirAttribution() {
        #expect(Fixtures.allNames.count >= 25)
        #expect(Fixtures.names(in: "octokit-rb").count == 24)  // 7, 16 in wave3/ (two, reviews and checks and the Actions runs and jobs, not from the shared recordings), 1 in notifications/
        #expect(Fixtures.names(in: "octokit-swift") == ["octokit-swift/notification_threads.json"])
        let sources = String(decoding: Fixtures.data("SOURCES.md"), as: UTF8.self)
        #expect(sources.contains("MIT"))
        #expect(sources.contains("octokit/octokit.rb"))
        #expect(Fixtures.recordedItems(Fixtures.Name.sferikRepositories).count == 30)
        #expect(Fixtures.recordedHeaders(Fixtures.Name.sferikRepositories)["Etag"] == "\"c6f87816a50f826404ebbdd88540c558\"")
    }
}
