import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport

@Suite("Latest commits of many repositories")
struct BatchedCommitsTests {
    private func references(_ names: [String], owner: String = "sferik") -> [RepositoryReference] {
        names.map { RepositoryReference(owner: owner, name: $0) }
    }

    @Test func withATokenOneGraphQLQueryServesABatchOfRepositories() async throws {
        let server = FakeGitHubServer.sferik()
        let names = Fixtures.recordedItems(Fixtures.Name.sferikRepositories).compactMap {
            ((try? JSONSerialization.jsonObject(with: $0)) as? [String: Any])?["name"] as? String
        }
        try await withFakeGitHub(server, token: "ghp_secret123") { server, client, _ in
            let unknown = (0...(GitHubClient.graphQLBatchSize - 30)).map { "no-such-repo-\($0)" }
            let wanted = references(Array(names.prefix(29)) + ["rails_admin"] + unknown)
            let commits = try await client.latestCommits(of: wanted)
            let requests = await server.requests
            // One more than a batch: one full query, then one of 1.
            #expect(wanted.count == GitHubClient.graphQLBatchSize + 1)
            #expect(requests.map(\.line) == ["POST /graphql", "POST /graphql"])
            #expect(requests.allSatisfy { $0.header("Authorization") == "Bearer ghp_secret123" })
            let rails = try #require(commits[RepositoryReference(owner: "sferik", name: "rails_admin")])
            #expect(rails.count == 3)
            #expect(rails.allSatisfy { $0.sha.count == 40 && $0.date != nil })
            // The same commits as REST gives.
            let rest = try await client.latestCommits(ownerLogin: "sferik", repository: "rails_admin")
            #expect(rest == rails)
            // Empty repositories have no commits; unknown ones are left out.
            #expect(commits[RepositoryReference(owner: "sferik", name: names[0])] == [])
            #expect(commits[RepositoryReference(owner: "sferik", name: "no-such-repo-0")] == nil)
            #expect(commits.count == 30)
        }
    }

    @Test func withoutATokenItIsRESTPerRepository() async throws {
        try await withFakeGitHub { server, client, _ in
            let commits = try await client.latestCommits(of: references(["rails_admin", "410_in_140", "rails_admin"]))
            #expect(commits.count == 2)
            #expect(commits[RepositoryReference(owner: "sferik", name: "rails_admin")]?.count == 3)
            #expect(commits[RepositoryReference(owner: "sferik", name: "410_in_140")] == [])
            let lines = await server.requests.map(\.line).sorted()
            #expect(lines == ["GET /repos/sferik/410_in_140/commits?per_page=3",
                              "GET /repos/sferik/rails_admin/commits?per_page=3"])
        }
    }

    @Test func theQueryUsesAliases() {
        let query = GitHubClientQuery.text(for: [RepositoryReference(owner: "a", name: "b.c"),
                                                 RepositoryReference(owner: "d", name: "e")])
        #expect(query.contains(#"r0: repository(owner: "a", name: "b.c")"#))
        #expect(query.contains(#"r1: repository(owner: "d", name: "e")"#))
        #expect(query.contains("history(first: 3)"))
    }

    @Test func invalidNamesAreRefusedBeforeAnyRequest() async throws {
        try await withFakeGitHub(token: "t") { server, client, _ in
            let error = await gitHubError {
                try await client.latestCommits(of: [RepositoryReference(owner: "sferik", name: #"x") { evil }"#)])
            }
            #expect(error == .invalidLogin(#"x") { evil }"#))
            #expect(await server.requests.isEmpty)
        }
    }

    @Test func enterpriseGraphQLEndpoint() throws {
        let enterprise = GitHubClient(
            configuration: APIConfiguration(baseURL: try APIConfiguration.validatedBaseURL("https://ghe.example.com/api/v3")),
            transport: CurlTransport())
        #expect(enterprise.graphQLURL.absoluteString == "https://ghe.example.com/api/graphql")
        let dotcom = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL),
                                  transport: CurlTransport())
        #expect(dotcom.graphQLURL.absoluteString == "https://api.github.com/graphql")
    }
}


@Suite("The first screen's query")
struct FirstScreenQueryTests {
    /// sferik's recorded repositories as (id, name), by name as the list sorts them.
    private func byName() -> [(id: Int64, name: String)] {
        Fixtures.recordedItems(Fixtures.Name.sferikRepositories).compactMap { json -> (Int64, String)? in
            guard let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
                  let id = object["id"] as? Int, let name = object["name"] as? String else { return nil }
            return (Int64(id), name)
        }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    @Test func oneQueryBringsTheFirstRowsCommitsAndItsCost() async throws {
        let server = FakeGitHubServer.sferik()
        let first = try #require(byName().first)
        server.addCommits(owner: "sferik", repo: first.name, commitsJSON: Fixtures.recordedBody(Fixtures.Name.railsAdminCommits))
        try await withFakeGitHub(server, token: "ghp_secret123") { server, client, _ in
            let five = try await client.firstScreenCommits(ownerLogin: "sferik", rows: 5, order: .name)
            #expect(Set(five.commits.keys) == Set(byName().prefix(5).map(\.id)))
            #expect(five.cost == 1)
            #expect(client.rateLimit(for: .graphql)?.remaining == five.rateLimit?.remaining)
            let all = try await client.firstScreenCommits(ownerLogin: "sferik", rows: 100, order: .name)
            #expect(all.commits.count == min(byName().count, 100))
            // The same commits as REST gives; repositories without commits have none.
            let rest = try await client.latestCommits(ownerLogin: "sferik", repository: first.name)
            #expect(all.commits[first.id] == rest)
            #expect(rest.count == 3)
            #expect(all.commits[byName()[1].id] == [])
            let lines = await server.requests.map(\.line)
            #expect(lines == ["POST /graphql", "POST /graphql", "GET /repos/sferik/\(first.name)/commits?per_page=3"])
        }
    }

    @Test func withoutATokenOrForAnUnknownOwnerItFails() async throws {
        try await withFakeGitHub { server, client, _ in
            await #expect(throws: GitHubError.unauthorized) {
                try await client.firstScreenCommits(ownerLogin: "sferik", rows: 5, order: .name)
            }
            #expect(await server.requests.isEmpty)
        }
        try await withFakeGitHub(token: "ghp_secret123") { _, client, _ in
            await #expect(throws: GitHubError.notFound) {
                try await client.firstScreenCommits(ownerLogin: "nobody-here", rows: 5, order: .name)
            }
            await #expect(throws: GitHubError.invalidLogin("-bad-")) {
                try await client.firstScreenCommits(ownerLogin: "-bad-", rows: 5, order: .name)
            }
        }
    }
}
