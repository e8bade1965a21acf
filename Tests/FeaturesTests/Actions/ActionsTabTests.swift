import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// The Actions tab: runs listed and paged, a run's jobs and steps, a job's log folded by step, its
/// keys, and the watch of a running run on an injected clock.
@MainActor
@Suite("Actions tab")
struct ActionsTabTests {
    typealias S = ActionsSamples

    @Test("Runs: state word and glyph, workflow, title, branch, event, actor, number, duration, age; hostile text made safe; paged and stored")
    func list() async throws {
        let (presenter, service, dispatcher, store) = try S.make(S.script)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        let lines = Glyphs.$override.withValue(.ascii) { S.text(presenter) }
        // Sequences in API text lose their ESC (the Sanitizer): what is left is plain, harmless text.
        // 100 columns: the age is clipped off this one.
        #expect(lines[0] == "* in progress  Deploy[2J[H  ]52;c;ZXZpbA==ship it  @ feature/ü  pull_request  @bot[bot]  #43  1m 30s")
        #expect(lines[1] == "x failure  CI  Fix the 日本語 parser 🚀  @ main  push  @octocat  #42  1m 05s  1 h ago")
        #expect(lines[2] == "+ success  Lint  Docs  @ main  schedule  @octocat  #41  20s  1 d ago")
        #expect(service.recorded == ["runs sferik/rails_admin", "runs page 1"])
        #expect(try store.workflowRuns(repositoryID: 7)?.runs.map(\.id) == [2, 1, 3])
        #expect(presenter.frameWindow().position == "1/3")
    }

    @Test("Offline (every request fails): the stored runs, with their age and the failure")
    func offline() async throws {
        let store = try SQLiteStore.inMemory()
        try store.saveWorkflowRuns([S.failed], next: nil, repositoryID: 7, fetchedAt: S.at(-600))
        var script = S.script
        script.runsError = .network
        let (presenter, _, dispatcher, _) = try S.make(script, store: store)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        let lines = Glyphs.$override.withValue(.ascii) { S.text(presenter) }
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("x failure  CI"))
        #expect(lines[1].hasPrefix("(Could not load the workflow runs"))
    }

    @Test("Enter opens a run: its head, jobs with durations, steps with outcomes; Esc goes back")
    func run() async throws {
        let (presenter, service, dispatcher, _) = try S.make(S.script, height: 20)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        #expect(presenter.handle(.scrollDown))
        #expect(presenter.handle(.confirm))
        await S.settle(presenter, dispatcher)
        let lines = S.text(presenter)
        #expect(lines[0] == "✗ failure  CI  Fix the 日本語 parser 🚀")
        #expect(lines[1] == "run #42 · attempt 2 · by @octocat · re-run by @hubot · ⌥ main · push · 1m 05s · 1 h ago")
        #expect(lines[3] == "Jobs")
        #expect(lines[4] == "  ✓ success  build  20s")
        #expect(lines[5] == "      ✓ 1. Set up job  1s")
        #expect(lines[7] == "  ✗ failure  test 🧪  6s")
        #expect(lines[9] == "      ✗ 2. Run tests  failure  4s")
        // A completed run is not watched.
        #expect(presenter.state.run?.watchInterval == nil)
        #expect(service.recorded.suffix(2) == ["run 1", "jobs 1"])
        #expect(presenter.handle(.close))
        #expect(presenter.state.run == nil)
        #expect(!presenter.handle(.close))
    }

    /// The tab with run 1 open and the cursor on job `test`, its log opened.
    func openTestLog(height: Int = 30, store: SQLiteStore? = nil) async throws
        -> (ActionsTabPresenter, ScriptedActionsService, CollectingDispatcher) {
        let (presenter, service, dispatcher, _) = try S.make(S.script, store: store, height: height)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.scrollDown)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        for _ in 0..<7 { _ = presenter.handle(.scrollDown) }
        #expect(presenter.state.run?.rows[presenter.runDocument.cursor ?? 0] == .job(1))
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        return (presenter, service, dispatcher)
    }

    @Test("A job's log: steps folded, the failing one open with its groups folded; colours and markers drawn")
    func log() async throws {
        let (presenter, service, _) = try await openTestLog()
        #expect(service.recorded.last == "log 11")
        let lines = S.text(presenter)
        #expect(lines == [
            "▸ ✓ success Set up job  1s",
            "▾ ✗ failure Run tests  4s  1 errors  1 warnings",
            "  ▸ Run swift test",
            "    /usr/bin/swift test",
            "    ✔ Test parser passed 日本語",
            "    click ✘ Test emoji 🚀 failed",
            "    Warning: Node.js 16 actions are deprecated.",
            "    Error: Process completed with exit code 1.",
            "▸ ✓ success Complete job  1s",
        ])
        // The cursor starts on the failing step.
        #expect(presenter.logDocument.cursor == 1)
        // The log's own colours: the command line dim, the failure red, the error marked red and bold.
        guard case .markdown(let failedLine) = presenter.frameWindow().lines[5] else { Issue.record("not a styled line"); return }
        #expect(failedLine.spans.contains { $0.text.contains("Test emoji") && $0.style.foreground == .red })
        guard case .markdown(let command) = presenter.frameWindow().lines[3] else { return }
        #expect(command.spans.contains { $0.text.contains("/usr/bin/swift") && $0.style.attributes.contains(.dim) })
    }

    @Test("A finished job's log fetched is stored once shown; opened again, it is read from the store, not asked for")
    func logStoredAfterShown() async throws {
        let store = try SQLiteStore.inMemory()
        let (first, service, _) = try await openTestLog(store: store)
        #expect(service.recorded.last == "log 11")
        #expect(first.logSaveTask != nil)
        let stored = try #require(try store.jobLog(jobID: 11))
        #expect(String(decoding: stored, as: UTF8.self).contains("Process completed with exit code 1."))
        let (again, otherService, _) = try await openTestLog(store: store)
        #expect(!otherService.recorded.contains("log 11"))
        #expect(S.text(again) == S.text(first))
    }

    @Test("A long log: its first screen from its first lines (the rest said to be loading), then the whole in its place, the cursor kept")
    func longLogFirstLinesThenWhole() async throws {
        // The failing step starts early; 30,000 lines after it (over the first screen's 1 MiB read from the
        // store), the error at the very end.
        let lines = (0..<30_000).map { "\(S.stamp(3)) \u{1B}[32mok\u{1B}[0m test \($0)" }
        let log = ([S.stamp(0) + " Current runner version", S.stamp(1) + " ##[group]Run swift test", S.stamp(1) + " ##[endgroup]"]
                   + lines + [S.stamp(4) + " ##[error]Process completed with exit code 1.", S.stamp(6) + " Cleaning up"])
            .joined(separator: "\n")
        var script = S.script
        script.logs[11] = Data(log.utf8)
        let (presenter, _, dispatcher, store) = try S.make(script, height: 30)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.scrollDown)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        for _ in 0..<7 { _ = presenter.handle(.scrollDown) }
        _ = presenter.handle(.confirm)
        // The first lines arrive: shown, the whole still being read.
        await presenter.logTask?.value
        dispatcher.runPending()
        let first = try #require(presenter.state.job?.log)
        #expect(first.isFirstLines && first.count == RepositoryActions.firstScreenLines)
        #expect(presenter.logTask != nil)
        let firstScreen = S.text(presenter)
        #expect(firstScreen[1].hasPrefix("▾ ✗ failure Run tests"))
        #expect(firstScreen.contains("    ok test 0"))
        #expect(firstScreen.last == "(loading the log…)")
        #expect(presenter.logDocument.cursor == 1)
        // The reader moves down meanwhile; the whole takes the first lines' place with the cursor where it was.
        for _ in 0..<5 { _ = presenter.handle(.scrollDown) }
        let cursorRow = try #require(presenter.state.job?.rows[presenter.logDocument.cursor ?? 0])
        await S.settle(presenter, dispatcher)
        let whole = try #require(presenter.state.job?.log)
        #expect(!whole.isFirstLines && whole.count == 30_005)
        #expect(presenter.state.job?.rows[presenter.logDocument.cursor ?? 0] == cursorRow)
        #expect(S.text(presenter).last != "(loading the log…)")
        #expect(S.text(presenter)[1].contains("1 errors"))
        // Stored once, whole.
        #expect(try store.jobLog(jobID: 11) == Data(log.utf8))
        let shown = S.text(presenter)

        // Opened again: the stored log's first screen read from its first bytes alone, then the whole.
        _ = presenter.handle(.close)
        _ = presenter.handle(.confirm)
        await presenter.logTask?.value
        dispatcher.runPending()
        let stored = try #require(presenter.state.job?.log)
        #expect(stored.isFirstLines && stored.bytes.count == RepositoryActions.firstScreenBytes)
        #expect(S.text(presenter).last == "(loading the log…)")
        await S.settle(presenter, dispatcher)
        #expect(presenter.state.job?.log?.count == 30_005)
        #expect(S.text(presenter)[1] == shown[1])
    }

    @Test("Space and Enter fold and unfold; ] and [ go to the errors, unfolding them; t shows times; y copies plain text")
    func logKeys() async throws {
        let (presenter, _, _) = try await openTestLog()
        let copied = CopyRecorder()
        presenter.copy = { copied.choices.append($0) }
        // Space on the failing step folds it: three rows.
        #expect(presenter.handle(.toggleFold))
        #expect(presenter.state.job?.rows.count == 3)
        // Enter on the first step unfolds it, with its group folded.
        #expect(presenter.handle(.scrollUp))
        #expect(presenter.handle(.confirm))
        let lines = S.text(presenter)
        #expect(lines.prefix(3) == ["▾ ✓ success Set up job  1s", "    Current runner version: '2.311.0'", "  ▸ Operating System"])
        // ] jumps to the warning, then the error, unfolding their step; [ goes back; wraps.
        #expect(presenter.handle(.nextFile))
        let cursor = try #require(presenter.logDocument.cursor)
        #expect(presenter.state.job?.rows[cursor] == .line(10, nested: false))
        #expect(presenter.handle(.nextFile))
        #expect(presenter.state.job?.rows[presenter.logDocument.cursor ?? 0] == .line(11, nested: false))
        #expect(presenter.handle(.nextFile))
        #expect(presenter.state.job?.rows[presenter.logDocument.cursor ?? 0] == .line(10, nested: false))
        #expect(presenter.handle(.previousFile))
        #expect(presenter.state.job?.rows[presenter.logDocument.cursor ?? 0] == .line(11, nested: false))
        // y: the line's text, without colour codes or the marker.
        #expect(presenter.handle(.copy))
        #expect(copied.choices.map(\.text) == ["Process completed with exit code 1."])
        // t: each line starts with its time of day.
        #expect(presenter.handle(.toggleTimestamps))
        let timed = S.text(presenter)
        #expect(timed.contains { $0.hasPrefix("21:13:24     Error: Process completed") })
        // Esc: back to the run.
        #expect(presenter.handle(.close))
        #expect(presenter.state.job == nil && presenter.state.run != nil)
    }

    @Test("/ searches the log's unfolded lines; Esc clears the search before it closes the log")
    func logSearch() async throws {
        let (presenter, _, _) = try await openTestLog()
        #expect(presenter.handle(.startSearch))
        #expect(presenter.handle(.editSearch(.insert("emoji"))))
        #expect(presenter.handle(.submitSearch))
        #expect(presenter.logDocument.matches.count == 1)
        #expect(presenter.handle(.close))
        #expect(presenter.state.job != nil && !presenter.logDocument.hasQuery)
    }

    @Test("Enter on a step opens the log on that step")
    func logOnStep() async throws {
        let (presenter, _, dispatcher, _) = try S.make(S.script, height: 30)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.scrollDown)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        for _ in 0..<8 { _ = presenter.handle(.scrollDown) }
        #expect(presenter.state.run?.rows[presenter.runDocument.cursor ?? 0] == .step(job: 1, step: 0))
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        #expect(presenter.state.job?.folds.openSections == [0, 1])
    }

    @Test("A job still running: no log is asked for, the note says when it comes")
    func logNotDone() async throws {
        var script = S.script
        var running = S.test
        running.state = .inProgress
        script.jobStages[1] = [[S.build, running]]
        let (presenter, service, dispatcher, _) = try S.make(script, height: 30)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.scrollDown)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        for _ in 0..<7 { _ = presenter.handle(.scrollDown) }
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        #expect(!service.recorded.contains("log 11"))
        #expect(S.text(presenter).last == "(The log comes when the job finishes (GitHub has no live log))")
    }
}

/// What `y` copied.
@MainActor
final class CopyRecorder {
    var choices: [CopyChoice] = []
}

/// `X` on an open run: a menu naming what each request does; Enter sends it; without a token, why not.
@MainActor
@Suite("Actions: re-run and cancel")
struct ActionsRequestTests {
    typealias S = ActionsSamples

    @Test("A failed run: re-run it, its failed jobs, or the job at the cursor; Enter sends the one chosen and reads the run again")
    func rerun() async throws {
        let (presenter, service, dispatcher, _) = try S.make(S.script, height: 20)
        let host = ActionsWatchTests.HostSpy()
        presenter.host = host
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.scrollDown)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        for _ in 0..<7 { _ = presenter.handle(.scrollDown) }
        #expect(presenter.handle(.toggleOpen))
        #expect(presenter.requestMenu?.items == ["Re-run every job of run #42", "Re-run the failed jobs of run #42", "Re-run the job test 🧪"])
        // Esc: nothing sent.
        #expect(presenter.handle(.close))
        #expect(presenter.requestMenu == nil && presenter.state.run != nil)
        #expect(presenter.handle(.toggleOpen))
        #expect(presenter.handle(.scrollDown))
        #expect(presenter.handle(.confirm))
        for _ in 0..<4 {
            try await Task.sleep(for: .milliseconds(20))
            await S.settle(presenter, dispatcher)
        }
        #expect(service.recorded.contains("post rerunFailedJobs(runID: 1)"))
        #expect(!service.recorded.contains("post rerun(runID: 1)"))
        #expect(host.statuses.contains("Re-run the failed jobs of run #42: GitHub accepted it (201)"))
        #expect(service.recorded.filter { $0 == "run 1" }.count == 2)
    }

    @Test("A running run can only be cancelled; without a token nothing opens and the status says why")
    func cancelAndToken() async throws {
        let (presenter, _, dispatcher, _) = try S.make(S.script, height: 20)
        presenter.didAppear()
        await S.settle(presenter, dispatcher)
        _ = presenter.handle(.confirm)
        await S.settle(presenter, dispatcher)
        #expect(presenter.handle(.toggleOpen))
        #expect(presenter.requestMenu?.items == ["Cancel run #43"])

        let service = ScriptedActionsService(S.script)
        let store = try SQLiteStore.inMemory()
        let other = CollectingDispatcher()
        let actions = RepositoryActions(repository: FilesTabPresenterTests.repository, service: service, store: store,
                                        isAuthenticated: false, now: { S.now })
        let anonymous = ActionsTabPresenter(actions: actions, dispatcher: other, scheduler: ManualScheduler(), now: { S.now })
        let host = ActionsWatchTests.HostSpy()
        anonymous.host = host
        anonymous.layout(width: 100, height: 20)
        anonymous.didAppear()
        await S.settle(anonymous, other)
        _ = anonymous.handle(.confirm)
        await S.settle(anonymous, other)
        #expect(anonymous.handle(.toggleOpen))
        #expect(anonymous.requestMenu == nil)
        #expect(host.statuses.last == "Re-running and cancelling need a token: set GH_TOKEN or run gh auth login")
    }
}
