import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// The tab bar's counts for Issues and Pull requests: the open list as loaded, or as stored before the
/// tab is shown (no request for it); none while unknown or after a failure with nothing shown.
@Suite("Issues: counts in the tab bar")
@MainActor
struct IssueTabCountTests {
    @Test("Issues counts its open list once loaded; Pull requests its stored list before it is shown; a failed list counts nothing")
    func counts() async throws {
        let store = try SQLiteStore.inMemory()
        let recorded = try IssuesTabTests.recordedIssues()
        let pull = try JSONDecoder().decode(PullRequest.self, from: Fixtures.recordedBody(Fixtures.Name.pullRequest))
        try store.savePullRequestPage([pull], next: URL(string: "https://api.test/pulls/1"), pageIndex: 0,
                                      repository: "octocat/github-tui", key: .pullRequests(state: "open"), fetchedAt: DetailSample.now)
        var script = ScriptedIssueService.Script()
        script.issuePages = [recorded]
        let h = IssuesTabTests.Harness(script, store: store)
        h.presenter.viewDidLoad()
        func count(_ tab: RepoTab) -> String? { h.state.tabs.items[tab.rawValue].count }
        #expect(count(.issues) == nil, "nothing stored, not shown yet")
        #expect(count(.pulls) == "1+", "as stored: one, more pages to come")
        #expect(!h.issues.recorded.contains { $0.hasPrefix("pulls") })
        h.presenter.didSelectTab(RepoTab.issues.rawValue)
        await h.settle()
        #expect(count(.issues) == "24")
        h.presenter.handle(.cycleState)
        await h.settle()
        #expect(count(.issues) == nil, "the closed list is not the open count")

        var failing = ScriptedIssueService.Script()
        failing.pageErrors = [0: .network]
        let f = IssuesTabTests.Harness(failing)
        f.presenter.viewDidLoad()
        f.presenter.didSelectTab(RepoTab.issues.rawValue)
        await f.settle()
        #expect(f.state.tabs.items[RepoTab.issues.rawValue].count == nil)
    }
}
