import Foundation

/// A label on an issue or pull request. `color` is six hexadecimal digits (GitHub's, without `#`) or nil:
/// a colour that is anything else is dropped when decoded, so nothing downstream has to trust it.
public struct IssueLabel: Sendable, Equatable, Hashable {
    public var name: String
    public var color: String?
    public var description: String?

    public init(name: String, color: String? = nil, description: String? = nil) {
        self.name = name
        self.color = color.flatMap(Self.hexColor)
        self.description = description
    }

    /// `text` lower-cased when it is exactly six hexadecimal digits (a leading `#` is allowed), else nil.
    public static func hexColor(_ text: String) -> String? {
        let digits = text.hasPrefix("#") ? text.utf8.dropFirst() : text.utf8[...]
        guard digits.count == 6, digits.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) })
        else { return nil }
        return String(decoding: digits, as: UTF8.self).lowercased()
    }
}

/// Reactions as counts (`reactions` of an issue or comment; absent in older answers).
public struct Reactions: Sendable, Equatable, Hashable {
    /// GitHub's reaction keys, in the order its web page shows them.
    public static let keys = ["+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"]
    /// Count per key, only the keys with a count above zero.
    public var counts: [String: Int]

    public init(counts: [String: Int] = [:]) {
        self.counts = counts.filter { Self.keys.contains($0.key) && $0.value > 0 }
    }

    public var isEmpty: Bool { counts.isEmpty }
}

/// How an issue or pull request reads at a glance: GitHub's four states.
public enum IssueDisplayState: String, Sendable, Equatable, Hashable, CaseIterable {
    case open, closed, merged, draft
}

/// An issue, or a pull request as the issues endpoints give it (`/repos/{o}/{r}/issues`, `/issues/{n}`,
/// `/search/issues`, and `/pulls` through `PullRequest.issue`). Decoded tolerantly (only `number` is
/// required) and encoded back in the API's shape, so the store keeps it as JSON.
public struct Issue: Sendable, Equatable, Hashable, Identifiable {
    public var number: Int
    public var title: String
    /// `open` or `closed` as GitHub wrote it.
    public var state: String
    /// The answer had a `pull_request` member: this is a pull request seen through the issues endpoint.
    public var isPullRequest: Bool
    /// Only known for pull requests (their `draft`).
    public var isDraft: Bool
    /// Only known for pull requests (`pull_request.merged_at` or `merged_at`).
    public var isMerged: Bool
    public var author: String
    public var labels: [IssueLabel]
    public var assignees: [String]
    public var milestone: String?
    public var commentCount: Int
    public var createdAt: Date?
    public var updatedAt: Date?
    public var closedAt: Date?
    public var body: String
    public var htmlURL: String?
    public var reactions: Reactions

    public var id: Int { number }

    public init(number: Int, title: String, state: String = "open", isPullRequest: Bool = false, isDraft: Bool = false,
                isMerged: Bool = false, author: String = "", labels: [IssueLabel] = [], assignees: [String] = [],
                milestone: String? = nil, commentCount: Int = 0, createdAt: Date? = nil, updatedAt: Date? = nil,
                closedAt: Date? = nil, body: String = "", htmlURL: String? = nil, reactions: Reactions = Reactions()) {
        self.number = number
        self.title = title
        self.state = state
        self.isPullRequest = isPullRequest
        self.isDraft = isDraft
        self.isMerged = isMerged
        self.author = author
        self.labels = labels
        self.assignees = assignees
        self.milestone = milestone
        self.commentCount = commentCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.closedAt = closedAt
        self.body = body
        self.htmlURL = htmlURL
        self.reactions = reactions
    }

    public var isOpen: Bool { state.lowercased() == "open" }

    /// Merged before closed, draft only while open.
    public var displayState: IssueDisplayState {
        if isMerged { return .merged }
        if !isOpen { return .closed }
        return isDraft ? .draft : .open
    }
}

/// A comment on an issue or pull request (`/repos/{o}/{r}/issues/{n}/comments`).
public struct IssueComment: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var author: String
    public var body: String
    public var createdAt: Date?
    public var updatedAt: Date?
    public var htmlURL: String?
    public var reactions: Reactions

    public init(id: Int64, author: String, body: String, createdAt: Date? = nil, updatedAt: Date? = nil,
                htmlURL: String? = nil, reactions: Reactions = Reactions()) {
        self.id = id
        self.author = author
        self.body = body
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.htmlURL = htmlURL
        self.reactions = reactions
    }
}

/// A pull request as `/repos/{o}/{r}/pulls` and `/pulls/{n}` give it: the issue's part plus branches,
/// merge state and sizes (sizes, `mergeable` and `merged` only in the single answer).
public struct PullRequest: Sendable, Equatable, Hashable, Identifiable {
    public var issue: Issue
    /// The branch merged into, e.g. `master`.
    public var baseRef: String
    /// The branch proposed, as `owner:branch`.
    public var headLabel: String
    public var headSHA: String?
    /// Nil while GitHub has not computed it (or in a list answer).
    public var mergeable: Bool?
    public var mergeableState: String?
    public var commitCount: Int?
    public var additions: Int?
    public var deletions: Int?
    public var changedFiles: Int?

    public var id: Int { issue.number }
    public var number: Int { issue.number }

    public init(issue: Issue, baseRef: String, headLabel: String, headSHA: String? = nil, mergeable: Bool? = nil,
                mergeableState: String? = nil, commitCount: Int? = nil, additions: Int? = nil, deletions: Int? = nil,
                changedFiles: Int? = nil) {
        var issue = issue
        issue.isPullRequest = true
        self.issue = issue
        self.baseRef = baseRef
        self.headLabel = headLabel
        self.headSHA = headSHA
        self.mergeable = mergeable
        self.mergeableState = mergeableState
        self.commitCount = commitCount
        self.additions = additions
        self.deletions = deletions
        self.changedFiles = changedFiles
    }
}

/// A changed file of a pull request (`/pulls/{n}/files`): the same shape as a commit's files.
public struct PullRequestFile: Sendable, Equatable, Decodable {
    public var file: CommitDetail.File

    public init(file: CommitDetail.File) { self.file = file }

    private enum CodingKeys: String, CodingKey {
        case filename, status, additions, deletions, changes, patch
        case previousFilename = "previous_filename"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = CommitDetail.File(
            filename: try c.decode(String.self, forKey: .filename),
            previousFilename: try? c.decodeIfPresent(String.self, forKey: .previousFilename),
            status: (try? c.decodeIfPresent(String.self, forKey: .status)) ?? "modified",
            additions: (try? c.decodeIfPresent(Int.self, forKey: .additions)) ?? 0,
            deletions: (try? c.decodeIfPresent(Int.self, forKey: .deletions)) ?? 0,
            changes: (try? c.decodeIfPresent(Int.self, forKey: .changes)) ?? 0,
            patch: try? c.decodeIfPresent(String.self, forKey: .patch))
    }
}

/// A JSON array whose elements that do not decode are left out, not the whole list.
public struct LenientList<Element: Decodable & Sendable>: Decodable, Sendable {
    public var items: [Element]

    public init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        var items: [Element] = []
        while !list.isAtEnd {
            if let item = try? list.decode(Element.self) {
                items.append(item)
            } else if (try? list.decode(SkippedElement.self)) == nil {
                break
            }
        }
        self.items = items
    }

    private struct SkippedElement: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
