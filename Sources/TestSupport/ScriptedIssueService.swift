import Foundation
import GitHubAPI
import GitHubEntities
import Locking

/// The `IssueService` fake for tests: every answer scripted, every call recorded as a line
/// ("issues o/r open", "issues page 1", "pulls o/r closed", "pulls page 1", "issue o/r#5", "pull o/r#5",
/// "comments o/r#5", "comments page 1", "files o/r#5", "files page 1", "pull commits o/r#5", "search Q",
/// "comment o/r#5", "close o/r#5", "reopen o/r#5", "review threads o/r#5", "resolve thread ID", "unresolve thread ID"). Page N of a list links to N+1 (`https://api.test/issues/N`) while
/// there are more.
public final class ScriptedIssueService: IssueService {
    public struct Script: Sendable {
        public var issuePages: [[Issue]] = [[]]
        public var pullPages: [[PullRequest]] = [[]]
        public var commentPages: [[IssueComment]] = [[]]
        /// Errors by page index, for every list.
        public var pageErrors: [Int: GitHubError] = [:]
        /// Single issues and pull requests by number; others are 404.
        public var issues: [Int: Issue] = [:]
        public var pulls: [Int: PullRequest] = [:]
        /// A pull request's files: the first page, then `moreFilePages` (page N links to N+1, the last
        /// to `filesLinkBackTo` when set: a server leading round in a circle).
        public var files: [CommitDetail.File] = []
        public var moreFilePages: [[CommitDetail.File]] = []
        public var filesLinkBackTo: Int?
        public var commits: [Commit] = []
        /// What reading each part of a pull request throws (files: by page index).
        public var fileErrors: [Int: GitHubError] = [:]
        public var commitsError: GitHubError?
        public var reviewsError: GitHubError?
        public var search: SearchPage<Issue> = SearchPage<Issue>(totalCount: 0, incompleteResults: false, items: [])
        public var isAuthenticated = false
        /// A pull request's reviews, and its head's check runs (nil: 404).
        public var reviews: [PullRequestReview] = []
        /// A pull request's review comments: the first page, then `moreReviewCommentPages` (page N links to N+1).
        public var reviewComments: [ReviewComment] = []
        public var moreReviewCommentPages: [[ReviewComment]] = []
        public var reviewCommentsError: GitHubError?
        /// What submitting a review throws (nil: it is taken); the reviews submitted.
        public var submitError: GitHubError?
        public var submitted: [ReviewSubmission] = []
        public var checks: CheckRunsPage?
        /// A pull request's review threads as GraphQL gives them (nil: GraphQL refuses, as an older server would).
        public var threadStatuses: [ReviewThreadStatus]? = []
        /// What resolving or unresolving a thread throws (nil: it is done, the thread's status flipped).
        public var resolveError: GitHubError?
        /// What posting a comment throws (nil: it is taken, as comment 1 by `me`).
        public var commentError: GitHubError?
        /// Whether page 0 of a list answers 304 (its items as stored).
        public var notModified = false

        public init() {}
    }

    public let script: Mutex<Script>
    public let calls = Mutex<[String]>([])

    public init(_ script: Script = Script()) { self.script = Mutex(script) }

    /// The calls so far.
    public var recorded: [String] { calls.withLock { $0 } }

    private func record(_ call: String) { calls.withLock { $0.append(call) } }
    private var current: Script { script.withLock { $0 } }

    private func page<Item: Sendable>(_ pages: [[Item]], _ index: Int, _ kind: String) throws -> Page<Item> {
        if let error = current.pageErrors[index] { throw error }
        guard pages.indices.contains(index) else { throw GitHubError.notFound }
        let next = index + 1 < pages.count ? URL(string: "https://api.test/\(kind)/\(index + 1)") : nil
        return Page(items: pages[index], next: next, notModified: index == 0 && current.notModified)
    }

    public func issues(ownerLogin: String, repository: String, state: IssueStateFilter, perPage: Int) async throws -> Page<Issue> {
        record("issues \(ownerLogin)/\(repository) \(state.rawValue)")
        return try page(current.issuePages, 0, "issues")
    }

    public func issues(page url: URL) async throws -> Page<Issue> {
        record("issues page \(url.lastPathComponent)")
        return try page(current.issuePages, Int(url.lastPathComponent) ?? -1, "issues")
    }

    public func pullRequests(ownerLogin: String, repository: String, state: IssueStateFilter,
                             perPage: Int) async throws -> Page<PullRequest> {
        record("pulls \(ownerLogin)/\(repository) \(state.rawValue)")
        return try page(current.pullPages, 0, "pulls")
    }

    public func pullRequests(page url: URL) async throws -> Page<PullRequest> {
        record("pulls page \(url.lastPathComponent)")
        return try page(current.pullPages, Int(url.lastPathComponent) ?? -1, "pulls")
    }

    public func issue(ownerLogin: String, repository: String, number: Int) async throws -> Issue {
        record("issue \(ownerLogin)/\(repository)#\(number)")
        guard let issue = current.issues[number] ?? current.pulls[number]?.issue else { throw GitHubError.notFound }
        return issue
    }

    public func pullRequest(ownerLogin: String, repository: String, number: Int) async throws -> PullRequest {
        record("pull \(ownerLogin)/\(repository)#\(number)")
        guard let pull = current.pulls[number] else { throw GitHubError.notFound }
        return pull
    }

    public func issueComments(ownerLogin: String, repository: String, number: Int) async throws -> Page<IssueComment> {
        record("comments \(ownerLogin)/\(repository)#\(number)")
        return try page(current.commentPages, 0, "comments")
    }

    public func issueComments(page url: URL) async throws -> Page<IssueComment> {
        record("comments page \(url.lastPathComponent)")
        return try page(current.commentPages, Int(url.lastPathComponent) ?? -1, "comments")
    }

    public func pullRequestFiles(ownerLogin: String, repository: String, number: Int) async throws -> Page<CommitDetail.File> {
        record("files \(ownerLogin)/\(repository)#\(number)")
        return try filePage(0)
    }

    public func pullRequestFiles(page url: URL) async throws -> Page<CommitDetail.File> {
        record("files page \(url.lastPathComponent)")
        return try filePage(Int(url.lastPathComponent) ?? -1)
    }

    private func filePage(_ index: Int) throws -> Page<CommitDetail.File> {
        let script = current
        if let error = script.fileErrors[index] { throw error }
        let pages = [script.files] + script.moreFilePages
        guard pages.indices.contains(index) else { throw GitHubError.notFound }
        let nextIndex = index + 1 < pages.count ? index + 1 : script.filesLinkBackTo
        return Page(items: pages[index], next: nextIndex.flatMap { URL(string: "https://api.test/files/\($0)") })
    }

    public func pullRequestCommits(ownerLogin: String, repository: String, number: Int) async throws -> Page<Commit> {
        record("pull commits \(ownerLogin)/\(repository)#\(number)")
        if let error = current.commitsError { throw error }
        return Page(items: current.commits)
    }

    public func searchIssues(query: String) async throws -> (SearchPage<Issue>, next: URL?) {
        record("search \(query)")
        return (current.search, nil)
    }

    public func addComment(ownerLogin: String, repository: String, number: Int, body: String) async throws -> IssueComment {
        guard current.isAuthenticated else { throw GitHubError.unauthorized }
        record("comment \(ownerLogin)/\(repository)#\(number)")
        if let error = current.commentError { throw error }
        return IssueComment(id: 1, author: "me", body: body)
    }

    public func pullRequestReviews(ownerLogin: String, repository: String, number: Int) async throws -> Page<PullRequestReview> {
        record("reviews \(ownerLogin)/\(repository)#\(number)")
        if let error = current.reviewsError { throw error }
        return Page(items: current.reviews)
    }

    public func pullRequestReviewComments(ownerLogin: String, repository: String, number: Int) async throws -> Page<ReviewComment> {
        record("review comments \(ownerLogin)/\(repository)#\(number)")
        if let error = current.reviewCommentsError { throw error }
        let next = current.moreReviewCommentPages.isEmpty ? nil : URL(string: "https://api.test/review-comments/1")
        return Page(items: current.reviewComments, next: next)
    }

    public func pullRequestReviewComments(page: URL) async throws -> Page<ReviewComment> {
        let index = Int(page.lastPathComponent) ?? 0
        record("review comments page \(index)")
        let pages = current.moreReviewCommentPages
        guard index >= 1, index <= pages.count else { throw GitHubError.notFound }
        let next = index < pages.count ? URL(string: "https://api.test/review-comments/\(index + 1)") : nil
        return Page(items: pages[index - 1], next: next)
    }

    public func replyToReviewComment(id: Int64, body: String, ownerLogin: String, repository: String,
                                     number: Int) async throws -> ReviewComment {
        guard current.isAuthenticated else { throw GitHubError.unauthorized }
        record("reply \(ownerLogin)/\(repository)#\(number) to \(id)")
        if let error = current.submitError { throw error }
        return ReviewComment(id: 100 + id, path: "", inReplyTo: id, author: "me", body: body)
    }

    public func submitReview(_ review: ReviewSubmission, ownerLogin: String, repository: String,
                             number: Int) async throws -> PullRequestReview {
        guard current.isAuthenticated else { throw GitHubError.unauthorized }
        record("submit review \(ownerLogin)/\(repository)#\(number) \(review.event.rawValue)")
        if let error = current.submitError { throw error }
        script.withLock { $0.submitted.append(review) }
        return PullRequestReview(id: 1, reviewer: "me", state: review.event == .approve ? "APPROVED"
                                     : review.event == .requestChanges ? "CHANGES_REQUESTED" : "COMMENTED", body: review.body)
    }

    public func reviewThreads(ownerLogin: String, repository: String, number: Int) async throws -> [ReviewThreadStatus] {
        record("review threads \(ownerLogin)/\(repository)#\(number)")
        guard let statuses = current.threadStatuses else { throw GitHubError.http(status: 400, message: "GraphQL is not served here") }
        return statuses
    }

    public func setReviewThreadResolved(_ resolved: Bool, threadID: String) async throws -> ReviewThreadStatus {
        guard current.isAuthenticated else { throw GitHubError.unauthorized }
        record("\(resolved ? "resolve" : "unresolve") thread \(threadID)")
        if let error = current.resolveError { throw error }
        return script.withLock { script -> ReviewThreadStatus in
            var status = script.threadStatuses?.first { $0.id == threadID }
                ?? ReviewThreadStatus(id: threadID, isResolved: !resolved, firstCommentID: nil)
            status.isResolved = resolved
            status.resolvedBy = resolved ? "me" : nil
            if let at = script.threadStatuses?.firstIndex(where: { $0.id == threadID }) { script.threadStatuses?[at] = status }
            return status
        }
    }

    public func checkRuns(ownerLogin: String, repository: String, sha: String) async throws -> CheckRunsPage {
        record("checks \(ownerLogin)/\(repository)@\(sha)")
        guard let checks = current.checks else { throw GitHubError.notFound }
        return checks
    }

    public func setIssueOpen(_ open: Bool, ownerLogin: String, repository: String, number: Int) async throws -> Issue {
        guard current.isAuthenticated else { throw GitHubError.unauthorized }
        record("\(open ? "reopen" : "close") \(ownerLogin)/\(repository)#\(number)")
        var issue = current.issues[number] ?? Issue(number: number, title: "")
        issue.state = open ? "open" : "closed"
        return issue
    }
}
