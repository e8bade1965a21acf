import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// The runs list's filter: `e` steps through the statuses, `/` takes GitHub's words, Esc shows every
/// run; each filter its own list, stored apart.
@MainActor
@Suite("Actions: filtering the runs")
struct ActionsFilterTests {
    typealias S = ActionsSamples

    @Test("Typed words: workflow by name (its id from the runs read), by file name or id; branch, event, is/status; quotes; problems said")
    func parse() throws {
        var ci = S.failed
        ci.workflowID = 161_335
        let parsed = try RunsFilter.parse("workflow:ci branch:main event:push is:failure", runs: [ci]).get()
        #expect(parsed.request == RunFilter(branch: "main", status: "failure", event: "push", workflow: "161335"))
        #expect(parsed.text == "workflow:ci branch:main event:push is:failure")
        #expect(try RunsFilter.parse("workflow:release.yml status:in-progress", runs: []).get().request
            == RunFilter(status: "in_progress", workflow: "release.yml"))
        #expect(try RunsFilter.parse(" workflow:42 ", runs: []).get().workflowID == "42")
        let quoted = try RunsFilter.parse("branch:\"my branch\"", runs: []).get()
        #expect(quoted.branch == "my branch" && quoted.text == "branch:\"my branch\"")
        #expect(try RunsFilter.parse("", runs: []).get().isEmpty)
        #expect(RunsFilter.parse("main", runs: []) == .failure(.unknownWord("main")))
        #expect(RunsFilter.parse("author:me", runs: []) == .failure(.unknownWord("author:me")))
        #expect(RunsFilter.parse("is:broken", runs: []) == .failure(.unknownStatus("broken")))
        #expect(RunsFilter.parse("workflow:Nightly", runs: [ci]) == .failure(.unknownWorkflow("Nightly")))
        // The request's key: one list per filter, parameters in a fixed order, values encoded.
        #expect(parsed.request.key == "workflows/161335/runs?branch=main&event=push&status=failure")
        #expect(RunFilter(branch: "a b/ü").key == "runs?branch=a%20b%2F%C3%BC")
        #expect(RunFilter().key == "")
    }

    @Test("e: failed, running, succeeded, queued, every run — each asked of GitHub, the filter shown over the list, the footer naming the keys")
    func cycle() async throws {
        var script = S.script
        script.filteredRuns["runs?status=failure"] = [S.failed]
        let (presenter, service, dispatcher, _) = try S.make(script, height: 12)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        #expect(presenter.footer(for: .cycleState) == .shownAs("status"))
        #expect(presenter.footer(for: .startSearch) == .shownAs("filter"))
        #expect(presenter.handle(.cycleState))
        await S.settle(presenter, dispatcher)
        #expect(service.recorded.last == "runs sferik/rails_admin runs?status=failure")
        let lines = Glyphs.$override.withValue(.ascii) { S.text(presenter) }
        #expect(lines[0] == "Runs: is:failure  Esc: every run")
        #expect(lines[1].hasPrefix("x failure  CI"))
        #expect(lines.count == 2)
        #expect(presenter.footer(for: .close) == .shownAs("all runs"))
        for status in ["in_progress", "success", "queued"] {
            #expect(presenter.handle(.cycleState))
            await S.settle(presenter, dispatcher)
            #expect(service.recorded.last == "runs sferik/rails_admin runs?status=\(status)")
        }
        // Nothing queued: said as such.
        #expect(S.text(presenter).last == "(No runs match this filter)")
        let before = service.recorded.count
        #expect(presenter.handle(.cycleState))
        await S.settle(presenter, dispatcher)
        #expect(service.recorded.dropFirst(before).first == "runs sferik/rails_admin")
        #expect(presenter.state.filter.isEmpty)
    }

    @Test("/ takes GitHub's words: Enter asks for that list; a word it does not know is said and the field stays; Esc on the list shows every run")
    func typed() async throws {
        let (presenter, service, dispatcher, _) = try S.make(S.script, height: 12)
        let host = ActionsWatchTests.HostSpy()
        presenter.host = host
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        #expect(presenter.handle(.startSearch))
        #expect(presenter.window(spinner: "").searchField != nil)
        #expect(presenter.handle(.editSearch(.insert("colour:red"))))
        #expect(presenter.handle(.submitSearch))
        #expect(host.statuses.last == "Not a filter: colour:red (use workflow:, branch:, event:, is:)")
        #expect(presenter.state.filterField != nil)
        presenter.state.filterField = TextField(text: "", maxLength: 200)
        #expect(presenter.handle(.editSearch(.insert("branch:feature/ü event:pull_request"))))
        #expect(presenter.handle(.submitSearch))
        await S.settle(presenter, dispatcher)
        #expect(presenter.state.filterField == nil)
        #expect(service.recorded.last == "runs sferik/rails_admin runs?branch=feature%2F%C3%BC&event=pull_request")
        #expect(presenter.state.runs.list.items.map(\.id) == [2])
        // The field opens again with the filter in it.
        #expect(presenter.handle(.startSearch))
        #expect(presenter.state.filterField?.text == "branch:feature/ü event:pull_request ")
        #expect(presenter.handle(.cancelSearch))
        #expect(presenter.handle(.close))
        await S.settle(presenter, dispatcher)
        #expect(service.recorded.contains { $0 == "runs sferik/rails_admin" })
        #expect(presenter.state.filter.isEmpty)
        #expect(presenter.state.runs.list.items.map(\.id) == [2, 1, 3])
        #expect(!presenter.handle(.close))
    }

    @Test("Stored apart: offline, a filter shows the runs stored under it, never the whole list; an answer for a filter left meanwhile is dropped")
    func storedApart() async throws {
        let store = try SQLiteStore.inMemory()
        try store.saveWorkflowRuns([S.running, S.failed, S.succeeded], next: nil, repositoryID: 7, fetchedAt: S.at(-600))
        try store.saveWorkflowRuns([S.failed], next: nil, repositoryID: 7, filter: "runs?status=failure", fetchedAt: S.at(-300))
        var script = S.script
        script.runsError = .network
        let (presenter, _, dispatcher, _) = try S.make(script, store: store)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        #expect(presenter.state.runs.list.items.map(\.id) == [2, 1, 3])
        _ = presenter.handle(.cycleState)
        #expect(presenter.state.runs.list.items.map(\.id) == [1])
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.cycleState)
        // Running: nothing stored under it.
        #expect(presenter.state.runs.list.items.isEmpty)

        // Online: the first filter's answer comes after the second was chosen, and is dropped.
        let (online, _, onlineDispatcher, onlineStore) = try S.make(S.script)
        online.didAppear()
        await S.settle(online, onlineDispatcher)
        _ = online.handle(.cycleState)
        _ = online.handle(.cycleState)
        await S.settle(online, onlineDispatcher)
        #expect(online.state.filter.status == "in_progress")
        #expect(online.state.runs.list.items.map(\.id) == [2])
        #expect(try onlineStore.workflowRuns(repositoryID: 7)?.runs.map(\.id) == [2, 1, 3])
        #expect(try onlineStore.workflowRuns(repositoryID: 7, filter: "runs?status=in_progress")?.runs.map(\.id) == [2])
    }
}

/// A watched run off screen, and its end.
@MainActor
@Suite("Actions: the watch on and off screen, and its bell")
struct ActionsWatchScreenTests {
    typealias S = ActionsSamples

    @Test("Another tab shown (or the view covered or closed): no look at the run; shown again: one at once, then every 3 s")
    func pauses() async throws {
        let scheduler = ManualScheduler()
        var script = ActionsWatchTests.stages()
        script.runStages[2] = [script.runStages[2]?[0] ?? S.running] + Array(repeating: S.running, count: 5)
        let (presenter, service, dispatcher, _) = try S.make(script, scheduler: scheduler, height: 20)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        func reads() -> Int { service.recorded.filter { $0 == "run 2" }.count }
        #expect(reads() == 1)
        presenter.didDisappear()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(60))
        await S.settle(presenter, dispatcher)
        #expect(reads() == 1)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        #expect(reads() == 2)
        #expect(presenter.state.run?.watchInterval == .seconds(3))
        scheduler.advance(by: .seconds(3))
        await S.settle(presenter, dispatcher)
        #expect(presenter.state.run?.run.state == .inProgress)
        // An answer that arrives off screen schedules nothing.
        presenter.didDisappear()
        presenter.didAppear()
        #expect(presenter.jobsTask != nil)
        presenter.didDisappear()
        await S.settle(presenter, dispatcher)
        #expect(reads() == 4)
        #expect(scheduler.pendingCount == 0)
        #expect(presenter.state.run?.watchInterval == .seconds(3))
    }

    @Test("bell_on_done: the bell rings once when the watched run completes; a run complete when opened rings nothing")
    func bell() async throws {
        let scheduler = ManualScheduler()
        let (presenter, _, dispatcher, _) = try S.make(ActionsWatchTests.stages(), scheduler: scheduler, height: 20)
        var rings = 0
        presenter.bell = { rings += 1 }
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.scrollDown)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        #expect(rings == 0)
        _ = presenter.handle(.close)
        _ = presenter.handle(.scrollUp)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        for _ in 0..<5 {
            scheduler.advance(by: .seconds(3))
            await S.settle(presenter, dispatcher)
        }
        #expect(presenter.state.run?.run.state == .success)
        #expect(rings == 1)
    }
}

/// `/` in a log finds matches in folded steps and groups too.
@MainActor
@Suite("Actions: searching a folded log")
struct ActionsLogSearchTests {
    typealias S = ActionsSamples

    @Test("Enter goes to the first match after the cursor, unfolding its step and group; n and N go on through the log, wrapping; the status counts the log's matches")
    func unfolds() async throws {
        let (presenter, _, _) = try await ActionsTabTests().openTestLog()
        let host = ActionsWatchTests.HostSpy()
        presenter.host = host
        // "Ubuntu" is in the folded group of the folded first step; the cursor is on the failing step.
        _ = presenter.handle(.home)
        #expect(presenter.handle(.startSearch))
        #expect(presenter.handle(.editSearch(.insert("ubuntu"))))
        #expect(presenter.handle(.submitSearch))
        let rows = try #require(presenter.state.job?.rows)
        #expect(rows[presenter.logDocument.cursor ?? 0] == .line(2, nested: true))
        #expect(presenter.state.job?.folds.openSections.contains(0) == true)
        #expect(presenter.state.job?.folds.openGroups.contains(1) == true)
        #expect(host.statuses.last == "match 1 of 1 in the log")
        #expect(presenter.logDocument.currentMatch != nil)
        // Two matches ("swift" in the group's command and in the [command] line): n goes on, wrapping.
        presenter.logDocument.clearSearch()
        #expect(presenter.handle(.startSearch))
        #expect(presenter.handle(.editSearch(.insert("swift"))))
        #expect(presenter.handle(.submitSearch))
        func line() -> Int? {
            guard let open = presenter.state.job, let cursor = presenter.logDocument.cursor, open.rows.indices.contains(cursor) else { return nil }
            if case .line(let index, _) = open.rows[cursor] { return index }
            if case .group(_, let header) = open.rows[cursor] { return header }
            return nil
        }
        #expect(line() == 4)
        #expect(presenter.handle(.nextMatch))
        #expect(line() == 5)
        #expect(presenter.handle(.nextMatch))
        #expect(line() == 7)
        #expect(host.statuses.last == "match 3 of 3 in the log")
        #expect(presenter.handle(.nextMatch))
        #expect(line() == 4)
        #expect(presenter.handle(.previousMatch))
        #expect(line() == 7)
    }

    @Test("The log's matching lines and the next one after a line, forward and backward, wrapping")
    func next() {
        #expect(JobLogDocument.next(in: [3, 8, 20], after: -1, forward: true) == 3)
        #expect(JobLogDocument.next(in: [3, 8, 20], after: 3, forward: true) == 8)
        #expect(JobLogDocument.next(in: [3, 8, 20], after: 20, forward: true) == 3)
        #expect(JobLogDocument.next(in: [3, 8, 20], after: 8, forward: false) == 3)
        #expect(JobLogDocument.next(in: [3, 8, 20], after: 3, forward: false) == 20)
        #expect(JobLogDocument.next(in: [], after: 3, forward: true) == nil)
        let log = JobLog.parse(Data("a Swift\nb\nswift swift\n".utf8))
        #expect(JobLogDocument.matchingLines(of: "SWIFT", in: log) == [0, 2])
    }
}

/// A link to a run (a pull request's check) opens it in the tab.
@MainActor
@Suite("Actions: links to runs")
struct ActionsRunLinkTests {
    typealias S = ActionsSamples

    @Test("Links: a run, a job of it, an attempt; anything else is not a run")
    func references() {
        #expect(RunReference.link("https://github.com/o/r/actions/runs/12") == RunReference(owner: "o", name: "r", runID: 12))
        #expect(RunReference.link("https://github.com/o/r/actions/runs/12/job/34") == RunReference(owner: "o", name: "r", runID: 12, jobID: 34))
        #expect(RunReference.link("https://www.github.com/o/r/actions/runs/12/attempts/2/")?.runID == 12)
        #expect(RunReference.link("https://ghe.example/o/r/actions/runs/12", host: GitHubHost("ghe.example")!)?.runID == 12)
        for other in ["https://github.com/o/r/actions/runs/x", "https://github.com/o/r/actions/runs/0", "https://github.com/o/r/actions",
                      "https://github.com/o/r/actions/runs/12/job", "https://github.com/o/r/actions/runs/12/usage",
                      "https://evil.example/o/r/actions/runs/12", "https://github.com/settings/r/actions/runs/12",
                      "https://github.com/o/r/actions/runs/1234567890123456789012", "https://github.com/o/r/pull/3/checks"] {
            #expect(RunReference.link(other) == nil, "\(other)")
        }
    }

    @Test("A job's link: its run opened (read by its id), the job's log opened once the jobs are known; Esc, Esc runs onClose")
    func opensJob() async throws {
        let (presenter, service, dispatcher, _) = try S.make(S.script, height: 30)
        var closed = 0
        #expect(presenter.open(RunReference(owner: "sferik", name: "rails_admin", runID: 1, jobID: 11), onClose: { closed += 1 }))
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        #expect(presenter.state.run?.run.runNumber == 42)
        #expect(presenter.state.job?.job.id == 11)
        #expect(service.recorded.contains("log 11"))
        #expect(presenter.state.run?.rows[presenter.runDocument.cursor ?? 0] == .job(1))
        #expect(presenter.handle(.close))
        #expect(closed == 0)
        #expect(presenter.handle(.close))
        #expect(closed == 1)
        #expect(presenter.state.run == nil)
    }
}

/// A pull request's checks, each a link; followed, a GitHub Actions job's opens its run in the Actions tab.
@MainActor
@Suite("Actions: a pull request's checks")
struct PullRequestChecksTests {
    typealias S = ActionsSamples

    @Test("Listed under the counts, failed first, then pending, then passed; each a numbered link to its page, the body's links after them")
    func listed() throws {
        var pull = try JSONDecoder().decode(PullRequest.self, from: Fixtures.recordedBody(Fixtures.Name.pullRequest))
        pull.issue.body = "See [the docs](https://example.com/docs)."
        let actions = "https://github.com/octocat/Hello-World/actions/runs/5/job/"
        let checks = CheckRunsPage(totalCount: 4, checkRuns: [
            CheckRun(name: "build", status: "completed", conclusion: "success", detailsURL: actions + "1"),
            CheckRun(name: "lint\u{1B}[2J", status: "in_progress", detailsURL: nil, htmlURL: "https://github.com/octocat/Hello-World/runs/9"),
            CheckRun(name: "test 🧪", status: "completed", conclusion: "failure", detailsURL: actions + "3"),
            CheckRun(name: "ci/other", status: "completed", conclusion: "neutral", detailsURL: "javascript:alert(1)"),
        ])
        let changes = PullRequestChanges(files: .success(PullRequestFileList(files: [])), commits: .success([]), reviews: .success([]),
                                         checks: .success(checks))
        let rendered = IssueDetailRenderer.render(IssueThread(issue: pull.issue, pull: pull, changes: changes), width: 80,
                                                  now: S.now, labelsInColour: true)
        let text = IssueDetailRenderingTests.text(rendered, width: 80).split(separator: "\n").map(String.init)
        let first = try #require(text.firstIndex { $0.hasPrefix("Checks") })
        #expect(text[first].contains("2 passed · 1 failed · 1 pending"))
        #expect(text[first + 1].hasPrefix("          ✗ failure  test 🧪[1]"))
        #expect(text[first + 2].hasPrefix("          ● in progress  lint[2J[2]") || text[first + 2].contains("lint[2J[2]"))
        #expect(text[first + 3].hasPrefix("          ✓ success  build[3]"))
        #expect(text[first + 4].contains("ci/other") && !text[first + 4].contains("[4]"))
        #expect(rendered.links.map(\.url) == [actions + "3", "https://github.com/octocat/Hello-World/runs/9", actions + "1",
                                              "https://example.com/docs"])
        #expect(rendered.links.map(\.number) == [1, 2, 3, 4])
    }

    /// The repository view over run 1 of the samples (this repository's), on its Overview.
    func view() async throws -> (RepoDetailPresenter, SpyURLOpener, CollectingDispatcher) {
        let store = try SQLiteStore.inMemory()
        let dispatcher = CollectingDispatcher()
        let opener = SpyURLOpener(executables: ["/usr/bin/xdg-open"])
        let interactor = RepoDetailInteractor(
            repository: DetailSample.repository, service: CommitsGitHubService.detail(), store: store,
            sources: RepoDetailSources(historyStore: store, issues: nil, contentService: NoContentService(), contentStore: store,
                                       actions: (ScriptedActionsService(S.script), store)),
            opener: opener, clipboard: SpyClipboard(), cloner: SpyCloner(), environment: ["PATH": "/usr/bin"], now: { S.now })
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { S.now })
        presenter.viewDidChangeContentSize(width: 100, height: 30)
        presenter.viewDidLoad()
        await presenter.loadTask?.value
        dispatcher.runPending()
        return (presenter, opener, dispatcher)
    }

    @Test("A job's link of this repository: the Actions tab, the run, the job's log; Esc twice goes back to the tab it came from; another repository's run goes to the browser")
    func followed() async throws {
        let (presenter, opener, dispatcher) = try await view()
        presenter.links.follow("https://github.com/octocat/github-tui/actions/runs/1/job/11")
        #expect(presenter.tab == .actions)
        await S.settle(presenter.tabs.actionsTab, dispatcher)
        #expect(presenter.tabs.actionsTab.state.run?.run.runNumber == 42)
        #expect(presenter.tabs.actionsTab.state.job?.job.id == 11)
        presenter.handle(.close)
        #expect(presenter.tab == .actions)
        presenter.handle(.close)
        #expect(presenter.tab == .overview)
        presenter.links.follow("https://github.com/someone/else/actions/runs/1")
        await presenter.openTask?.value
        dispatcher.runPending()
        #expect(presenter.tab == .overview)
        #expect(opener.commands.last?.last == "https://github.com/someone/else/actions/runs/1")
    }
}
