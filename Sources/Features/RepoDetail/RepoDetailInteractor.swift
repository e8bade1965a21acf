import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// The overlay's use cases: the favourite mark and the latest commits through the store, and
/// opening the repository's page in the browser.
public final class RepoDetailInteractor: RepoDetailInteractorProtocol {
    /// Commits kept with the repository, as the list keeps them.
    static let commitCount = 3

    public let repository: Repository
    private let service: any GitHubService
    private let store: any RepositoryStore
    private let opener: any URLOpener
    private let environment: [String: String]
    private let now: @Sendable () -> Date

    public init(repository: Repository, service: any GitHubService, store: any RepositoryStore,
                opener: any URLOpener, environment: [String: String], now: @escaping @Sendable () -> Date = Date.init) {
        self.repository = repository
        self.service = service
        self.store = store
        self.opener = opener
        self.environment = environment
        self.now = now
    }

    public func isFavourite() -> Bool {
        (try? store.isFavourite(repositoryID: repository.id)) ?? false
    }

    public func setFavourite(_ on: Bool) throws {
        try store.setFavourite(on, repositoryID: repository.id)
    }

    public func storedCommits() -> StoredCommits? {
        try? store.commits(repositoryID: repository.id)
    }

    public func isFresh(_ stored: StoredCommits) -> Bool {
        stored.isFresh(at: now())
    }

    public func loadCommits() async -> CommitsOutcome {
        if let stored = storedCommits(), isFresh(stored) {
            return stored.isEmptyRepository || stored.commits.isEmpty ? .empty : .loaded(stored.commits)
        }
        do {
            let commits = Array(try await service.latestCommits(ownerLogin: repository.ownerLogin,
                                                                repository: repository.name).prefix(Self.commitCount))
            try Task.checkCancellation()
            save(commits)
            return commits.isEmpty ? .empty : .loaded(commits)
        } catch is CancellationError {
            return .cancelled
        } catch GitHubError.http(status: 409, _) {
            // "Git Repository is empty": not an error (the client usually answers [] itself).
            save([])
            return .empty
        } catch let error as GitHubError {
            return .failed(error)
        } catch {
            return Task.isCancelled ? .cancelled : .failed(.network)
        }
    }

    /// Stores what was fetched (a store that cannot write only costs a request next time).
    private func save(_ commits: [Commit]) {
        try? store.saveCommits(commits, repositoryID: repository.id, isEmptyRepository: commits.isEmpty, fetchedAt: now())
    }

    public func openInBrowser() async -> URLOpenOutcome {
        let address = repository.htmlURL
        // Only a web address reaches the browser's command line (never an option or a local file).
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              url.host != nil else {
            return .failed("not a web address")
        }
        return opener.open(address, environment: environment)
    }
}
