import Foundation
import GitHubAPI
import GitHubEntities
import Locking

/// The `ActionsService` fake for tests: every answer scripted, every call recorded as a line ("runs o/r",
/// "runs o/r FILTER" with `RunFilter.key`, "runs page N", "run ID", "jobs ID", "log ID", "post PATH").
public final class ScriptedActionsService: ActionsService {
    public struct Script: Sendable {
        /// Runs page by page; page N links to N+1 (`https://api.test/runs/N`).
        public var runPages: [[WorkflowRun]] = [[]]
        /// The first page under a filter (by `RunFilter.key`); a filter not here: `runPages`' first
        /// page narrowed by branch, event and status as GitHub would.
        public var filteredRuns: [String: [WorkflowRun]] = [:]
        public var runsError: GitHubError?
        /// What successive reads of a run answer (the last for good); a run not here is 404.
        public var runStages: [Int64: [WorkflowRun]] = [:]
        /// Jobs by run, per stage of the run (the stage of its last read).
        public var jobStages: [Int64: [[WorkflowJob]]] = [:]
        public var jobsError: GitHubError?
        /// Logs by job id; any other is 404.
        public var logs: [Int64: Data] = [:]
        /// What `rateLimit(for:)` says.
        public var rateLimit: RateLimit?
        /// The status the run requests answer.
        public var postStatus = 201

        public init(runPages: [[WorkflowRun]] = [[]]) { self.runPages = runPages }
    }

    public let script: Mutex<Script>
    public let calls = Mutex<[String]>([])
    private let reads = Mutex<[Int64: Int]>([:])

    public init(_ script: Script = Script()) { self.script = Mutex(script) }

    /// The calls so far.
    public var recorded: [String] { calls.withLock { $0 } }

    private func record(_ call: String) { calls.withLock { $0.append(call) } }
    private var current: Script { script.withLock { $0 } }

    private func page(_ index: Int) throws -> Page<WorkflowRun> {
        if let error = current.runsError { throw error }
        let pages = current.runPages
        guard pages.indices.contains(index) else { throw GitHubError.notFound }
        return Page(items: pages[index], next: index + 1 < pages.count ? URL(string: "https://api.test/runs/\(index + 1)") : nil)
    }

    public func workflowRuns(ownerLogin: String, repository: String, filter: RunFilter) async throws -> Page<WorkflowRun> {
        record("runs \(ownerLogin)/\(repository)" + (filter.isEmpty ? "" : " " + filter.key))
        guard !filter.isEmpty else { return try page(0) }
        if let error = current.runsError { throw error }
        if let runs = current.filteredRuns[filter.key] { return Page(items: runs) }
        return Page(items: try page(0).items.filter { run in
            filter.branch.map { $0 == run.branch } ?? true && filter.event.map { $0 == run.event } ?? true
                && filter.status.map { Self.words(run.state).contains($0) } ?? true
                && filter.workflow.map { $0 == run.workflowID.map(String.init) } ?? true
        })
    }

    /// The words GitHub's `status` parameter matches a run by: its status, its conclusion.
    private static func words(_ state: WorkflowState) -> [String] {
        let data = (try? JSONEncoder().encode(WorkflowRun(id: 0, state: state))) ?? Data()
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return [object?["status"] as? String, object?["conclusion"] as? String].compactMap { $0 }
    }

    public func workflowRuns(page url: URL) async throws -> Page<WorkflowRun> {
        let index = Int(url.lastPathComponent) ?? -1
        record("runs page \(index)")
        return try page(index)
    }

    private func stage(_ id: Int64) -> Int { max(0, reads.withLock { $0[id] ?? 1 } - 1) }

    public func workflowRun(ownerLogin: String, repository: String, id: Int64) async throws -> (run: WorkflowRun, notModified: Bool) {
        record("run \(id)")
        guard let stages = current.runStages[id], !stages.isEmpty else { throw GitHubError.notFound }
        let read = reads.withLock { reads -> Int in
            reads[id, default: 0] += 1
            return reads[id]!
        }
        let index = min(read - 1, stages.count - 1)
        // Unchanged since the read before: what a conditional request answers with a 304.
        let unchanged = read > 1 && stages[index] == stages[min(read - 2, stages.count - 1)]
        return (stages[index], unchanged)
    }

    public func runJobs(ownerLogin: String, repository: String, runID: Int64) async throws -> Page<WorkflowJob> {
        record("jobs \(runID)")
        if let error = current.jobsError { throw error }
        let stages = current.jobStages[runID] ?? [[]]
        return Page(items: stages[min(stage(runID), stages.count - 1)])
    }

    public func runJobs(page: URL) async throws -> Page<WorkflowJob> {
        record("jobs page")
        return Page(items: [])
    }

    public func jobLog(ownerLogin: String, repository: String, jobID: Int64) async throws -> Data {
        record("log \(jobID)")
        guard let log = current.logs[jobID] else { throw GitHubError.notFound }
        return log
    }

    public func send(_ request: WorkflowRunRequest, ownerLogin: String, repository: String) async throws -> Int {
        record("post \(request)")
        return current.postStatus
    }

    public func rateLimit(for bucket: RateLimitBucket) -> RateLimit? { current.rateLimit }
}
