import Foundation
import GitHubEntities

extension GitHubClient {
    /// Pages of review threads read at most (100 a page): as many threads as review comments are read.
    static let maximumReviewThreadPages = 30

    /// A pull request's review threads as GraphQL gives them (`ReviewThreadStatus`: resolved, outdated,
    /// node id, first comment's id), page after page by cursor while GitHub says there is a next one (a
    /// cursor given twice ends the reading). GitHub answers GraphQL only with a token: without one it
    /// refuses (401), and the caller shows the threads as REST gives them.
    public func reviewThreads(ownerLogin: String, repository: String, number: Int) async throws -> [ReviewThreadStatus] {
        try Self.validate(login: ownerLogin)
        try Self.validate(repositoryName: repository)
        guard number > 0 else { throw GitHubError.http(status: 0, message: "Not an issue number.") }
        var threads: [ReviewThreadStatus] = []
        var cursor: String?
        var seen = Set<String>()
        for _ in 0..<Self.maximumReviewThreadPages {
            let variables: [String: GraphQLVariable] = ["owner": .string(ownerLogin), "name": .string(repository), "number": .int(number),
                                                        "after": cursor.map(GraphQLVariable.string) ?? .null]
            let (data, _) = try await graphQL(Self.reviewThreadsQuery, variables: variables, as: GraphQLReviewThreads.Answer.self)
            guard let page = data.repository?.pullRequest?.reviewThreads else { throw GitHubError.notFound }
            threads += (page.nodes ?? []).compactMap { $0?.status }
            guard page.pageInfo?.hasNextPage == true, let next = page.pageInfo?.endCursor, seen.insert(next).inserted else { break }
            cursor = next
        }
        return threads
    }

    /// `resolveReviewThread` (or `unresolveReviewThread`) on the thread with node id `threadID` (needs a
    /// token): the thread as GitHub left it. A refusal GitHub gives among the answer's errors is thrown:
    /// `FORBIDDEN` as a 403 with GitHub's words, anything else as `graphQLError` reads it.
    public func setReviewThreadResolved(_ resolved: Bool, threadID: String) async throws -> ReviewThreadStatus {
        guard isAuthenticated else { throw GitHubError.unauthorized }
        guard !threadID.isEmpty, threadID.count <= 200 else { throw GitHubError.http(status: 0, message: "Not a review thread.") }
        let query = resolved ? Self.resolveReviewThreadMutation : Self.unresolveReviewThreadMutation
        let (answer, fetched) = try await graphQLAnswer(query, variables: ["thread": .string(threadID)], isQuery: false,
                                                        as: GraphQLReviewThreads.MutationAnswer.self)
        if let status = answer.data?.payload?.thread?.status { return status }
        let errors = answer.errors ?? []
        if let forbidden = errors.first(where: { $0.type == "FORBIDDEN" }) {
            throw GitHubError.http(status: 403, message: forbidden.message.map { GitHubError.printable($0) })
        }
        throw graphQLError(errors, of: fetched.response)
    }

    /// What each thread is read with (the queries and the mutations' payloads).
    static let reviewThreadFields = """
        fragment ReviewThreadFields on PullRequestReviewThread { id isResolved isOutdated viewerCanResolve viewerCanUnresolve \
        resolvedBy { login } comments(first: 1) { nodes { databaseId } } }
        """

    /// The query: one page of a pull request's review threads. Validated against GitHub's schema in the tests.
    static let reviewThreadsQuery = """
        query ReviewThreads($owner: String!, $name: String!, $number: Int!, $after: String) { \
        repository(owner: $owner, name: $name) { pullRequest(number: $number) { \
        reviewThreads(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ...ReviewThreadFields } } } } } \
        \(reviewThreadFields)
        """

    static let resolveReviewThreadMutation = """
        mutation ResolveReviewThread($thread: ID!) { payload: resolveReviewThread(input: {threadId: $thread}) { \
        thread { ...ReviewThreadFields } } } \(reviewThreadFields)
        """

    static let unresolveReviewThreadMutation = """
        mutation UnresolveReviewThread($thread: ID!) { payload: unresolveReviewThread(input: {threadId: $thread}) { \
        thread { ...ReviewThreadFields } } } \(reviewThreadFields)
        """
}

/// The review threads' answers as GitHub shapes them. Decoded tolerantly: a thread without its id is left
/// out; a missing resolution reads unresolved, a missing permission leaves it to GitHub (may).
enum GraphQLReviewThreads {
    struct Answer: Decodable {
        var repository: Repository?
    }

    struct Repository: Decodable {
        var pullRequest: PullRequest?
    }

    struct PullRequest: Decodable {
        var reviewThreads: Connection?
    }

    struct Connection: Decodable {
        var pageInfo: PageInfo?
        var nodes: [Thread?]?
    }

    struct PageInfo: Decodable {
        var hasNextPage: Bool?
        var endCursor: String?
    }

    /// `resolveReviewThread` / `unresolveReviewThread`, both under the alias `payload`.
    struct MutationAnswer: Decodable {
        var payload: Payload?
    }

    struct Payload: Decodable {
        var thread: Thread?
    }

    struct Thread: Decodable {
        var status: ReviewThreadStatus?

        private enum Keys: String, CodingKey {
            case id, isResolved, isOutdated, viewerCanResolve, viewerCanUnresolve, resolvedBy, comments
        }
        private struct Login: Decodable { var login: String? }
        private struct Comments: Decodable { var nodes: [Comment?]? }
        private struct Comment: Decodable { var databaseId: Int64? }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            func value<T: Decodable>(_ type: T.Type, _ key: Keys) -> T? { (try? c.decodeIfPresent(type, forKey: key)) ?? nil }
            guard let id = value(String.self, .id), !id.isEmpty else { return }
            let first = value(Comments.self, .comments)?.nodes?.first ?? nil
            status = ReviewThreadStatus(id: id, isResolved: value(Bool.self, .isResolved) ?? false,
                                        isOutdated: value(Bool.self, .isOutdated) ?? false,
                                        resolvedBy: value(Login.self, .resolvedBy)?.login,
                                        firstCommentID: first?.databaseId,
                                        viewerCanResolve: value(Bool.self, .viewerCanResolve) ?? true,
                                        viewerCanUnresolve: value(Bool.self, .viewerCanUnresolve) ?? true)
        }
    }
}

extension GitHubClientQuery {
    /// The review threads' query and the two mutations, for inspection (the schema test validates them).
    public static var reviewThreads: [String] {
        [GitHubClient.reviewThreadsQuery, GitHubClient.resolveReviewThreadMutation, GitHubClient.unresolveReviewThreadMutation]
    }
}
