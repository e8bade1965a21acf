import Foundation

/// What needs the user beside the notifications: open pull requests whose review is requested from them,
/// open issues and pull requests assigned to them, and their own open pull requests with their checks'
/// state (GitHub's search `is:open review-requested:@me`, `is:open assignee:@me`, `is:open is:pr
/// author:@me`). Texts are kept as they came; whoever shows them sanitizes them.
public struct NeedsYou: Sendable, Equatable, Codable {
    public var reviewRequested: [NeedsYouItem]
    public var assigned: [NeedsYouItem]
    public var authored: [NeedsYouItem]

    public init(reviewRequested: [NeedsYouItem] = [], assigned: [NeedsYouItem] = [], authored: [NeedsYouItem] = []) {
        self.reviewRequested = reviewRequested
        self.assigned = assigned
        self.authored = authored
    }
}

/// One issue or pull request of a Needs-you section.
public struct NeedsYouItem: Sendable, Equatable, Hashable, Codable {
    public var number: Int
    public var title: String
    public var isPullRequest: Bool
    /// `owner/name`.
    public var repository: String
    /// GitHub's id of the repository (0 when not known).
    public var repositoryID: Int64
    /// The repository's web page.
    public var repositoryURL: String
    public var updatedAt: Date?
    public var isDraft: Bool
    /// The pull request's checks, all together (GitHub's status rollup); nil when it has none, or for an issue.
    public var checks: CheckState?

    public init(number: Int, title: String, isPullRequest: Bool, repository: String, repositoryID: Int64 = 0,
                repositoryURL: String = "", updatedAt: Date? = nil, isDraft: Bool = false, checks: CheckState? = nil) {
        self.number = number
        self.title = title
        self.isPullRequest = isPullRequest
        self.repository = repository
        self.repositoryID = repositoryID
        self.repositoryURL = repositoryURL
        self.updatedAt = updatedAt
        self.isDraft = isDraft
        self.checks = checks
    }

    /// The repository as the repository view opens it (counts unknown until it is fetched); nil when
    /// `repository` names none.
    public var repositoryValue: Repository? {
        let parts = repository.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return Repository(id: repositoryID, name: String(parts[1]), fullName: repository, ownerLogin: String(parts[0]),
                          htmlURL: repositoryURL)
    }
}

/// A pull request's checks together (GitHub's `StatusState`): passed, failed, still running.
public enum CheckState: String, Sendable, Equatable, Hashable, Codable {
    case success, failure, pending

    /// GitHub's word: `SUCCESS`; `FAILURE` and `ERROR`; `PENDING` and `EXPECTED`. Anything else is nil.
    public init?(statusState: String) {
        switch statusState.uppercased() {
        case "SUCCESS": self = .success
        case "FAILURE", "ERROR": self = .failure
        case "PENDING", "EXPECTED": self = .pending
        default: return nil
        }
    }
}
