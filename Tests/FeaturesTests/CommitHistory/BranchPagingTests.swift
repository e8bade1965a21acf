import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TestSupport
@testable import Features

/// A repository's branches read through the real client from the loopback fake server: every page
/// followed, and a `Link` that names the page just read ends the reading at once (every page carries the
/// address it was read from, so the pager knows it fetched it).
@Suite("Branches paged by Link")
struct BranchPagingTests {
    static func branches(_ count: Int) -> [Data] {
        (0..<count).map { Fixtures.encode(["name": "branch-\($0)", "commit": ["sha": String(format: "%040x", $0)], "protected": false]) }
    }

    static func history(_ url: URL) throws -> RepositoryHistory {
        let client = GitHubClient(configuration: APIConfiguration(baseURL: url), transport: CurlTransport(timeout: 10))
        return RepositoryHistory(repository: RepositoryHistoryTests.repository, service: client, store: try SQLiteStore.inMemory(),
                                 isOffline: false, now: { RepositoryHistoryTests.now })
    }

    @Test("250 branches come in three pages")
    func pages() async throws {
        let server = FakeGitHubServer()
        server.addBranches(owner: "sferik", repo: "rails_admin", branches: Self.branches(250))
        let url = try await server.start()
        let branches = try await Self.history(url).fetchBranches()
        #expect(branches.map(\.name) == (0..<250).map { "branch-\($0)" })
        #expect(await server.requests(pathPrefix: "/repos/sferik/rails_admin/branches").count == 3)
        await server.stop()
    }

    @Test("a next link to the page itself: one request, each branch once")
    func loop() async throws {
        let server = FakeGitHubServer()
        server.addBranches(owner: "sferik", repo: "rails_admin", branches: Self.branches(3))
        server.setFailure(.linkToItself, forPathPrefix: "/repos/sferik/rails_admin/branches")
        let url = try await server.start()
        let branches = try await Self.history(url).fetchBranches()
        #expect(branches.map(\.name) == ["branch-0", "branch-1", "branch-2"])
        #expect(await server.requests(pathPrefix: "/repos/sferik/rails_admin/branches").count == 1)
        await server.stop()
    }
}
