import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// The use cases below the Files tab, for one repository: its tree of a ref (stored first, then
/// fetched and stored), one folder at a time when GitHub truncated the tree, and a file's bytes by
/// blob sha (from the store when it was ever read: a blob never changes, so it is never fetched twice).
struct RepositoryFiles: Sendable {
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

    /// The ref the tab starts on: the default branch.
    var defaultRef: String { repository.defaultBranch ?? "HEAD" }

    /// The tree of `ref` as stored, indexed, nil when none. Slow for a large tree (100,000 entries:
    /// tens of milliseconds): off the UI thread.
    func storedTree(ref: String) -> TreeIndex? {
        (try? store.packedTree(repositoryID: repository.id, ref: ref)).flatMap { $0 }.map(TreeIndex.init(packed:))
    }

    /// The root folder's entries from GitHub: a small answer to draw while the whole tree (megabytes in
    /// a monorepo) is on its way. Asked only when no tree of the ref is stored.
    func fetchRoot(ref: String) async throws -> [GitTreeEntry] {
        if isOffline { throw GitHubError.network }
        return try await service.rootTree(ownerLogin: repository.ownerLogin, repository: repository.name, ref: ref).entries
    }

    /// The tree of `ref` from GitHub, packed once: walked as it is, and kept by `saveTree`.
    func fetchTree(ref: String) async throws -> PackedTree {
        if isOffline { throw GitHubError.network }
        return PackedTree(try await service.tree(ownerLogin: repository.ownerLogin, repository: repository.name, ref: ref))
    }

    /// Keeps a fetched tree for the next visit and offline (after it is shown: writing megabytes is
    /// not on the way to the screen).
    func saveTree(_ tree: PackedTree, ref: String) {
        try? store.saveTree(tree, repositoryID: repository.id, ref: ref, fetchedAt: now())
    }

    /// The commit `ref` names now (for permalinks).
    func commitSHA(ref: String) async throws -> String {
        if isOffline { throw GitHubError.network }
        return try await service.commitSHA(ownerLogin: repository.ownerLogin, repository: repository.name, ref: ref)
    }

    /// One folder's entries (the tree was truncated): `path` "" is the root.
    func fetchFolder(path: String, ref: String) async throws -> [GitTreeEntry] {
        if isOffline { throw GitHubError.network }
        return try await service.folder(ownerLogin: repository.ownerLogin, repository: repository.name,
                                        path: path, ref: ref).entries
    }

    /// A file's bytes: from the store when read before (no request), else fetched — to keep for good
    /// with `save(_:)` once it is shown.
    func file(sha: String) async throws -> StoredByHash.Found<FileContent> {
        try await StoredByHash.read(stored: try? store.fileContent(sha: sha), isOffline: isOffline) {
            try await service.blob(ownerLogin: repository.ownerLogin, repository: repository.name, sha: sha)
        }
    }

    /// Keeps a fetched file's bytes for good (a blob never changes).
    func save(_ content: FileContent) {
        try? store.saveFileContent(content, storedAt: now())
    }
}
