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
    let service: any IssueService
    private let store: any IssueStore
    private let isOffline: Bool
    private let now: @Sendable () -> Date
    /// Requests carry a token: commenting, closing and reopening are possible.
    let isAuthenticated: Bool
    /// Whether a pull request's review threads are asked of GraphQL (resolved, their node ids): with a
    /// token (GitHub answers GraphQL only then), or where the service answers without one (the demo).
    let readsReviewThreads: Bool

    init(owner: String, name: String, service: any IssueService, store: any IssueStore, isOffline: Bool,
         isAuthenticated: Bool = false, readsReviewThreads: Bool? = nil, now: @escaping @Sendable () -> Date) {
        self.isAuthenticated = isAuthenticated
        self.readsReviewThreads = readsReviewThreads ?? isAuthenticated
        self.owner = owner
        self.name = name
        self.service = service
        self.store = store
        self.isOffline = isOffline
        self.now = now
    }

    private var key: String { "\(owner)/\(name)" }

    /// The comments written here and not yet posted, as stored.
    var drafts: CommentDrafts { CommentDrafts(store: store, repository: key, now: now) }

    /// The reviews being written here and not yet submitted, as stored.
    var pendingReviews: PendingReviews { PendingReviews(store: store, repository: key, now: now) }

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
        guard var thread = storedIssue(number: number) else { return nil }
        thread.show(storedComments(number: number))
        return thread
    }

    /// An issue or pull request as stored, without its comments (a single row: quick to read).
    func storedIssue(number: Int) -> IssueThread? {
        let pull = try? store.storedPullRequest(repository: key, number: number)
        guard let issue = pull?.issue ?? (try? store.storedIssue(repository: key, number: number)) else { return nil }
        return IssueThread(issue: issue, pull: pull, pendingReview: pull == nil ? [] : pendingReviews.comments(number: number))
    }

    /// A thread's comments as stored (every page read; long to read for a long thread).
    func storedComments(number: Int) -> StoredIssueList<IssueComment>? {
        try? store.commentList(repository: key, number: number)
    }

    /// The issue (and, when it is one, the pull request) and its comments: the first page read and
    /// stored, then the thread as the store holds it — the pages read before stay, so the comments are
    /// every one stored, `nextComments` the page after the last stored (the last page again when GitHub
    /// counts more comments than a thread stored to its end) and `pages` how many are stored. Without a
    /// store that can say, the first page alone.
    func fetchThread(number: Int) async throws -> (IssueThread, nextComments: URL?, pages: Int) {
        if isOffline { throw GitHubError.network }
        let issue = try await service.issue(ownerLogin: owner, repository: name, number: number)
        var pull: PullRequest?
        if issue.isPullRequest {
            pull = try await service.pullRequest(ownerLogin: owner, repository: name, number: number)
        }
        let firstPage = try await service.issueComments(ownerLogin: owner, repository: name, number: number)
        try Task.checkCancellation()
        if let pull {
            try? store.savePullRequest(pull, repository: key, storedAt: now())
        } else {
            try? store.saveIssue(issue, repository: key, storedAt: now())
        }
        var comments = StoredIssueList(items: firstPage.items, next: firstPage.next, pages: 1, fetchedAt: now())
        if (try? store.saveCommentPage(firstPage.items, next: firstPage.next, pageIndex: 0, repository: key, number: number,
                                       fetchedAt: now())) != nil,
           let stored = try? store.commentList(repository: key, number: number) {
            comments = stored
            // Read to its end before, the thread has more comments now: its last page is read again.
            if stored.next == nil, stored.pages > 1, issue.commentCount > stored.items.count, let last = firstPage.last {
                comments.next = last
            }
        }
        let thread = IssueThread(issue: pull?.issue ?? issue, pull: pull, comments: comments.items, hasMoreComments: comments.next != nil,
                                 pendingReview: pull == nil ? [] : pendingReviews.comments(number: number))
        return (thread, comments.next, comments.pages)
    }

    /// A later page of comments (kept by `saveComments`, after it is shown).
    func fetchComments(page url: URL) async throws -> Page<IssueComment> {
        if isOffline { throw GitHubError.network }
        return try await service.issueComments(page: url)
    }

    /// Keeps a later page of comments as page `pageIndex` of the thread (after the ones before it).
    func saveComments(_ page: Page<IssueComment>, number: Int, pageIndex: Int) {
        try? store.saveCommentPage(page.items, next: page.next, pageIndex: pageIndex, repository: key, number: number,
                                   fetchedAt: now())
    }

    /// A pull request's parts after the pull request itself: its changed files (paged, `fetchFiles`), its
    /// commits (the first 100), its reviews, its review comments and — when `readsReviewThreads` — their
    /// threads' states from GraphQL, and its head's check runs (conditional requests, so an unchanged pull
    /// request costs 304s). Each part is read and fails on its own — a deleted fork or a head commit gone
    /// costs only what depends on it — so this throws only when cancelled.
    func fetchChanges(number: Int, headSHA: String?) async throws -> PullRequestChanges {
        if isOffline {
            return PullRequestChanges(files: .failure(.network), commits: .failure(.network), reviews: .failure(.network),
                                      checks: nil, reviewComments: .failure(.network))
        }
        async let files = Self.part { try await fetchFiles(number: number) }
        async let commits = Self.part {
            try await service.pullRequestCommits(ownerLogin: owner, repository: name, number: number).items
        }
        async let reviews = Self.part {
            try await service.pullRequestReviews(ownerLogin: owner, repository: name, number: number).items
        }
        async let reviewComments = Self.part { try await fetchReviewComments(number: number) }
        async let threadStatuses = Self.part(if: readsReviewThreads) {
            try await service.reviewThreads(ownerLogin: owner, repository: name, number: number)
        }
        var checks: Result<CheckRunsPage, GitHubError>?
        if let sha = headSHA, GitHubClient.isCommitID(sha) {
            checks = try await Self.part { try await service.checkRuns(ownerLogin: owner, repository: name, sha: sha) }
        }
        return try await PullRequestChanges(files: files, commits: commits, reviews: reviews, checks: checks,
                                            reviewComments: reviewComments, threadStatuses: threadStatuses)
    }

    /// Review comments read at most (pages of 100).
    static let maximumReviewComments = 3_000

    /// A pull request's review comments, each once, page after page by `Link` up to
    /// `maximumReviewComments`; reading stops where the `Pager` sees a circle or at a later page that
    /// failed (kept as `stoppedBy`); a first page that fails throws.
    func fetchReviewComments(number: Int) async throws -> ReviewCommentList {
        var page = try await service.pullRequestReviewComments(ownerLogin: owner, repository: name, number: number)
        var list = ReviewCommentList()
        var seen = Set<Int64>()
        var pager = Pager()
        while true {
            let added = page.items.filter { seen.insert($0.id).inserted }
            list.comments += added
            pager.received(next: page.next, items: page.items.count, added: added.count, from: page.url)
            if list.comments.count >= Self.maximumReviewComments { pager.finish() }
            guard let next = pager.take() else { break }
            try Task.checkCancellation()
            do {
                page = try await service.pullRequestReviewComments(page: next)
            } catch {
                guard let shown = GitHubError.shown(for: error) else { throw error }
                list.stoppedBy = shown
                break
            }
        }
        if list.comments.count > Self.maximumReviewComments {
            list.comments.removeLast(list.comments.count - Self.maximumReviewComments)
        }
        return list
    }

    /// A pull request's changed files, each once, page after page by `Link` up to GitHub's cap
    /// (`GitHubClient.maximumPullRequestFiles`, at most that many pages' worth). Reading stops there,
    /// where the `Pager` sees a circle (a link already followed, a page of files all read before), or at
    /// a later page that failed (kept as `stoppedBy`, the files before it shown); a first page that
    /// fails throws.
    func fetchFiles(number: Int) async throws -> PullRequestFileList {
        let cap = GitHubClient.maximumPullRequestFiles
        let maximumPages = cap / GitHubClient.maximumIssuePageSize
        var page = try await service.pullRequestFiles(ownerLogin: owner, repository: name, number: number)
        var list = PullRequestFileList(files: [])
        var seen = Set<String>()
        var pager = Pager()
        while true {
            let added = page.items.filter { seen.insert($0.filename).inserted }
            list.files += added
            pager.received(next: page.next, items: page.items.count, added: added.count, from: page.url)
            if list.files.count >= cap || pager.pagesReceived >= maximumPages { pager.finish() }
            guard let next = pager.take() else { break }
            try Task.checkCancellation()
            do {
                page = try await service.pullRequestFiles(page: next)
            } catch {
                guard let shown = GitHubError.shown(for: error) else { throw error }
                list.stoppedBy = shown
                break
            }
        }
        if list.files.count > cap { list.files.removeLast(list.files.count - cap) }
        return list
    }

    /// `part`, or nil, without asking, when `asks` is false.
    private static func part<T: Sendable>(if asks: Bool, _ read: () async throws -> T) async throws -> Result<T, GitHubError>? {
        guard asks else { return nil }
        return try await part(read)
    }

    /// One part's outcome: what it read, or the error it failed with (a cancellation is thrown on).
    private static func part<T: Sendable>(_ read: () async throws -> T) async throws -> Result<T, GitHubError> {
        guard let outcome = await Result.of(read) else { throw CancellationError() }
        return outcome
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

extension IssueThread {
    /// The comments as stored (none when none were), more to come when the store has a next page.
    mutating func show(_ stored: StoredIssueList<IssueComment>?) {
        comments = stored?.items ?? []
        hasMoreComments = stored?.next != nil
    }
}

/// What a pull request's view reads after the pull request itself, each part on its own: what GitHub
/// gave, or why it did not (a part that failed says so where it would be shown, the others are shown).
struct PullRequestChanges: Equatable, Sendable {
    var files: Result<PullRequestFileList, GitHubError>
    var commits: Result<[Commit], GitHubError>
    var reviews: Result<[PullRequestReview], GitHubError>
    /// The head commit's check runs; nil when the head is not a commit id (nothing was asked).
    var checks: Result<CheckRunsPage, GitHubError>?
    /// The comments on the diff's lines (`fetchReviewComments`).
    var reviewComments: Result<ReviewCommentList, GitHubError> = .success(ReviewCommentList())
    /// Their threads' states from GraphQL (resolved, node ids); nil when not asked (no token). A failure
    /// (an older server without GraphQL) only leaves every thread drawn whole.
    var threadStatuses: Result<[ReviewThreadStatus], GitHubError>?

    /// The threads' states as read (none when not read).
    var reviewThreadStatuses: [ReviewThreadStatus] { (try? threadStatuses?.get()) ?? [] }

    /// The state of the thread whose first comment is `root`, as read.
    func threadStatus(root: Int64) -> ReviewThreadStatus? {
        reviewThreadStatuses.first { $0.firstCommentID == root }
    }

    /// The review decision and the checks' counts, from the parts that were read (`checksRead` only
    /// when the checks were).
    var status: PullRequestStatus {
        PullRequestStatus(reviews: (try? reviews.get()) ?? [], checks: checks.flatMap { try? $0.get() })
    }
}

/// A pull request's review comments as far as they were read (oldest first, each once); `stoppedBy` is the
/// error of a later page that ended the reading early.
struct ReviewCommentList: Equatable, Sendable {
    var comments: [ReviewComment] = []
    var stoppedBy: GitHubError?
}

/// A pull request's changed files as far as they were read: GitHub lists at most 3,000 (100 a page);
/// `stoppedBy` is the error of a later page that ended the reading early.
struct PullRequestFileList: Equatable, Sendable {
    var files: [CommitDetail.File]
    var stoppedBy: GitHubError?
}
