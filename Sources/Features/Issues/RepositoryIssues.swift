import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// The use cases below the Issues and Pull requests tabs and the issue view, for one repository
/// (`owner/name`): a list per kind and state filter (stored first, then page by page from the network,
/// each page stored), one issue or pull request with its comments, files and commits, a search, and
/// with a token a comment and closing or reopening. Synchronous reads for the first frame, `async`
/// fetches for `dispatcher.background`.
struct RepositoryIssues: Sendable {
    let owner: String
    let name: String
    private let service: any IssueService
    private let store: any IssueStore
    private let isOffline: Bool
    private let now: @Sendable () -> Date
    /// Requests carry a token: commenting, closing and reopening are possible.
    let isAuthenticated: Bool

    init(owner: String, name: String, service: any IssueService, store: any IssueStore, isOffline: Bool,
         isAuthenticated: Bool = false, now: @escaping @Sendable () -> Date) {
        self.isAuthenticated = isAuthenticated
        self.owner = owner
        self.name = name
        self.service = service
        self.store = store
        self.isOffline = isOffline
        self.now = now
    }

    private var key: String { "\(owner)/\(name)" }

    /// A list as stored (pull requests as their issue part), nil when none was.
    func storedList(_ kind: IssueListKind, filter: IssueStateFilter) -> StoredIssueList<Issue>? {
        switch kind {
        case .issues:
            return try? store.issueList(repository: key, key: kind.storeKey(filter))
        case .pullRequests:
            guard let stored = try? store.pullRequestList(repository: key, key: kind.storeKey(filter)) else { return nil }
            return StoredIssueList(items: stored.items.map(\.issue), next: stored.next, pages: stored.pages, fetchedAt: stored.fetchedAt)
        }
    }

    /// Page `pageIndex` of a list: the first page, or the `Link` URL of a later one; stored once it
    /// arrived (an unchanged first page leaves the stored pages after it as they are).
    func fetchPage(_ kind: IssueListKind, filter: IssueStateFilter, next: URL?, pageIndex: Int) async throws -> Page<Issue> {
        if isOffline { throw GitHubError.network }
        let storeKey = kind.storeKey(filter)
        switch kind {
        case .issues:
            let page: Page<Issue>
            if let next {
                page = try await service.issues(page: next)
            } else {
                page = try await service.issues(ownerLogin: owner, repository: name, state: filter, perPage: IssueListState.pageSize)
            }
            try Task.checkCancellation()
            if !(pageIndex == 0 && page.notModified && storedList(kind, filter: filter) != nil) {
                try? store.saveIssuePage(page.items, next: page.next, pageIndex: pageIndex, repository: key, key: storeKey,
                                         fetchedAt: now())
            }
            return page
        case .pullRequests:
            let page: Page<PullRequest>
            if let next {
                page = try await service.pullRequests(page: next)
            } else {
                page = try await service.pullRequests(ownerLogin: owner, repository: name, state: filter,
                                                      perPage: IssueListState.pageSize)
            }
            try Task.checkCancellation()
            if !(pageIndex == 0 && page.notModified && storedList(kind, filter: filter) != nil) {
                try? store.savePullRequestPage(page.items, next: page.next, pageIndex: pageIndex, repository: key,
                                               key: storeKey, fetchedAt: now())
            }
            return Page(items: page.items.map(\.issue), next: page.next, last: page.last, notModified: page.notModified)
        }
    }

    /// An issue or pull request thread as stored (the issue, its pull request and its comments).
    func storedThread(number: Int) -> IssueThread? {
        let pull = try? store.storedPullRequest(repository: key, number: number)
        guard let issue = pull?.issue ?? (try? store.storedIssue(repository: key, number: number)) else { return nil }
        let comments = try? store.commentList(repository: key, number: number)
        return IssueThread(issue: issue, pull: pull, comments: comments?.items ?? [], hasMoreComments: comments?.next != nil)
    }

    /// The issue (and, when it is one, the pull request) and the first page of its comments, stored.
    func fetchThread(number: Int) async throws -> (IssueThread, nextComments: URL?) {
        if isOffline { throw GitHubError.network }
        let issue = try await service.issue(ownerLogin: owner, repository: name, number: number)
        var pull: PullRequest?
        if issue.isPullRequest {
            pull = try await service.pullRequest(ownerLogin: owner, repository: name, number: number)
        }
        let comments = try await service.issueComments(ownerLogin: owner, repository: name, number: number)
        try Task.checkCancellation()
        if let pull {
            try? store.savePullRequest(pull, repository: key, storedAt: now())
        } else {
            try? store.saveIssue(issue, repository: key, storedAt: now())
        }
        try? store.saveCommentPage(comments.items, next: comments.next, pageIndex: 0, repository: key, number: number,
                                   fetchedAt: now())
        return (IssueThread(issue: pull?.issue ?? issue, pull: pull, comments: comments.items, hasMoreComments: comments.next != nil),
                comments.next)
    }

    /// A later page of comments, stored after the ones before it.
    func fetchComments(number: Int, page url: URL, pageIndex: Int) async throws -> Page<IssueComment> {
        if isOffline { throw GitHubError.network }
        let page = try await service.issueComments(page: url)
        try? store.saveCommentPage(page.items, next: page.next, pageIndex: pageIndex, repository: key, number: number,
                                   fetchedAt: now())
        return page
    }

    /// A pull request's changed files and commits (first pages: 100 each), and its review decision and
    /// checks when GitHub gives them (nil when it does not: a failure there leaves the rest shown).
    func fetchChanges(number: Int, headSHA: String?) async throws -> PullRequestChanges {
        if isOffline { throw GitHubError.network }
        async let files = service.pullRequestFiles(ownerLogin: owner, repository: name, number: number)
        async let commits = service.pullRequestCommits(ownerLogin: owner, repository: name, number: number)
        async let status = fetchStatus(number: number, headSHA: headSHA)
        return try await PullRequestChanges(files: files.items, commits: commits.items, status: status)
    }

    /// Reviews and the head's check runs (conditional requests, so an unchanged pull request costs 304s).
    private func fetchStatus(number: Int, headSHA: String?) async -> PullRequestStatus? {
        async let reviews = try? service.pullRequestReviews(ownerLogin: owner, repository: name, number: number)
        var checks: CheckRunsPage?
        if let sha = headSHA, GitHubClient.isCommitID(sha) {
            checks = try? await service.checkRuns(ownerLogin: owner, repository: name, sha: sha)
        }
        guard let reviews = await reviews else { return checks.map { PullRequestStatus(reviews: [], checks: $0) } }
        return PullRequestStatus(reviews: reviews.items, checks: checks)
    }

    /// A search in GitHub's own syntax, within this repository and kind (`label:bug author:x`).
    func search(_ query: String, kind: IssueListKind) async throws -> [Issue] {
        if isOffline { throw GitHubError.network }
        let scope = "repo:\(owner)/\(name) " + (kind == .issues ? "is:issue" : "is:pr")
        let trimmed = String(query.prefix(IssueListState.maximumQueryLength))
        return try await service.searchIssues(query: scope + " " + trimmed).0.items
    }

    /// Posts a comment (needs a token); stored after the thread's stored comments when those were read
    /// to the end (else the next read of the pages brings it).
    func comment(number: Int, body: String) async throws -> IssueComment {
        if isOffline { throw GitHubError.network }
        let comment = try await service.addComment(ownerLogin: owner, repository: name, number: number, body: body)
        if let stored = try? store.commentList(repository: key, number: number), stored.next == nil {
            try? store.saveCommentPage([comment], next: nil, pageIndex: stored.pages, repository: key, number: number,
                                       fetchedAt: now())
        }
        return comment
    }

    /// Closes or reopens (needs a token); the stored issue follows.
    func setOpen(_ open: Bool, number: Int) async throws -> Issue {
        let issue = try await service.setIssueOpen(open, ownerLogin: owner, repository: name, number: number)
        if !issue.isPullRequest { try? store.saveIssue(issue, repository: key, storedAt: now()) }
        return issue
    }
}

/// What a pull request's view reads after the pull request itself: its files and commits, and its
/// review decision and checks (nil when GitHub gave neither).
struct PullRequestChanges: Sendable {
    var files: [CommitDetail.File]
    var commits: [Commit]
    var status: PullRequestStatus?
}
