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

/// The one use case "a repository's latest 3 commits", shared by the list and the detail overlay:
/// read what is stored, decide whether it is still current, fetch and store.
struct LatestCommits: Sendable {
    /// Commits kept with a repository.
    static let count = 3

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

    /// Whether stored commits can be shown without asking the API (`StoredCommits.isCurrent`).
    func isCurrent(_ stored: StoredCommits, of repository: Repository) -> Bool {
        stored.isCurrent(pushedAt: repository.pushedAt, at: now())
    }

    /// Stored commits as an outcome (no request).
    static func outcome(of stored: StoredCommits) -> CommitsOutcome {
        stored.isEmptyRepository || stored.commits.isEmpty ? .empty : .loaded(stored.commits)
    }

    /// Fetches the latest commits and stores them. An empty repository (API 409) is `.empty`, not an
    /// error; a store that cannot write only costs a request next time.
    func fetch(_ repository: Repository) async -> CommitsOutcome {
        if isOffline { return .failed(.network) }
        do {
            let commits = Array(try await service.latestCommits(ownerLogin: repository.ownerLogin,
                                                                repository: repository.name).prefix(Self.count))
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

    private func save(_ commits: [Commit], for id: Int64) {
        try? store.saveCommits(commits, repositoryID: id, isEmptyRepository: commits.isEmpty, fetchedAt: now())
    }
}
