import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Locking
import TestSupport
import Testing
@testable import Features

/// A service with a token whose batched answer the test scripts; its REST answer is "over REST".
private func BatchingService(_ batched: Result<[RepositoryReference: [Commit]], GitHubError>) -> ScriptedGitHubService {
    let service = ScriptedGitHubService(ScriptedGitHubService.Script(
        commits: .success([Commit(sha: "fa11bac", message: "over REST", authorName: "R", date: nil)])))
    service.script.withLock {
        $0.batchedCommits = batched
        $0.isAuthenticated = true
    }
    return service
}

@Suite("Latest commits, batched")
struct LatestCommitsTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let repositories = (1...3).map {
        Repository(id: Int64($0), name: "r\($0)", fullName: "o/r\($0)", ownerLogin: "o", htmlURL: "https://github.com/o/r\($0)")
    }
    static let commit = Commit(sha: "abc1234", message: "batched", authorName: "B", date: nil)

    fileprivate func make(_ answer: Result<[RepositoryReference: [Commit]], GitHubError>) throws -> (LatestCommits, ScriptedGitHubService, SQLiteStore) {
        let service = BatchingService(answer)
        let store = try SQLiteStore.inMemory()
        try store.replaceRepositories(Self.repositories, ownerLogin: "o", fetchedAt: Self.now)
        return (LatestCommits(service: service, store: store, isOffline: false, now: { Self.now }), service, store)
    }

    @Test("One query for all; an empty repository is .empty; one GitHub does not know fails alone; all are stored")
    func batched() async throws {
        let (commits, service, store) = try make(.success([
            RepositoryReference(owner: "o", name: "r1"): [Self.commit],
            RepositoryReference(owner: "o", name: "r2"): [],
        ]))
        let outcomes = await commits.fetch(Self.repositories)
        #expect(outcomes == [1: .loaded([Self.commit]), 2: .empty, 3: .failed(.notFound)])
        #expect(service.recorded.filter { $0.hasPrefix("batch ") }.count == 1)
        #expect(!service.recorded.contains { $0.hasPrefix("commits ") })
        #expect(try store.commits(repositoryID: 1)?.commits == [Self.commit])
        #expect(try store.commits(repositoryID: 2)?.isEmptyRepository == true)
        #expect(try store.commits(repositoryID: 3) == nil)
    }

    @Test("An unavailable GraphQL endpoint falls back to one REST request per repository")
    func fallback() async throws {
        let (commits, service, _) = try make(.failure(.http(status: 502, message: nil)))
        let outcomes = await commits.fetch(Self.repositories)
        #expect(outcomes.values.allSatisfy { if case .loaded(let list) = $0 { list.first?.sha == "fa11bac" } else { false } })
        #expect(Set(service.recorded.filter { $0.hasPrefix("commits ") }) == ["commits o/r1", "commits o/r2", "commits o/r3"])
    }

    @Test("A rate limit fails every row at once, with no REST retry")
    func rateLimited() async throws {
        let (commits, service, _) = try make(.failure(.rateLimited(resetAt: nil)))
        let outcomes = await commits.fetch(Self.repositories)
        #expect(outcomes.values.allSatisfy { $0 == .failed(.rateLimited(resetAt: nil)) })
        #expect(!service.recorded.contains { $0.hasPrefix("commits ") })
    }
}
