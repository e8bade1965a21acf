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

    /// Times one run starts the file over because the server's file is not the one the bytes so far
    /// came from (a 200 to a resumed request, another validator); past it the run fails.
    static let maximumRestarts = 2

    /// Downloads an asset into `file`, resuming from its `.part` when that holds this asset's bytes
    /// (`If-Range` with their validator), one chunk a request; `progress` is told after each (from this
    /// task). Done only when the bytes written are the asset's size (GitHub's and the server's, which
    /// must agree) and, where GitHub lists a SHA-256, the bytes have it (hashed as they are written).
    /// Every answer adds bytes or ends the run, so a server that always answers short cannot keep it
    /// going. Cancellation stops it between chunks (the `.part` stays, to resume). Returns where the
    /// file is; throws `AssetDownloadFailure` or `CancellationError`.
    func download(_ asset: ReleaseAsset, into file: AssetDownloadFile, chunkBytes: Int = 1 << 20,
                  progress: @Sendable (_ received: Int, _ total: Int?) -> Void) async throws -> URL {
        if isOffline { throw AssetDownloadFailure.request(.network) }
        guard let url = asset.downloadURL else { throw AssetDownloadFailure.request(.notFound) }
        let size = asset.size, digest = asset.sha256
        var offset = 0, validator: String?, restarts = 0
        var hasher = SHA256()
        do {
            if let point = file.resumePoint(for: asset) {
                offset = point.offset
                validator = point.validator
                if digest != nil { try file.hashPrefix(offset, into: &hasher) }
            } else {
                try file.begin(PartRecord(asset: asset, validator: nil))
            }
            while offset < size {
                try Task.checkCancellation()
                let chunk = try await service.downloadChunk(url: url, offset: offset, length: chunkBytes,
                                                            ifRange: offset > 0 ? validator : nil)
                try Task.checkCancellation()
                if let total = chunk.total, total != size { throw AssetDownloadFailure.sizeDiffers(listed: size, served: total) }
                // Another version of the file than the bytes so far (a 200, another validator): start over.
                let sameVersion = chunk.start == offset && (validator == nil || chunk.validator == nil || chunk.validator == validator)
                if offset > 0, !sameVersion {
                    restarts += 1
                    guard restarts <= Self.maximumRestarts else { throw AssetDownloadFailure.keepsChanging }
                    offset = 0
                    // Its bytes from elsewhere than the start, or none (the whole file, larger than a chunk): ask from 0.
                    if chunk.start != 0 || chunk.bytes.isEmpty { continue }
                }
                if offset == 0 {
                    // The file's first bytes: the record names the version they are of, the hash starts.
                    hasher = SHA256()
                    validator = chunk.validator
                    try file.begin(PartRecord(asset: asset, validator: validator))
                }
                guard !chunk.bytes.isEmpty else { throw AssetDownloadFailure.endedEarly(received: offset, total: size) }
                guard offset + chunk.bytes.count <= size else {
                    throw AssetDownloadFailure.sizeDiffers(listed: size, served: offset + chunk.bytes.count)
                }
                try file.write(chunk.bytes, at: offset)
                if digest != nil { hasher.update(chunk.bytes) }
                offset += chunk.bytes.count
                progress(offset, size)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw AssetDownloadFailure(error)
        }
        if let digest, hasher.finalized() != digest {
            file.discard()
            throw AssetDownloadFailure.checksumMismatch
        }
        do { try file.finish() } catch { throw AssetDownloadFailure.file(error) }
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
