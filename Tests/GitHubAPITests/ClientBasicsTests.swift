import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport

@Suite("GitHubClient against the fake server")
struct ClientBasicsTests {
    @Test func fetchesTheRecordedOwner() async throws {
        try await withFakeGitHub { server, client, _ in
            let owner = try await client.owner(login: "sferik")
            #expect(owner.login == "sferik")
            #expect(owner.id == 10308)
            #expect(owner.kind == .user)
            #expect(owner.name == "Erik Michaels-Ober")
            #expect(owner.publicRepos == 83)
            let requests = await server.requests
            #expect(requests.map(\.line) == ["GET /users/sferik"])
        }
    }

    @Test func sendsThePoliteHeadersAndNoTokenWhenThereIsNone() async throws {
        try await withFakeGitHub { server, client, _ in
            _ = try await client.owner(login: "sferik")
            let request = try #require(await server.requests.first)
            #expect(request.header("User-Agent") == "github-tui/\(GitHubTUIVersion.current)")
            #expect(request.header("Accept") == "application/vnd.github+json")
            #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
            #expect(request.header("Authorization") == nil)
        }
    }

    @Test func sendsTheTokenAsBearer() async throws {
        try await withFakeGitHub(token: "ghp_secret123") { server, client, _ in
            _ = try await client.owner(login: "sferik")
            let request = try #require(await server.requests.first)
            #expect(request.header("Authorization") == "Bearer ghp_secret123")
        }
    }

    @Test func firstPageOfRepositoriesAsksForOneHundred() async throws {
        try await withFakeGitHub { server, client, _ in
            let page = try await client.repositories(ownerLogin: "sferik")
            #expect(page.items.count == 30)
            #expect(page.next == nil)
            #expect(page.items.first?.fullName == "sferik/410_in_140")
            let request = try #require(await server.requests.first)
            #expect(request.path == "/users/sferik/repos")
            #expect(request.query["per_page"] == "100")
        }
    }

    @Test func followsLinkPagesAcrossSeveralPages() async throws {
        try await withFakeGitHub(.sferik(pageSize: 7)) { server, client, _ in
            var page = try await client.repositories(ownerLogin: "sferik")
            var all = page.items
            #expect(page.last?.query?.contains("page=5") == true)
            var pages = 1
            while let next = page.next {
                page = try await client.repositories(page: next)
                all += page.items
                pages += 1
            }
            #expect(pages == 5)
            #expect(all.count == 30)
            #expect(Set(all.map(\.id)).count == 30)
            let queries = await server.requests.map(\.rawQuery)
            #expect(queries == ["per_page=100", "per_page=7&page=2", "per_page=7&page=3",
                                "per_page=7&page=4", "per_page=7&page=5"])
        }
    }

    @Test func followsLinkPagesOfAStarredList() async throws {
        try await withFakeGitHub(.sferik(pageSize: 5)) { server, client, _ in
            var page = try await client.starredRepositories(ownerLogin: "sferik")
            var all = page.items
            while let next = page.next {
                page = try await client.repositories(page: next)
                all += page.items
            }
            #expect(all.count == 13)
            #expect(all.first?.ownerLogin == "codeforamerica")
            #expect(all.last?.fullName == "sferik/bundler")
            let requests = await server.requests
            #expect(requests.map(\.path) == Array(repeating: "/users/sferik/starred", count: 3))
            #expect(requests.map(\.rawQuery) == ["per_page=100", "per_page=5&page=2", "per_page=5&page=3"])
        }
    }

    @Test func starredListOfAnUnknownOwnerIsNotFound() async throws {
        try await withFakeGitHub { _, client, _ in
            let error = await gitHubError { try await client.starredRepositories(ownerLogin: "no-such-user-here") }
            #expect(error == .notFound)
        }
    }

    @Test func unknownOwnerIsNotFound() async throws {
        try await withFakeGitHub { _, client, _ in
            let error = await gitHubError { try await client.owner(login: "no-such-user-here") }
            #expect(error == .notFound)
            #expect(error?.userMessage == "User not found. Please enter another name.")
        }
    }
}
