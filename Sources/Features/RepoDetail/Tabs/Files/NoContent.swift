import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// No trees, files or releases: every request is not found. What `RepoDetailSources.none` gives the
/// Files and Releases tabs (the app's client always has them; a test that fakes none uses it too).
struct NoContentService: RepositoryContentService {
    func tree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree { throw GitHubError.notFound }
    func rootTree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree { throw GitHubError.notFound }
    func folder(ownerLogin: String, repository: String, path: String, ref: String) async throws -> FolderListing {
        throw GitHubError.notFound
    }
    func blob(ownerLogin: String, repository: String, sha: String) async throws -> FileContent { throw GitHubError.notFound }
    func commitSHA(ownerLogin: String, repository: String, ref: String) async throws -> String { throw GitHubError.notFound }
    func releases(ownerLogin: String, repository: String) async throws -> Page<Release> { throw GitHubError.notFound }
    func releases(page: URL) async throws -> Page<Release> { throw GitHubError.notFound }
    func downloadChunk(url: String, offset: Int, length: Int, ifRange: String?) async throws -> DownloadChunk { throw GitHubError.notFound }
}

/// A store that keeps no trees, files or releases (`RepoDetailSources.none`, and tests).
final class NoContentStore: RepositoryContentStore {
    func tree(repositoryID: Int64, ref: String) throws -> StoredTree? { nil }
    func saveTree(_ tree: PackedTree, repositoryID: Int64, ref: String, fetchedAt: Date) throws {}
    func fileContent(sha: String) throws -> FileContent? { nil }
    func saveFileContent(_ content: FileContent, storedAt: Date) throws {}
    func releases(repositoryID: Int64) throws -> StoredReleases? { nil }
    func saveReleases(_ releases: [Release], next: URL?, repositoryID: Int64, fetchedAt: Date) throws {}
}
