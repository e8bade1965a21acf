import Foundation
import GitHubEntities
import Locking
import Testing
import TestSupport
@testable import GitHubAPI

/// Answers the issue endpoints from the recordings and records every request.
private final class IssueHost: HTTPTransport {
    let requests = Mutex<[HTTPRequest]>([])
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        let json = ["Content-Type": "application/json"]
        switch (request.method, request.url.path) {
        case ("GET", "/repos/sferik/rails_admin/issues"):
            let next = "<https://api.github.com/repositories/1/issues?state=open&page=2>; rel=\"next\""
            return HTTPResponse(statusCode: 200, headers: json.merging(["Link": next, "ETag": "\"i1\""]) { $1 },
                                body: Fixtures.recordedBody(Fixtures.Name.railsAdminIssues))
        case ("GET", "/repos/octokit/octokit.rb/pulls"):
            return HTTPResponse(statusCode: 200, headers: json, body: Fixtures.recordedBody(Fixtures.Name.octokitPulls))
        case ("GET", "/repos/octokit/octokit.rb/pulls/67/files"):
            return HTTPResponse(statusCode: 200, headers: json, body: Fixtures.interactions(Fixtures.Name.pull67)[0].body)
        case ("GET", "/repos/octokit/octokit.rb/pulls/67/comments"):
            return HTTPResponse(statusCode: 200, headers: json, body: Fixtures.interactions(Fixtures.Name.pull67)[1].body)
        case ("GET", "/repos/octokit/octokit.rb/pulls/841/reviews"):
            return HTTPResponse(statusCode: 200, headers: json.merging(["ETag": "\"r1\""]) { $1 },
                                body: Fixtures.interactions(Fixtures.Name.reviewsAndChecks)[0].body)
        case ("GET", "/repos/octokit/octokit.rb/commits/e1db7418a77db065d1900e579c82ef0aad1da2b1/check-runs"):
            if request.headers["If-None-Match"] == "\"c1\"" { return HTTPResponse(statusCode: 304, headers: [:], body: Data()) }
            return HTTPResponse(statusCode: 200, headers: json.merging(["ETag": "\"c1\""]) { $1 },
                                body: Fixtures.interactions(Fixtures.Name.reviewsAndChecks)[1].body)
        case ("GET", "/search/issues"):
            return HTTPResponse(statusCode: 200, headers: json.merging(["X-RateLimit-Resource": "search", "X-RateLimit-Limit": "30",
                                                                        "X-RateLimit-Remaining": "29", "X-RateLimit-Reset": "1900000000"]) { $1 },
                                body: Fixtures.scenarioBody(Fixtures.Name.searchIssues))
        case ("POST", "/repos/o/r/issues/5/comments"):
            return HTTPResponse(statusCode: 201, headers: json, body: Fixtures.recordedItems(Fixtures.Name.issueComments)[0])
        case ("PATCH", "/repos/o/r/issues/5"):
            var issue = try JSONSerialization.jsonObject(with: Fixtures.recordedItems(Fixtures.Name.railsAdminIssues)[0]) as? [String: Any] ?? [:]
            issue["state"] = "closed"
            return HTTPResponse(statusCode: 200, headers: json, body: Fixtures.encode(issue))
        default:
            return HTTPResponse(statusCode: 404, headers: json, body: Data(#"{"message":"Not Found"}"#.utf8))
        }
    }
    var all: [HTTPRequest] { requests.withLock { $0 } }
}

@Suite("Issues and pull requests over the API")
struct IssueClientTests {
    fileprivate static func client(token: String? = nil) -> (GitHubClient, IssueHost) {
        let host = IssueHost()
        return (GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: token),
                             transport: host, validatorCache: InMemoryValidatorCache()), host)
    }

    @Test("issues: state and page size asked, pull requests left out, the next page by Link; a Link that is not https is refused")
    func issues() async throws {
        let (client, host) = Self.client()
        let page = try await client.issues(ownerLogin: "sferik", repository: "rails_admin", state: .closed, perPage: 500)
        #expect(page.items.count == 24)
        #expect(page.items.allSatisfy { !$0.isPullRequest })
        #expect(page.next?.absoluteString == "https://api.github.com/repositories/1/issues?state=open&page=2")
        #expect(host.all[0].url.query == "state=closed&per_page=100")
        #expect(page.url == host.all[0].url) // a page knows the address it was asked at (the pager's loop guard)
        let again = try await client.issues(ownerLogin: "sferik", repository: "rails_admin", state: .closed, perPage: 500)
        #expect(host.all[1].headers["If-None-Match"] == "\"i1\"")
        #expect(again.items == page.items)
        #expect(await gitHubError { try await client.issues(page: URL(string: "http://evil.example/issues?page=2")!) } != nil)
        #expect(await gitHubError { try await client.issues(ownerLogin: "-bad", repository: "r", state: .open, perPage: 1) } != nil)
        #expect(host.all.count == 2)
    }

    @Test("pull requests and a pull request's files with patches")
    func pulls() async throws {
        let (client, _) = Self.client()
        let pulls = try await client.pullRequests(ownerLogin: "octokit", repository: "octokit.rb", state: .open, perPage: 30)
        #expect(pulls.items.count == 5)
        let files = try await client.pullRequestFiles(ownerLogin: "octokit", repository: "octokit.rb", number: 67)
        #expect(files.items.map(\.filename) == ["lib/octokit/configuration.rb", "lib/octokit/connection.rb", "lib/octokit/repository.rb"])
        #expect(await gitHubError { try await client.issue(ownerLogin: "o", repository: "r", number: 0) } != nil)
    }

    @Test("a pull request's review comments, recorded: where it is (an older answer: a position, no line), its hunk, author, body, date")
    func reviewComments() async throws {
        let (client, host) = Self.client()
        let page = try await client.pullRequestReviewComments(ownerLogin: "octokit", repository: "octokit.rb", number: 67)
        #expect(host.all[0].url.path == "/repos/octokit/octokit.rb/pulls/67/comments")
        #expect(host.all[0].url.query == "per_page=100")
        #expect(page.items.count == 1)
        let comment = try #require(page.items.first)
        #expect(comment.id == 401_530)
        #expect(comment.path == "lib/octokit/repository.rb")
        #expect(comment.position == 5)
        #expect(comment.line == nil && comment.side == nil && comment.inReplyTo == nil)
        #expect(!comment.isOutdated)
        #expect(comment.diffHunk.hasPrefix("@@ -30,7 +30,11 @@ def to_s"))
        #expect(comment.author == "catsby")
        #expect(comment.body.hasPrefix("This is causing a test to fail"))
        #expect(comment.createdAt == GitHubDate.parse("2012-01-31T14:23:41Z"))
        #expect(await gitHubError { try await client.pullRequestReviewComments(ownerLogin: "o", repository: "r", number: 0) } != nil)
    }

    @Test("a review comment in today's shape: line and side, a range, a reply, an outdated one")
    func reviewCommentFields() throws {
        let json = Data("""
            [{"id": 1, "path": "a.swift", "line": 12, "side": "RIGHT", "start_line": 10, "start_side": "RIGHT",
              "original_line": 12, "position": 7, "diff_hunk": "@@ -1 +1 @@", "pull_request_review_id": 9,
              "user": {"login": "ada"}, "body": "b", "created_at": "2024-10-10T16:05:34Z"},
             {"id": 2, "path": "a.swift", "line": null, "side": "LEFT", "original_line": 3, "position": null,
              "in_reply_to_id": 1, "user": null, "body": null}]
            """.utf8)
        let comments = try JSONDecoder().decode([ReviewComment].self, from: json)
        #expect(comments[0] == ReviewComment(id: 1, path: "a.swift", line: 12, side: .right, startLine: 10, startSide: .right,
                                             originalLine: 12, position: 7, diffHunk: "@@ -1 +1 @@", reviewID: 9, author: "ada",
                                             body: "b", createdAt: GitHubDate.parse("2024-10-10T16:05:34Z")))
        #expect(comments[1].isOutdated && comments[1].inReplyTo == 1 && comments[1].side == .left && comments[1].author.isEmpty)
    }

    @Test("a pull request's reviews and its head's check runs, recorded: approved by one (a later comment by another counts for nothing), one run queued; conditional; a sha that is not one is refused before any request")
    func reviewsAndChecks() async throws {
        let (client, host) = Self.client()
        let reviews = try await client.pullRequestReviews(ownerLogin: "octokit", repository: "octokit.rb", number: 841)
        #expect(reviews.items == [
            PullRequestReview(id: 10_591_920, reviewer: "tarebyte", state: "APPROVED",
                              body: "Let one comment about an alias, but overall looks good to me @LizzHale!",
                              submittedAt: GitHubDate.parse("2016-11-29T17:59:42Z")),
            PullRequestReview(id: 10_592_915, reviewer: "LizzHale", state: "COMMENTED", body: "",
                              submittedAt: GitHubDate.parse("2016-11-29T18:03:07Z")),
        ])
        #expect(host.all[0].url.query == "per_page=100")
        let sha = "e1db7418a77db065d1900e579c82ef0aad1da2b1"
        let checks = try await client.checkRuns(ownerLogin: "octokit", repository: "octokit.rb", sha: sha)
        #expect(checks == CheckRunsPage(totalCount: 1, checkRuns: [
            CheckRun(name: "octokit-test-check", status: "queued", detailsURL: "https://github.com/octokit/octokit.rb",
                     htmlURL: "https://github.com/<GITHUB_LOGIN>/<GITHUB_TEST_REPOSITORY>/runs/51295429"),
        ]))
        let status = PullRequestStatus(reviews: reviews.items, checks: checks)
        #expect(status.decision == .approved(1))
        #expect((status.passed, status.failed, status.pending) == (0, 0, 1))
        // Asked again: If-None-Match, and the 304 answered from the cache.
        #expect(try await client.checkRuns(ownerLogin: "octokit", repository: "octokit.rb", sha: sha) == checks)
        #expect(host.all.last?.headers["If-None-Match"] == "\"c1\"")
        let before = host.all.count
        #expect(await gitHubError { try await client.checkRuns(ownerLogin: "o", repository: "r", sha: "../../evil") } != nil)
        #expect(await gitHubError { try await client.pullRequestReviews(ownerLogin: "o", repository: "r", number: 0) } != nil)
        #expect(host.all.count == before)
    }

    @Test("the review decision: each reviewer's latest approval, request or dismissal; changes requested outweighs; checks by outcome")
    func decision() {
        func review(_ who: String, _ state: String) -> PullRequestReview { PullRequestReview(reviewer: who, state: state) }
        #expect(PullRequestStatus(reviews: [], checks: nil).decision == nil)
        #expect(PullRequestStatus(reviews: [review("a", "COMMENTED")], checks: nil).decision == nil)
        #expect(PullRequestStatus(reviews: [review("a", "APPROVED"), review("a", "COMMENTED"), review("b", "APPROVED")],
                                  checks: nil).decision == .approved(2))
        #expect(PullRequestStatus(reviews: [review("a", "APPROVED"), review("b", "CHANGES_REQUESTED")], checks: nil).decision
                == .changesRequested(1))
        #expect(PullRequestStatus(reviews: [review("b", "CHANGES_REQUESTED"), review("B", "APPROVED")], checks: nil).decision
                == .approved(1), "a later approval by the same reviewer replaces the request (logins compared without case)")
        #expect(PullRequestStatus(reviews: [review("a", "APPROVED"), review("a", "DISMISSED")], checks: nil).decision == nil)
        #expect(PullRequestStatus(reviews: [review("", "APPROVED")], checks: nil).decision == nil)
        let runs = CheckRunsPage(totalCount: 9, checkRuns: [
            CheckRun(status: "completed", conclusion: "success"), CheckRun(status: "completed", conclusion: "skipped"),
            CheckRun(status: "completed", conclusion: "failure"), CheckRun(status: "completed", conclusion: "timed_out"),
            CheckRun(status: "in_progress"), CheckRun(status: "completed"),
        ])
        let status = PullRequestStatus(reviews: [], checks: runs)
        #expect(status.checksRead)
        #expect((status.passed, status.failed, status.pending) == (2, 2, 5), "3 past the page read count as pending")
        // Hostile shapes decode rather than fail: a run whose status is not text is one not known yet.
        let odd = try? JSONDecoder().decode(CheckRunsPage.self, from: Data(#"{"total_count":"x","check_runs":[{"status":7}]}"#.utf8))
        #expect(odd == CheckRunsPage(totalCount: 1, checkRuns: [CheckRun(status: "")]))
        #expect(odd.map { PullRequestStatus(reviews: [], checks: $0).pending } == 1)
    }

    @Test("the search goes to /search/issues with the query encoded, counted in the search bucket")
    func search() async throws {
        let (client, host) = Self.client()
        let (page, next) = try await client.searchIssues(query: "repo:o/r is:issue label:bug author:x")
        #expect(page.totalCount == 2)
        #expect(next == nil)
        #expect(host.all[0].url.query == "q=repo%3Ao%2Fr%20is%3Aissue%20label%3Abug%20author%3Ax&per_page=30")
        #expect(client.rateLimit(for: .search)?.remaining == 29)
    }

    @Test("comment and close need a token: without one nothing is sent; with one a POST and a PATCH with JSON bodies")
    func writes() async throws {
        let (anonymous, anonymousHost) = Self.client()
        #expect(await gitHubError { try await anonymous.addComment(ownerLogin: "o", repository: "r", number: 5, body: "hi") } == .unauthorized)
        #expect(await gitHubError { try await anonymous.setIssueOpen(false, ownerLogin: "o", repository: "r", number: 5) } == .unauthorized)
        #expect(anonymousHost.all.isEmpty)

        let (client, host) = Self.client(token: "ghp_" + String(repeating: "a", count: 36))
        let comment = try await client.addComment(ownerLogin: "o", repository: "r", number: 5, body: "Thanks \"quoted\"\n")
        #expect(comment.author == "catsby")
        let closed = try await client.setIssueOpen(false, ownerLogin: "o", repository: "r", number: 5)
        #expect(closed.state == "closed")
        let requests = host.all
        #expect(requests.map(\.method) == ["POST", "PATCH"])
        #expect(try JSONSerialization.jsonObject(with: requests[0].body ?? Data()) as? [String: String] == ["body": "Thanks \"quoted\"\n"])
        #expect(try JSONSerialization.jsonObject(with: requests[1].body ?? Data()) as? [String: String] == ["state": "closed"])
        #expect(await gitHubError { try await client.addComment(ownerLogin: "o", repository: "r", number: 5, body: "") } != nil)
        #expect(host.all.count == 2)
    }
}
