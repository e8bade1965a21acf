import Foundation
import Testing
import TestSupport
@testable import GitHubAPI

/// The client against the fake answering as GitHub Enterprise Server: `/api/v3`, `/api/graphql`, no
/// rate-limit headers; its token only to it; GraphQL that lacks a field falls back to REST.
@Suite("The client on a GitHub Enterprise Server", .serialized)
struct EnterpriseClientTests {
    static let host = GitHubHost("github.example.com")!

    func enterprise(_ server: FakeGitHubServer = .sferik(), token: String? = "corp-token",
                    _ body: (FakeGitHubServer, GitHubClient) async throws -> Void) async throws {
        let root = try await server.start(enterpriseWebHost: Self.host.name)
        let client = GitHubClient(configuration: APIConfiguration(baseURL: root, token: token, host: Self.host),
                                  transport: CurlTransport(timeout: 10))
        do {
            try await body(server, client)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("REST under /api/v3, paged by its Link, GraphQL at /api/graphql; web addresses on the host; no rate limit said, none counted")
    func prefixedServer() async throws {
        try await enterprise(.sferik(pageSize: 10)) { server, client in
            #expect(client.graphQLURL.path == "/api/graphql")
            let owner = try await client.owner(login: "sferik")
            #expect(owner.login == "sferik")
            let first = try await client.repositories(ownerLogin: "sferik")
            #expect(first.items.count == 10)
            #expect(first.items.allSatisfy { $0.htmlURL.hasPrefix("https://github.example.com/sferik/") })
            let next = try #require(first.next)
            #expect(next.path.hasPrefix("/api/v3/users/sferik/repos"))
            #expect(try await client.repositories(page: next).items.count == 10)
            let commits = try await client.latestCommits(of: [RepositoryReference(owner: "sferik", name: "rails_admin")])
            #expect(commits.values.first?.count == 3)
            let requests = await server.requests
            #expect(requests.allSatisfy { !$0.outsideAPI })
            #expect(requests.contains { $0.path == "/graphql" && $0.method == "POST" })
            #expect(requests.allSatisfy { $0.header("Authorization") == "Bearer corp-token" })
            #expect(client.lastRateLimit == nil)
            #expect(client.answersWithoutRateLimit)
        }
    }

    @Test("A redirect from the host to another carries no token; a picture's host never gets it")
    func tokenStaysOnTheHost() async throws {
        let other = FakeGitHubServer.sferik()
        let otherURL = try await other.start()
        try await enterprise { server, client in
            server.setFailure(.redirect(to: try #require(URL(string: "\(otherURL.absoluteString)/users/sferik"))),
                              forPathPrefix: "/users/sferik")
            #expect(try await client.owner(login: "sferik").login == "sferik")
            #expect(await server.requests.first?.header("Authorization") == "Bearer corp-token")
            _ = try? await client.avatar(url: "\(otherURL.absoluteString)/avatars/sferik", size: 16)
            let elsewhere = await other.requests
            #expect(elsewhere.map(\.path) == ["/users/sferik", "/avatars/sferik"])
            #expect(elsewhere.allSatisfy { $0.header("Authorization") == nil })
        }
        await other.stop()
    }

    @Test("GraphQL naming a field the server lacks: the commits come through REST, then REST only; the error is read from GitHub's words")
    func unknownFieldFallsBackToREST() async throws {
        let unknown = #"{"errors":[{"path":["query","rateLimit"],"extensions":{"code":"undefinedField","typeName":"Query","fieldName":"rateLimit"},"locations":[{"line":1,"column":21}],"message":"Field 'rateLimit' doesn't exist on type 'Query'"}]}"#
        try await enterprise { server, client in
            server.setFailure(.status(200, body: unknown), forPathPrefix: "/graphql")
            #expect(client.batchesCommitQueries)
            let repository = RepositoryReference(owner: "sferik", name: "rails_admin")
            let first = try await client.latestCommits(of: [repository])
            #expect(first[repository]?.count == 3)
            #expect(!client.batchesCommitQueries)
            #expect(await server.requests.map(\.path) == ["/graphql", "/repos/sferik/rails_admin/commits"])
            await server.clearRequests()
            _ = try await client.latestCommits(of: [repository])
            #expect(await server.requests.map(\.path) == ["/repos/sferik/rails_admin/commits"])
        }
        #expect(GraphQLErrorItem(message: "Field 'x' doesn't exist on type 'Repository'").namesUnknownField)
        #expect(GraphQLErrorItem(code: "undefinedField").namesUnknownField)
        #expect(!GraphQLErrorItem(type: "NOT_FOUND", message: "Could not resolve to a Repository").namesUnknownField)
    }
}
