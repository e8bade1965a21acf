import Foundation

/// One thread of the user's notifications inbox (`GET /notifications`): what it is about (its subject),
/// in which repository, why the user gets it, whether it is unread. Decoded tolerantly: only `id` and
/// the repository's full name are required; unknown reasons and kinds are kept as GitHub wrote them.
/// Texts are kept as they came; whoever shows them sanitizes them.
public struct NotificationThread: Sendable, Equatable, Hashable, Identifiable {
    /// GitHub's thread id (digits, as a string).
    public var id: String
    public var isUnread: Bool
    public var reason: NotificationReason
    public var updatedAt: Date?
    public var lastReadAt: Date?
    public var subject: NotificationSubject
    public var repository: NotificationRepository

    public init(id: String, isUnread: Bool, reason: NotificationReason, updatedAt: Date? = nil, lastReadAt: Date? = nil,
                subject: NotificationSubject, repository: NotificationRepository) {
        self.id = id
        self.isUnread = isUnread
        self.reason = reason
        self.updatedAt = updatedAt
        self.lastReadAt = lastReadAt
        self.subject = subject
        self.repository = repository
    }

    /// Whether a thread id can name a request path: 1–20 ASCII digits.
    public static func isValidID(_ id: String) -> Bool {
        (1...20).contains(id.utf8.count) && id.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

/// Why GitHub notifies the user of a thread (its `reason`). A reason this version does not know is kept
/// as written (`other`).
public enum NotificationReason: Sendable, Hashable, CaseIterable {
    case approvalRequested, assign, author, ciActivity, comment, invitation, manual, memberFeatureRequested
    case mention, reviewRequested, securityAdvisoryCredit, securityAlert, stateChange, subscribed, teamMention
    case other(String)

    public static let allCases: [NotificationReason] = [
        .approvalRequested, .assign, .author, .ciActivity, .comment, .invitation, .manual, .memberFeatureRequested,
        .mention, .reviewRequested, .securityAdvisoryCredit, .securityAlert, .stateChange, .subscribed, .teamMention,
    ]

    public init(rawValue: String) {
        self = Self.allCases.first { $0.rawValue == rawValue } ?? .other(rawValue)
    }

    /// The API's word.
    public var rawValue: String {
        switch self {
        case .approvalRequested: "approval_requested"
        case .assign: "assign"
        case .author: "author"
        case .ciActivity: "ci_activity"
        case .comment: "comment"
        case .invitation: "invitation"
        case .manual: "manual"
        case .memberFeatureRequested: "member_feature_requested"
        case .mention: "mention"
        case .reviewRequested: "review_requested"
        case .securityAdvisoryCredit: "security_advisory_credit"
        case .securityAlert: "security_alert"
        case .stateChange: "state_change"
        case .subscribed: "subscribed"
        case .teamMention: "team_mention"
        case .other(let raw): raw
        }
    }

    /// Whether the user takes part in the thread (GitHub's `participating=true` leaves out the rest:
    /// threads the user only watches).
    public var isParticipating: Bool {
        switch self {
        case .subscribed, .ciActivity, .securityAlert, .other: false
        default: true
        }
    }
}

/// What a thread is about: an issue, a pull request, a release…
public struct NotificationSubject: Sendable, Equatable, Hashable {
    public var title: String
    /// The subject's API address (`…/repos/{o}/{r}/issues/{n}`); nil for some kinds (a check suite).
    public var url: String?
    /// The API address of the latest comment, when there is one.
    public var latestCommentURL: String?
    public var kind: NotificationSubjectKind

    public init(title: String, url: String? = nil, latestCommentURL: String? = nil, kind: NotificationSubjectKind) {
        self.title = title
        self.url = url
        self.latestCommentURL = latestCommentURL
        self.kind = kind
    }

    /// The issue or pull request number `url` names (`…/issues/214`, `…/pulls/7`), nil for any other address.
    public var number: Int? {
        guard let url, let path = URL(string: url)?.path else { return nil }
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == "issues" || parts[parts.count - 2] == "pulls",
              let number = Int(parts[parts.count - 1]), number > 0, number <= Int(Int32.max) else { return nil }
        return number
    }

    /// The release id `url` names (`…/releases/1234`), nil for any other address.
    public var releaseID: Int? {
        Self.lastSegment(of: url, after: "releases").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The commit id `url` names (`…/commits/SHA`: 7 to 40 hex digits), nil for any other address.
    public var commitSHA: String? {
        Self.lastSegment(of: url, after: "commits").flatMap { sha in
            (7...40).contains(sha.utf8.count) && sha.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70) }
                ? sha.lowercased() : nil
        }
    }

    /// The id of the comment `latestCommentURL` names (`…/issues/comments/5678`), nil when it names none
    /// (no comment yet: it names the subject itself).
    public var latestCommentID: Int64? {
        Self.lastSegment(of: latestCommentURL, after: "comments").flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The last segment of `address`'s path when the one before it is `segment`.
    private static func lastSegment(of address: String?, after segment: String) -> String? {
        guard let address, address.utf8.count <= 2_000, let path = URL(string: address)?.path else { return nil }
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == segment else { return nil }
        return String(parts[parts.count - 1])
    }
}

/// The kind of a thread's subject (`subject.type`). Unknown kinds are kept as written (`other`).
public enum NotificationSubjectKind: Sendable, Hashable, CaseIterable {
    case issue, pullRequest, release, commit, checkSuite, discussion, repositoryVulnerabilityAlert, repositoryInvitation
    case other(String)

    public static let allCases: [NotificationSubjectKind] = [
        .issue, .pullRequest, .release, .commit, .checkSuite, .discussion, .repositoryVulnerabilityAlert, .repositoryInvitation,
    ]

    public init(rawValue: String) {
        self = Self.allCases.first { $0.rawValue == rawValue } ?? .other(rawValue)
    }

    /// The API's word.
    public var rawValue: String {
        switch self {
        case .issue: "Issue"
        case .pullRequest: "PullRequest"
        case .release: "Release"
        case .commit: "Commit"
        case .checkSuite: "CheckSuite"
        case .discussion: "Discussion"
        case .repositoryVulnerabilityAlert: "RepositoryVulnerabilityAlert"
        case .repositoryInvitation: "RepositoryInvitation"
        case .other(let raw): raw
        }
    }
}

/// The repository a thread belongs to: enough to name it and to open it in the app.
public struct NotificationRepository: Sendable, Equatable, Hashable {
    public var id: Int64
    public var name: String
    /// `owner/name`.
    public var fullName: String
    public var ownerLogin: String
    public var htmlURL: String
    public var isPrivate: Bool

    public init(id: Int64, name: String, fullName: String, ownerLogin: String, htmlURL: String = "", isPrivate: Bool = false) {
        self.id = id
        self.name = name
        self.fullName = fullName
        self.ownerLogin = ownerLogin
        self.htmlURL = htmlURL
        self.isPrivate = isPrivate
    }

    /// As a `Repository` (what the repository view opens); counts unknown until it is fetched.
    public var repository: Repository {
        Repository(id: id, name: name, fullName: fullName, ownerLogin: ownerLogin, htmlURL: htmlURL)
    }
}

// MARK: - The API's JSON shape (read, and written back the same way for the store)

extension NotificationThread: Codable {
    private struct RawOwner: Codable { var login: String? }
    private struct RawRepository: Codable {
        var id: Int64?
        var name: String?
        var full_name: String?
        var owner: RawOwner?
        var html_url: String?
        var `private`: Bool?
    }
    private struct RawSubject: Codable {
        var title: String?
        var url: String?
        var latest_comment_url: String?
        var type: String?
    }
    private enum CodingKeys: String, CodingKey {
        case id, unread, reason, subject, repository
        case updatedAt = "updated_at"
        case lastReadAt = "last_read_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // GitHub writes the id as a string; a number is read too.
        if let text = try? c.decode(String.self, forKey: .id) {
            id = text
        } else {
            id = String(try c.decode(Int64.self, forKey: .id))
        }
        isUnread = (try? c.decodeIfPresent(Bool.self, forKey: .unread)) ?? false
        reason = NotificationReason(rawValue: ((try? c.decodeIfPresent(String.self, forKey: .reason)) ?? nil) ?? "")
        updatedAt = GitHubDate.parse((try? c.decodeIfPresent(String.self, forKey: .updatedAt)) ?? nil)
        lastReadAt = GitHubDate.parse((try? c.decodeIfPresent(String.self, forKey: .lastReadAt)) ?? nil)
        let subject = (try? c.decodeIfPresent(RawSubject.self, forKey: .subject)) ?? nil
        self.subject = NotificationSubject(title: subject?.title ?? "", url: subject?.url,
                                           latestCommentURL: subject?.latest_comment_url,
                                           kind: NotificationSubjectKind(rawValue: subject?.type ?? ""))
        let raw = try c.decode(RawRepository.self, forKey: .repository)
        guard let fullName = raw.full_name ?? raw.owner?.login.flatMap({ login in raw.name.map { "\(login)/\($0)" } }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "thread without a repository name"))
        }
        let owner = raw.owner?.login ?? fullName.split(separator: "/").first.map(String.init) ?? ""
        let name = raw.name ?? fullName.split(separator: "/").last.map(String.init) ?? fullName
        repository = NotificationRepository(id: raw.id ?? 0, name: name, fullName: fullName, ownerLogin: owner,
                                            htmlURL: raw.html_url ?? "", isPrivate: raw.private ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(isUnread, forKey: .unread)
        try c.encode(reason.rawValue, forKey: .reason)
        try c.encodeIfPresent(updatedAt.map(GitHubDate.formatUTC), forKey: .updatedAt)
        try c.encodeIfPresent(lastReadAt.map(GitHubDate.formatUTC), forKey: .lastReadAt)
        try c.encode(RawSubject(title: subject.title, url: subject.url, latest_comment_url: subject.latestCommentURL,
                                type: subject.kind.rawValue), forKey: .subject)
        try c.encode(RawRepository(id: repository.id, name: repository.name, full_name: repository.fullName,
                                   owner: RawOwner(login: repository.ownerLogin), html_url: repository.htmlURL,
                                   private: repository.isPrivate), forKey: .repository)
    }
}
