import Features
import Foundation
import GitHubAPI

/// The demo's GitHub Actions (SOURCES.md, "Generated depth"): every bundled repository has three runs —
/// a passing CI run, a failing test run whose log has groups, colours, a warning and an error, and a
/// deploy in progress that completes on its own after a few reads (as a watched run does) — with their
/// jobs, steps and logs. Generated, each saying so; dated back from the repository's last push (the deploy from the moment the demo opens).
extension DemoTransport {
    /// Reads of the deploy run after which it completes.
    static let demoRunReadsToComplete = 3

    /// The answer of `…/actions/…` (`tail` after `actions`), nil for a path it does not know. The runs
    /// list (also one workflow's, by id or file name) is narrowed by `branch`, `event` and `status` as
    /// GitHub narrows it.
    func actions(_ tail: [String], query: [URLQueryItem], of repository: DemoRepository) -> HTTPResponse? {
        let runs = Self.demoRuns(of: repository)
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        switch tail.count {
        case 1 where tail[0] == "runs", 3 where tail[0] == "workflows" && tail[2] == "runs":
            let workflow = tail.count == 3 ? tail[1] : nil
            let current = runs.map { run in run.id == runs[0].id ? deployRun(run, read: false) : run.json }.filter { run in
                if let workflow, workflow != "\(run["workflow_id"] ?? "")",
                   workflow != (run["path"] as? String)?.split(separator: "/").last.map(String.init) { return false }
                if let branch = value("branch"), run["head_branch"] as? String != branch { return false }
                if let event = value("event"), run["event"] as? String != event { return false }
                if let status = value("status"), run["status"] as? String != status, run["conclusion"] as? String != status { return false }
                return true
            }
            return Self.json(["total_count": current.count, "workflow_runs": current])
        case 2 where tail[0] == "runs":
            guard let run = runs.first(where: { "\($0.id)" == tail[1] }) else { return nil }
            return Self.json(run.id == runs[0].id ? deployRun(run, read: true) : run.json)
        case 3 where tail[0] == "runs" && tail[2] == "jobs":
            guard let run = runs.first(where: { "\($0.id)" == tail[1] }) else { return nil }
            let jobs = run.id == runs[0].id && !deployDone(run.id) ? run.runningJobs : run.jobs
            return Self.json(["total_count": jobs.count, "jobs": jobs])
        case 3 where tail[0] == "jobs" && tail[2] == "logs":
            guard let log = runs.lazy.compactMap({ $0.logs[tail[1]] }).first else { return nil }
            return HTTPResponse(statusCode: 200, headers: ["content-type": "text/plain; charset=utf-8"], body: Data(log.utf8))
        default:
            return nil
        }
    }

    /// The deploy run as its `read`-th ask sees it: in progress, then done.
    private func deployRun(_ run: DemoRun, read: Bool) -> [String: Any] {
        let reads = actionsReads.withLock { reads -> Int in
            if read { reads[run.id, default: 0] += 1 }
            return reads[run.id, default: 0]
        }
        return reads >= Self.demoRunReadsToComplete ? run.json : run.running
    }

    private func deployDone(_ id: Int64) -> Bool {
        actionsReads.withLock { $0[id, default: 0] } >= Self.demoRunReadsToComplete
    }

    /// One generated run: as it ends, and (the deploy) as it is while running.
    struct DemoRun {
        var id: Int64
        var json: [String: Any]
        var running: [String: Any]
        var jobs: [[String: Any]]
        var runningJobs: [[String: Any]]
        /// Logs by job id.
        var logs: [String: String]
    }

    static func demoRuns(of repository: DemoRepository) -> [DemoRun] {
        var random = DemoRandom(seed: "actions of \(repository.key)")
        let base = Int64(1_000_000 + abs(repository.key.hashValueStable % 900_000)) * 10
        let end = repository.pushedAt
        func stamp(_ seconds: Double) -> String { DemoFiles.iso(end.addingTimeInterval(seconds)) }
        let sha = (0..<5).map { _ in String(format: "%08x", random.next(below: 1 << 31)) }.joined()
        func run(_ id: Int64, name: String, title: String, event: String, status: String, conclusion: String?, number: Int,
                 start: Double, updated: Double) -> [String: Any] {
            ["id": id, "name": name, "workflow_id": ["CI": 1, "Tests": 2, "Deploy": 3][name] ?? 0,
             "path": ".github/workflows/\(name.lowercased()).yml",
             "display_title": title + " (made up for the demo)", "head_branch": repository.defaultBranch,
             "head_sha": sha, "event": event, "status": status, "conclusion": conclusion ?? NSNull(), "run_number": number,
             "run_attempt": 1, "actor": ["login": repository.owner], "triggering_actor": ["login": repository.owner],
             "created_at": stamp(start), "run_started_at": stamp(start), "updated_at": stamp(updated),
             "html_url": "https://github.com/\(repository.fullName)/actions/runs/\(id)"]
        }
        func step(_ number: Int, _ name: String, _ conclusion: String?, _ start: Double, _ finish: Double?) -> [String: Any] {
            ["number": number, "name": name, "status": conclusion == nil ? "in_progress" : "completed",
             "conclusion": conclusion ?? NSNull(), "started_at": stamp(start), "completed_at": finish.map(stamp) ?? NSNull()]
        }
        func job(_ id: Int64, run: Int64, _ name: String, _ conclusion: String?, _ steps: [[String: Any]], start: Double,
                 finish: Double?) -> [String: Any] {
            ["id": id, "run_id": run, "run_attempt": 1, "name": name, "status": conclusion == nil ? "in_progress" : "completed",
             "conclusion": conclusion ?? NSNull(), "started_at": stamp(start), "completed_at": finish.map(stamp) ?? NSNull(),
             "steps": steps, "runner_name": "GitHub Actions (demo)",
             "html_url": "https://github.com/\(repository.fullName)/actions/runs/\(run)/job/\(id)"]
        }
        func log(_ lines: [(Double, String)]) -> String {
            lines.map { "\(stamp($0.0).dropLast()).0000000Z \($0.1)" }.joined(separator: "\n") + "\n"
        }
        let language = repository.language ?? "code"

        // A passing CI run, a day before the last push.
        let ci = base + 1, ciJob = base * 10 + 1
        let ciSteps = [step(1, "Set up job", "success", -86_400, -86_398), step(2, "Check out", "success", -86_398, -86_395),
                       step(3, "Build", "success", -86_395, -86_330), step(4, "Complete job", "success", -86_330, -86_329)]
        let ciLog = log([(-86_400, "Made-up log (github-tui --demo)"), (-86_400, "##[group]Runner image"),
                         (-86_400, "Ubuntu 24.04"), (-86_399, "##[endgroup]"), (-86_398, "[command]/usr/bin/git checkout \(sha.prefix(7))"),
                         (-86_395, "##[group]Run make build"), (-86_395, "\u{1B}[36;1mmake build\u{1B}[0m"), (-86_395, "##[endgroup]"),
                         (-86_340, "\u{1B}[32m✔\u{1B}[0m built the \(language) sources"), (-86_330, "Cleaning up orphan processes")])
        let ciRun = DemoRun(id: ci, json: run(ci, name: "CI", title: "Build on push", event: "push", status: "completed",
                                              conclusion: "success", number: 41, start: -86_400, updated: -86_329),
                            running: [:], jobs: [job(ciJob, run: ci, "build", "success", ciSteps, start: -86_400, finish: -86_329)],
                            runningJobs: [], logs: ["\(ciJob)": ciLog])

        // A failing test run, an hour before the last push: the failing step opens, the others folded.
        let tests = base + 2, lint = base * 10 + 2, test = base * 10 + 3
        let testSteps = [step(1, "Set up job", "success", -3_600, -3_598), step(2, "Install", "success", -3_598, -3_560),
                         step(3, "Run tests", "failure", -3_560, -3_500), step(4, "Complete job", "success", -3_500, -3_499)]
        let testLog = log([(-3_600, "Made-up log (github-tui --demo)"), (-3_598, "##[group]Install dependencies"),
                           (-3_598, "[command]/usr/bin/make deps"), (-3_570, "fetched 42 packages"), (-3_560, "##[endgroup]"),
                           (-3_560, "##[group]Run make test"), (-3_560, "\u{1B}[36;1mmake test\u{1B}[0m"), (-3_560, "##[endgroup]"),
                           (-3_540, "\u{1B}[32m✔\u{1B}[0m parses a repository's name"),
                           (-3_530, "\u{1B}[32m✔\u{1B}[0m wide characters keep their width"),
                           (-3_520, "\u{1B}[1;31m✘ keeps the cursor on the row it was on\u{1B}[0m"),
                           (-3_519, "    expected 7, got 8"),
                           (-3_510, "##[warning]The cache was not restored: the key changed."),
                           (-3_500, "##[error]Process completed with exit code 1."),
                           (-3_499, "Cleaning up orphan processes")])
        let testRun = DemoRun(id: tests, json: run(tests, name: "Tests", title: "Keep the cursor where it was", event: "pull_request",
                                                   status: "completed", conclusion: "failure", number: 42, start: -3_600, updated: -3_499),
                              running: [:],
                              jobs: [job(lint, run: tests, "lint", "success", [step(1, "Set up job", "success", -3_600, -3_599),
                                                                             step(2, "Lint", "success", -3_599, -3_580)],
                                         start: -3_600, finish: -3_580),
                                     job(test, run: tests, "test", "failure", testSteps, start: -3_600, finish: -3_499)],
                              runningJobs: [],
                              logs: ["\(lint)": log([(-3_600, "Made-up log (github-tui --demo)"), (-3_580, "no lint warnings")]),
                                     "\(test)": testLog])

        // A deploy started 20 s before the demo was opened (the one date taken from the clock: a running
        // run's duration counts to now), done after a few reads.
        let live = Date().timeIntervalSince(end).rounded(.down) - 20
        let deploy = base + 3, deployJob = base * 10 + 4
        let deployLog = log([(live, "Made-up log (github-tui --demo)"), (live, "##[group]Run ./deploy"), (live + 1, "[command]./deploy --to demo"),
                             (live + 1, "##[endgroup]"), (live + 30, "\u{1B}[32mdeployed\u{1B}[0m")])
        let deployRun = DemoRun(
            id: deploy,
            json: run(deploy, name: "Deploy", title: "Deploy \(repository.defaultBranch)", event: "workflow_dispatch",
                      status: "completed", conclusion: "success", number: 43, start: live, updated: live + 31),
            running: run(deploy, name: "Deploy", title: "Deploy \(repository.defaultBranch)", event: "workflow_dispatch",
                         status: "in_progress", conclusion: nil, number: 43, start: live, updated: live + 5),
            jobs: [job(deployJob, run: deploy, "deploy", "success", [step(1, "Set up job", "success", live, live + 1), step(2, "Deploy", "success", live + 1, live + 31)],
                       start: live, finish: live + 31)],
            runningJobs: [job(deployJob, run: deploy, "deploy", nil, [step(1, "Set up job", "success", live, live + 1), step(2, "Deploy", nil, live + 1, nil)],
                              start: live, finish: nil)],
            logs: ["\(deployJob)": deployLog])
        return [deployRun, testRun, ciRun]
    }
}

private extension String {
    /// A hash that is the same in every run (Swift's `hashValue` is seeded per process).
    var hashValueStable: Int {
        var hash: UInt64 = 1_469_598_103_934_665_603
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return Int(hash % UInt64(Int.max))
    }
}
