import Foundation
import GitHubEntities
import Testing
import TestSupport
@testable import GitHubAPI

/// Answers every request with the same response, counting them.
private final class CannedThreadsTransport: HTTPTransport, @unchecked Sendable {
    let response: HTTPResponse
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    init(_ body: String) {
        response = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
    var requests: [HTTPRequest] { lock.withLock { sent } }
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request) }
        return response
    }
}

/// A pull request's review threads through GraphQL: the answer decoded (made up in the shape GitHub's
/// schema and its documented examples give; no recording of it exists), the threads read and paged
/// from the fake server, resolved and unresolved there, and GitHub's refusals read.
@Suite("Review threads over GraphQL")
struct ReviewThreadsClientTests {
    /// Two threads as GitHub answers them, a null node and a node without its id among them.
    static let answer = """
        {"data":{"repository":{"pullRequest":{"reviewThreads":{"pageInfo":{"hasNextPage":false,"endCursor":"Y3Vyc29yOnYyOpK0"},
        "nodes":[{"id":"PRRT_kwDOABCD5M4A1b2c","isResolved":true,"isOutdated":false,"viewerCanResolve":false,
        "viewerCanUnresolve":true,"resolvedBy":{"login":"octocat"},"comments":{"nodes":[{"databaseId":401530}]}},
        null,{"isResolved":true},
        {"id":"PRRT_kwDOABCD5M4A1b2d","isResolved":false,"isOutdated":true,"resolvedBy":null,"comments":{"nodes":[]}}]}}}}}
        """

    @Test("an answer decoded: resolved by whom, outdated, may resolve, the first comment's id; odd nodes left out, missing permissions left to GitHub")
    func decoded() throws {
        let answer = try JSONDecoder().decode(GraphQLAnswer<GraphQLReviewThreads.Answer>.self, from: Data(Self.answer.utf8))
        let connection = try #require(answer.data?.repository?.pullRequest?.reviewThreads)
        #expect(connection.pageInfo?.hasNextPage == false)
        let statuses = (connection.nodes ?? []).compactMap { $0?.status }
        #expect(statuses == [
            ReviewThreadStatus(id: "PRRT_kwDOABCD5M4A1b2c", isResolved: true, resolvedBy: "octocat", firstCommentID: 401_530,
                               viewerCanResolve: false, viewerCanUnresolve: true),
            ReviewThreadStatus(id: "PRRT_kwDOABCD5M4A1b2d", isResolved: false, isOutdated: true, firstCommentID: nil),
        ])
    }

    @Test("the query goes with its variables (never the names in its text); a mutation's FORBIDDEN is a 403 with GitHub's words")
    func variablesAndRefusal() async throws {
        let transport = CannedThreadsTransport(Self.answer)
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "ghp_threads"),
                                  transport: transport, sleep: { _ in })
        let statuses = try await client.reviewThreads(ownerLogin: "octo-org", repository: "a.b", number: 12)
        #expect(statuses.count == 2)
        let body = try #require(transport.requests.first?.body)
        let payload = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let variables = try #require(payload["variables"] as? [String: Any])
        #expect(variables["owner"] as? String == "octo-org" && variables["name"] as? String == "a.b" && variables["number"] as? Int == 12)
        #expect(variables["after"] is NSNull)
        #expect(!(payload["query"] as? String ?? "").contains("octo-org"))

        let forbidden = GitHubClient(
            configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "ghp_threads"),
            transport: CannedThreadsTransport(#"{"data":{"payload":null},"errors":[{"type":"FORBIDDEN","message":"Resource not accessible by integration"}]}"#),
            sleep: { _ in })
        await #expect(throws: GitHubError.http(status: 403, message: "Resource not accessible by integration")) {
            try await forbidden.setReviewThreadResolved(true, threadID: "PRRT_1")
        }
        let tokenless = CannedThreadsTransport(Self.answer)
        let anonymous = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: nil),
                                     transport: tokenless, sleep: { _ in })
        await #expect(throws: GitHubError.unauthorized) { try await anonymous.setReviewThreadResolved(true, threadID: "PRRT_1") }
        #expect(tokenless.requests.isEmpty)
    }

    @Test("from the fake: the recorded thread resolved as scripted, unresolved by the mutation, which the server records")
    func fake() async throws {
        let server = FakeGitHubServer.sferik()
        server.addRecordedPullRequest()
        server.setResolvedReviewThreads([401_530])
        try await withFakeGitHub(server, token: "ghp_test") { server, client, _ in
            let number = FakeGitHubServer.recordedPullNumber
            let read = try await client.reviewThreads(ownerLogin: "sferik", repository: "rails_admin", number: number)
            #expect(read.map(\.firstCommentID) == [401_530] && read.map(\.isResolved) == [true] && read.map(\.isOutdated) == [false])
            let id = try #require(read.first?.id)
            let unresolved = try await client.setReviewThreadResolved(false, threadID: id)
            #expect(!unresolved.isResolved && unresolved.firstCommentID == 401_530)
            #expect(try await client.reviewThreads(ownerLogin: "sferik", repository: "rails_admin", number: number).map(\.isResolved) == [false])
            let posts = await server.requests.filter { $0.method == "POST" && $0.path == "/graphql" }
            #expect(posts.count == 3)
            #expect(posts.contains { String(decoding: $0.body, as: UTF8.self).contains("unresolveReviewThread(") })
            await #expect(throws: GitHubError.notFound) { try await client.setReviewThreadResolved(true, threadID: "PRRT_unknown") }
            await #expect(throws: GitHubError.notFound) { try await client.reviewThreads(ownerLogin: "sferik", repository: "nothing", number: 1) }
        }
    }

    @Test("paged by cursor: 150 threads in two pages")
    func paged() async throws {
        let server = FakeGitHubServer.sferik()
        let comments = (1...150).map { ["id": $0, "path": "a.rb", "line": $0, "side": "RIGHT", "body": "c\($0)", "user": ["login": "u"]] }
        server.addAnswer(path: "/repos/sferik/rails_admin/pulls/3/comments", body: try JSONSerialization.data(withJSONObject: comments))
        try await withFakeGitHub(server, token: "ghp_test") { server, client, _ in
            let read = try await client.reviewThreads(ownerLogin: "sferik", repository: "rails_admin", number: 3)
            #expect(read.count == 150)
            #expect(read.compactMap(\.firstCommentID) == Array(1...150))
            #expect(await server.requests.filter { $0.path == "/graphql" }.count == 2)
        }
    }
}
