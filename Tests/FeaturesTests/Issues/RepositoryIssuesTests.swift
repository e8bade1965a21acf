import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TestSupport
@testable import Features

/// The issue use cases over a scripted service and an in-memory store: stored first, pages stored,
/// pull requests kept apart, a thread with its comments, offline reads, the search's scope.
@Suite("Repository issues")
struct RepositoryIssuesTests {
    static let now = Date(timeIntervalSince1970: 1_477_180_000)

    static func make(_ script: ScriptedIssueService.Script, offline: Bool = false,
                     store: SQLiteStore? = nil) throws -> (RepositoryIssues, ScriptedIssueService, SQLiteStore) {
        let service = ScriptedIssueService(script)
        let store = try store ?? SQLiteStore.inMemory()
        return (RepositoryIssues(owner: "sferik", name: "rails_admin", service: service, store: store, isOffline: offline,
                                 now: { now }), service, store)
    }

    static func recorded() throws -> [GitHubEntities.Issue] {
        try JSONDecoder().decode([GitHubEntities.Issue].self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminIssues))
            .filter { !$0.isPullRequest }
    }

    @Test("pages are fetched by Link and stored; offline the stored list is still there")
    func pagesStoredAndReadOffline() async throws {
        var script = ScriptedIssueService.Script()
        let issues = try Self.recorded()
        script.issuePages = [Array(issues.prefix(12)), Array(issues.dropFirst(12))]
        let (use, service, store) = try Self.make(script)
        #expect(use.storedList(.issues, filter: .open) == nil)
        let first = try await use.fetchPage(.issues, filter: .open, next: nil, pageIndex: 0)
        let second = try await use.fetchPage(.issues, filter: .open, next: first.next, pageIndex: 1)
        #expect(first.items.count + second.items.count == 24)
        #expect(service.recorded == ["issues sferik/rails_admin open", "issues page 1"])

        let (offline, offlineService, _) = try Self.make(ScriptedIssueService.Script(), offline: true, store: store)
        let stored = try #require(offline.storedList(.issues, filter: .open))
        #expect(stored.items == issues)
        #expect(stored.pages == 2)
        await #expect(throws: GitHubError.self) { try await offline.fetchPage(.issues, filter: .open, next: nil, pageIndex: 0) }
        #expect(offlineService.recorded.isEmpty)
        #expect(offline.storedList(.issues, filter: .closed) == nil)
        #expect(offline.storedList(.pullRequests, filter: .open) == nil)
    }

    @Test("pull requests are listed from /pulls and stored apart, as their issue part")
    func pullRequests() async throws {
        var script = ScriptedIssueService.Script()
        let pulls = try JSONDecoder().decode([PullRequest].self, from: Fixtures.recordedBody(Fixtures.Name.octokitPulls))
        script.pullPages = [pulls]
        let (use, service, _) = try Self.make(script)
        let page = try await use.fetchPage(.pullRequests, filter: .open, next: nil, pageIndex: 0)
        #expect(page.items == pulls.map(\.issue))
        #expect(page.items.allSatisfy { $0.isPullRequest })
        #expect(use.storedList(.pullRequests, filter: .open)?.items == pulls.map(\.issue))
        #expect(service.recorded == ["pulls sferik/rails_admin open"])
    }

    @Test("an unchanged first page (304) keeps the stored pages after it")
    func notModified() async throws {
        var script = ScriptedIssueService.Script()
        let issues = try Self.recorded()
        script.issuePages = [Array(issues.prefix(5)), Array(issues.dropFirst(5))]
        let (use, service, _) = try Self.make(script)
        let first = try await use.fetchPage(.issues, filter: .open, next: nil, pageIndex: 0)
        _ = try await use.fetchPage(.issues, filter: .open, next: first.next, pageIndex: 1)
        service.script.withLock { $0.notModified = true }
        _ = try await use.fetchPage(.issues, filter: .open, next: nil, pageIndex: 0)
        #expect(use.storedList(.issues, filter: .open)?.items.count == 24)
    }

    @Test("a thread: a pull request is read as one, with its comments; stored, then read offline")
    func thread() async throws {
        var script = ScriptedIssueService.Script()
        let pull = try JSONDecoder().decode(PullRequest.self, from: Fixtures.recordedBody(Fixtures.Name.pullRequest))
        let comments = try JSONDecoder().decode([IssueComment].self, from: Fixtures.recordedBody(Fixtures.Name.issueComments))
        script.pulls = [2: pull]
        script.commentPages = [comments, comments.map { var c = $0; c.id += 1_000_000; return c }]
        let (use, service, store) = try Self.make(script)
        let (thread, next, _) = try await use.fetchThread(number: 2)
        #expect(thread.pull == pull)
        #expect(thread.comments == comments)
        #expect(thread.hasMoreComments)
        let more = try await use.fetchComments(page: try #require(next))
        use.saveComments(more, number: 2, pageIndex: 1)
        #expect(more.items.count == 3)
        #expect(service.recorded == ["issue sferik/rails_admin#2", "pull sferik/rails_admin#2", "comments sferik/rails_admin#2",
                                     "comments page 1"])
        let (offline, _, _) = try Self.make(ScriptedIssueService.Script(), offline: true, store: store)
        let stored = try #require(offline.storedThread(number: 2))
        #expect(stored.pull == pull)
        #expect(stored.comments.count == 6)
        #expect(!stored.hasMoreComments)
        #expect(offline.storedThread(number: 3) == nil)
    }

    @Test("a search is scoped to the repository and kind, and cut to a bounded length")
    func search() async throws {
        let (use, service, _) = try Self.make(ScriptedIssueService.Script())
        _ = try await use.search("label:bug author:x", kind: .issues)
        _ = try await use.search(String(repeating: "a", count: 1_000), kind: .pullRequests)
        #expect(service.recorded[0] == "search repo:sferik/rails_admin is:issue label:bug author:x")
        #expect(service.recorded[1] == "search repo:sferik/rails_admin is:pr " + String(repeating: "a", count: 200))
    }
}
