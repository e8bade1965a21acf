import Foundation
import GitHubAPI
import Testing

/// Answers every request with the same response.
private struct CannedTransport: HTTPTransport {
    var response: HTTPResponse
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { response }
}

/// Both GraphQL queries (a batch of repositories' commits, the first screen) read an answer's `errors`
/// the same way: rate limited, not found, or the query's own failure with GitHub's message.
@Suite("GraphQL errors: one reading for every query")
struct GraphQLErrorTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let reset = Date(timeIntervalSince1970: 1_700_000_600)

    private func client(status: Int = 200, headers: [String: String] = [:], body: String) -> GitHubClient {
        let response = HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 },
                                    body: Data(body.utf8))
        return GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "ghp_graphql"),
                            transport: CannedTransport(response: response), sleep: { _ in }, now: { Self.now })
    }

    /// The error each GraphQL call of `client` throws.
    private func errors(of client: GitHubClient) async -> [GitHubError?] {
        [
            await gitHubError { try await client.latestCommits(of: [RepositoryReference(owner: "sferik", name: "rails_admin")]) },
            await gitHubError { try await client.firstScreenCommits(ownerLogin: "sferik", rows: 10, order: .name) },
        ]
    }

    @Test("RATE_LIMITED: rate limited until the headers' reset, and no GraphQL query is sent before it")
    func rateLimited() async {
        let body = #"{"data":null,"errors":[{"type":"RATE_LIMITED","message":"API rate limit exceeded for user ID 1."}]}"#
        for call in 0..<2 {
            let client = client(headers: ["X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "0",
                                          "X-RateLimit-Reset": "1700000600", "X-RateLimit-Resource": "graphql"],
                                body: body)
            let error = await errors(of: client)[call]
            #expect(error == .rateLimited(resetAt: Self.reset), "call \(call)")
            #expect(client.blockedUntil(bucket: .graphql) == Self.reset, "call \(call)")
        }
    }

    @Test("Errors that are all NOT_FOUND, with no data: not found")
    func notFound() async {
        let client = client(body: #"{"data":null,"errors":[{"type":"NOT_FOUND","path":["owner"],"#
            + #""message":"Could not resolve to a RepositoryOwner with the login of 'nobody'."}]}"#)
        #expect(await errors(of: client) == [.notFound, .notFound])
    }

    @Test("A query GitHub could not run (an unknown field): its message, with the answer's status; the batch of commits asked again through REST")
    func unknownField() async {
        let client = client(body: #"{"errors":[{"path":["query","viewer","nope"],"extensions":{"code":"undefinedField","#
            + #""typeName":"User","fieldName":"nope"},"locations":[{"line":1,"column":16}],"#
            + #""message":"Field 'nope' doesn't exist on type 'User'"}]}"#)
        let errors = await errors(of: client)
        // The commits' REST call gets the same canned answer, which is no list of commits.
        if case .decoding = errors[0] {} else { Issue.record("the batch was not asked again through REST: \(String(describing: errors[0]))") }
        #expect(errors[1] == .http(status: 200, message: "Field 'nope' doesn't exist on type 'User'"))
        #expect(!client.batchesCommitQueries)
    }

    @Test("An answer with neither data nor errors: the status alone; one that is not JSON: a decoding error")
    func emptyOrUnreadable() async {
        #expect(await errors(of: client(body: "{}")) == [.http(status: 200, message: nil), .http(status: 200, message: nil)])
        let unreadable = await errors(of: client(body: "<html>"))
        #expect(unreadable.allSatisfy { if case .decoding = $0 { true } else { false } })
    }

    @Test("A message with control characters is shown without them")
    func printableMessage() async {
        let client = client(body: #"{"errors":[{"message":"bad\u001b[31m query"}]}"#)
        #expect(await errors(of: client) == [.http(status: 200, message: "bad [31m query"),
                                             .http(status: 200, message: "bad [31m query")])
    }
}
