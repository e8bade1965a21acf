import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TestSupport
@testable import Features

@Suite("Repository history use cases")
struct RepositoryHistoryTests {
    static let repository = Repository(id: 810796, name: "rails_admin", fullName: "sferik/rails_admin", ownerLogin: "sferik",
                                       htmlURL: "https://github.com/sferik/rails_admin")
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    func make(_ script: ScriptedGitHubService.Script, offline: Bool = false) throws -> (RepositoryHistory, ScriptedGitHubService, SQLiteStore) {
        let service = ScriptedGitHubService(script)
        let store = try SQLiteStore.inMemory()
        return (RepositoryHistory(repository: Self.repository, service: service, store: store, isOffline: offline, now: { Self.now }),
                service, store)
    }

    static let detail = try! JSONDecoder().decode(CommitDetail.self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminCommitDetail))

    @Test("pages are fetched (first by branch, then by Link) and stored; offline they are read back")
    func pages() async throws {
        var script = ScriptedGitHubService.Script()
        script.historyPages = [CommitHistoryStateTests.commits(0..<30), CommitHistoryStateTests.commits(30..<35)]
        let (history, service, store) = try make(script)
        #expect(history.storedHistory(branch: "master") == nil)
        let first = try await history.fetchPage(branch: "master", next: nil, pageIndex: 0)
        guard let next = first.next else { Issue.record("no next page"); return }
        let second = try await history.fetchPage(branch: "master", next: next, pageIndex: 1)
        #expect(second.next == nil)
        #expect(service.recorded == ["history sferik/rails_admin master", "history page 1"])
        let offline = RepositoryHistory(repository: Self.repository, service: service, store: store, isOffline: true, now: { Self.now })
        let stored = try #require(offline.storedHistory(branch: "master"))
        #expect(stored.commits.count == 35)
        #expect(stored.pages == 2)
        #expect(offline.storedHistory(branch: nil) == nil)
        await #expect(throws: GitHubError.network) { try await offline.fetchPage(branch: "master", next: nil, pageIndex: 0) }
        #expect(service.recorded.count == 2)
    }

    @Test("a commit is fetched once, then read from the store (also offline)")
    func commitOnce() async throws {
        var script = ScriptedGitHubService.Script()
        script.commitDetails = [Self.detail.sha: Self.detail]
        let (history, service, store) = try make(script)
        let first = try await history.commit(sha: Self.detail.sha)
        #expect(first.value == Self.detail && first.toStore == Self.detail, "fetched: to be kept once shown")
        history.save(Self.detail)
        let again = try await history.commit(sha: Self.detail.sha)
        #expect(again.value == Self.detail && again.toStore == nil, "from the store")
        #expect(service.recorded == ["commit sferik/rails_admin \(Self.detail.sha)"])
        let offline = RepositoryHistory(repository: Self.repository, service: service, store: store, isOffline: true, now: { Self.now })
        #expect(try await offline.commit(sha: Self.detail.sha).value == Self.detail)
        await #expect(throws: GitHubError.notFound) { try await history.commit(sha: "abcdef1") }
    }

    @Test("branches")
    func branches() async throws {
        var script = ScriptedGitHubService.Script()
        script.branches = .success([Branch(name: "main", commitSHA: "abc"), Branch(name: "dev", commitSHA: "def")])
        let (history, _, _) = try make(script)
        #expect(try await history.fetchBranches().map(\.name) == ["main", "dev"])
        let (offline, _, _) = try make(script, offline: true)
        await #expect(throws: GitHubError.network) { try await offline.fetchBranches() }
    }
}
