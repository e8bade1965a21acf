import Foundation
import GitHubEntities

/// Which issues or pull requests a list asks for (`state=` of the REST list endpoints).
public enum IssueStateFilter: String, Sendable, CaseIterable {
    case open, closed, all

    /// open → closed → all → open.
    public var next: IssueStateFilter {
        switch self {
        case .open: .closed
        case .closed: .all
        case .all: .open
        }
    }
}

/// What the issue and pull-request screens ask of GitHub. A protocol of its own (not part of
/// `GitHubService`) so features that never show issues need no fake for it. `GitHubClient` over HTTP.
public protocol IssueService: Sendable {
    /// GET /repos/{o}/{r}/issues?state=…&per_page=…: the first page, pull requests left out (the endpoint
    /// lists them too; they are in `pullRequests`). Conditional when stored. Later pages through `issues(page:)`.
    func issues(ownerLogin: String, repository: String, state: IssueStateFilter, perPage: Int) async throws -> Page<Issue>
    /// Follows an issues `Link` URL exactly as the server gave it (pull requests left out).
    func issues(page: URL) async throws -> Page<Issue>
    /// GET /repos/{o}/{r}/pulls?state=…&per_page=…: the first page.
    func pullRequests(ownerLogin: String, repository: String, state: IssueStateFilter, perPage: Int) async throws -> Page<PullRequest>
    /// Follows a pull requests `Link` URL.
    func pullRequests(page: URL) async throws -> Page<PullRequest>
    /// GET /repos/{o}/{r}/issues/{n}
    func issue(ownerLogin: String, repository: String, number: Int) async throws -> Issue
    /// GET /repos/{o}/{r}/pulls/{n}
    func pullRequest(ownerLogin: String, repository: String, number: Int) async throws -> PullRequest
    /// GET /repos/{o}/{r}/issues/{n}/comments?per_page=100: the first page, oldest first.
    func issueComments(ownerLogin: String, repository: String, number: Int) async throws -> Page<IssueComment>
    /// Follows a comments `Link` URL.
    func issueComments(page: URL) async throws -> Page<IssueComment>
    /// GET /repos/{o}/{r}/pulls/{n}/files?per_page=100: the first page of changed files with patches.
    /// Later pages through `pullRequestFiles(page:)`; GitHub lists at most
    /// `GitHubClient.maximumPullRequestFiles` of a pull request's files.
    func pullRequestFiles(ownerLogin: String, repository: String, number: Int) async throws -> Page<CommitDetail.File>
    /// Follows a pull request's files `Link` URL.
    func pullRequestFiles(page: URL) async throws -> Page<CommitDetail.File>
    /// GET /repos/{o}/{r}/pulls/{n}/commits?per_page=100
    func pullRequestCommits(ownerLogin: String, repository: String, number: Int) async throws -> Page<Commit>
    /// GET /search/issues?q=…&per_page=30 (the search bucket's own rate limit).
    func searchIssues(query: String) async throws -> (SearchPage<Issue>, next: URL?)
    /// POST /repos/{o}/{r}/issues/{n}/comments (needs a token).
    func addComment(ownerLogin: String, repository: String, number: Int, body: String) async throws -> IssueComment
    /// PATCH /repos/{o}/{r}/issues/{n} with `state` (needs a token): closes or reopens.
    func setIssueOpen(_ open: Bool, ownerLogin: String, repository: String, number: Int) async throws -> Issue
    /// GET /repos/{o}/{r}/pulls/{n}/reviews?per_page=100 (oldest first).
    func pullRequestReviews(ownerLogin: String, repository: String, number: Int) async throws -> Page<PullRequestReview>
    /// GET /repos/{o}/{r}/pulls/{n}/comments?per_page=100: the first page of comments on the diff's lines.
    func pullRequestReviewComments(ownerLogin: String, repository: String, number: Int) async throws -> Page<ReviewComment>
    /// Follows a review comments `Link` URL.
    func pullRequestReviewComments(page: URL) async throws -> Page<ReviewComment>
    /// POST /repos/{o}/{r}/pulls/{n}/comments/{id}/replies with `body` (needs a token): a reply in a review thread.
    func replyToReviewComment(id: Int64, body: String, ownerLogin: String, repository: String, number: Int) async throws -> ReviewComment
    /// POST /repos/{o}/{r}/pulls/{n}/reviews with `event`, `body` and `comments[]` (needs a token).
    func submitReview(_ review: ReviewSubmission, ownerLogin: String, repository: String, number: Int) async throws -> PullRequestReview
    /// GraphQL `reviewThreads` of pull request N, every page: each thread's resolution, node id and first
    /// comment's id (GitHub answers GraphQL only with a token).
    func reviewThreads(ownerLogin: String, repository: String, number: Int) async throws -> [ReviewThreadStatus]
    /// GraphQL `resolveReviewThread` (true) or `unresolveReviewThread` on a thread's node id (needs a token).
    func setReviewThreadResolved(_ resolved: Bool, threadID: String) async throws -> ReviewThreadStatus
    /// GET /repos/{o}/{r}/commits/{sha}/check-runs?per_page=100 (`sha` a commit id, checked first).
    func checkRuns(ownerLogin: String, repository: String, sha: String) async throws -> CheckRunsPage
}

extension GitHubClient: IssueService {
    /// The most items a list page asks for (GitHub's own cap).
    public static let maximumIssuePageSize = 100
    /// The most changed files GitHub lists of one pull request (`/pulls/{n}/files`, 100 a page); the
    /// pull request's `changed_files` counts them all.
    public static let maximumPullRequestFiles = 3_000
    /// A comment longer than this is refused before it is sent (GitHub's own limit is 65,536 characters).
    public static let maximumCommentLength = 65_536

    public func issues(ownerLogin: String, repository: String, state: IssueStateFilter, perPage: Int) async throws -> Page<Issue> {
        let base = try repositoryPath(ownerLogin, repository)
        let size = min(max(perPage, 1), Self.maximumIssuePageSize)
        return Self.withoutPullRequests(try await listPage(endpoint("\(base)/issues?state=\(state.rawValue)&per_page=\(size)"),
                                                           of: Issue.self, emptyOn409: false))
    }

    public func issues(page: URL) async throws -> Page<Issue> {
        try Self.checkFollowable(page)
        return Self.withoutPullRequests(try await listPage(page, of: Issue.self, emptyOn409: false))
    }

    public func pullRequests(ownerLogin: String, repository: String, state: IssueStateFilter,
                             perPage: Int) async throws -> Page<PullRequest> {
        let base = try repositoryPath(ownerLogin, repository)
        let size = min(max(perPage, 1), Self.maximumIssuePageSize)
        return try await listPage(endpoint("\(base)/pulls?state=\(state.rawValue)&per_page=\(size)"), of: PullRequest.self,
                                  emptyOn409: false)
    }

    public func pullRequests(page: URL) async throws -> Page<PullRequest> {
        try Self.checkFollowable(page)
        return try await listPage(page, of: PullRequest.self, emptyOn409: false)
    }

    public func issue(ownerLogin: String, repository: String, number: Int) async throws -> Issue {
        let url = try issueURL(ownerLogin, repository, "issues", number)
        return try Self.decode(Issue.self, from: try await get(url).response.body)
    }

    public func pullRequest(ownerLogin: String, repository: String, number: Int) async throws -> PullRequest {
        let url = try issueURL(ownerLogin, repository, "pulls", number)
        return try Self.decode(PullRequest.self, from: try await get(url).response.body)
    }

    public func issueComments(ownerLogin: String, repository: String, number: Int) async throws -> Page<IssueComment> {
        let url = try issueURL(ownerLogin, repository, "issues", number, "/comments?per_page=100")
        return try await listPage(url, of: IssueComment.self, emptyOn409: false)
    }

    public func issueComments(page: URL) async throws -> Page<IssueComment> {
        try Self.checkFollowable(page)
        return try await listPage(page, of: IssueComment.self, emptyOn409: false)
    }

    public func pullRequestFiles(ownerLogin: String, repository: String, number: Int) async throws -> Page<CommitDetail.File> {
        let url = try issueURL(ownerLogin, repository, "pulls", number, "/files?per_page=100")
        return try await filesPage(url)
    }

    public func pullRequestFiles(page: URL) async throws -> Page<CommitDetail.File> {
        try Self.checkFollowable(page)
        return try await filesPage(page)
    }

    private func filesPage(_ url: URL) async throws -> Page<CommitDetail.File> {
        let page = try await listPage(url, of: PullRequestFile.self, emptyOn409: false)
        return Page(items: page.items.map(\.file), next: page.next, last: page.last, notModified: page.notModified,
                    url: page.url)
    }

    public func pullRequestCommits(ownerLogin: String, repository: String, number: Int) async throws -> Page<Commit> {
        let url = try issueURL(ownerLogin, repository, "pulls", number, "/commits?per_page=100")
        return try await listPage(url, of: Commit.self, emptyOn409: false)
    }

    public func pullRequestReviewComments(ownerLogin: String, repository: String, number: Int) async throws -> Page<ReviewComment> {
        let url = try issueURL(ownerLogin, repository, "pulls", number, "/comments?per_page=100")
        return try await listPage(url, of: ReviewComment.self, emptyOn409: false)
    }

    public func pullRequestReviewComments(page: URL) async throws -> Page<ReviewComment> {
        try Self.checkFollowable(page)
        return try await listPage(page, of: ReviewComment.self, emptyOn409: false)
    }

    public func searchIssues(query: String) async throws -> (SearchPage<Issue>, next: URL?) {
        let url = try endpoint("/search/issues?q=\(Self.queryValue(query))&per_page=30")
        let fetched = try await get(url)
        let search = try Self.decode(SearchPage<Issue>.self, from: fetched.response.body)
        return (search, fetched.page(search.items, from: url).next)
    }

    public func addComment(ownerLogin: String, repository: String, number: Int, body: String) async throws -> IssueComment {
        guard isAuthenticated else { throw GitHubError.unauthorized }
        guard !body.isEmpty, body.count <= Self.maximumCommentLength else {
            throw GitHubError.http(status: 0, message: "A comment must have 1 to 65,536 characters.")
        }
        let url = try issueURL(ownerLogin, repository, "issues", number, "/comments")
        let payload = try JSONSerialization.data(withJSONObject: ["body": body])
        let fetched = try await exchange(method: "POST", url: url, body: payload, keepsValidators: false)
        return try Self.decode(IssueComment.self, from: fetched.response.body)
    }

    public func setIssueOpen(_ open: Bool, ownerLogin: String, repository: String, number: Int) async throws -> Issue {
        guard isAuthenticated else { throw GitHubError.unauthorized }
        let url = try issueURL(ownerLogin, repository, "issues", number)
        let payload = try JSONSerialization.data(withJSONObject: ["state": open ? "open" : "closed"])
        let fetched = try await exchange(method: "PATCH", url: url, body: payload, keepsValidators: false)
        return try Self.decode(Issue.self, from: fetched.response.body)
    }

    private func issueURL(_ ownerLogin: String, _ repository: String, _ kind: String, _ number: Int,
                          _ suffix: String = "") throws -> URL {
        guard number > 0 else { throw GitHubError.http(status: 0, message: "Not an issue number.") }
        return try endpoint("\(try repositoryPath(ownerLogin, repository))/\(kind)/\(number)\(suffix)")
    }

    private static func withoutPullRequests(_ page: Page<Issue>) -> Page<Issue> {
        Page(items: page.items.filter { !$0.isPullRequest }, next: page.next, last: page.last, notModified: page.notModified,
             url: page.url)
    }
}
