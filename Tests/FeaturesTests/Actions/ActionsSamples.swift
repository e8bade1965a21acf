import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import TestSupport
@testable import Features

/// Runs, jobs and a log for the Actions tab's tests: wide and hostile text where GitHub passes it on.
enum ActionsSamples {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static func at(_ seconds: Double) -> Date { now.addingTimeInterval(seconds) }

    static let failed = WorkflowRun(id: 1, workflowName: "CI", title: "Fix the 日本語 parser 🚀", branch: "main", event: "push",
                                    state: .failure, runNumber: 42, attempt: 2, actor: "octocat", triggeringActor: "hubot",
                                    createdAt: at(-3_600), startedAt: at(-3_600), updatedAt: at(-3_535))
    static let running = WorkflowRun(id: 2, workflowName: "Deploy\u{1B}[2J\u{1B}[H", title: "\u{1B}]52;c;ZXZpbA==\u{07}ship it",
                                     branch: "feature/ü", event: "pull_request", state: .inProgress, runNumber: 43,
                                     actor: "bot[bot]", createdAt: at(-90), startedAt: at(-90), updatedAt: at(-30))
    static let succeeded = WorkflowRun(id: 3, workflowName: "Lint", title: "Docs", branch: "main", event: "schedule",
                                       state: .success, runNumber: 41, actor: "octocat", createdAt: at(-86_400),
                                       startedAt: at(-86_400), updatedAt: at(-86_380))

    static let base = at(-3_600)
    static func step(_ number: Int, _ name: String, _ state: WorkflowState, _ start: Double, _ end: Double) -> WorkflowStep {
        WorkflowStep(number: number, name: name, state: state, startedAt: base.addingTimeInterval(start),
                     completedAt: base.addingTimeInterval(end))
    }

    static let build = WorkflowJob(id: 10, runID: 1, name: "build", state: .success, startedAt: base, completedAt: base.addingTimeInterval(20),
                                   steps: [step(1, "Set up job", .success, 0, 1), step(2, "Compile", .success, 1, 20)])
    static let test = WorkflowJob(id: 11, runID: 1, name: "test 🧪", state: .failure, startedAt: base, completedAt: base.addingTimeInterval(6),
                                  steps: [step(1, "Set up job", .success, 0, 1), step(2, "Run tests", .failure, 1, 5),
                                          step(3, "Complete job", .success, 5, 6)])

    /// A stamp `seconds` after the job started.
    static func stamp(_ seconds: Int) -> String {
        String(GitHubDate.formatUTC(base.addingTimeInterval(Double(seconds))).dropLast()) + ".1234567Z"
    }

    static let testLog: String = [
        "\u{FEFF}\(stamp(0)) Current runner version: '2.311.0'",
        "\(stamp(0)) ##[group]Operating System",
        "\(stamp(0)) Ubuntu 22.04",
        "\(stamp(0)) ##[endgroup]",
        "\(stamp(1)) ##[group]Run swift test",
        "\(stamp(1)) \u{1B}[36;1mswift test --parallel\u{1B}[0m",
        "\(stamp(1)) ##[endgroup]",
        "\(stamp(2)) [command]/usr/bin/swift test",
        "\(stamp(3)) \u{1B}[32m✔\u{1B}[0m Test parser passed 日本語",
        "\(stamp(3)) \u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\ \u{1B}[2J\u{1B}[31m✘ Test emoji 🚀 failed\u{1B}[0m",
        "\(stamp(4)) ##[warning]Node.js 16 actions are deprecated.",
        "\(stamp(4)) ##[error]Process completed with exit code 1.",
        "\(stamp(6)) Cleaning up orphan processes",
    ].joined(separator: "\r\n") + "\r\n"

    /// The tab over a scripted service and an in-memory store.
    @MainActor
    static func make(_ script: ScriptedActionsService.Script, store: SQLiteStore? = nil, scheduler: ManualScheduler = ManualScheduler(),
                     width: Int = 100, height: Int = 12) throws
        -> (ActionsTabPresenter, ScriptedActionsService, CollectingDispatcher, SQLiteStore) {
        let service = ScriptedActionsService(script)
        let store = try store ?? SQLiteStore.inMemory()
        let dispatcher = CollectingDispatcher()
        let actions = RepositoryActions(repository: FilesTabPresenterTests.repository, service: service, store: store, now: { now })
        let presenter = ActionsTabPresenter(actions: actions, dispatcher: dispatcher, scheduler: scheduler, now: { now })
        presenter.layout(width: width, height: height)
        return (presenter, service, dispatcher, store)
    }

    static var script: ScriptedActionsService.Script {
        var script = ScriptedActionsService.Script(runPages: [[running, failed], [succeeded]])
        script.runStages = [1: [failed], 2: [running], 3: [succeeded]]
        script.jobStages = [1: [[build, test]], 3: [[]]]
        script.logs = [11: Data(testLog.utf8)]
        return script
    }

    /// Runs the background calls in flight and their completions until none is left.
    @MainActor
    static func settle(_ presenter: ActionsTabPresenter, _ dispatcher: CollectingDispatcher) async {
        for _ in 0..<8 {
            await presenter.pageTask?.value
            await presenter.jobsTask?.value
            await presenter.logTask?.value
            await presenter.logSaveTask?.value
            dispatcher.runPending()
        }
    }

    /// The window's lines as text (trailing blanks trimmed).
    @MainActor
    static func text(_ presenter: ActionsTabPresenter) -> [String] {
        presenter.frameWindow().lines.map { line in
            switch line {
            case .markdown(let styled): String(styled.text.reversed().drop { $0 == " " }.reversed())
            case .note(let text, _): "(" + text + ")"
            default: "?"
            }
        }
    }
}
