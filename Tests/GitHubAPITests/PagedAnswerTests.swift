import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport

@Suite("The fake's paged answers")
struct PagedAnswerTests {
    @Test func aThreadsCommentsArePagedByPerPageWithLinkNextAndLast() async throws {
        let server = FakeGitHubServer.sferik()
        let comments = (1...250).map { number in
            Fixtures.encode(["id": number, "body": "comment \(number)", "user": ["login": "octocat"]] as [String: Any])
        }
        server.addPagedAnswer(path: "/repos/sferik/rails_admin/issues/7/comments", items: comments)
        try await withFakeGitHub(server) { server, client, url in
            let first = try await client.issueComments(ownerLogin: "sferik", repository: "rails_admin", number: 7)
            #expect(first.items.map(\.id) == Array(1...100))
            let base = url.absoluteString + "/repos/sferik/rails_admin/issues/7/comments?per_page=100"
            #expect(first.next?.absoluteString == base + "&page=2")
            #expect(first.last?.absoluteString == base + "&page=3")
            let second = try await client.issueComments(page: try #require(first.next))
            let third = try await client.issueComments(page: try #require(second.next))
            #expect(second.items.map(\.id) == Array(101...200))
            #expect(third.items.map(\.id) == Array(201...250))
            #expect(third.next == nil)
            #expect(await server.requests.map(\.line) == [
                "GET /repos/sferik/rails_admin/issues/7/comments?per_page=100",
                "GET /repos/sferik/rails_admin/issues/7/comments?per_page=100&page=2",
                "GET /repos/sferik/rails_admin/issues/7/comments?per_page=100&page=3",
            ])
        }
    }

    @Test func theDepthRepositorysIdsAreCommitIDs() {
        let ids = (0..<1_000).map { FakeGitHubServer.Depth.hexID(UInt64($0)) }
        #expect(ids.allSatisfy { $0.count == 40 && GitHubClient.isCommitID($0) })
        #expect(Set(ids).count == ids.count)
    }
}
