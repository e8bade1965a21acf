import Foundation
import GitHubAPI
import Testing
import TestSupport

/// The fake server's repository statistics, which the end-to-end runs' Overview asks for.
@Suite("Fake server: languages and participation")
struct FakeStatisticsTests {
    @Test("A known repository's languages and 52 weeks, the same on every ask; 202 while counting, then 200; unknown: 404")
    func statistics() async throws {
        let server = FakeGitHubServer.sferik()
        server.setStatisticsComputing(owner: "sferik", repo: "gems", times: 1)
        try await withFakeGitHub(server) { _, client, _ in
            let languages = try await client.languages(ownerLogin: "sferik", repository: "gems")
            #expect(languages.shares.first?.language == "Ruby")
            #expect(try await client.languages(ownerLogin: "sferik", repository: "gems") == languages)
            // Still counting: nil (the app asks again later), then the weeks.
            #expect(try await client.participation(ownerLogin: "sferik", repository: "gems") == nil)
            let weeks = try #require(try await client.participation(ownerLogin: "sferik", repository: "gems"))
            #expect(weeks.all.count == 52 && weeks.owner.count == 52)
            #expect(zip(weeks.owner, weeks.all).allSatisfy { $0 <= $1 })
            #expect(try await client.participation(ownerLogin: "sferik", repository: "dotfiles")?.all.count == 52)
            await #expect(throws: GitHubError.notFound) { try await client.languages(ownerLogin: "sferik", repository: "nothing-here") }
        }
    }
}
