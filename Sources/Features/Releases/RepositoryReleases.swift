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
    /// Where assets are downloaded to (`AssetDownloadFile.folder`).
    let downloadFolder: URL

    init(repository: Repository, service: any RepositoryContentService, store: any RepositoryContentStore,
         isOffline: Bool, downloadFolder: URL = AssetDownloadFile.folder(environment: [:]), now: @escaping @Sendable () -> Date) {
        self.downloadFolder = downloadFolder
        self.repository = repository
        self.service = service
        self.store = store
        self.isOffline = isOffline
        self.now = now
    }

    /// Downloads an asset into `file`, resuming from its `.part`, one chunk a request; `progress` is
    /// told after each (from this task). Cancellation stops it between chunks (the `.part` stays, to
    /// resume). Returns where the file is.
    func download(_ asset: ReleaseAsset, into file: AssetDownloadFile, chunkBytes: Int = 1 << 20,
                  progress: @Sendable (_ received: Int, _ total: Int?) -> Void) async throws -> URL {
        if isOffline { throw GitHubError.network }
        guard let url = asset.downloadURL else { throw GitHubError.notFound }
        var offset = file.resumeOffset()
        var total: Int? = asset.size > 0 ? asset.size : nil
        while total.map({ offset < $0 }) ?? true {
            try Task.checkCancellation()
            let chunk = try await service.downloadChunk(url: url, offset: offset, length: chunkBytes)
            if let size = chunk.total { total = size }
            if chunk.bytes.isEmpty { break }
            try Task.checkCancellation()
            do { try file.write(chunk.bytes, at: offset) } catch { throw GitHubError.http(status: 0, message: "\(error)") }
            offset += chunk.bytes.count
            progress(offset, total)
        }
        do { try file.finish() } catch { throw GitHubError.http(status: 0, message: "\(error)") }
        return file.destination
    }

    func stored() -> StoredReleases? {
        try? store.releases(repositoryID: repository.id)
    }

    /// The first page (`next` nil) or the page a `Link` named; `before` are the releases already shown,
    /// stored with the page's not among them (a page can repeat releases: each is stored once).
    func fetch(next: URL?, before: [Release]) async throws -> Page<Release> {
        if isOffline { throw GitHubError.network }
        let page: Page<Release>
        if let next {
            page = try await service.releases(page: next)
        } else {
            page = try await service.releases(ownerLogin: repository.ownerLogin, repository: repository.name)
        }
        try Task.checkCancellation()
        var seen = Set(before.map(\.id))
        let added = page.items.filter { seen.insert($0.id).inserted }
        try? store.saveReleases(before + added, next: page.next, repositoryID: repository.id, fetchedAt: now())
        return page
    }
}
