import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport

/// A branch's history paged by `Link`, conditional requests, one commit, branches — over loopback
/// against the fake server serving the recorded rails_admin answers.
@Suite("History, commits and branches")
struct HistoryTests {
    @Test("The history pages only through Link: 98 commits in 4 pages, in order, sha kept in every link")
    func historyPagesByLink() async throws {
        try await withFakeGitHub { server, client, _ in
            var page = try await client.commitHistory(ownerLogin: "sferik", repository: "rails_admin", branch: "master", perPage: 30)
            var commits = page.items
            var pages = 1
            while let next = page.next {
                page = try await client.commitHistory(page: next)
                commits += page.items
                pages += 1
            }
            #expect(pages == 4)
            #expect(commits.count == 98)
            #expect(Set(commits.map(\.sha)).count == 98)
            #expect(commits[0].sha == "d0af3380182ed7b991a9a23eae3c114b88fe0a14")
            #expect(commits.last?.shortSHA == Fixtures.railsAdminHistory().last.flatMap {
                try? JSONDecoder().decode(Commit.self, from: $0) }?.shortSHA)
            let requests = await server.requests(pathPrefix: "/repos/sferik/rails_admin/commits")
            #expect(requests.count == 4)
            #expect(requests.allSatisfy { $0.query["sha"] == "master" && $0.query["per_page"] == "30" })
            #expect(requests.map { $0.query["page"] } == [nil, "2", "3", "4"])
        }
    }

    @Test("Default branch without sha; an unknown branch is 404; an empty repository is an empty page")
    func defaultUnknownAndEmpty() async throws {
        let server = FakeGitHubServer.sferik()
        try await withFakeGitHub(server) { server, client, _ in
            let first = try await client.commitHistory(ownerLogin: "sferik", repository: "rails_admin", branch: nil, perPage: 500)
            #expect(first.items.count == 30)
            #expect(await server.requests(pathPrefix: "/repos").last?.rawQuery == "per_page=100")
            let error = await gitHubError {
                try await client.commitHistory(ownerLogin: "sferik", repository: "rails_admin", branch: "gone/branch", perPage: 30)
            }
            #expect(error == .notFound)
            #expect(await server.requests(pathPrefix: "/repos").last?.query["sha"] == "gone/branch")
            let empty = try await client.commitHistory(ownerLogin: "sferik", repository: "bundler", branch: nil, perPage: 30)
            #expect(empty.items.isEmpty && empty.next == nil)
            #expect(await gitHubError {
                try await client.commitHistory(ownerLogin: "sferik", repository: "rails_admin", branch: "bad\u{1B}[2J", perPage: 30)
            } != nil)
        }
    }

    @Test("A second read of a page is conditional: 304 gives the stored items and next link")
    func conditional() async throws {
        let cache = InMemoryValidatorCache()
        try await withFakeGitHub(validatorCache: cache) { server, client, _ in
            let first = try await client.commitHistory(ownerLogin: "sferik", repository: "rails_admin", branch: "master", perPage: 30)
            let again = try await client.commitHistory(ownerLogin: "sferik", repository: "rails_admin", branch: "master", perPage: 30)
            #expect(!first.notModified)
            #expect(again.notModified)
            #expect(again.items == first.items)
            #expect(again.next == first.next && again.next != nil)
            let requests = await server.requests(pathPrefix: "/repos/sferik/rails_admin/commits")
            #expect(requests.last?.header("if-none-match") != nil)
        }
    }

    @Test("One commit: stats, files and patches; not kept as a validator; bad ids never sent")
    func commitDetail() async throws {
        let cache = InMemoryValidatorCache()
        try await withFakeGitHub(validatorCache: cache) { server, client, _ in
            let detail = try await client.commitDetail(ownerLogin: "sferik", repository: "rails_admin",
                                                       sha: "3cdfabd973bc3caac209cba903cfdb3bf6636bcd")
            #expect(detail.files.count == 15)
            #expect(detail.stats?.total == 648)
            #expect(detail.parentSHAs.count == 2)
            #expect(cache.count == 0)
            let unknown = await gitHubError {
                try await client.commitDetail(ownerLogin: "sferik", repository: "rails_admin", sha: "0123456789abcdef")
            }
            if case .http(let status, _) = unknown { #expect(status == 422) } else { Issue.record("expected 422, got \(String(describing: unknown))") }
            let before = await server.requests.count
            for bad in ["../../users/x", "3cdfabd?x=1", "", "xyz1"] {
                #expect(await gitHubError { try await client.commitDetail(ownerLogin: "sferik", repository: "rails_admin", sha: bad) } != nil)
            }
            #expect(await server.requests.count == before)
        }
    }

    @Test("Branches, paged by Link")
    func branches() async throws {
        try await withFakeGitHub { server, client, _ in
            let page = try await client.branches(ownerLogin: "sferik", repository: "rails_admin")
            #expect(page.items.map(\.name) == ["master", "rails-3.x", "rails-3.0"])
            #expect(page.next == nil)
            #expect(await gitHubError { try await client.branches(ownerLogin: "sferik", repository: "bundler") } == .notFound)
        }
        let server = FakeGitHubServer.sferik()
        let many = (0..<150).map { Fixtures.encode(["name": "b\($0)", "commit": ["sha": "abc"], "protected": $0 == 0] as [String: Any]) }
        server.addBranches(owner: "sferik", repo: "bundler", branches: many)
        try await withFakeGitHub(server) { _, client, _ in
            let first = try await client.branches(ownerLogin: "sferik", repository: "bundler")
            #expect(first.items.count == 100)
            #expect(first.items[0].isProtected)
            let next = try #require(first.next)
            let second = try await client.branches(page: next)
            #expect(second.items.count == 50)
            #expect(second.next == nil)
        }
    }
}
