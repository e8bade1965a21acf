import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport

/// Trees, folders, blobs and releases over loopback against the fake server serving the recordings.
@Suite("Trees, contents and releases")
struct ContentsTests {
    private func server() -> FakeGitHubServer {
        let server = FakeGitHubServer.sferik()
        server.addRecordedContents()
        return server
    }

    @Test("The recursive tree of a ref; a second read is conditional")
    func tree() async throws {
        let cache = InMemoryValidatorCache()
        try await withFakeGitHub(server(), validatorCache: cache) { server, client, _ in
            let tree = try await client.tree(ownerLogin: "sferik", repository: "rails_admin", ref: "master")
            #expect(tree.entries.count == 326 && !tree.isTruncated)
            let again = try await client.tree(ownerLogin: "sferik", repository: "rails_admin", ref: "master")
            #expect(again == tree)
            let requests = await server.requests(pathPrefix: "/repos/sferik/rails_admin/git/trees/")
            #expect(requests.count == 2)
            #expect(requests.allSatisfy { $0.path == "/repos/sferik/rails_admin/git/trees/master" && $0.query["recursive"] == "1" })
            #expect(requests[1].header("if-none-match") != nil)
        }
    }

    @Test("The root's entries alone: the tree asked for without recursive=1")
    func rootTree() async throws {
        try await withFakeGitHub(server()) { server, client, _ in
            let whole = try await client.tree(ownerLogin: "sferik", repository: "rails_admin", ref: "master")
            let root = try await client.rootTree(ownerLogin: "sferik", repository: "rails_admin", ref: "master")
            #expect(root.entries == whole.entries.filter { !$0.path.contains("/") })
            #expect(root.entries.count == 14 && root.sha == whole.sha)
            let requests = await server.requests(pathPrefix: "/repos/sferik/rails_admin/git/trees/")
            #expect(requests.count == 2 && requests[1].query["recursive"] == nil && requests[1].rawQuery.isEmpty)
        }
    }

    @Test("A blob by sha, decoded; a sha that is not hexadecimal is refused before any request")
    func blob() async throws {
        try await withFakeGitHub(server()) { server, client, _ in
            let blob = try await client.blob(ownerLogin: "sferik", repository: "rails_admin",
                                             sha: "94616fa57520ac8147522c7cf9f03d555595c5ea")
            #expect(blob.bytes.count == 25325)
            #expect(await gitHubError { try await client.blob(ownerLogin: "sferik", repository: "rails_admin", sha: "../../x") } != nil)
            #expect(await server.requests(pathPrefix: "/repos/sferik/rails_admin/git/blobs").count == 1)
        }
    }

    @Test("A folder: each component encoded; `..`, control characters and a leading / are refused")
    func folder() async throws {
        let server = server()
        server.addAnswer(path: "/repos/sferik/rails_admin/contents/lib/a b",
                         json: Fixtures.recordedBody(Fixtures.Name.helloWorldContents))
        try await withFakeGitHub(server) { server, client, _ in
            let listing = try await client.folder(ownerLogin: "sferik", repository: "rails_admin", path: "lib/a b", ref: "v1.0")
            #expect(listing.entries.map(\.name) == ["README.md"])
            let request = try #require(await server.requests(pathPrefix: "/repos/sferik/rails_admin/contents").first)
            #expect(request.path == "/repos/sferik/rails_admin/contents/lib/a%20b")
            #expect(request.query["ref"] == "v1.0")
            for bad in ["../x", "/etc", "a//b", "a/\u{1B}[2J", "a/"] {
                #expect(await gitHubError { try await client.folder(ownerLogin: "sferik", repository: "rails_admin",
                                                                    path: bad, ref: "master") } != nil)
            }
            #expect(await gitHubError { try await client.tree(ownerLogin: "sferik", repository: "rails_admin", ref: "a/../b") } != nil)
            #expect(await server.requests(pathPrefix: "/repos/sferik/rails_admin/contents").count == 1)
        }
    }

    @Test("Releases page only through Link")
    func releases() async throws {
        try await withFakeGitHub(server()) { server, client, _ in
            var page = try await client.releases(ownerLogin: "sferik", repository: "rails_admin")
            var all = page.items
            while let next = page.next {
                page = try await client.releases(page: next)
                all += page.items
            }
            #expect(all.map(\.tagName) == ["v3.7.1", "v3.7.0", "untagged-a748ca05216e3dcb4e53", "untagged-4d73c4bc0bd7002949e1",
                                           "untagged-d996586c05efc04513ab", "test-tag"])
            let requests = await server.requests(pathPrefix: "/repos/sferik/rails_admin/releases")
            #expect(requests.first?.query["per_page"] == "30")
        }
    }
}
