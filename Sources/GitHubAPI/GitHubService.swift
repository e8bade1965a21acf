import Foundation
import GitHubEntities

/// What the features ask of GitHub. `GitHubClient` over HTTP; fakes in tests.
public protocol GitHubService: Sendable {
    /// GET /users/{login}
    func owner(login: String) async throws -> Owner
    /// GET /users/{login}/repos?per_page=100 (the first page).
    func repositories(ownerLogin: String) async throws -> Page<Repository>
    /// GET /users/{login}/starred?per_page=100 (the first page): the repositories the owner starred,
    /// most recently starred first. Later pages come through `repositories(page:)`.
    func starredRepositories(ownerLogin: String) async throws -> Page<Repository>
    /// Follows a `Link` URL exactly as the server gave it.
    func repositories(page: URL) async throws -> Page<Repository>
    /// GET /repos/{owner}/{repo}: one repository (a link followed in a README).
    func repository(ownerLogin: String, name: String) async throws -> Repository
    /// GET /repos/{owner}/{repo}/commits?per_page=3. An empty repository (409) gives [].
    func latestCommits(ownerLogin: String, repository: String) async throws -> [Commit]
    /// The core bucket's rate limit as last reported by the API (`nil` before any answer).
    var lastRateLimit: RateLimit? { get }
    /// Whether the API answers without `X-RateLimit-*` headers at all: a GitHub Enterprise Server with
    /// rate limiting off. Nothing is counted then.
    var answersWithoutRateLimit: Bool { get }
    /// GET /search/repositories?q=…&per_page=30
    func searchRepositories(query: String) async throws -> (SearchPage<Repository>, next: URL?)
    /// Follows a search `Link` URL exactly as the server gave it (GitHub answers 422 past 1,000 results).
    func searchRepositories(page: URL) async throws -> (SearchPage<Repository>, next: URL?)
    /// The latest 3 commits of many repositories (see the default implementation below).
    func latestCommits(of repositories: [RepositoryReference]) async throws -> [RepositoryReference: [Commit]]
    /// Whether `latestCommits(of:)` asks for many repositories in one request (GraphQL needs a token).
    var batchesCommitQueries: Bool { get }
    /// With a token: the latest commits of the first `rows` repositories of `ownerLogin` in `order`, in one
    /// GraphQL query sent with the list (`GitHubClient.firstScreenQuery`).
    func firstScreenCommits(ownerLogin: String, rows: Int, order: FirstScreenOrder) async throws -> FirstScreenCommits
    /// The most recent rate limit seen for a bucket (`nil` before any answer of it).
    func rateLimit(for bucket: RateLimitBucket) -> RateLimit?
    /// Whether requests carry a token (starring needs one).
    var isAuthenticated: Bool { get }
    /// GET /user/starred/{owner}/{repo}: whether the token's user starred it (204 yes, 404 no).
    func isStarred(ownerLogin: String, repository: String) async throws -> Bool
    /// PUT or DELETE /user/starred/{owner}/{repo} (204).
    func setStarred(_ on: Bool, ownerLogin: String, repository: String) async throws
    /// An owner's photo (PNG or JPEG bytes) at about `size` pixels, revalidated when stored.
    func avatar(url: String, size: Int) async throws -> Data
    /// The photo as stored, without a request.
    func storedAvatar(url: String, size: Int) -> Data?
    /// A picture a README shows, from its own host (never with the token), bounded, kept with its
    /// validators by URL (a conditional request when stored).
    func image(url: String) async throws -> Data
    /// The picture as stored by an earlier `image(url:)`, without a request.
    func storedImage(url: String) -> Data?
    /// The repository's README as raw Markdown; nil when it has none.
    func readme(ownerLogin: String, repository: String) async throws -> String?
    /// The README as stored, without a request.
    func storedReadme(ownerLogin: String, repository: String) -> String?
    /// GET /repos/{owner}/{repo}/commits?sha={branch}&per_page={perPage}: the first page of a branch's
    /// history (the default branch when `branch` is nil), conditional when stored. An empty repository
    /// (409) gives an empty page. Later pages come only through `commitHistory(page:)`.
    func commitHistory(ownerLogin: String, repository: String, branch: String?, perPage: Int) async throws -> Page<Commit>
    /// Follows a history `Link` URL exactly as the server gave it.
    func commitHistory(page: URL) async throws -> Page<Commit>
    /// GET /repos/{owner}/{repo}/commits/{sha}: one commit with its files and patches (GitHub lists at
    /// most 300 files: `CommitDetail.mayHaveMoreFiles`).
    func commitDetail(ownerLogin: String, repository: String, sha: String) async throws -> CommitDetail
    /// GET /repos/{owner}/{repo}/branches?per_page=100 (the first page; later ones through `branches(page:)`).
    func branches(ownerLogin: String, repository: String) async throws -> Page<Branch>
    /// Follows a branches `Link` URL exactly as the server gave it.
    func branches(page: URL) async throws -> Page<Branch>
}

extension GitHubService {
    /// Services without the query answer `unauthorized`, as GraphQL does without a token.
    public func firstScreenCommits(ownerLogin: String, rows: Int, order: FirstScreenOrder) async throws -> FirstScreenCommits {
        throw GitHubError.unauthorized
    }

    public func rateLimit(for bucket: RateLimitBucket) -> RateLimit? { bucket == .core ? lastRateLimit : nil }

    public var answersWithoutRateLimit: Bool { false }
}
