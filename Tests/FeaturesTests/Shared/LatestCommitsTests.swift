import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Synchronization
import Testing
@testable import Features

/// A service whose batched answer the test scripts; records REST and batched requests.
private final class BatchingService: GitHubService {
    let batched: Mutex<Result<[RepositoryReference: [Commit]], GitHubError>>
    let rest = Mutex<[String]>([])
    let batches = Mutex(0)

    init(_ batched: Result<[RepositoryReference: [Commit]], GitHubError>) { self.batched = Mutex(batched) }

    var batchesCommitQueries: Bool { true }
    func owner(login: String) async throws -> Owner { throw GitHubError.notFound }
    func repositories(ownerLogin: String) async throws -> Page<Repository> { throw GitHubError.notFound }
    func repositories(page: URL) async throws -> Page<Repository> { throw GitHubError.notFound }
    func searchRepositories(query: String) async throws -> (RepositorySearchPage, next: URL?) { throw GitHubError.notFound }
    func latestCommits(ownerLogin: String, repository: String) async throws -> [Commit] {
        rest.withLock { $0.append("\(ownerLogin)/\(repository)") }
        return [Commit(sha: "fa11bac", message: "over REST", authorName: "R", date: nil)]
    }
    func latestCommits(of repositories: [RepositoryReference]) async throws -> [RepositoryReference: [Commit]] {
        batches.withLock { $0 += 1 }
        return try batched.withLock { $0 }.get()
    }
}

@Suite("Latest commits, batched")
struct LatestCommitsTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let repositories = (1...3).map {
        Repository(id: Int64($0), name: "r\($0)", fullName: "o/r\($0)", ownerLogin: "o", htmlURL: "https://github.com/o/r\($0)")
    }
    static let commit = Commit(sha: "abc1234", message: "batched", authorName: "B", date: nil)

    fileprivate func make(_ answer: Result<[RepositoryReference: [Commit]], GitHubError>) throws -> (LatestCommits, BatchingService, SQLiteStore) {
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
        #expect(service.batches.withLock { $0 } == 1)
        #expect(service.rest.withLock { $0 }.isEmpty)
        #expect(try store.commits(repositoryID: 1)?.commits == [Self.commit])
        #expect(try store.commits(repositoryID: 2)?.isEmptyRepository == true)
        #expect(try store.commits(repositoryID: 3) == nil)
    }

    @Test("An unavailable GraphQL endpoint falls back to one REST request per repository")
    func fallback() async throws {
        let (commits, service, _) = try make(.failure(.http(status: 502, message: nil)))
        let outcomes = await commits.fetch(Self.repositories)
        #expect(outcomes.values.allSatisfy { if case .loaded(let list) = $0 { list.first?.sha == "fa11bac" } else { false } })
        #expect(Set(service.rest.withLock { $0 }) == ["o/r1", "o/r2", "o/r3"])
    }

    @Test("A rate limit fails every row at once, with no REST retry")
    func rateLimited() async throws {
        let (commits, service, _) = try make(.failure(.rateLimited(resetAt: nil)))
        let outcomes = await commits.fetch(Self.repositories)
        #expect(outcomes.values.allSatisfy { $0 == .failed(.rateLimited(resetAt: nil)) })
        #expect(service.rest.withLock { $0 }.isEmpty)
    }
}
