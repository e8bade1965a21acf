import Foundation
import GitHubEntities

/// owner/name of one repository.
public struct RepositoryReference: Sendable, Hashable, CustomStringConvertible {
    public var owner: String
    public var name: String

    public init(owner: String, name: String) {
        self.owner = owner
        self.name = name
    }

    public var description: String { "\(owner)/\(name)" }
}

extension GitHubClient {
    /// Repositories per GraphQL query: a tall screen's rows in one query. Each costs 4 nodes (the
    /// repository and its 3 commits), far below GitHub's 500,000-node limit, and the query 1 point.
    public static let graphQLBatchSize = 100

    /// With a token, many repositories' commits come in one GraphQL query (unless the server's GraphQL
    /// lacks the fields it asks for).
    public var batchesCommitQueries: Bool { configuration.token != nil && !graphQLLacksFields }

    /// The GraphQL endpoint beside the REST root (`GitHubHost.graphQLURL(forAPIRoot:)`).
    public var graphQLURL: URL { GitHubHost.graphQLURL(forAPIRoot: configuration.baseURL) }

    /// The latest 3 commits of each repository's default branch.
    ///
    /// With a token: one GraphQL query (aliases) per `graphQLBatchSize` repositories. Without one (GraphQL
    /// needs a token), or from a server whose GraphQL lacks a field the query names (an older GitHub
    /// Enterprise Server: it says which, and the whole call is then made again through REST): one REST
    /// call per repository, at most 4 at a time. An empty repository maps to [];
    /// a repository GitHub does not know is left out.
    public func latestCommits(of repositories: [RepositoryReference]) async throws -> [RepositoryReference: [Commit]] {
        for repository in repositories {
            try Self.validate(login: repository.owner)
            try Self.validate(repositoryName: repository.name)
        }
        var unique: [RepositoryReference] = []
        var seen = Set<RepositoryReference>()
        for repository in repositories where seen.insert(repository).inserted { unique.append(repository) }
        guard !unique.isEmpty else { return [:] }

        guard batchesCommitQueries else {
            return try await restLatestCommits(of: unique)
        }
        var result: [RepositoryReference: [Commit]] = [:]
        var start = 0
        while start < unique.count {
            let batch = Array(unique[start..<min(start + Self.graphQLBatchSize, unique.count)])
            do {
                result.merge(try await graphQLLatestCommits(of: batch)) { $1 }
            } catch where graphQLLacksFields {
                return try await restLatestCommits(of: unique)
            }
            start += Self.graphQLBatchSize
        }
        return result
    }

    private func restLatestCommits(of repositories: [RepositoryReference]) async throws -> [RepositoryReference: [Commit]] {
        try await withThrowingTaskGroup(of: (RepositoryReference, [Commit]?).self) { group in
            for repository in repositories {
                group.addTask {
                    do {
                        return (repository, try await self.latestCommits(ownerLogin: repository.owner,
                                                                         repository: repository.name))
                    } catch GitHubError.notFound {
                        return (repository, nil)
                    }
                }
            }
            var result: [RepositoryReference: [Commit]] = [:]
            for try await (repository, commits) in group {
                if let commits { result[repository] = commits }
            }
            return result
        }
    }

    /// The query for a batch: `r0: repository(owner: "o", name: "n") { … }` per repository.
    static func graphQLQuery(for repositories: [RepositoryReference]) -> String {
        let fields = latestCommitsSelection
        let aliases = repositories.enumerated().map { index, repository in
            // Owner and name were validated: no quotes or backslashes can occur.
            "r\(index): repository(owner: \"\(repository.owner)\", name: \"\(repository.name)\") { \(fields) }"
        }
        return "query LatestCommits { \(aliases.joined(separator: " ")) }"
    }

    /// A repository's latest 3 commits of its default branch, as a GraphQL selection.
    static let latestCommitsSelection = """
        defaultBranchRef { target { ... on Commit { history(first: \(Commit.latestCount)) { nodes { \
        oid message committedDate url author { name date user { login } } } } } } }
        """

    /// The commits of one repository node of an answer (none: an empty repository).
    static func commits(of node: GraphQLCommits.Repository) -> [Commit] {
        (node.defaultBranchRef?.target?.history?.nodes ?? []).map { commit in
            Commit(sha: commit.oid, message: commit.message ?? "",
                   authorName: commit.author?.name ?? commit.author?.user?.login ?? "unknown",
                   authorLogin: commit.author?.user?.login,
                   date: GitHubDate.parse(commit.author?.date ?? commit.committedDate),
                   htmlURL: commit.url)
        }
    }

    private func graphQLLatestCommits(of batch: [RepositoryReference]) async throws -> [RepositoryReference: [Commit]] {
        let (data, _) = try await graphQL(Self.graphQLQuery(for: batch), as: [String: GraphQLCommits.Repository?].self)
        var result: [RepositoryReference: [Commit]] = [:]
        for (index, repository) in batch.enumerated() {
            guard let entry = data["r\(index)"], let node = entry else { continue } // unknown repository
            result[repository] = Self.commits(of: node)
        }
        return result
    }
}

/// A repository's latest commits in a GraphQL answer (`latestCommitsSelection`).
enum GraphQLCommits {
    struct Repository: Decodable { var defaultBranchRef: BranchRef? }
    struct BranchRef: Decodable { var target: Target? }
    struct Target: Decodable { var history: History? }
    struct History: Decodable { var nodes: [Node] }
    struct Node: Decodable {
        var oid: String
        var message: String?
        var committedDate: String?
        var url: String?
        var author: Actor?
    }
    struct Actor: Decodable {
        var name: String?
        var date: String?
        var user: User?
    }
    struct User: Decodable { var login: String? }
}

/// The GraphQL text the client sends, for inspection.
public enum GitHubClientQuery {
    public static func text(for repositories: [RepositoryReference]) -> String {
        GitHubClient.graphQLQuery(for: repositories)
    }
}
