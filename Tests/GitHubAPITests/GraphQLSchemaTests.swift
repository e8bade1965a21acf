import Foundation
import Testing
@testable import GitHubAPI

/// The batched commits query against GitHub's real schema (`../shared/data/github-api/graphql/schema.graphql`,
/// MIT), validated by graphql-core (`scripts/validate-graphql.py`). Fails, never skips, when either is missing.
@Suite("GraphQL query against GitHub's schema")
struct GraphQLSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schema = root.deletingLastPathComponent().appendingPathComponent("shared/data/github-api/graphql/schema.graphql")

    /// Runs the validator on `query`; returns its exit status and output.
    func validate(_ query: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/validate-graphql.py").path, Self.schema.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(query.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("The latest-commits query for a batch is valid against the real schema")
    func valid() throws {
        #expect(FileManager.default.fileExists(atPath: Self.schema.path), "GitHub's schema is missing at \(Self.schema.path)")
        let query = GitHubClientQuery.text(for: [RepositoryReference(owner: "sferik", name: "rails_admin"),
                                                 RepositoryReference(owner: "octo-org", name: "a.b_c-d")])
        let result = try validate(query)
        #expect(result.status == 0, "not valid:\n\(result.output)")
    }

    @Test("The validator does reject a field the schema does not have (the check can fail)")
    func rejects() throws {
        let result = try validate("query { repository(owner: \"a\", name: \"b\") { noSuchField } }")
        #expect(result.status == 1)
        #expect(result.output.contains("noSuchField"))
    }
}
