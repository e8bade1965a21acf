import Foundation
import GitHubEntities

/// A review submitted on a pull request (`POST /repos/{o}/{r}/pulls/{n}/reviews`): what it decides, what
/// it says, and its comments on the diff's lines.
public struct ReviewSubmission: Sendable, Equatable {
    public enum Event: String, Sendable, CaseIterable {
        case approve = "APPROVE"
        case requestChanges = "REQUEST_CHANGES"
        case comment = "COMMENT"
    }

    /// A comment on a line (the last of a range) of the diff.
    public struct Comment: Sendable, Equatable {
        public var path: String
        public var line: Int
        /// `LEFT` or `RIGHT`.
        public var side: String
        public var startLine: Int?
        public var startSide: String?
        public var body: String

        public init(path: String, line: Int, side: String, startLine: Int? = nil, startSide: String? = nil, body: String) {
            self.path = path
            self.line = line
            self.side = side
            self.startLine = startLine
            self.startSide = startSide
            self.body = body
        }
    }

    public var event: Event
    public var body: String
    public var comments: [Comment]

    public init(event: Event, body: String = "", comments: [Comment] = []) {
        self.event = event
        self.body = body
        self.comments = comments
    }

    /// The request's JSON object: `body` only when there is one, a range's start only on a range.
    var payload: [String: Any] {
        var object: [String: Any] = ["event": event.rawValue]
        if !body.isEmpty { object["body"] = body }
        object["comments"] = comments.map { comment -> [String: Any] in
            var item: [String: Any] = ["path": comment.path, "line": comment.line, "side": comment.side, "body": comment.body]
            if let start = comment.startLine, start != comment.line {
                item["start_line"] = start
                item["start_side"] = comment.startSide ?? comment.side
            }
            return item
        }
        return object
    }
}

extension GitHubClient {
    /// `POST /repos/{o}/{r}/pulls/{n}/comments/{id}/replies` (needs a token): the reply as GitHub took it.
    public func replyToReviewComment(id: Int64, body: String, ownerLogin: String, repository: String,
                                     number: Int) async throws -> ReviewComment {
        guard isAuthenticated else { throw GitHubError.unauthorized }
        guard number > 0, id > 0 else { throw GitHubError.http(status: 0, message: "Not a review comment.") }
        guard !body.isEmpty, body.count <= Self.maximumCommentLength else {
            throw GitHubError.http(status: 0, message: "A comment must have 1 to 65,536 characters.")
        }
        let url = try endpoint("\(try repositoryPath(ownerLogin, repository))/pulls/\(number)/comments/\(id)/replies")
        let payload = try JSONSerialization.data(withJSONObject: ["body": body])
        let fetched = try await exchange(method: "POST", url: url, body: payload, keepsValidators: false)
        return try Self.decode(ReviewComment.self, from: fetched.response.body)
    }

    /// `POST /repos/{o}/{r}/pulls/{n}/reviews` (needs a token): the review as GitHub took it.
    public func submitReview(_ review: ReviewSubmission, ownerLogin: String, repository: String,
                             number: Int) async throws -> PullRequestReview {
        guard isAuthenticated else { throw GitHubError.unauthorized }
        guard number > 0 else { throw GitHubError.http(status: 0, message: "Not an issue number.") }
        let url = try endpoint("\(try repositoryPath(ownerLogin, repository))/pulls/\(number)/reviews")
        let payload = try JSONSerialization.data(withJSONObject: review.payload, options: [.sortedKeys])
        let fetched = try await exchange(method: "POST", url: url, body: payload, keepsValidators: false)
        return try Self.decode(PullRequestReview.self, from: fetched.response.body)
    }
}
