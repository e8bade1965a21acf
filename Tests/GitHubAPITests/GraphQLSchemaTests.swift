import Foundation
import GraphQL
import Testing
@testable import GitHubAPI

/// The batched commits query against GitHub's real schema (`Fixtures/graphql/schema.graphql`, MIT; see
/// `Fixtures/SOURCES.md`), validated in process by GraphQLSwift. Fails, never skips, when the schema is missing.
@Suite("GraphQL query against GitHub's schema")
struct GraphQLSchemaTests {
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/graphql/schema.graphql")

    /// GitHub's schema, built once: it defines two fields twice, as GitHub serves it, so the SDL is
    /// assumed valid (graphql-js's `assumeValidSDL`).
    static let schema: Result<GraphQLSchema, any Error> = Result {
        let sdl = try String(contentsOf: schemaURL, encoding: .utf8)
        return try buildSchema(source: sdl, assumeValidSDL: true)
    }

    /// The messages of every validation error of `query` (empty: valid).
    func errors(of query: String) throws -> [String] {
        let schema = try Self.schema.get()
        let document = try parse(source: Source(body: query))
        return GraphQL.validate(schema: schema, ast: document).map(\.message)
    }

    @Test("The latest-commits query for a batch is valid against the real schema")
    func valid() throws {
        let query = GitHubClientQuery.text(for: [RepositoryReference(owner: "sferik", name: "rails_admin"),
                                                 RepositoryReference(owner: "octo-org", name: "a.b_c-d")])
        let found = try errors(of: query)
        #expect(found.isEmpty, "not valid:\n\(found.joined(separator: "\n"))\n\(query)")
    }

    @Test("The first screen's query (owner's repositories with their latest commits, its cost) is valid",
          arguments: [FirstScreenOrder.name, .updated, .stars])
    func firstScreenValid(order: FirstScreenOrder) throws {
        let query = GitHubClientQuery.firstScreen(ownerLogin: "octo-org", rows: 35, order: order)
        let found = try errors(of: query)
        #expect(found.isEmpty, "not valid:\n\(found.joined(separator: "\n"))\n\(query)")
        #expect(query.contains("repositories(first: 35"))
        #expect(query.contains("history(first: 3)"))
        #expect(query.contains("rateLimit { cost remaining"))
    }

    @Test("The Needs-you query (three aliased searches, issues and pull requests with their checks) is valid")
    func needsYouValid() throws {
        let query = GitHubClientQuery.needsYou
        let found = try errors(of: query)
        #expect(found.isEmpty, "not valid:\n\(found.joined(separator: "\n"))\n\(query)")
        for search in ["is:open is:pr review-requested:@me", "is:open assignee:@me", "is:open is:pr author:@me"] {
            #expect(query.contains(search))
        }
    }

    @Test("The review threads' query (paged by cursor) and the resolve and unresolve mutations are valid")
    func reviewThreadsValid() throws {
        let texts = GitHubClientQuery.reviewThreads
        #expect(texts.count == 3)
        for text in texts {
            let found = try errors(of: text)
            #expect(found.isEmpty, "not valid:\n\(found.joined(separator: "\n"))\n\(text)")
        }
        #expect(texts[0].contains("reviewThreads(first: 100, after: $after)") && texts[0].contains("pageInfo { hasNextPage endCursor }"))
        #expect(texts[1].contains("resolveReviewThread(input: {threadId: $thread})"))
        #expect(texts[2].contains("unresolveReviewThread(input: {threadId: $thread})"))
    }

    @Test("The validator does reject a field the schema does not have (the check can fail)")
    func rejects() throws {
        let found = try errors(of: "query { repository(owner: \"a\", name: \"b\") { noSuchField } }")
        #expect(found.contains { $0.contains("noSuchField") }, "\(found)")
    }

    @Test("The validator rejects a wrong argument type (arguments are checked, not only field names)")
    func rejectsArgumentType() throws {
        let found = try errors(of: "query { repository(owner: 1, name: \"b\") { name } }")
        #expect(!found.isEmpty)
    }
}
