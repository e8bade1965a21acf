import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// The use cases below the Actions tab, for one repository: its runs as stored, then page by page
/// from GitHub (only through `Link`), the pages read so far stored together; a run's jobs (stored,
/// then asked conditionally); one run asked again while it is watched; a job's log (a finished job's
/// stored for good, and read offline), parsed off the UI thread; the run requests.
struct RepositoryActions: Sendable {
    private let repository: Repository
    private let service: any ActionsService
    private let store: any ActionsStore
    private let now: @Sendable () -> Date
    /// A token is set: re-runs and cancelling can be asked for.
    let isAuthenticated: Bool

    /// Pages of a run's jobs read at most (100 a page).
    static let maximumJobPages = 10

    init(repository: Repository, service: any ActionsService, store: any ActionsStore, isAuthenticated: Bool = true,
         now: @escaping @Sendable () -> Date) {
        self.isAuthenticated = isAuthenticated
        self.repository = repository
        self.service = service
        self.store = store
        self.now = now
    }

    /// The runs stored under `filter` (each filter its own list: a filtered list is never shown as the
    /// whole, nor the other way).
    func storedRuns(filter: RunFilter = RunFilter()) -> StoredRuns? {
        try? store.workflowRuns(repositoryID: repository.id, filter: filter.key)
    }

    /// The first page under `filter` (`next` nil) or the page a `Link` named; `before` are the runs
    /// already shown, stored with the page's not among them, under the filter's key.
    func fetchRuns(filter: RunFilter = RunFilter(), next: URL?, before: [WorkflowRun]) async throws -> Page<WorkflowRun> {
        let page = if let next {
            try await service.workflowRuns(page: next)
        } else {
            try await service.workflowRuns(ownerLogin: repository.ownerLogin, repository: repository.name, filter: filter)
        }
        try Task.checkCancellation()
        let fresh = Dictionary(page.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<Int64>()
        let kept = before.map { fresh[$0.id] ?? $0 }.filter { seen.insert($0.id).inserted }
        let added = page.items.filter { seen.insert($0.id).inserted }
        try? store.saveWorkflowRuns(next == nil ? page.items : kept + added, next: page.next, repositoryID: repository.id,
                                    filter: filter.key, fetchedAt: now())
        return page
    }

    func storedJobs(runID: Int64) -> [WorkflowJob]? {
        try? store.runJobs(runID: runID)
    }

    /// A run's jobs (every page, up to `maximumJobPages`), stored.
    func fetchJobs(runID: Int64) async throws -> [WorkflowJob] {
        var page = try await service.runJobs(ownerLogin: repository.ownerLogin, repository: repository.name, runID: runID)
        var jobs = page.items
        var trail = PageTrail()
        var pages = 1
        while let next = trail.next(after: page), pages < Self.maximumJobPages {
            try Task.checkCancellation()
            page = try await service.runJobs(page: next)
            jobs += page.items
            pages += 1
        }
        try Task.checkCancellation()
        try? store.saveRunJobs(jobs, runID: runID, fetchedAt: now())
        return jobs
    }

    /// A watched run and its jobs, asked again (conditionally: unchanged answers are 304s).
    func refresh(runID: Int64) async throws -> (run: WorkflowRun, jobs: [WorkflowJob]) {
        let run = try await service.workflowRun(ownerLogin: repository.ownerLogin, repository: repository.name, id: runID).run
        let jobs = try await fetchJobs(runID: runID)
        return (run, jobs)
    }

    /// Re-runs or cancels (`WorkflowRunRequest`); GitHub's status.
    func send(_ request: WorkflowRunRequest) async throws -> Int {
        try await service.send(request, ownerLogin: repository.ownerLogin, repository: repository.name)
    }

    /// GitHub's latest word on the hour's requests (the watch backs off near the reserve).
    func rateLimit() -> RateLimit? {
        service.rateLimit(for: .core)
    }

    /// A job's log as read: parsed (its first lines, or the whole), its outline, the folds it opens with and
    /// their rows (all made off the UI thread), and the bytes fetched that are still to be stored.
    struct LoadedLog: Sendable {
        var log: JobLog
        var outline: LogOutline
        var folds: LogFolds
        var rows: [LogRow]
        /// Fetched for a finished job and not stored yet: kept (`saveLog`) once the log is shown.
        var toStore: Data?
        /// Read from the store (its first bytes only, when `log.isFirstLines`), not fetched.
        var isStored = false
    }

    /// Lines read for a log's first screen before the whole (the step it opens on must start within them).
    static let firstScreenLines = 2_000
    /// The most bytes read of a stored log for its first screen (2,000 lines of GitHub's are about 200 KB).
    static let firstScreenBytes = 1 << 20

    /// A job's log, opening on the failing step and on step `step` (by number): the stored one for a
    /// finished job, else GitHub's (to be stored, when the job finished, after it is shown). A long log
    /// comes as its first lines when the step it opens on starts early enough to fill `height` rows with
    /// them (`LoadedLog.log.isFirstLines`; `whole` reads the rest), else whole. A stored log's first lines
    /// are read without the rest. Runs off the UI thread.
    func log(for job: WorkflowJob, openingStep step: Int?, height: Int) async throws -> LoadedLog {
        let first: LoadedLog
        if job.state.isComplete, let stored = try? store.jobLog(jobID: job.id, firstBytes: Self.firstScreenBytes) {
            let isCutShort = stored.count == Self.firstScreenBytes
            first = loaded(JobLog.parse(stored, firstLines: Self.firstScreenLines, isCutShort: isCutShort), job: job,
                           openingStep: step, toStore: nil, isStored: true)
        } else {
            let bytes = try await service.jobLog(ownerLogin: repository.ownerLogin, repository: repository.name, jobID: job.id)
            try Task.checkCancellation()
            first = loaded(JobLog.parse(bytes, firstLines: Self.firstScreenLines), job: job, openingStep: step,
                           toStore: job.state.isComplete ? bytes : nil)
        }
        guard first.log.isFirstLines else { return first }
        // The first screen: the step opened starts within the lines read, with a screen of them after it.
        let opened = first.folds.openSections.map { first.outline.sections[$0].lines.lowerBound }.min() ?? 0
        if opened + height < first.log.count { return first }
        try Task.checkCancellation()
        return try await whole(first, job: job, openingStep: step)
    }

    /// The whole log after its first lines (`first`), with the folds it opened with: the bytes fetched, or
    /// the stored log read whole (fetched again should it have gone from the store meanwhile).
    func whole(_ first: LoadedLog, job: WorkflowJob, openingStep step: Int?) async throws -> LoadedLog {
        var bytes = first.log.bytes
        var toStore = first.toStore
        if first.isStored {
            if let stored = try? store.jobLog(jobID: job.id) {
                bytes = stored
            } else {
                bytes = try await service.jobLog(ownerLogin: repository.ownerLogin, repository: repository.name, jobID: job.id)
                toStore = job.state.isComplete ? bytes : nil
            }
        }
        return loaded(JobLog.parse(bytes), job: job, openingStep: step, toStore: toStore)
    }

    private func loaded(_ log: JobLog, job: WorkflowJob, openingStep step: Int?, toStore: Data?, isStored: Bool = false) -> LoadedLog {
        let outline = LogOutline(log: log, steps: job.steps, now: now())
        let folds = LogFolds(outline: outline, steps: job.steps, opening: step)
        return LoadedLog(log: log, outline: outline, folds: folds, rows: JobLogDocument.rows(log, outline: outline, folds: folds),
                         toStore: toStore, isStored: isStored)
    }

    /// Keeps a finished job's log fetched (`LoadedLog.toStore`); a failure to store costs only a fetch later.
    func saveLog(_ bytes: Data, jobID: Int64) {
        try? store.saveJobLog(bytes, jobID: jobID, storedAt: now())
    }
}
