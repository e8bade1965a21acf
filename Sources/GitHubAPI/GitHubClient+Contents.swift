import Foundation
import GitHubEntities

/// What the Files and Releases tabs ask of GitHub: a repository's tree, one folder, a file's bytes,
/// its releases. Its own protocol (not `GitHubService`'s), which `GitHubClient` conforms to.
public protocol RepositoryContentService: Sendable {
    /// GET /repos/{o}/{r}/git/trees/{ref}?recursive=1: the whole tree of a branch, tag or commit.
    /// `isTruncated` says when GitHub left entries out; then read folders with `folder`.
    func tree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree
    /// GET /repos/{o}/{r}/git/trees/{ref} (not recursive): the root folder's entries only, a small answer
    /// to draw while the recursive tree (megabytes in a monorepo) is on its way.
    func rootTree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree
    /// GET /repos/{o}/{r}/contents/{path}?ref={ref}: one folder's entries ("" is the root).
    func folder(ownerLogin: String, repository: String, path: String, ref: String) async throws -> FolderListing
    /// GET /repos/{o}/{r}/git/blobs/{sha}: a file's bytes (at most `maximumBlobBytes`). The caller
    /// stores them by sha for good: no validators are kept.
    func blob(ownerLogin: String, repository: String, sha: String) async throws -> FileContent
    /// GET /repos/{o}/{r}/commits/{ref} as `application/vnd.github.sha`: the commit a branch or tag
    /// names now (for permalinks that stay right when the branch moves).
    func commitSHA(ownerLogin: String, repository: String, ref: String) async throws -> String
    /// GET /repos/{o}/{r}/releases?per_page=30 (the first page, newest first).
    func releases(ownerLogin: String, repository: String) async throws -> Page<Release>
    /// Follows a releases `Link` URL exactly as the server gave it.
    func releases(page: URL) async throws -> Page<Release>
    /// At most `length` bytes from `offset` of a release asset, without the token, `If-Range: ifRange`
    /// when resuming (see `GitHubClient+Download`).
    func downloadChunk(url: String, offset: Int, length: Int, ifRange: String?) async throws -> DownloadChunk
}

extension GitHubClient: RepositoryContentService {
    /// Files larger than this are described, never fetched.
    public static let maximumFileBytes = 1 << 20
    /// A blob's answer is base64 (4/3 of the file) with line breaks and JSON around it.
    static let maximumBlobAnswerBytes = maximumFileBytes * 3 / 2 + 64 * 1024
    /// A blob whose answer passed `maximumBlobAnswerBytes`.
    static let blobTooLarge = GitHubError.http(status: 0, message: "The file is larger than 1 MiB.")
    /// A recursive tree GitHub gives whole is at most 7 MB.
    static let maximumTreeAnswerBytes = 16 << 20

    public func tree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree {
        try await tree(ownerLogin: ownerLogin, repository: repository, ref: ref, query: "?recursive=1")
    }

    public func rootTree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree {
        try await tree(ownerLogin: ownerLogin, repository: repository, ref: ref, query: "")
    }

    private func tree(ownerLogin: String, repository: String, ref: String, query: String) async throws -> GitTree {
        let base = try repositoryPath(ownerLogin, repository)
        try Self.validate(ref: ref)
        let fetched = try await get(endpoint("\(base)/git/trees/\(Self.segment(ref))\(query)"))
        guard fetched.response.body.count <= Self.maximumTreeAnswerBytes else {
            throw GitHubError.http(status: fetched.response.statusCode, message: "The tree is larger than 16 MiB.")
        }
        // The one-pass reader first (a big tree in milliseconds, not a second); JSONDecoder for
        // what it cannot be sure of, and to say what is wrong.
        return try GitTree(scanning: fetched.response.body) ?? Self.decode(GitTree.self, from: fetched.response.body)
    }

    public func folder(ownerLogin: String, repository: String, path: String, ref: String) async throws -> FolderListing {
        let base = try repositoryPath(ownerLogin, repository)
        try Self.validate(ref: ref)
        guard let parts = RepositoryPath.components(path) else {
            throw GitHubError.http(status: 0, message: "Not a path inside a repository.")
        }
        let encoded = parts.map(Self.segment).joined(separator: "/")
        let fetched = try await get(endpoint("\(base)/contents/\(encoded)?ref=\(Self.queryValue(ref))"))
        return try Self.decode(FolderListing.self, from: fetched.response.body)
    }

    public func blob(ownerLogin: String, repository: String, sha: String) async throws -> FileContent {
        let base = try repositoryPath(ownerLogin, repository)
        guard Self.isCommitID(sha) else { throw GitHubError.http(status: 0, message: "Not a blob id.") }
        let url = try endpoint("\(base)/git/blobs/\(sha)")
        // The limit bounds the transfer itself: past it the transport stops reading (a hostile or
        // mistaken answer costs at most this much, not the transport's 32 MiB).
        let fetched: Fetched
        do {
            fetched = try await exchange(method: "GET", url: url, body: nil, keepsValidators: false,
                                         maximumBytes: Self.maximumBlobAnswerBytes)
        } catch GitHubError.responseTooLarge {
            throw Self.blobTooLarge
        }
        guard fetched.response.body.count <= Self.maximumBlobAnswerBytes else { throw Self.blobTooLarge }
        let content = try Self.decode(FileContent.self, from: fetched.response.body)
        guard content.sha == sha else { throw GitHubError.http(status: 0, message: "GitHub answered with another blob.") }
        return content
    }

    public func commitSHA(ownerLogin: String, repository: String, ref: String) async throws -> String {
        let base = try repositoryPath(ownerLogin, repository)
        try Self.validate(ref: ref)
        let url = try endpoint("\(base)/commits/\(Self.segment(ref))")
        let fetched = try await exchange(method: "GET", url: url, body: nil, accept: "application/vnd.github.sha")
        let sha = String(decoding: fetched.response.body.prefix(128), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.isCommitID(sha) else { throw GitHubError.http(status: 0, message: "GitHub did not answer with a commit id.") }
        return sha
    }

    public func releases(ownerLogin: String, repository: String) async throws -> Page<Release> {
        let base = try repositoryPath(ownerLogin, repository)
        return try await listPage(endpoint("\(base)/releases?per_page=30"), of: Release.self, emptyOn409: false)
    }

    public func releases(page: URL) async throws -> Page<Release> {
        try Self.checkFollowable(page)
        return try await listPage(page, of: Release.self, emptyOn409: false)
    }

    /// A branch, tag or commit name: 1–255 characters, no control characters, no `..` component.
    static func validate(ref: String) throws {
        guard !ref.isEmpty, ref.count <= maximumBranchNameLength,
              ref.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }),
              !ref.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty }) else {
            throw GitHubError.http(status: 0, message: "Not a branch, tag or commit name.")
        }
    }
}
