import Foundation

/// Where a workflow run, job or step stands: GitHub's `status` and, once completed, its `conclusion`
/// read as one value. Unknown words are kept (`other`), never a reason to reject the object.
public enum WorkflowState: Sendable, Hashable {
    case queued, waiting, pending, requested, inProgress
    case success, failure, cancelled, skipped, timedOut, actionRequired, neutral, stale, startupFailure
    /// A status or conclusion GitHub added after this was written (as GitHub wrote it).
    case other(String)

    /// From the API's `status` and `conclusion` (the conclusion counts only once completed).
    public init(status: String?, conclusion: String?) {
        switch status ?? "" {
        case "queued": self = .queued
        case "waiting": self = .waiting
        case "pending": self = .pending
        case "requested": self = .requested
        case "in_progress": self = .inProgress
        case "completed":
            switch conclusion ?? "" {
            case "success": self = .success
            case "failure": self = .failure
            case "cancelled": self = .cancelled
            case "skipped": self = .skipped
            case "timed_out": self = .timedOut
            case "action_required": self = .actionRequired
            case "neutral": self = .neutral
            case "stale": self = .stale
            case "startup_failure": self = .startupFailure
            case let other: self = .other(other.isEmpty ? "completed" : other)
            }
        case let other: self = .other(other)
        }
    }

    /// Finished: nothing about it changes any more (a watched run stops being asked for).
    public var isComplete: Bool {
        switch self {
        case .queued, .waiting, .pending, .requested, .inProgress: false
        case .other(let word): word == "completed"
        default: true
        }
    }

    /// Finished badly: the step a log opens on, the jobs a re-run of failed jobs would run.
    public var isFailure: Bool {
        switch self {
        case .failure, .timedOut, .startupFailure, .cancelled: true
        default: false
        }
    }

    /// The API's words back (`status`, `conclusion`), for storing in the API's shape.
    var apiWords: (status: String, conclusion: String?) {
        switch self {
        case .queued: ("queued", nil)
        case .waiting: ("waiting", nil)
        case .pending: ("pending", nil)
        case .requested: ("requested", nil)
        case .inProgress: ("in_progress", nil)
        case .success: ("completed", "success")
        case .failure: ("completed", "failure")
        case .cancelled: ("completed", "cancelled")
        case .skipped: ("completed", "skipped")
        case .timedOut: ("completed", "timed_out")
        case .actionRequired: ("completed", "action_required")
        case .neutral: ("completed", "neutral")
        case .stale: ("completed", "stale")
        case .startupFailure: ("completed", "startup_failure")
        case .other(let word): (word, nil)
        }
    }
}

/// One run of a workflow, as `GET /repos/{o}/{r}/actions/runs` lists it. Decoded tolerantly (only
/// `id` is required); written back in the API's shape (the store keeps runs so).
public struct WorkflowRun: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    /// The workflow's name ("CI").
    public var workflowName: String
    /// The workflow's id (its runs: `…/actions/workflows/{id}/runs`); nil where GitHub did not say.
    public var workflowID: Int64?
    /// What the run is about: a commit's first line, a pull request's title (`display_title`).
    public var title: String
    public var branch: String
    public var headSHA: String
    public var event: String
    public var state: WorkflowState
    public var runNumber: Int
    public var attempt: Int
    /// Who started the run, and who started this attempt (a re-run) when GitHub says.
    public var actor: String
    public var triggeringActor: String
    public var createdAt: Date?
    public var startedAt: Date?
    public var updatedAt: Date?
    public var htmlURL: String?

    public init(id: Int64, workflowName: String = "", title: String = "", branch: String = "", headSHA: String = "",
                event: String = "", state: WorkflowState = .queued, runNumber: Int = 0, attempt: Int = 1,
                actor: String = "", triggeringActor: String = "", createdAt: Date? = nil, startedAt: Date? = nil,
                updatedAt: Date? = nil, htmlURL: String? = nil, workflowID: Int64? = nil) {
        self.id = id
        self.workflowName = workflowName
        self.workflowID = workflowID
        self.title = title
        self.branch = branch
        self.headSHA = headSHA
        self.event = event
        self.state = state
        self.runNumber = runNumber
        self.attempt = attempt
        self.actor = actor
        self.triggeringActor = triggeringActor
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.updatedAt = updatedAt
        self.htmlURL = htmlURL
    }

    /// How long the run took (to its last update once complete; to `now` while it runs); nil without
    /// a start.
    public func duration(now: Date) -> TimeInterval? {
        guard let start = startedAt ?? createdAt else { return nil }
        let end = state.isComplete ? (updatedAt ?? start) : now
        return max(0, end.timeIntervalSince(start))
    }
}

/// One job of a run (`GET …/actions/runs/{id}/jobs`), with its steps.
public struct WorkflowJob: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var runID: Int64
    public var attempt: Int
    public var name: String
    public var state: WorkflowState
    public var startedAt: Date?
    public var completedAt: Date?
    public var steps: [WorkflowStep]
    public var runnerName: String
    public var htmlURL: String?

    public init(id: Int64, runID: Int64 = 0, attempt: Int = 1, name: String = "", state: WorkflowState = .queued,
                startedAt: Date? = nil, completedAt: Date? = nil, steps: [WorkflowStep] = [], runnerName: String = "",
                htmlURL: String? = nil) {
        self.id = id
        self.runID = runID
        self.attempt = attempt
        self.name = name
        self.state = state
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.steps = steps
        self.runnerName = runnerName
        self.htmlURL = htmlURL
    }

    /// How long the job took (to `now` while it runs); nil before it started.
    public func duration(now: Date) -> TimeInterval? {
        WorkflowStep.span(startedAt, completedAt, complete: state.isComplete, now: now)
    }
}

/// One step of a job.
public struct WorkflowStep: Sendable, Equatable, Hashable {
    public var number: Int
    public var name: String
    public var state: WorkflowState
    public var startedAt: Date?
    public var completedAt: Date?

    public init(number: Int, name: String, state: WorkflowState = .queued, startedAt: Date? = nil, completedAt: Date? = nil) {
        self.number = number
        self.name = name
        self.state = state
        self.startedAt = startedAt
        self.completedAt = completedAt
    }

    /// How long the step took (to `now` while it runs); nil before it started.
    public func duration(now: Date) -> TimeInterval? {
        Self.span(startedAt, completedAt, complete: state.isComplete, now: now)
    }

    static func span(_ start: Date?, _ end: Date?, complete: Bool, now: Date) -> TimeInterval? {
        guard let start else { return nil }
        let end = end ?? (complete ? start : now)
        return max(0, end.timeIntervalSince(start))
    }
}

/// A page of runs or jobs: GitHub wraps each list in an object with its total.
public struct WorkflowRunsPage: Sendable, Decodable {
    public var totalCount: Int
    public var runs: [WorkflowRun]

    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count", runs = "workflow_runs"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = max(0, ((try? c.decodeIfPresent(Int.self, forKey: .totalCount)) ?? nil) ?? 0)
        runs = try c.decode(LenientList<WorkflowRun>.self, forKey: .runs).items
    }
}

/// A page of a run's jobs.
public struct WorkflowJobsPage: Sendable, Decodable {
    public var totalCount: Int
    public var jobs: [WorkflowJob]

    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count", jobs
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = max(0, ((try? c.decodeIfPresent(Int.self, forKey: .totalCount)) ?? nil) ?? 0)
        jobs = try c.decode(LenientList<WorkflowJob>.self, forKey: .jobs).items
    }
}

// MARK: - Coding in the API's shape

private struct Login: Codable {
    var login: String?
}

extension WorkflowRun: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, event, status, conclusion, actor
        case title = "display_title", branch = "head_branch", headSHA = "head_sha", runNumber = "run_number"
        case attempt = "run_attempt", triggeringActor = "triggering_actor", createdAt = "created_at"
        case startedAt = "run_started_at", updatedAt = "updated_at", htmlURL = "html_url", workflowID = "workflow_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? c.decodeIfPresent(String.self, forKey: key)) ?? nil }
        func number(_ key: CodingKeys) -> Int? { (try? c.decodeIfPresent(Int.self, forKey: key)) ?? nil }
        func login(_ key: CodingKeys) -> String { ((try? c.decodeIfPresent(Login.self, forKey: key)) ?? nil)?.login ?? "" }
        id = try c.decode(Int64.self, forKey: .id)
        workflowName = text(.name) ?? ""
        workflowID = (try? c.decodeIfPresent(Int64.self, forKey: .workflowID)) ?? nil
        title = text(.title) ?? ""
        branch = text(.branch) ?? ""
        headSHA = text(.headSHA) ?? ""
        event = text(.event) ?? ""
        state = WorkflowState(status: text(.status), conclusion: text(.conclusion))
        runNumber = max(0, number(.runNumber) ?? 0)
        attempt = max(1, number(.attempt) ?? 1)
        actor = login(.actor)
        triggeringActor = login(.triggeringActor)
        createdAt = GitHubDate.parse(text(.createdAt))
        startedAt = GitHubDate.parse(text(.startedAt))
        updatedAt = GitHubDate.parse(text(.updatedAt))
        htmlURL = text(.htmlURL)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let words = state.apiWords
        try c.encode(id, forKey: .id)
        try c.encode(workflowName, forKey: .name)
        try c.encodeIfPresent(workflowID, forKey: .workflowID)
        try c.encode(title, forKey: .title)
        try c.encode(branch, forKey: .branch)
        try c.encode(headSHA, forKey: .headSHA)
        try c.encode(event, forKey: .event)
        try c.encode(words.status, forKey: .status)
        try c.encodeIfPresent(words.conclusion, forKey: .conclusion)
        try c.encode(runNumber, forKey: .runNumber)
        try c.encode(attempt, forKey: .attempt)
        try c.encode(Login(login: actor), forKey: .actor)
        try c.encode(Login(login: triggeringActor), forKey: .triggeringActor)
        try c.encodeIfPresent(createdAt.map(GitHubDate.formatUTC), forKey: .createdAt)
        try c.encodeIfPresent(startedAt.map(GitHubDate.formatUTC), forKey: .startedAt)
        try c.encodeIfPresent(updatedAt.map(GitHubDate.formatUTC), forKey: .updatedAt)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
    }
}

extension WorkflowJob: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, status, conclusion, steps
        case runID = "run_id", attempt = "run_attempt", startedAt = "started_at", completedAt = "completed_at"
        case runnerName = "runner_name", htmlURL = "html_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? c.decodeIfPresent(String.self, forKey: key)) ?? nil }
        id = try c.decode(Int64.self, forKey: .id)
        runID = ((try? c.decodeIfPresent(Int64.self, forKey: .runID)) ?? nil) ?? 0
        attempt = max(1, ((try? c.decodeIfPresent(Int.self, forKey: .attempt)) ?? nil) ?? 1)
        name = text(.name) ?? ""
        state = WorkflowState(status: text(.status), conclusion: text(.conclusion))
        startedAt = GitHubDate.parse(text(.startedAt))
        completedAt = GitHubDate.parse(text(.completedAt))
        steps = ((try? c.decodeIfPresent(LenientList<WorkflowStep>.self, forKey: .steps)) ?? nil)?.items ?? []
        runnerName = text(.runnerName) ?? ""
        htmlURL = text(.htmlURL)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let words = state.apiWords
        try c.encode(id, forKey: .id)
        try c.encode(runID, forKey: .runID)
        try c.encode(attempt, forKey: .attempt)
        try c.encode(name, forKey: .name)
        try c.encode(words.status, forKey: .status)
        try c.encodeIfPresent(words.conclusion, forKey: .conclusion)
        try c.encodeIfPresent(startedAt.map(GitHubDate.formatUTC), forKey: .startedAt)
        try c.encodeIfPresent(completedAt.map(GitHubDate.formatUTC), forKey: .completedAt)
        try c.encode(steps, forKey: .steps)
        try c.encode(runnerName, forKey: .runnerName)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
    }
}

extension WorkflowStep: Codable {
    private enum CodingKeys: String, CodingKey {
        case number, name, status, conclusion
        case startedAt = "started_at", completedAt = "completed_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? c.decodeIfPresent(String.self, forKey: key)) ?? nil }
        number = try c.decode(Int.self, forKey: .number)
        name = text(.name) ?? ""
        state = WorkflowState(status: text(.status), conclusion: text(.conclusion))
        startedAt = GitHubDate.parse(text(.startedAt))
        completedAt = GitHubDate.parse(text(.completedAt))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let words = state.apiWords
        try c.encode(number, forKey: .number)
        try c.encode(name, forKey: .name)
        try c.encode(words.status, forKey: .status)
        try c.encodeIfPresent(words.conclusion, forKey: .conclusion)
        try c.encodeIfPresent(startedAt.map(GitHubDate.formatUTC), forKey: .startedAt)
        try c.encodeIfPresent(completedAt.map(GitHubDate.formatUTC), forKey: .completedAt)
    }
}
