import Foundation
import GitHubEntities

/// What the features ask of GitHub. `GitHubClient` over HTTP; fakes in tests.
public protocol GitHubService: Sendable {
    /// GET /users/{login}
    func owner(login: String) async throws -> Owner
    /// GET /users/{login}/repos?per_page=100 (the first page).
    func repositories(ownerLogin: String) async throws -> Page<Repository>
    /// Follows a `Link` URL exactly as the server gave it.
    func repositories(page: URL) async throws -> Page<Repository>
    /// GET /repos/{owner}/{repo}/commits?per_page=3. An empty repository (409) gives [].
    func latestCommits(ownerLogin: String, repository: String) async throws -> [Commit]
    /// GET /search/repositories?q=…&per_page=30
    func searchRepositories(query: String) async throws -> (RepositorySearchPage, next: URL?)
}
