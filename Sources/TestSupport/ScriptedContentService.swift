import Foundation
import GitHubAPI
import GitHubEntities
import Locking

/// The `RepositoryContentService` fake for tests: every answer scripted, every call recorded as a line
/// ("tree o/r REF", "root o/r REF", "sha o/r REF", "folder o/r PATH REF" (`/` for the root), "blob o/r SHA", "releases o/r",
/// "releases page N").
public final class ScriptedContentService: RepositoryContentService {
    public struct Script: Sendable {
        /// The tree of every ref; nil: 404.
        public var tree: Result<GitTree, GitHubError> = .failure(.notFound)
        /// Folder listings by path ("" for the root); any other is 404.
        public var folders: [String: [GitTreeEntry]] = [:]
        /// Files by blob sha; any other is 404.
        public var blobs: [String: FileContent] = [:]
        /// Releases page by page; page N links to N+1 (`https://api.test/releases/N`).
        public var releasePages: [[Release]] = [[]]
        public var releaseError: GitHubError?
        /// Release assets' bytes by download URL; any other is 404.
        public var assets: [String: Data] = [:]
        /// The commit every ref names; nil: 404.
        public var commitSHA: String?

        public init(tree: Result<GitTree, GitHubError> = .failure(.notFound), folders: [String: [GitTreeEntry]] = [:],
                    blobs: [String: FileContent] = [:], releasePages: [[Release]] = [[]]) {
            self.tree = tree
            self.folders = folders
            self.blobs = blobs
            self.releasePages = releasePages
        }
    }

    public let script: Mutex<Script>
    public let calls = Mutex<[String]>([])

    public init(_ script: Script = Script()) { self.script = Mutex(script) }

    /// The calls so far.
    public var recorded: [String] { calls.withLock { $0 } }

    private func record(_ call: String) { calls.withLock { $0.append(call) } }
    private var current: Script { script.withLock { $0 } }

    public func tree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree {
        record("tree \(ownerLogin)/\(repository) \(ref)")
        return try current.tree.get()
    }

    /// The scripted tree's root entries (those whose path has no slash), as GitHub's non-recursive tree.
    public func rootTree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree {
        record("root \(ownerLogin)/\(repository) \(ref)")
        let tree = try current.tree.get()
        return GitTree(sha: tree.sha, entries: tree.entries.filter { !$0.path.contains("/") })
    }

    public func folder(ownerLogin: String, repository: String, path: String, ref: String) async throws -> FolderListing {
        record("folder \(ownerLogin)/\(repository) \(path.isEmpty ? "/" : path) \(ref)")
        guard let entries = current.folders[path] else { throw GitHubError.notFound }
        return FolderListing(entries: entries)
    }

    public func blob(ownerLogin: String, repository: String, sha: String) async throws -> FileContent {
        record("blob \(ownerLogin)/\(repository) \(sha)")
        guard let blob = current.blobs[sha] else { throw GitHubError.notFound }
        return blob
    }

    public func commitSHA(ownerLogin: String, repository: String, ref: String) async throws -> String {
        record("sha \(ownerLogin)/\(repository) \(ref)")
        guard let sha = current.commitSHA else { throw GitHubError.notFound }
        return sha
    }

    public func releases(ownerLogin: String, repository: String) async throws -> Page<Release> {
        record("releases \(ownerLogin)/\(repository)")
        return try releasePage(0)
    }

    public func releases(page: URL) async throws -> Page<Release> {
        let index = Int(page.lastPathComponent) ?? 0
        record("releases page \(index)")
        return try releasePage(index)
    }

    public func downloadChunk(url: String, offset: Int, length: Int, ifRange: String?) async throws -> DownloadChunk {
        record("download \(url) \(offset)")
        guard let bytes = current.assets[url] else { throw GitHubError.notFound }
        guard offset < bytes.count else { return DownloadChunk(start: offset, bytes: Data(), total: bytes.count) }
        return DownloadChunk(start: offset, bytes: bytes.subdata(in: offset..<min(bytes.count, offset + length)), total: bytes.count)
    }

    private func releasePage(_ index: Int) throws -> Page<Release> {
        let script = current
        if let error = script.releaseError { throw error }
        guard script.releasePages.indices.contains(index) else { throw GitHubError.notFound }
        let next = index + 1 < script.releasePages.count ? URL(string: "https://api.test/releases/\(index + 1)") : nil
        return Page(items: script.releasePages[index], next: next)
    }
}
