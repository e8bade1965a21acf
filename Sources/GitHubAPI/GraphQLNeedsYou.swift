import Foundation
import GitHubEntities

extension GitHubClient {
    /// Items asked for per Needs-you section (GitHub's search gives 100 at most).
    public static let needsYouSectionSize = 30

    /// What needs the user (`NeedsYou`): one GraphQL query, three aliased searches. Needs a token.
    public func needsYou() async throws -> NeedsYou {
        guard isAuthenticated else { throw GitHubError.unauthorized }
        let (data, _) = try await graphQL(Self.needsYouQuery, as: GraphQLNeedsYou.Answer.self)
        return data.needsYou
    }

    /// The query: `search(type: ISSUE)` under three aliases, each node an issue or a pull request (a pull
    /// request with its draft flag and its checks' rollup). Validated against GitHub's schema in the tests.
    static let needsYouQuery = """
        query NeedsYou { \
        reviewRequested: search(query: "is:open is:pr review-requested:@me sort:updated-desc", type: ISSUE, \
        first: \(GitHubClient.needsYouSectionSize)) { nodes { ...NeedsYouItem } } \
        assigned: search(query: "is:open assignee:@me sort:updated-desc", type: ISSUE, \
        first: \(GitHubClient.needsYouSectionSize)) { nodes { ...NeedsYouItem } } \
        authored: search(query: "is:open is:pr author:@me sort:updated-desc", type: ISSUE, \
        first: \(GitHubClient.needsYouSectionSize)) { nodes { ...NeedsYouItem } } \
        } \
        fragment NeedsYouItem on SearchResultItem { __typename \
        ... on Issue { number title updatedAt repository { databaseId nameWithOwner url } } \
        ... on PullRequest { number title updatedAt isDraft repository { databaseId nameWithOwner url } statusCheckRollup { state } } }
        """
}

/// The Needs-you answer as GitHub shapes it. Decoded tolerantly: a node that is neither an issue nor a pull
/// request, or lacks its number or repository, is left out; a section GitHub sent null is empty.
enum GraphQLNeedsYou {
    struct Answer: Decodable {
        var reviewRequested: Search?
        var assigned: Search?
        var authored: Search?

        var needsYou: NeedsYou {
            NeedsYou(reviewRequested: reviewRequested?.items ?? [], assigned: assigned?.items ?? [],
                     authored: authored?.items ?? [])
        }
    }

    struct Search: Decodable {
        var nodes: [Node?]?
        var items: [NeedsYouItem] { (nodes ?? []).compactMap { $0?.item } }
    }

    struct Node: Decodable {
        var item: NeedsYouItem?

        private enum Keys: String, CodingKey {
            case typeName = "__typename"
            case number, title, updatedAt, isDraft, repository, statusCheckRollup
        }
        private struct RepositoryName: Decodable {
            var databaseId: Int64?
            var nameWithOwner: String?
            var url: String?
        }
        private struct Rollup: Decodable { var state: String? }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            let type = (try? c.decodeIfPresent(String.self, forKey: .typeName)) ?? nil
            guard type == "Issue" || type == "PullRequest",
                  let number = (try? c.decodeIfPresent(Int.self, forKey: .number)) ?? nil, number > 0,
                  let repository = (try? c.decodeIfPresent(RepositoryName.self, forKey: .repository)) ?? nil,
                  let name = repository.nameWithOwner
            else { return }
            let rollup = (try? c.decodeIfPresent(Rollup.self, forKey: .statusCheckRollup)) ?? nil
            item = NeedsYouItem(
                number: number, title: ((try? c.decodeIfPresent(String.self, forKey: .title)) ?? nil) ?? "",
                isPullRequest: type == "PullRequest", repository: name, repositoryID: repository.databaseId ?? 0,
                repositoryURL: repository.url ?? "",
                updatedAt: GitHubDate.parse((try? c.decodeIfPresent(String.self, forKey: .updatedAt)) ?? nil),
                isDraft: ((try? c.decodeIfPresent(Bool.self, forKey: .isDraft)) ?? nil) ?? false,
                checks: rollup?.state.flatMap(CheckState.init(statusState:)))
        }
    }
}

extension GitHubClientQuery {
    /// The Needs-you query, for inspection (the schema test validates it).
    public static var needsYou: String { GitHubClient.needsYouQuery }
}
