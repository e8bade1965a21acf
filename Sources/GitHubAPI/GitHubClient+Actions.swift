import Foundation
import GitHubEntities

/// What can be asked of a run with a token: each a POST that GitHub answers 201 or 202.
public enum WorkflowRunRequest: Sendable, Equatable {
    /// POST …/actions/runs/{id}/rerun: every job again.
    case rerun(runID: Int64)
    /// POST …/actions/runs/{id}/rerun-failed-jobs: the failed jobs and what depends on them.
    case rerunFailedJobs(runID: Int64)
    /// POST …/actions/jobs/{id}/rerun: one job.
    case rerunJob(jobID: Int64)
    /// POST …/actions/runs/{id}/cancel.
    case cancel(runID: Int64)

    var path: String {
        switch self {
        case .rerun(let id): "actions/runs/\(id)/rerun"
        case .rerunFailedJobs(let id): "actions/runs/\(id)/rerun-failed-jobs"
        case .rerunJob(let id): "actions/jobs/\(id)/rerun"
        case .cancel(let id): "actions/runs/\(id)/cancel"
        }
    }
}

/// What a runs list is narrowed to: GitHub's `branch`, `status` and `event` parameters of
/// `GET …/actions/runs`, and one workflow's runs (`GET …/actions/workflows/{id}/runs`). Empty: every run.
public struct RunFilter: Sendable, Hashable {
    public var branch: String?
    /// A status or a conclusion, as GitHub spells it (`failure`, `in_progress`, `success`, `queued`…).
    public var status: String?
    public var event: String?
    /// A workflow's id or its file name (`ci.yml`).
    public var workflow: String?

    public init(branch: String? = nil, status: String? = nil, event: String? = nil, workflow: String? = nil) {
        self.branch = branch
        self.status = status
        self.event = event
        self.workflow = workflow
    }

    public var isEmpty: Bool { branch == nil && status == nil && event == nil && workflow == nil }

    /// The path after the repository's and the query, parameters in a fixed order: one list per filter
    /// (the store's key, "" for every run).
    public var key: String {
        guard !isEmpty else { return "" }
        var parts: [String] = []
        if let branch { parts.append("branch=" + GitHubClient.queryValue(branch)) }
        if let event { parts.append("event=" + GitHubClient.queryValue(event)) }
        if let status { parts.append("status=" + GitHubClient.queryValue(status)) }
        let path = workflow.map { "workflows/\(GitHubClient.segment($0))/runs" } ?? "runs"
        return parts.isEmpty ? path : path + "?" + parts.joined(separator: "&")
    }
}

/// What the Actions tab asks of GitHub: a repository's workflow runs, one run, its jobs and a job's
/// log, and (with a token) re-runs and cancelling. A protocol of its own, which `GitHubClient` conforms to.
public protocol ActionsService: Sendable {
    /// GET /repos/{o}/{r}/actions/runs?per_page=30 (newest first), conditional; narrowed by `filter`
    /// (a workflow's: …/actions/workflows/{id}/runs).
    func workflowRuns(ownerLogin: String, repository: String, filter: RunFilter) async throws -> Page<WorkflowRun>
    /// Follows a runs `Link` URL exactly as the server gave it.
    func workflowRuns(page: URL) async throws -> Page<WorkflowRun>
    /// GET /repos/{o}/{r}/actions/runs/{id}, conditional (a watched run: a 304 costs no rate limit with a
    /// token). The second value is true when GitHub answered 304.
    func workflowRun(ownerLogin: String, repository: String, id: Int64) async throws -> (run: WorkflowRun, notModified: Bool)
    /// GET /repos/{o}/{r}/actions/runs/{id}/jobs?per_page=100 (the latest attempt's), conditional.
    func runJobs(ownerLogin: String, repository: String, runID: Int64) async throws -> Page<WorkflowJob>
    /// Follows a jobs `Link` URL.
    func runJobs(page: URL) async throws -> Page<WorkflowJob>
    /// GET /repos/{o}/{r}/actions/jobs/{id}/logs: GitHub answers with a redirect to a short-lived
    /// address on another host, followed without the token (the transport's redirect policy). At most
    /// `GitHubClient.maximumLogBytes`; nothing kept in the validator cache (the caller stores it).
    func jobLog(ownerLogin: String, repository: String, jobID: Int64) async throws -> Data
    /// Sends one of the run requests (needs a token); returns GitHub's status (201, 202).
    func send(_ request: WorkflowRunRequest, ownerLogin: String, repository: String) async throws -> Int
    /// The latest rate-limit figures GitHub sent for `bucket` (a watched run backs off near the reserve).
    func rateLimit(for bucket: RateLimitBucket) -> RateLimit?
}

extension GitHubClient: ActionsService {
    /// The largest log read (a job's log past it is refused: open it on GitHub).
    public static let maximumLogBytes = 16 << 20
    /// The error for a log past `maximumLogBytes`.
    public static let logTooLarge = GitHubError.http(status: 0, message: "The log is larger than 16 MiB.")

    public func workflowRuns(ownerLogin: String, repository: String, filter: RunFilter) async throws -> Page<WorkflowRun> {
        let base = try repositoryPath(ownerLogin, repository)
        let key = filter.isEmpty ? "runs" : filter.key
        return try await runsPage(endpoint("\(base)/actions/\(key)\(key.contains("?") ? "&" : "?")per_page=30"))
    }

    public func workflowRuns(page: URL) async throws -> Page<WorkflowRun> {
        try Self.checkFollowable(page)
        return try await runsPage(page)
    }

    public func workflowRun(ownerLogin: String, repository: String, id: Int64) async throws -> (run: WorkflowRun, notModified: Bool) {
        let base = try repositoryPath(ownerLogin, repository)
        let fetched = try await get(endpoint("\(base)/actions/runs/\(id)"))
        return (try Self.decode(WorkflowRun.self, from: fetched.response.body), fetched.notModified)
    }

    public func runJobs(ownerLogin: String, repository: String, runID: Int64) async throws -> Page<WorkflowJob> {
        let base = try repositoryPath(ownerLogin, repository)
        return try await jobsPage(endpoint("\(base)/actions/runs/\(runID)/jobs?per_page=100"))
    }

    public func runJobs(page: URL) async throws -> Page<WorkflowJob> {
        try Self.checkFollowable(page)
        return try await jobsPage(page)
    }

    public func jobLog(ownerLogin: String, repository: String, jobID: Int64) async throws -> Data {
        let base = try repositoryPath(ownerLogin, repository)
        let url = try endpoint("\(base)/actions/jobs/\(jobID)/logs")
        do {
            let fetched = try await exchange(method: "GET", url: url, body: nil, keepsValidators: false,
                                             maximumBytes: Self.maximumLogBytes)
            return fetched.response.body
        } catch GitHubError.responseTooLarge {
            throw Self.logTooLarge
        }
    }

    public func send(_ request: WorkflowRunRequest, ownerLogin: String, repository: String) async throws -> Int {
        let base = try repositoryPath(ownerLogin, repository)
        guard configuration.token != nil else { throw GitHubError.unauthorized }
        let fetched = try await exchange(method: "POST", url: endpoint("\(base)/\(request.path)"), body: Data("{}".utf8))
        return fetched.response.statusCode
    }

    private func runsPage(_ url: URL) async throws -> Page<WorkflowRun> {
        let fetched = try await get(url)
        return fetched.page(try Self.decode(WorkflowRunsPage.self, from: fetched.response.body).runs, from: url)
    }

    private func jobsPage(_ url: URL) async throws -> Page<WorkflowJob> {
        let fetched = try await get(url)
        return fetched.page(try Self.decode(WorkflowJobsPage.self, from: fetched.response.body).jobs, from: url)
    }
}
