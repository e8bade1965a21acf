import Foundation

/// A comment written on a line of a pull request's diff (`GET /repos/{o}/{r}/pulls/{n}/comments`):
/// where it is (`path`, `line` on `side`, `startLine` on `startSide` for a range), where it was written
/// when the diff has moved on since (`originalLine`, its own `diffHunk`), and the comment it answers
/// (`inReplyTo`). Decoded tolerantly: GitHub's older answers have only `position` (the line's index in
/// the file's patch, counted from the first hunk header) and no `line`.
public struct ReviewComment: Sendable, Equatable, Hashable, Identifiable {
    /// The side of a split diff a line is on: the base's (`LEFT`) or the head's (`RIGHT`).
    public enum Side: String, Sendable, Hashable, Codable {
        case left = "LEFT"
        case right = "RIGHT"
    }

    public var id: Int64
    public var path: String
    /// The line in the file on `side`; nil when the comment is outdated (the line is no longer in the diff).
    public var line: Int?
    public var side: Side?
    /// The first line of a range (`line` is its last).
    public var startLine: Int?
    public var startSide: Side?
    /// The line the comment was written on, in the diff of its time.
    public var originalLine: Int?
    /// The line's index in the file's patch today (1 is the line under the first `@@`); nil when outdated.
    public var position: Int?
    /// The hunk the comment was written on, up to its line.
    public var diffHunk: String
    /// The comment this one answers (the thread's first).
    public var inReplyTo: Int64?
    /// The review it belongs to.
    public var reviewID: Int64?
    public var author: String
    public var body: String
    public var createdAt: Date?
    public var htmlURL: String?

    public init(id: Int64, path: String, line: Int? = nil, side: Side? = nil, startLine: Int? = nil, startSide: Side? = nil,
                originalLine: Int? = nil, position: Int? = nil, diffHunk: String = "", inReplyTo: Int64? = nil,
                reviewID: Int64? = nil, author: String = "", body: String = "", createdAt: Date? = nil, htmlURL: String? = nil) {
        self.id = id
        self.path = path
        self.line = line
        self.side = side
        self.startLine = startLine
        self.startSide = startSide
        self.originalLine = originalLine
        self.position = position
        self.diffHunk = diffHunk
        self.inReplyTo = inReplyTo
        self.reviewID = reviewID
        self.author = author
        self.body = body
        self.createdAt = createdAt
        self.htmlURL = htmlURL
    }

    /// Whether the line it was written on is no longer in the pull request's diff.
    public var isOutdated: Bool { line == nil && position == nil }
}

extension ReviewComment: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, path, line, side, position, user, body
        case startLine = "start_line"
        case startSide = "start_side"
        case originalLine = "original_line"
        case diffHunk = "diff_hunk"
        case inReplyTo = "in_reply_to_id"
        case reviewID = "pull_request_review_id"
        case createdAt = "created_at"
        case htmlURL = "html_url"
    }

    private struct Account: Decodable { var login: String? }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? { (try? c.decodeIfPresent(type, forKey: key)) ?? nil }
        self.init(id: try c.decode(Int64.self, forKey: .id),
                  path: value(String.self, .path) ?? "",
                  line: value(Int.self, .line),
                  side: value(Side.self, .side),
                  startLine: value(Int.self, .startLine),
                  startSide: value(Side.self, .startSide),
                  originalLine: value(Int.self, .originalLine),
                  position: value(Int.self, .position),
                  diffHunk: value(String.self, .diffHunk) ?? "",
                  inReplyTo: value(Int64.self, .inReplyTo),
                  reviewID: value(Int64.self, .reviewID),
                  author: value(Account.self, .user)?.login ?? "",
                  body: value(String.self, .body) ?? "",
                  createdAt: GitHubDate.parse(value(String.self, .createdAt)),
                  htmlURL: value(String.self, .htmlURL))
    }
}

/// What GitHub's GraphQL API says of a review thread that its REST API does not: its node id (what
/// resolving names), whether it is resolved and by whom, whether it is outdated, whether the viewer may
/// resolve or unresolve it, and the database id of its first comment — the REST comment that starts it.
public struct ReviewThreadStatus: Sendable, Equatable, Hashable {
    public var id: String
    public var isResolved: Bool
    public var isOutdated: Bool
    public var resolvedBy: String?
    /// The REST id of the thread's first comment (nil: GitHub did not say; the thread cannot be matched).
    public var firstCommentID: Int64?
    public var viewerCanResolve: Bool
    public var viewerCanUnresolve: Bool

    public init(id: String, isResolved: Bool, isOutdated: Bool = false, resolvedBy: String? = nil, firstCommentID: Int64?,
                viewerCanResolve: Bool = true, viewerCanUnresolve: Bool = true) {
        self.id = id
        self.isResolved = isResolved
        self.isOutdated = isOutdated
        self.resolvedBy = resolvedBy
        self.firstCommentID = firstCommentID
        self.viewerCanResolve = viewerCanResolve
        self.viewerCanUnresolve = viewerCanUnresolve
    }
}
