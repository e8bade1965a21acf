import Foundation
import GitHubEntities
import Testing
import TestSupport
@testable import Persistence

/// Workflow runs, jobs and finished jobs' logs: round trips, replacement, and the log bound.
@Suite("Actions store")
struct ActionsStoreTests {
    private static let recorded = Fixtures.interactions(Fixtures.Name.actionsRunsAndJobs)

    @Test func runsRoundTripAndAreReplaced() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.workflowRuns(repositoryID: 1) == nil)
        let runs = try JSONDecoder().decode(WorkflowRunsPage.self, from: Self.recorded[0].body).runs
        let running = WorkflowRun(id: 2, workflowName: "CI 日本語 🚀", state: .inProgress, startedAt: date(10))
        let next = URL(string: "https://api.github.com/repositories/1/actions/runs?page=2")
        try store.saveWorkflowRuns(runs + [running], next: next, repositoryID: 1, fetchedAt: date(50))
        #expect(try store.workflowRuns(repositoryID: 1) == StoredRuns(runs: runs + [running], next: next, fetchedAt: date(50)))
        try store.saveWorkflowRuns([running], next: nil, repositoryID: 1, fetchedAt: date(60))
        #expect(try store.workflowRuns(repositoryID: 1) == StoredRuns(runs: [running], next: nil, fetchedAt: date(60)))
        #expect(try store.workflowRuns(repositoryID: 2) == nil)
    }

    @Test("Each filter its own list; the whole list apart; at most maximumStoredRunFilters filtered lists, the oldest read going first")
    func runsByFilter() throws {
        let store = try SQLiteStore.inMemory()
        let whole = [WorkflowRun(id: 1, state: .failure), WorkflowRun(id: 2, state: .success)]
        try store.saveWorkflowRuns(whole, next: nil, repositoryID: 1, fetchedAt: date(1))
        try store.saveWorkflowRuns([whole[0]], next: nil, repositoryID: 1, filter: "runs?status=failure", fetchedAt: date(2))
        #expect(try store.workflowRuns(repositoryID: 1)?.runs == whole)
        #expect(try store.workflowRuns(repositoryID: 1, filter: "runs?status=failure")?.runs == [whole[0]])
        #expect(try store.workflowRuns(repositoryID: 1, filter: "runs?status=success") == nil)
        for index in 0..<SQLiteStore.maximumStoredRunFilters {
            try store.saveWorkflowRuns([], next: nil, repositoryID: 1, filter: "runs?branch=b\(index)", fetchedAt: date(10 + Double(index)))
        }
        #expect(try store.workflowRuns(repositoryID: 1, filter: "runs?status=failure") == nil)
        #expect(try store.workflowRuns(repositoryID: 1, filter: "runs?branch=b0") != nil)
        #expect(try store.workflowRuns(repositoryID: 1)?.runs == whole)
    }

    @Test func jobsRoundTrip() throws {
        let store = try SQLiteStore.inMemory()
        let jobs = try JSONDecoder().decode(WorkflowJobsPage.self, from: Self.recorded[1].body).jobs
        #expect(try store.runJobs(runID: 3) == nil)
        try store.saveRunJobs(jobs, runID: 3, fetchedAt: date(5))
        #expect(try store.runJobs(runID: 3) == jobs)
        try store.saveRunJobs([], runID: 3, fetchedAt: date(6))
        #expect(try store.runJobs(runID: 3) == [])
    }

    @Test func logsKeptUpToTheBoundOldestFirstOut() throws {
        let store = try SQLiteStore.inMemory()
        let bytes = Data("2024-01-01T00:00:00.0Z \u{1B}[31mred\u{0}\n".utf8)
        try store.saveJobLog(bytes, jobID: 1, storedAt: date(1))
        #expect(try store.jobLog(jobID: 1) == bytes)
        // Its first bytes alone (a long log's first screen), all of it when shorter, nil when none is stored.
        #expect(try store.jobLog(jobID: 1, firstBytes: 5) == bytes.prefix(5))
        #expect(try store.jobLog(jobID: 1, firstBytes: bytes.count + 100) == bytes)
        #expect(try store.jobLog(jobID: 12_345, firstBytes: 5) == nil)
        for id in 2...Int64(SQLiteStore.maximumStoredLogs + 1) {
            try store.saveJobLog(Data("log \(id)".utf8), jobID: id, storedAt: date(Double(id)))
        }
        #expect(try store.jobLog(jobID: 1) == nil)
        #expect(try store.jobLog(jobID: 2) == Data("log 2".utf8))
        #expect(try store.jobLog(jobID: Int64(SQLiteStore.maximumStoredLogs + 1)) != nil)
        // Past the byte bound a log is not stored.
        try store.saveJobLog(Data(count: SQLiteStore.maximumStoredLogBytes + 1), jobID: 999, storedAt: date(999))
        #expect(try store.jobLog(jobID: 999) == nil)
    }
}
