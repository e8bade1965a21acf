import Foundation

extension GitHubClient {
    /// With a token, requests act as the token's user.
    public var isAuthenticated: Bool { configuration.token != nil }

    /// GET /user/starred/{owner}/{repo}: 204 when the user starred it, 404 when not.
    public func isStarred(ownerLogin: String, repository: String) async throws -> Bool {
        let fetched = try await exchange(method: "GET", url: try starredURL(ownerLogin, repository), body: nil, passThrough: [404])
        return fetched.response.statusCode != 404
    }

    /// PUT (star) or DELETE (unstar) /user/starred/{owner}/{repo}; GitHub answers 204. Needs a token.
    public func setStarred(_ on: Bool, ownerLogin: String, repository: String) async throws {
        guard isAuthenticated else { throw GitHubError.unauthorized }
        _ = try await exchange(method: on ? "PUT" : "DELETE", url: try starredURL(ownerLogin, repository), body: nil)
    }

    private func starredURL(_ ownerLogin: String, _ repository: String) throws -> URL {
        try Self.validate(login: ownerLogin)
        try Self.validate(repositoryName: repository)
        return try endpoint("/user/starred/\(Self.segment(ownerLogin))/\(Self.segment(repository))")
    }
}
