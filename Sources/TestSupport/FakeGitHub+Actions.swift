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
            let items = state.withLock { state in
                (state.actions.runs[key] ?? []).compactMap { state.actions.stage(of: $0)?.run }
            }
            let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 30, 1), 100)
            return paged(items, perPage: perPage, path: path, extraQuery: [], request: request, bucket: "core") {
                Self.wrapped("workflow_runs", $0, total: items.count)
            }
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
