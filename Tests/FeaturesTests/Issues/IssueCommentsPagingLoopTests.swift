import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import Persistence
import Testing
import TestSupport
@testable import Features

/// A thread's comments against a server whose `Link` leads round in a circle: End asks a bounded
/// number of pages, and each comment is shown once.
@MainActor
@Suite("Issue thread: a looping Link on the comments")
struct IssueCommentsPagingLoopTests {
    /// Issue 5 with its comments page by page, page N's next link naming page `links[N]` (nil: the last
    /// page), every page asked for recorded. Page 0 comes with the issue, asked for by name.
    final class LoopingComments: IssueService {
        let pages: [[IssueComment]]
        let links: [Int?]
        /// What the issue says its comments number.
        let commentCount: Int
        let calls = Mutex<[String]>([])

        init(pages: [[IssueComment]], links: [Int?], commentCount: Int = 0) {
            self.pages = pages
            self.links = links
            self.commentCount = commentCount
        }

        var recorded: [String] { calls.withLock { $0 } }

        private func page(_ index: Int) throws -> Page<IssueComment> {
            guard pages.indices.contains(index) else { throw GitHubError.notFound }
            let next = links[index].flatMap { URL(string: "https://api.test/comments/\($0)") }
            return Page(items: pages[index], next: next)
        }

        func issue(ownerLogin: String, repository: String, number: Int) async throws -> GitHubEntities.Issue {
            GitHubEntities.Issue(number: number, title: "A long discussion", commentCount: commentCount)
        }

        func issueComments(ownerLogin: String, repository: String, number: Int) async throws -> Page<IssueComment> {
            calls.withLock { $0.append("comments") }
            return try page(0)
        }

        func issueComments(page url: URL) async throws -> Page<IssueComment> {
            calls.withLock { $0.append("comments page \(url.lastPathComponent)") }
            return try page(Int(url.lastPathComponent) ?? -1)
        }

        func issues(ownerLogin: String, repository: String, state: IssueStateFilter, perPage: Int) async throws -> Page<GitHubEntities.Issue> {
            throw GitHubError.notFound
        }
        func issues(page: URL) async throws -> Page<GitHubEntities.Issue> { throw GitHubError.notFound }
        func pullRequests(ownerLogin: String, repository: String, state: IssueStateFilter,
                          perPage: Int) async throws -> Page<PullRequest> {
            throw GitHubError.notFound
        }
        func pullRequests(page: URL) async throws -> Page<PullRequest> { throw GitHubError.notFound }
        func pullRequest(ownerLogin: String, repository: String, number: Int) async throws -> PullRequest {
            throw GitHubError.notFound
        }
        func pullRequestFiles(ownerLogin: String, repository: String, number: Int) async throws -> Page<CommitDetail.File> {
            throw GitHubError.notFound
        }
        func pullRequestFiles(page: URL) async throws -> Page<CommitDetail.File> { throw GitHubError.notFound }
        func pullRequestCommits(ownerLogin: String, repository: String, number: Int) async throws -> Page<Commit> {
            throw GitHubError.notFound
        }
        func searchIssues(query: String) async throws -> (SearchPage<GitHubEntities.Issue>, next: URL?) { throw GitHubError.notFound }
        func addComment(ownerLogin: String, repository: String, number: Int, body: String) async throws -> IssueComment {
            throw GitHubError.unauthorized
        }
        func setIssueOpen(_ open: Bool, ownerLogin: String, repository: String, number: Int) async throws -> GitHubEntities.Issue {
            throw GitHubError.unauthorized
        }
        func pullRequestReviewComments(ownerLogin: String, repository: String, number: Int) async throws -> Page<ReviewComment> {
            throw GitHubError.notFound
        }
        func pullRequestReviewComments(page: URL) async throws -> Page<ReviewComment> { throw GitHubError.notFound }
        func replyToReviewComment(id: Int64, body: String, ownerLogin: String, repository: String,
                                  number: Int) async throws -> ReviewComment {
            throw GitHubError.notFound
        }
        func reviewThreads(ownerLogin: String, repository: String, number: Int) async throws -> [ReviewThreadStatus] { [] }
        func setReviewThreadResolved(_ resolved: Bool, threadID: String) async throws -> ReviewThreadStatus {
            throw GitHubError.notFound
        }
        func submitReview(_ review: ReviewSubmission, ownerLogin: String, repository: String, number: Int) async throws -> PullRequestReview {
            throw GitHubError.notFound
        }
        func pullRequestReviews(ownerLogin: String, repository: String, number: Int) async throws -> Page<PullRequestReview> {
            throw GitHubError.notFound
        }
        func checkRuns(ownerLogin: String, repository: String, sha: String) async throws -> CheckRunsPage {
            throw GitHubError.notFound
        }
    }

    static func comments(_ ids: ClosedRange<Int64>) -> [IssueComment] {
        ids.map { IssueComment(id: $0, author: "user\($0)", body: "Comment \($0).") }
    }

    /// Delivers every answer asked for so far.
    static func settle(_ presenter: IssueThreadPresenter, _ dispatcher: CollectingDispatcher) async {
        for _ in 0..<3 {
            await presenter.threadTask?.value
            await presenter.moreTask?.value
            await presenter.saveTask?.value
            dispatcher.runPending()
        }
    }

    @Test("End asks each page once: a link back to the page itself or to page 1 ends the comments",
          arguments: [[0] as [Int?], [1, 1], [1, 0]])
    func loops(links: [Int?]) async throws {
        // [0]: page 1 links to itself; [1, 1]: page 2 links to itself; [1, 0]: page 2 links back to page 1.
        let pages = links.count == 1 ? [Self.comments(1...3)] : [Self.comments(1...3), Self.comments(4...5)]
        let service = LoopingComments(pages: pages, links: links)
        let dispatcher = CollectingDispatcher()
        let now = Date(timeIntervalSince1970: 1_477_180_000)
        let issues = RepositoryIssues(owner: "sferik", name: "rails_admin", service: service, store: try SQLiteStore.inMemory(),
                                      isOffline: false, now: { now })
        let presenter = IssueThreadPresenter(issues: issues, dispatcher: dispatcher, labelsInColour: false, now: { now })
        presenter.layout(width: 80, height: 10)
        presenter.open(number: 5)
        await Self.settle(presenter, dispatcher)
        #expect(service.recorded == ["comments"])
        for _ in 0..<10 {
            #expect(presenter.handle(.end))
            await Self.settle(presenter, dispatcher)
        }
        #expect(service.recorded.count <= links.count + 1, "\(service.recorded)")
        let ids = presenter.state?.thread?.comments.map(\.id) ?? []
        #expect(ids == Array(1...(links.count == 1 ? 3 : 5)), "each comment once")
        #expect(presenter.state?.thread?.hasMoreComments == false)
    }

    @Test("a page of comments adds only those the thread does not show yet, and one adding nothing ends paging")
    func receiveDeduplicates() throws {
        var state = IssueThreadState(number: 5)
        state.show(IssueThread(issue: GitHubEntities.Issue(number: 5, title: "t"), comments: Self.comments(1...3), hasMoreComments: true))
        let second = try #require(URL(string: "https://api.test/comments/1"))
        let third = try #require(URL(string: "https://api.test/comments/2"))
        state.startComments(next: second)
        state.receiveComments(Page(items: Self.comments(3...6), next: third))
        #expect(state.thread?.comments.map(\.id) == Array(1...6))
        #expect(state.comments.next == third)
        #expect(state.thread?.hasMoreComments == true)
        state.receiveComments(Page(items: Self.comments(2...6), next: URL(string: "https://api.test/comments/3")))
        #expect(state.thread?.comments.map(\.id) == Array(1...6))
        #expect(state.comments.next == nil)
        #expect(state.thread?.hasMoreComments == false)
    }
}
