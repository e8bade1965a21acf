import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// The outcome of fetching a repository's latest commits.
enum CommitsOutcome: Sendable, Equatable {
    case loaded([Commit])
    /// The repository has no commits (API 409): not an error.
    case empty
    case failed(GitHubError)
    case cancelled
}

/// The one use case "a repository's latest 3 commits" (`Commit.latestCount`), under the one loader
/// (`CommitLoader`) of the list and the repository view: read what is stored, fetch and store. Whether
/// stored commits are current is `StoredCommits.isCurrent` (the `pushed_at` rule), asked by the loader.
struct LatestCommits: Sendable {
    private let service: any GitHubService
    private let store: any RepositoryStore
    private let isOffline: Bool
    private let now: @Sendable () -> Date

    init(service: any GitHubService, store: any RepositoryStore, isOffline: Bool,
                now: @escaping @Sendable () -> Date) {
        self.service = service
        self.store = store
        self.isOffline = isOffline
        self.now = now
    }

    /// What is stored for these repositories (nothing when the store cannot say).
    func stored(for ids: [Int64]) -> [Int64: StoredCommits] {
        (try? store.commits(repositoryIDs: ids)) ?? [:]
    }

    /// What is stored for one repository.
    func stored(for id: Int64) -> StoredCommits? {
        try? store.commits(repositoryID: id)
    }

    /// Fetches the latest commits and stores them. An empty repository (API 409) is `.empty`, not an
    /// error; a store that cannot write only costs a request next time.
    func fetch(_ repository: Repository) async -> CommitsOutcome {
        if isOffline { return .failed(.network) }
        do {
            let commits = Array(try await service.latestCommits(ownerLogin: repository.ownerLogin,
                                                                repository: repository.name).prefix(Commit.latestCount))
            try Task.checkCancellation()
            save(commits, for: repository.id)
            return commits.isEmpty ? .empty : .loaded(commits)
        } catch is CancellationError {
            return .cancelled
        } catch GitHubError.http(status: 409, _) {
            // "Git Repository is empty" (the client usually answers [] itself).
            save([], for: repository.id)
            return .empty
        } catch let error as GitHubError {
            return .failed(error)
        } catch {
            return Task.isCancelled ? .cancelled : .failed(.network)
        }
    }

    /// Whether `fetch(_ repositories:)` asks GitHub once for all of them (GraphQL, with a token).
    var batches: Bool { service.batchesCommitQueries }

    /// The latest commits of many repositories, stored: one GraphQL query per batch with a token.
    /// A repository GitHub does not know fails alone (`notFound`); when the batched query cannot be
    /// used (GraphQL unavailable, an unusable answer), each repository is asked over REST instead.
    func fetch(_ repositories: [Repository]) async -> [Int64: CommitsOutcome] {
        func all(_ outcome: CommitsOutcome) -> [Int64: CommitsOutcome] {
            Dictionary(uniqueKeysWithValues: repositories.map { ($0.id, outcome) })
        }
        if isOffline { return all(.failed(.network)) }
        let references = repositories.map { RepositoryReference(owner: $0.ownerLogin, name: $0.name) }
        do {
            let found = try await service.latestCommits(of: references)
            try Task.checkCancellation()
            var outcomes: [Int64: CommitsOutcome] = [:]
            for (repository, reference) in zip(repositories, references) {
                guard let commits = found[reference] else { outcomes[repository.id] = .failed(.notFound); continue }
                let latest = Array(commits.prefix(Commit.latestCount))
                save(latest, for: repository.id)
                outcomes[repository.id] = latest.isEmpty ? .empty : .loaded(latest)
            }
            return outcomes
        } catch is CancellationError {
            return all(.cancelled)
        } catch let error as GitHubError where !Self.fallsBackToREST(error) {
            return Task.isCancelled ? all(.cancelled) : all(.failed(error))
        } catch {
            if Task.isCancelled { return all(.cancelled) }
            return await withTaskGroup(of: (Int64, CommitsOutcome).self) { group in
                for repository in repositories { group.addTask { (repository.id, await fetch(repository)) } }
                var outcomes: [Int64: CommitsOutcome] = [:]
                for await (id, outcome) in group { outcomes[id] = outcome }
                return outcomes
            }
        }
    }

    /// A batched query that failed this way is asked again over REST; the others (rate limit, bad
    /// credentials, no network) would fail there too.
    static func fallsBackToREST(_ error: GitHubError) -> Bool {
        switch error {
        case .rateLimited, .unauthorized, .network, .invalidLogin, .libcurlMissing: false
        case .notFound, .http, .decoding, .responseTooLarge, .notificationsNeedClassicToken: true
        }
    }

    /// Stores a repository's latest commits fetched elsewhere (the first screen's query); none: empty.
    func save(_ commits: [Commit], for id: Int64) {
        try? store.saveCommits(commits, repositoryID: id, isEmptyRepository: commits.isEmpty, fetchedAt: now())
    }
}
