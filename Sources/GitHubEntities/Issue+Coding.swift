import Foundation

// The issue entities read from and written back to the REST API's JSON shape: tolerant of nulls,
// missing and unknown fields; a member of the wrong type counts as missing.

private struct RawAccount: Codable { var login: String? }
private struct RawLabel: Codable {
    var name: String?
    var color: String?
    var description: String?
}
private struct RawMilestone: Codable { var title: String? }
private struct RawPullRequestLink: Codable { var merged_at: String? }
private struct RawBranch: Codable {
    var label: String?
    var ref: String?
    var sha: String?
}

private struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer {
    /// The value at `key`, or nil when it is missing, null or of another type.
    fileprivate func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}

extension Reactions: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: DynamicKey.self)
        var counts: [String: Int] = [:]
        for key in Self.keys {
            if let count = c.lenient(Int.self, DynamicKey(stringValue: key)) { counts[key] = count }
        }
        self.init(counts: counts)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        for (key, count) in counts.sorted(by: { $0.key < $1.key }) {
            try c.encode(count, forKey: DynamicKey(stringValue: key))
        }
    }
}

extension IssueLabel: Codable {
    public init(from decoder: any Decoder) throws {
        let raw = try RawLabel(from: decoder)
        guard let name = raw.name else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "label without a name"))
        }
        self.init(name: name, color: raw.color, description: raw.description)
    }

    public func encode(to encoder: any Encoder) throws {
        try RawLabel(name: name, color: color, description: description).encode(to: encoder)
    }
}

extension Issue: Codable {
    private enum CodingKeys: String, CodingKey {
        case number, title, state, draft, user, labels, assignees, milestone, comments, body, reactions
        case merged
        case pullRequest = "pull_request"
        case mergedAt = "merged_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case closedAt = "closed_at"
        case htmlURL = "html_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let number = try c.decode(Int.self, forKey: .number)
        let pullRequest = c.lenient(RawPullRequestLink.self, .pullRequest)
        let labels = c.lenient(LenientList<IssueLabel>.self, .labels)?.items ?? []
        let assignees = c.lenient(LenientList<RawAccount>.self, .assignees)?.items.compactMap(\.login) ?? []
        self.init(
            number: number,
            title: c.lenient(String.self, .title) ?? "",
            state: c.lenient(String.self, .state) ?? "open",
            isPullRequest: pullRequest != nil,
            isDraft: c.lenient(Bool.self, .draft) ?? false,
            isMerged: pullRequest?.merged_at != nil || c.lenient(String.self, .mergedAt) != nil
                || c.lenient(Bool.self, .merged) == true,
            author: c.lenient(RawAccount.self, .user)?.login ?? "",
            labels: labels,
            assignees: assignees,
            milestone: c.lenient(RawMilestone.self, .milestone)?.title,
            commentCount: max(0, c.lenient(Int.self, .comments) ?? 0),
            createdAt: GitHubDate.parse(c.lenient(String.self, .createdAt)),
            updatedAt: GitHubDate.parse(c.lenient(String.self, .updatedAt)),
            closedAt: GitHubDate.parse(c.lenient(String.self, .closedAt)),
            body: c.lenient(String.self, .body) ?? "",
            htmlURL: c.lenient(String.self, .htmlURL),
            reactions: c.lenient(Reactions.self, .reactions) ?? Reactions())
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(number, forKey: .number)
        try c.encode(title, forKey: .title)
        try c.encode(state, forKey: .state)
        if isPullRequest {
            try c.encode(RawPullRequestLink(merged_at: isMerged ? GitHubDate.formatUTC(closedAt ?? Date(timeIntervalSince1970: 0)) : nil),
                         forKey: .pullRequest)
            try c.encode(isDraft, forKey: .draft)
        }
        try c.encode(RawAccount(login: author), forKey: .user)
        try c.encode(labels, forKey: .labels)
        try c.encode(assignees.map { RawAccount(login: $0) }, forKey: .assignees)
        try c.encodeIfPresent(milestone.map { RawMilestone(title: $0) }, forKey: .milestone)
        try c.encode(commentCount, forKey: .comments)
        try c.encodeIfPresent(createdAt.map(GitHubDate.formatUTC), forKey: .createdAt)
        try c.encodeIfPresent(updatedAt.map(GitHubDate.formatUTC), forKey: .updatedAt)
        try c.encodeIfPresent(closedAt.map(GitHubDate.formatUTC), forKey: .closedAt)
        try c.encode(body, forKey: .body)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
        try c.encode(reactions, forKey: .reactions)
    }
}

extension IssueComment: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, user, body, reactions
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case htmlURL = "html_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(Int64.self, forKey: .id),
                  author: c.lenient(RawAccount.self, .user)?.login ?? "",
                  body: c.lenient(String.self, .body) ?? "",
                  createdAt: GitHubDate.parse(c.lenient(String.self, .createdAt)),
                  updatedAt: GitHubDate.parse(c.lenient(String.self, .updatedAt)),
                  htmlURL: c.lenient(String.self, .htmlURL),
                  reactions: c.lenient(Reactions.self, .reactions) ?? Reactions())
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(RawAccount(login: author), forKey: .user)
        try c.encode(body, forKey: .body)
        try c.encodeIfPresent(createdAt.map(GitHubDate.formatUTC), forKey: .createdAt)
        try c.encodeIfPresent(updatedAt.map(GitHubDate.formatUTC), forKey: .updatedAt)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
        try c.encode(reactions, forKey: .reactions)
    }
}

extension PullRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case base, head, mergeable, commits, additions, deletions
        case mergeableState = "mergeable_state"
        case changedFiles = "changed_files"
    }

    public init(from decoder: any Decoder) throws {
        let issue = try Issue(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let base = c.lenient(RawBranch.self, .base)
        let head = c.lenient(RawBranch.self, .head)
        self.init(issue: issue, baseRef: base?.ref ?? "", headLabel: head?.label ?? head?.ref ?? "",
                  headSHA: head?.sha, mergeable: c.lenient(Bool.self, .mergeable),
                  mergeableState: c.lenient(String.self, .mergeableState),
                  commitCount: c.lenient(Int.self, .commits), additions: c.lenient(Int.self, .additions),
                  deletions: c.lenient(Int.self, .deletions), changedFiles: c.lenient(Int.self, .changedFiles))
    }

    public func encode(to encoder: any Encoder) throws {
        try issue.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(RawBranch(label: nil, ref: baseRef, sha: nil), forKey: .base)
        try c.encode(RawBranch(label: headLabel, ref: nil, sha: headSHA), forKey: .head)
        try c.encodeIfPresent(mergeable, forKey: .mergeable)
        try c.encodeIfPresent(mergeableState, forKey: .mergeableState)
        try c.encodeIfPresent(commitCount, forKey: .commits)
        try c.encodeIfPresent(additions, forKey: .additions)
        try c.encodeIfPresent(deletions, forKey: .deletions)
        try c.encodeIfPresent(changedFiles, forKey: .changedFiles)
    }
}
