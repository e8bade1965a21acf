import Foundation
import GitHubEntities

/// The order of a list's first screen in GitHub's `RepositoryOrder` terms.
public enum FirstScreenOrder: Sendable, Equatable {
    /// By name, A to Z.
    case name
    /// Most recently updated first.
    case updated
    /// Most stars first.
    case stars

    var graphQL: String {
        switch self {
        case .name: "{field: NAME, direction: ASC}"
        case .updated: "{field: UPDATED_AT, direction: DESC}"
        case .stars: "{field: STARGAZERS, direction: DESC}"
        }
    }
}

/// The latest commits of the rows a list's first screen shows, with what the query cost.
public struct FirstScreenCommits: Sendable, Equatable {
    /// Each repository's latest commits (none: empty), by the REST id (`databaseId`).
    public var commits: [Int64: [Commit]]
    /// The query's cost in GraphQL points and what is left of the hour, when the answer said.
    public var rateLimit: RateLimit?
    public var cost: Int?

    public init(commits: [Int64: [Commit]], rateLimit: RateLimit? = nil, cost: Int? = nil) {
        self.commits = commits
        self.rateLimit = rateLimit
        self.cost = cost
    }
}

extension GitHubClient {
    /// The first screen's commits in one query: the owner's first `rows` public repositories in `order`
    /// with their latest 3 commits, and the query's cost (`rateLimit`). Sent with the list's requests,
    /// it arrives in the same round trip. `rows` is clamped to 1…100 (GitHub's page size).
    static func firstScreenQuery(ownerLogin: String, rows: Int, order: FirstScreenOrder) -> String {
        // The login was validated: no quotes or backslashes can occur.
        """
        query FirstScreen { rateLimit { cost remaining limit resetAt } \
        owner: repositoryOwner(login: "\(ownerLogin)") { \
        repositories(first: \(min(max(rows, 1), 100)), orderBy: \(order.graphQL), ownerAffiliations: [OWNER], \
        privacy: PUBLIC) { nodes { databaseId name \(latestCommitsSelection) } } } }
        """
    }

    /// Fetches the first screen's commits (`firstScreenQuery`). The answer's `rateLimit` is recorded as
    /// the GraphQL bucket's limit. Needs a token (`unauthorized` without one, as GraphQL does).
    public func firstScreenCommits(ownerLogin: String, rows: Int, order: FirstScreenOrder) async throws -> FirstScreenCommits {
        try Self.validate(login: ownerLogin)
        guard configuration.token != nil else { throw GitHubError.unauthorized }
        let query = Self.firstScreenQuery(ownerLogin: ownerLogin, rows: rows, order: order)
        let (data, _) = try await graphQL(query, as: FirstScreenAnswer.self)
        guard let owner = data.owner else { throw GitHubError.notFound }
        var commits: [Int64: [Commit]] = [:]
        for node in owner.repositories.nodes.compactMap({ $0 }) {
            guard let id = node.databaseId else { continue }
            commits[id] = Array(Self.commits(of: node.repository).prefix(Commit.latestCount))
        }
        let limit = data.rateLimit.map {
            RateLimit(limit: $0.limit, remaining: $0.remaining, reset: GitHubDate.parse($0.resetAt),
                      resource: RateLimitBucket.graphql.rawValue)
        }
        if let limit { recordGraphQL(limit) }
        return FirstScreenCommits(commits: commits, rateLimit: limit, cost: data.rateLimit?.cost)
    }
}

/// The `data` of the first screen's answer.
struct FirstScreenAnswer: Decodable {
    struct Cost: Decodable {
        var cost: Int?
        var remaining: Int
        var limit: Int
        var resetAt: String?
    }
    struct Node: Decodable {
        var databaseId: Int64?
        var repository: GraphQLCommits.Repository

        init(from decoder: any Decoder) throws {
            databaseId = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int64.self, forKey: .databaseId)
            repository = try GraphQLCommits.Repository(from: decoder)
        }
        enum CodingKeys: String, CodingKey { case databaseId }
    }
    struct Connection: Decodable { var nodes: [Node?] }
    struct Owner: Decodable { var repositories: Connection }

    var rateLimit: Cost?
    var owner: Owner?
}

/// The first screen's GraphQL text, for inspection.
extension GitHubClientQuery {
    public static func firstScreen(ownerLogin: String, rows: Int, order: FirstScreenOrder) -> String {
        GitHubClient.firstScreenQuery(ownerLogin: ownerLogin, rows: rows, order: order)
    }
}
