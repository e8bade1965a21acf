import Foundation
import GitHubEntities
import Persistence

/// The local search's use cases: the store's search and the repository a hit opens in.
final class LocalSearchInteractor: LocalSearchInteractorProtocol {
    /// The most hits one query shows (grouped by kind on screen).
    static let limit = 40
    private let store: any LocalSearchStore

    init(store: any LocalSearchStore) {
        self.store = store
    }

    func search(_ query: SearchQuery) async -> LocalSearchAnswer {
        let hits = (try? store.search(query, limit: Self.limit)) ?? []
        return LocalSearchAnswer(hits: hits, status: try? store.searchIndexStatus())
    }

    func repository(of hit: SearchHit) async -> Repository {
        if let stored = try? store.storedRepository(fullName: hit.repository) { return stored }
        let parts = hit.repository.split(separator: "/", maxSplits: 1).map(String.init)
        let owner = parts.first ?? ""
        let name = parts.count > 1 ? parts[1] : ""
        return Repository(id: hit.repositoryID ?? 0, name: name, fullName: hit.repository, ownerLogin: owner)
    }
}
