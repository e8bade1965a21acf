import Foundation
import GitHubEntities
import Testing
import TestSupport
@testable import Persistence


/// Issues, pull requests and comments per repository: paging, keys apart, offline reads after reopening.
@Suite("GitHubEntities.Issue store")
struct IssueStoreTests {
    private func issues(_ range: ClosedRange<Int>) -> [GitHubEntities.Issue] {
        range.map { GitHubEntities.Issue(number: $0, title: "GitHubEntities.Issue \($0)", author: "a\($0)",
                          labels: [IssueLabel(name: "bug", color: "d73a4a")], commentCount: $0,
                          updatedAt: date(1_000_000 - Double($0))) }
    }

    @Test("pages append in order without repeats, page 0 replaces, states, kinds and repositories are apart")
    func paging() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.issueList(repository: "o/r", key: .issues(state: "open")) == nil)
        let next = URL(string: "https://api.github.com/repositories/1/issues?page=2")
        try store.saveIssuePage(issues(1...30), next: next, pageIndex: 0, repository: "O/R", key: .issues(state: "open"),
                                fetchedAt: date(100))
        try store.saveIssuePage(issues(30...35), next: nil, pageIndex: 1, repository: "o/r", key: .issues(state: "open"),
                                fetchedAt: date(200))
        let stored = try #require(try store.issueList(repository: "o/r", key: .issues(state: "open")))
        #expect(stored.items == issues(1...35))
        #expect(stored.next == nil)
        #expect(stored.pages == 2)
        #expect(stored.fetchedAt == date(100))

        try store.saveIssuePage(issues(40...41), next: nil, pageIndex: 0, repository: "o/r", key: .issues(state: "closed"),
                                fetchedAt: date(300))
        try store.saveIssuePage(issues(50...50), next: nil, pageIndex: 0, repository: "o/other", key: .issues(state: "open"),
                                fetchedAt: date(300))
        #expect(try store.issueList(repository: "o/r", key: .issues(state: "closed"))?.items == issues(40...41))
        #expect(try store.issueList(repository: "o/r", key: .issues(state: "open"))?.items.count == 35)
        #expect(try store.pullRequestList(repository: "o/r", key: .pullRequests(state: "open")) == nil)

        try store.saveIssuePage(issues(60...61), next: next, pageIndex: 0, repository: "o/r", key: .issues(state: "open"),
                                fetchedAt: date(400))
        let replaced = try #require(try store.issueList(repository: "o/r", key: .issues(state: "open")))
        #expect(replaced.items == issues(60...61))
        #expect(replaced.next == next)
        #expect(replaced.pages == 1)
    }

    @Test("recorded issues, pull requests and comments are readable after reopening offline")
    func offline() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let decoder = JSONDecoder()
        let recorded = try decoder.decode([GitHubEntities.Issue].self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminIssues))
        let pulls = try decoder.decode([PullRequest].self, from: Fixtures.recordedBody(Fixtures.Name.octokitPulls))
        let pull = try decoder.decode(PullRequest.self, from: Fixtures.recordedBody(Fixtures.Name.pullRequest))
        let comments = try decoder.decode([IssueComment].self, from: Fixtures.recordedBody(Fixtures.Name.issueComments))
        do {
            let store = SQLiteStore.open(directory: directory.url).store
            try store.saveIssuePage(recorded, next: nil, pageIndex: 0, repository: "sferik/rails_admin",
                                    key: .issues(state: "open"), fetchedAt: date(10))
            try store.savePullRequestPage(pulls, next: nil, pageIndex: 0, repository: "octokit/octokit.rb",
                                          key: .pullRequests(state: "open"), fetchedAt: date(10))
            try store.saveCommentPage(comments, next: nil, pageIndex: 0, repository: "octokit/octokit.rb", number: 25,
                                      fetchedAt: date(10))
            try store.saveIssue(recorded[0], repository: "sferik/rails_admin", storedAt: date(10))
            try store.savePullRequest(pull, repository: "octokit/octokit.rb", storedAt: date(10))
            try store.close()
        }
        let reopened = SQLiteStore.open(directory: directory.url).store
        #expect(try reopened.issueList(repository: "sferik/rails_admin", key: .issues(state: "open"))?.items == recorded)
        #expect(try reopened.pullRequestList(repository: "octokit/octokit.rb", key: .pullRequests(state: "open"))?.items == pulls)
        #expect(try reopened.commentList(repository: "octokit/octokit.rb", number: 25)?.items == comments)
        #expect(try reopened.commentList(repository: "octokit/octokit.rb", number: 26) == nil)
        #expect(try reopened.storedIssue(repository: "sferik/rails_admin", number: 2746) == recorded[0])
        #expect(try reopened.storedPullRequest(repository: "octokit/octokit.rb", number: 2) == pull)
        #expect(try reopened.storedIssue(repository: "octokit/octokit.rb", number: 2) == nil)
        try reopened.close()
    }

    @Test("a stored row that no longer decodes is left out")
    func damagedRows() throws {
        let store = try SQLiteStore.inMemory()
        try store.saveIssuePage(issues(1...2), next: nil, pageIndex: 0, repository: "o/r", key: .issues(state: "all"),
                                fetchedAt: date(1))
        try store.withDatabase { try $0.write { db in
            try db.execute(sql: "UPDATE issue_list_item SET body = X'7B' WHERE number = 1")
            try db.execute(sql: "INSERT INTO issue (repository, kind, number, body, stored_at) VALUES ('o/r', 'issue', 9, X'7B', 0)")
        } }
        #expect(try store.issueList(repository: "o/r", key: .issues(state: "all"))?.items == issues(2...2))
        #expect(try store.storedIssue(repository: "o/r", number: 9) == nil)
    }
}
