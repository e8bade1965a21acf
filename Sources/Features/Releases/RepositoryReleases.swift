import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// The use cases below the Releases tab, for one repository: its releases as stored, then page by
/// page from GitHub (paged only through `Link`), the pages read so far stored together.
struct RepositoryReleases: Sendable {
    private let repository: Repository
    private let service: any RepositoryContentService
    private let store: any RepositoryContentStore
    private let isOffline: Bool
    private let now: @Sendable () -> Date

    init(repository: Repository, service: any RepositoryContentService, store: any RepositoryContentStore,
         isOffline: Bool, now: @escaping @Sendable () -> Date) {
        self.repository = repository
        self.service = service
        self.store = store
        self.isOffline = isOffline
        self.now = now
    }

    func stored() -> StoredReleases? {
        try? store.releases(repositoryID: repository.id)
    }

    /// The first page (`next` nil) or the page a `Link` named; `before` are the releases already shown,
    /// stored with the page's.
    func fetch(next: URL?, before: [Release]) async throws -> Page<Release> {
        if isOffline { throw GitHubError.network }
        let page: Page<Release>
        if let next {
            page = try await service.releases(page: next)
        } else {
            page = try await service.releases(ownerLogin: repository.ownerLogin, repository: repository.name)
        }
        try Task.checkCancellation()
        try? store.saveReleases(before + page.items, next: page.next, repositoryID: repository.id, fetchedAt: now())
        return page
    }
}
