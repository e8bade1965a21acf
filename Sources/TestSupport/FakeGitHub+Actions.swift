import Foundation

/// The fake's GitHub Actions: each run a list of stages (what it answers on successive reads, so an
/// in-progress run completes on its own), its jobs per stage, job logs, and re-run/cancel requests.
struct FakeActions {
    struct Stage {
        var run: Data
        var jobs: [Data]
    }

    /// Run ids per "owner/repo", newest first.
    var runs: [String: [Int64]] = [:]
    var stages: [Int64: [Stage]] = [:]
    /// Reads of each run so far (`GET …/actions/runs/{id}`): the stage served is the read's number.
    var reads: [Int64: Int] = [:]
    /// Logs by job id (plain text), served from `/_actions-logs/{id}` behind a redirect.
    var logs: [Int64: Data] = [:]
    /// Where `…/jobs/{id}/logs` redirects (another origin: the token must not follow); nil: this server.
    var logHost: URL?

    func stage(of id: Int64) -> Stage? {
        guard let list = stages[id], !list.isEmpty else { return nil }
        return list[min(max(0, (reads[id] ?? 1) - 1), list.count - 1)]
    }
}

extension FakeGitHub {
    /// Serves `GET path` for the Actions routes and the re-run/cancel POSTs; nil for any other path.
    func actionsRoute(_ request: RecordedRequest, path: String) -> Response? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if parts.count == 2, parts[0] == "_actions-logs", let id = Int64(parts[1]) {
            guard let log = state.withLock({ $0.actions.logs[id] }) else { return error(404, "Not Found", docs: "") }
            return Response(status: 200, headers: ["Content-Type": "text/plain; charset=utf-8"], body: log)
        }
        guard parts.count >= 5, parts[0] == "repos", parts[3] == "actions" else { return nil }
        let key = "\(parts[1])/\(parts[2])".lowercased()
        let rest = Array(parts[4...])
        if request.method == "POST" { return actionsPost(request, rest: rest) }
        switch rest.count {
        case 1 where rest[0] == "runs":
            return runsList(request, key: key, path: path, workflow: nil)
        case 3 where rest[0] == "workflows" && rest[2] == "runs":
            return runsList(request, key: key, path: path, workflow: rest[1])
        case 2 where rest[0] == "runs":
            guard let id = Int64(rest[1]) else { return nil }
            let run = state.withLock { state -> Data? in
                guard state.actions.stages[id] != nil else { return nil }
                state.actions.reads[id, default: 0] += 1
                return state.actions.stage(of: id)?.run
            }
            return run.map { ok($0, request: request, bucket: "core") }
        case 3 where rest[0] == "runs" && rest[2] == "jobs":
            guard let id = Int64(rest[1]), let jobs = state.withLock({ $0.actions.stage(of: id)?.jobs }) else { return nil }
            return ok(Self.wrapped("jobs", jobs, total: jobs.count), request: request, bucket: "core")
        case 3 where rest[0] == "jobs" && rest[2] == "logs":
            guard let id = Int64(rest[1]), state.withLock({ $0.actions.logs[id] != nil }) else { return nil }
            let host = state.withLock { $0.actions.logHost?.absoluteString ?? $0.baseURL }
            return Response(status: 302, headers: ["Location": "\(host)/_actions-logs/\(id)", "Content-Type": "text/html"])
        default:
            return nil
        }
    }

    /// A repository's runs (or one workflow's: its id, or its file name as the run's `path` ends), narrowed
    /// by `branch`, `event` and `status` (a status or a conclusion) as GitHub narrows them, paged.
    private func runsList(_ request: RecordedRequest, key: String, path: String, workflow: String?) -> Response {
        let filters = ["branch": "head_branch", "event": "event"].compactMap { name, field in
            request.query[name].map { (field, $0) }
        }
        let status = request.query["status"]
        let items = state.withLock { state in
            (state.actions.runs[key] ?? []).compactMap { state.actions.stage(of: $0)?.run }
        }.filter { data in
            guard let run = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return false }
            if let workflow {
                let id = (run["workflow_id"] as? NSNumber).map { "\($0.int64Value)" }
                let file = (run["path"] as? String)?.split(separator: "/").last.map(String.init)
                guard workflow == id || workflow == file else { return false }
            }
            if let status, run["status"] as? String != status, run["conclusion"] as? String != status { return false }
            return filters.allSatisfy { field, value in run[field] as? String == value }
        }
        let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 30, 1), 100)
        let kept = ["branch", "event", "status"].compactMap { name in request.query[name].map { (name, $0) } }
        return paged(items, perPage: perPage, path: path, extraQuery: kept, request: request, bucket: "core") {
            Self.wrapped("workflow_runs", $0, total: items.count)
        }
    }

    /// `POST …/actions/runs/{id}/rerun` and `rerun-failed-jobs` (201), `…/jobs/{id}/rerun` (201),
    /// `…/runs/{id}/cancel` (202, or 409 once the run completed); 403 without a token, as GitHub answers.
    private func actionsPost(_ request: RecordedRequest, rest: [String]) -> Response {
        guard request.header("authorization") != nil else {
            return error(403, "Must have admin rights to Repository.", docs: "https://docs.github.com/rest/actions/workflow-runs")
        }
        switch (rest.count, rest.first, rest.last) {
        case (3, "runs", "rerun"), (3, "runs", "rerun-failed-jobs"), (3, "jobs", "rerun"):
            return Response(status: 201, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data("{}".utf8))
        case (3, "runs", "cancel"):
            guard let id = Int64(rest[1]) else { break }
            let complete = state.withLock { state -> Bool in
                guard let run = state.actions.stage(of: id)?.run,
                      let object = (try? JSONSerialization.jsonObject(with: run)) as? [String: Any] else { return false }
                return object["status"] as? String == "completed"
            }
            if complete { return error(409, "Cannot cancel a workflow run that is completed.", docs: "") }
            return Response(status: 202, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data("{}".utf8))
        default:
            break
        }
        return error(404, "Not Found", docs: "https://docs.github.com/rest")
    }

    static func wrapped(_ name: String, _ items: [Data], total: Int) -> Data {
        var body = Data("{\"total_count\":\(total),\"\(name)\":".utf8)
        body.append(jsonArray(items))
        body.append(Data("}".utf8))
        return body
    }
}

extension FakeGitHubServer {
    /// Serves a run of `owner/repo` (listed newest first in the order added, each call putting its run
    /// first): `stages` are what successive reads of the run (`GET …/actions/runs/{id}`) answer, the
    /// last one for good — the list shows the stage of the last read. Each stage's run is an encoded
    /// run object, its jobs encoded job objects.
    public func addWorkflowRun(owner: String, repo: String, stages: [(run: Data, jobs: [Data])]) {
        guard let first = stages.first,
              let object = (try? JSONSerialization.jsonObject(with: first.run)) as? [String: Any],
              let id = (object["id"] as? NSNumber)?.int64Value else { return }
        core.state.withLock { state in
            state.actions.runs["\(owner)/\(repo)".lowercased(), default: []].insert(id, at: 0)
            state.actions.stages[id] = stages.map { FakeActions.Stage(run: $0.run, jobs: $0.jobs) }
        }
    }

    /// Serves job `id`'s log: `…/actions/jobs/{id}/logs` redirects to `/_actions-logs/{id}` on `host`
    /// (another server, so that the token must not follow) or on this server.
    public func addJobLog(id: Int64, text: Data, host: URL? = nil) {
        core.state.withLock { state in
            state.actions.logs[id] = text
            if let host { state.actions.logHost = host }
        }
    }
}

extension FakeGitHubServer {
    /// Made-up runs for `owner/repo` (not recorded; the first run's shape is octokit.rb's recorded run):
    /// a completed success, a failure whose `test` job has a log with colours, groups, a warning and an
    /// error, and a run in progress that completes on its own after three reads. For `fake-github
    /// --actions` and the end-to-end tests.
    public func addSampleActions(owner: String, repo: String) {
        let recorded = Fixtures.interactions(Fixtures.Name.actionsRunsAndJobs)
        let page = (try? JSONSerialization.jsonObject(with: recorded[0].body)) as? [String: Any]
        let template = ((page?["workflow_runs"] as? [[String: Any]])?.first) ?? [:]
        let now = Date()
        func stamp(_ seconds: Double) -> String { ISO8601DateFormatter().string(from: now.addingTimeInterval(seconds)) }
        func run(_ id: Int64, _ name: String, _ title: String, status: String, conclusion: String?, number: Int,
                 started: Double, updated: Double) -> Data {
            var run = template
            run["id"] = id
            run["name"] = name
            run["workflow_id"] = ["Lint": 11, "CI": 12, "Deploy": 13][name] ?? 10
            run["path"] = ".github/workflows/\(name.lowercased()).yml"
            run["display_title"] = title
            run["head_branch"] = name == "Lint" ? "docs" : "main"
            run["event"] = "push"
            run["status"] = status
            run["conclusion"] = conclusion ?? NSNull()
            run["run_number"] = number
            run["actor"] = ["login": owner]
            run["triggering_actor"] = ["login": owner]
            run["created_at"] = stamp(started)
            run["run_started_at"] = stamp(started)
            run["updated_at"] = stamp(updated)
            return Fixtures.encode(run)
        }
        func step(_ number: Int, _ name: String, _ conclusion: String?, _ start: Double, _ end: Double?) -> [String: Any] {
            ["number": number, "name": name, "status": conclusion == nil ? "in_progress" : "completed",
             "conclusion": conclusion ?? NSNull(), "started_at": stamp(start), "completed_at": end.map(stamp) ?? NSNull()]
        }
        func job(_ id: Int64, run: Int64, _ name: String, _ conclusion: String?, _ steps: [[String: Any]], start: Double,
                 end: Double?) -> Data {
            Fixtures.encode(["id": id, "run_id": run, "name": name, "status": conclusion == nil ? "in_progress" : "completed",
                             "conclusion": conclusion ?? NSNull(), "started_at": stamp(start),
                             "completed_at": end.map(stamp) ?? NSNull(), "steps": steps, "runner_name": "GitHub Actions 4"])
        }
        let base = -7_200.0
        addWorkflowRun(owner: owner, repo: repo, stages: [(run(101, "Lint", "Update README", status: "completed",
                                                                conclusion: "success", number: 7, started: base - 86_400,
                                                                updated: base - 86_380),
                                                            [job(1_001, run: 101, "lint", "success", [step(1, "Set up job", "success", base - 86_400, base - 86_399)],
                                                                 start: base - 86_400, end: base - 86_380)])])
        let failing = [step(1, "Set up job", "success", base, base + 1), step(2, "Run tests", "failure", base + 1, base + 5),
                       step(3, "Complete job", "success", base + 5, base + 6)]
        addWorkflowRun(owner: owner, repo: repo, stages: [(run(102, "CI", "Fix the parser 🚀", status: "completed",
                                                                conclusion: "failure", number: 8, started: base, updated: base + 65),
                                                            [job(1_002, run: 102, "build", "success",
                                                                 [step(1, "Set up job", "success", base, base + 1), step(2, "Compile", "success", base + 1, base + 20)],
                                                                 start: base, end: base + 20),
                                                             job(1_003, run: 102, "test", "failure", failing, start: base, end: base + 6)])])
        let lines = [
            (0, "Current runner version: '2.311.0'"), (0, "##[group]Operating System"), (0, "Ubuntu 22.04"), (0, "##[endgroup]"),
            (1, "##[group]Run swift test"), (1, "\u{1B}[36;1mswift test --parallel\u{1B}[0m"), (1, "##[endgroup]"),
            (2, "[command]/usr/bin/swift test"), (3, "\u{1B}[32m✔\u{1B}[0m Test parser passed"),
            (3, "\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\u{1B}[31m✘ Test emoji failed\u{1B}[0m"),
            (4, "##[warning]Node.js 16 actions are deprecated."), (4, "##[error]Process completed with exit code 1."),
            (6, "Cleaning up orphan processes"),
        ]
        let log = lines.map { "\(stamp(base + Double($0.0)).dropLast()).1234567Z \($0.1)" }.joined(separator: "\n") + "\n"
        addJobLog(id: 1_003, text: Data(log.utf8))
        addJobLog(id: 1_002, text: Data("\(stamp(base).dropLast()).0000000Z Compiling…\n".utf8))
        let running = [step(1, "Set up job", "success", -20, -19), step(2, "Deploy", nil, -19, nil)]
        let done = [step(1, "Set up job", "success", -20, -19), step(2, "Deploy", "success", -19, 10)]
        let inProgress = run(103, "Deploy", "Ship it", status: "in_progress", conclusion: nil, number: 9, started: -20, updated: -5)
        addWorkflowRun(owner: owner, repo: repo, stages: [
            (inProgress, [job(1_004, run: 103, "deploy", nil, running, start: -20, end: nil)]),
            (inProgress, [job(1_004, run: 103, "deploy", nil, running, start: -20, end: nil)]),
            (inProgress, [job(1_004, run: 103, "deploy", nil, running, start: -20, end: nil)]),
            (run(103, "Deploy", "Ship it", status: "completed", conclusion: "success", number: 9, started: -20, updated: 10),
             [job(1_004, run: 103, "deploy", "success", done, start: -20, end: 10)]),
        ])
    }
}
