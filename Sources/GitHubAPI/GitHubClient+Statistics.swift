import Foundation
import GitHubEntities

/// What the Overview's pictures ask of GitHub: a repository's languages and its last year of commits.
/// A protocol of its own (not part of `GitHubService`) so screens that never draw them need no fake.
/// `GitHubClient` over HTTP; each answer is kept with its validators, so it is asked conditionally and
/// read offline.
public protocol RepositoryStatisticsService: Sendable {
    /// GET /repos/{o}/{r}/languages.
    func languages(ownerLogin: String, repository: String) async throws -> LanguageBreakdown
    /// GET /repos/{o}/{r}/stats/participation; nil while GitHub computes it (202: ask again later).
    func participation(ownerLogin: String, repository: String) async throws -> Participation?
    /// The languages as the last answer gave them, without a request (offline, the first frame).
    func storedLanguages(ownerLogin: String, repository: String) -> LanguageBreakdown?
    /// The weeks of commits as the last complete answer gave them, without a request.
    func storedParticipation(ownerLogin: String, repository: String) -> Participation?
}

extension GitHubClient: RepositoryStatisticsService {
    public func languages(ownerLogin: String, repository: String) async throws -> LanguageBreakdown {
        let url = try statisticsURL(ownerLogin, repository, "languages")
        let fetched = try await exchange(method: "GET", url: url, body: nil)
        return try decodeStatistic { try LanguageBreakdown(json: fetched.response.body) }
    }

    public func participation(ownerLogin: String, repository: String) async throws -> Participation? {
        let url = try statisticsURL(ownerLogin, repository, "stats/participation")
        let fetched = try await exchange(method: "GET", url: url, body: nil)
        if fetched.response.statusCode == 202 { return nil }
        return try decodeStatistic { try Participation(json: fetched.response.body) }
    }

    public func storedLanguages(ownerLogin: String, repository: String) -> LanguageBreakdown? {
        storedBody(ownerLogin, repository, "languages").flatMap { try? LanguageBreakdown(json: $0) }
    }

    public func storedParticipation(ownerLogin: String, repository: String) -> Participation? {
        storedBody(ownerLogin, repository, "stats/participation").flatMap { try? Participation(json: $0) }
    }

    private func statisticsURL(_ ownerLogin: String, _ repository: String, _ path: String) throws -> URL {
        try Self.validate(login: ownerLogin)
        try Self.validate(repositoryName: repository)
        return try endpoint("/repos/\(Self.segment(ownerLogin))/\(Self.segment(repository))/\(path)")
    }

    private func storedBody(_ ownerLogin: String, _ repository: String, _ path: String) -> Data? {
        guard let url = try? statisticsURL(ownerLogin, repository, path) else { return nil }
        return validatorCache?.validator(for: ValidatorKey.key(url: url, tokenIdentity: configuration.tokenIdentity))?.body
    }

    private func decodeStatistic<Value>(_ decode: () throws -> Value) throws -> Value {
        do {
            return try decode()
        } catch {
            throw GitHubError.decoding("the answer is not what GitHub documents")
        }
    }
}
