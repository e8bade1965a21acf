import Foundation

extension GitHubClient {
    /// A README is text: anything larger is cut off by the caller's renderer long before this.
    public static let maximumReadmeBytes = 2 << 20

    /// GET /repos/{owner}/{repo}/readme as raw Markdown (`application/vnd.github.raw+json`); nil when
    /// the repository has none (404). Kept with its ETag like every GET: a second load is conditional,
    /// and `storedReadme` reads it offline.
    public func readme(ownerLogin: String, repository: String) async throws -> String? {
        let url = try readmeURL(ownerLogin, repository)
        let fetched = try await exchange(method: "GET", url: url, body: nil, passThrough: [404],
                                         accept: "application/vnd.github.raw+json")
        if fetched.response.statusCode == 404 { return nil }
        guard fetched.response.body.count <= Self.maximumReadmeBytes else {
            throw GitHubError.http(status: fetched.response.statusCode, message: "The README is larger than 2 MiB.")
        }
        return String(decoding: fetched.response.body, as: UTF8.self)
    }

    /// The README as stored by an earlier `readme(ownerLogin:repository:)`, without a request.
    public func storedReadme(ownerLogin: String, repository: String) -> String? {
        guard let url = try? readmeURL(ownerLogin, repository),
              let cached = validatorCache?.validator(for: ValidatorKey.key(url: url, tokenIdentity: configuration.tokenIdentity))
        else { return nil }
        return String(decoding: cached.body, as: UTF8.self)
    }

    private func readmeURL(_ ownerLogin: String, _ repository: String) throws -> URL {
        try Self.validate(login: ownerLogin)
        try Self.validate(repositoryName: repository)
        return try endpoint("/repos/\(Self.segment(ownerLogin))/\(Self.segment(repository))/readme")
    }
}
