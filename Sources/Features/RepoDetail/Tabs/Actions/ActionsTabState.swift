import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The Actions tab as a value: the runs read so far (stored first, then GitHub's pages) and the
/// selection; the run opened with Enter (its jobs, whether it is watched); the job whose log is open
/// (the log parsed, its outline and folds, the rows shown). The presenter's document panes scroll the
/// run and the log.
struct ActionsTabState {
    var runs = ListLoad<WorkflowRun>()
    var viewport = Viewport()
    /// What the list is narrowed to (each filter its own list), and its field while it is edited.
    var filter = RunsFilter()
    var filterField: TextField?
    /// Counts the lists loaded: an answer for a list left meanwhile (another filter) is dropped.
    var generation = 0
    var run: OpenRun?
    var job: OpenJob?

    struct OpenRun: Equatable {
        var run: WorkflowRun
        var jobs: [WorkflowJob] = []
        var isLoading = true
        var failure: GitHubError?
        /// The wait before the run is asked again while it is watched; nil when it is not.
        var watchInterval: Duration?
        /// Said once the watched run completed.
        var finished = false
        /// The row each line of the run's document stands for.
        var rows: [RunRow] = []
        /// The job whose log opens once the jobs are read (a link named it).
        var pendingJob: Int64?
        /// `X`'s menu: what can be asked of the run (each naming what it does), the one selected.
        var requests: [RunRequestChoice]?
        var selectedRequest = 0
    }

    /// One entry of `X`'s menu.
    struct RunRequestChoice: Equatable {
        var label: String
        var request: WorkflowRunRequest
    }

    /// A line of the open run: its head, a job, or one of a job's steps.
    enum RunRow: Equatable {
        case head
        case job(Int)
        case step(job: Int, step: Int)
    }

    struct OpenJob: Equatable {
        var job: WorkflowJob
        /// The step the log opens on (chosen in the run), by number.
        var step: Int?
        var log: JobLog?
        var outline: LogOutline?
        var folds = LogFolds()
        var rows: [LogRow] = []
        var isLoading = true
        var failure: GitHubError?
        var timestamps = false
        /// The log line a search started at (`/` pressed), the query whose matching lines are known,
        /// and those lines (`JobLogDocument.matchingLines`).
        var searchFrom: Int?
        var searchQuery: String?
        var searchLines: [Int] = []
    }

    var selected: WorkflowRun? { runs.list[safe: viewport.selection] }

    mutating func move(by delta: Int) {
        viewport.select(viewport.selection + delta, count: runs.list.count)
    }

    mutating func resize(rows: Int) {
        viewport.resize(to: rows)
        viewport.ensureVisible(count: runs.list.count)
    }

    /// Another list (a filter set or cleared): empty and loading, the selection at the top.
    mutating func restartList() {
        runs.restart()
        viewport.reset()
    }

    mutating func clamp() {
        viewport.select(min(viewport.selection, max(0, runs.list.count - 1)), count: runs.list.count)
    }

    /// A run read again (watched, or a page listed it): its row and the open run follow.
    mutating func update(_ run: WorkflowRun) {
        runs.replace(run)
        if self.run?.run.id == run.id { self.run?.run = run }
    }

    /// The log arrived, parsed, with the folds it opens with and their rows (`RepositoryActions.LoadedLog`).
    mutating func showLog(_ loaded: RepositoryActions.LoadedLog) {
        guard var job else { return }
        job.log = loaded.log
        job.outline = loaded.outline
        job.folds = loaded.folds
        job.rows = loaded.rows
        job.isLoading = false
        job.failure = nil
        self.job = job
    }

    /// Folds or unfolds the step or group of row `row`; false when the row is a line of the log.
    mutating func toggleFold(at row: Int) -> Bool {
        guard var job, let log = job.log, let outline = job.outline, job.rows.indices.contains(row) else { return false }
        switch job.rows[row] {
        case .section(let index):
            if job.folds.openSections.remove(index) == nil { job.folds.openSections.insert(index) }
        case .group(_, let header):
            if job.folds.openGroups.remove(header) == nil { job.folds.openGroups.insert(header) }
        case .line:
            return false
        }
        job.rows = JobLogDocument.rows(log, outline: outline, folds: job.folds)
        self.job = job
        return true
    }

    /// The row of the next (or previous) error or warning after row `row`, unfolded; nil when none.
    mutating func problem(after row: Int, forward: Bool) -> Int? {
        guard let job, let log = job.log, let outline = job.outline else { return nil }
        let line = job.rows.indices.contains(row) ? Self.line(of: job.rows[row], outline: outline) : -1
        guard let target = JobLogDocument.problem(in: log, after: line, forward: forward) else { return nil }
        return reveal(target)
    }

    /// Log line `line` shown (its step and group unfolded): the row that shows it (a group's header
    /// line is its group's row); nil without a log.
    mutating func reveal(_ line: Int) -> Int? {
        guard var job, let log = job.log, let outline = job.outline else { return nil }
        job.folds = JobLogDocument.reveal(line, outline: outline, folds: job.folds)
        job.rows = JobLogDocument.rows(log, outline: outline, folds: job.folds)
        self.job = job
        return job.rows.firstIndex { row in
            switch row {
            case .line(let index, _): index == line
            case .group(_, let header): header == line
            case .section: false
            }
        }
    }

    /// The log line a row stands at (a step's header: the line before its first).
    static func line(of row: LogRow, outline: LogOutline) -> Int {
        switch row {
        case .line(let index, _): index
        case .group(_, let header): header
        case .section(let index): outline.sections[index].lines.lowerBound - 1
        }
    }
}
