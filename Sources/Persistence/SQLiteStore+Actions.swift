import Foundation
import GitHubEntities
import GRDB
import GRDBSQLite

/// A repository's workflow runs as stored: the ones read so far, the page after them, and when.
public struct StoredRuns: Sendable, Equatable {
    public var runs: [WorkflowRun]
    public var next: URL?
    public var fetchedAt: Date

    public init(runs: [WorkflowRun], next: URL?, fetchedAt: Date) {
        self.runs = runs
        self.next = next
        self.fetchedAt = fetchedAt
    }
}

/// Workflow runs, their jobs and finished jobs' logs, readable offline. `SQLiteStore` is one; the
/// Actions tab needs only this.
public protocol ActionsStore: AnyObject, Sendable {
    /// The stored runs of a repository under `filter` (`RunFilter.key`; "" every run), nil when none
    /// were stored.
    func workflowRuns(repositoryID: Int64, filter: String) throws -> StoredRuns?
    /// Replaces the stored runs under `filter` (the pages read so far, and the `Link` of the next); a
    /// repository keeps at most `SQLiteStore.maximumStoredRunFilters` filtered lists besides the whole one.
    func saveWorkflowRuns(_ runs: [WorkflowRun], next: URL?, repositoryID: Int64, filter: String, fetchedAt: Date) throws
    /// A run's stored jobs, nil when none were stored.
    func runJobs(runID: Int64) throws -> [WorkflowJob]?
    func saveRunJobs(_ jobs: [WorkflowJob], runID: Int64, fetchedAt: Date) throws
    /// A finished job's stored log, nil when never stored.
    func jobLog(jobID: Int64) throws -> Data?
    /// The first `maximumBytes` of a finished job's stored log (all of it when shorter), read without
    /// the rest (a long log's first screen); nil when never stored.
    func jobLog(jobID: Int64, firstBytes maximumBytes: Int) throws -> Data?
    /// Keeps a finished job's log (at most `SQLiteStore.maximumStoredLogBytes`; the oldest logs go past
    /// `SQLiteStore.maximumStoredLogs`).
    func saveJobLog(_ bytes: Data, jobID: Int64, storedAt: Date) throws
}

extension ActionsStore {
    /// Every run (no filter).
    public func workflowRuns(repositoryID: Int64) throws -> StoredRuns? {
        try workflowRuns(repositoryID: repositoryID, filter: "")
    }

    public func saveWorkflowRuns(_ runs: [WorkflowRun], next: URL?, repositoryID: Int64, fetchedAt: Date) throws {
        try saveWorkflowRuns(runs, next: next, repositoryID: repositoryID, filter: "", fetchedAt: fetchedAt)
    }
}

extension SQLiteStore: ActionsStore {
    /// Filtered runs lists kept per repository (the one read longest ago goes first).
    public static let maximumStoredRunFilters = 20
    /// Logs kept: reading the 51st removes the one stored longest ago.
    public static let maximumStoredLogs = 50
    /// A log larger than this is not stored (it is shown, and fetched again next time).
    public static let maximumStoredLogBytes = 16 << 20

    public func workflowRuns(repositoryID: Int64, filter: String) throws -> StoredRuns? {
        let row = try withDatabase { try $0.read { db in
            try Row.fetchOne(db, sql: "SELECT body, next_url, fetched_at FROM actions_runs WHERE repository_id = ? AND filter = ?",
                             arguments: [repositoryID, filter])
        } }
        guard let row, let runs = try? JSONDecoder().decode([WorkflowRun].self, from: row["body"] as Data) else { return nil }
        let next: String? = row["next_url"]
        return StoredRuns(runs: runs, next: next.flatMap(URL.init(string:)),
                          fetchedAt: Rows.decodeDate(row["fetched_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
    }

    public func saveWorkflowRuns(_ runs: [WorkflowRun], next: URL?, repositoryID: Int64, filter: String, fetchedAt: Date) throws {
        let body = try JSONEncoder().encode(runs)
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO actions_runs (repository_id, filter, body, next_url, fetched_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(repository_id, filter) DO UPDATE SET
                    body = excluded.body, next_url = excluded.next_url, fetched_at = excluded.fetched_at
                """, arguments: [repositoryID, filter, body, next?.absoluteString, Rows.encode(fetchedAt)])
            guard !filter.isEmpty else { return }
            try db.execute(sql: """
                DELETE FROM actions_runs WHERE repository_id = ? AND filter != '' AND filter NOT IN
                    (SELECT filter FROM actions_runs WHERE repository_id = ? AND filter != ''
                     ORDER BY fetched_at DESC, filter LIMIT ?)
                """, arguments: [repositoryID, repositoryID, Self.maximumStoredRunFilters])
        } }
    }

    public func runJobs(runID: Int64) throws -> [WorkflowJob]? {
        let body = try withDatabase { try $0.read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM actions_jobs WHERE run_id = ?", arguments: [runID])
        } }
        return body.flatMap { try? JSONDecoder().decode([WorkflowJob].self, from: $0) }
    }

    public func saveRunJobs(_ jobs: [WorkflowJob], runID: Int64, fetchedAt: Date) throws {
        let body = try JSONEncoder().encode(jobs)
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO actions_jobs (run_id, body, fetched_at) VALUES (?, ?, ?)
                ON CONFLICT(run_id) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                """, arguments: [runID, body, Rows.encode(fetchedAt)])
        } }
    }

    public func jobLog(jobID: Int64) throws -> Data? {
        try withDatabase { try $0.read { db in
            try Data.fetchOne(db, sql: "SELECT bytes FROM actions_log WHERE job_id = ?", arguments: [jobID])
        } }
    }

    public func jobLog(jobID: Int64, firstBytes maximumBytes: Int) throws -> Data? {
        try withDatabase { try $0.read { db -> Data? in
            // SQLite's incremental blob reading: the blob's first pages only (a query would load it whole).
            var blob: OpaquePointer?
            let opened = sqlite3_blob_open(db.sqliteConnection, "main", "actions_log", "bytes", jobID, 0, &blob)
            defer { sqlite3_blob_close(blob) }
            guard opened == SQLITE_OK, let blob else { return nil }
            let count = min(Int(sqlite3_blob_bytes(blob)), max(0, maximumBytes))
            var bytes = Data(count: count)
            let status = bytes.withUnsafeMutableBytes { raw in
                raw.baseAddress.map { sqlite3_blob_read(blob, $0, Int32(count), 0) } ?? SQLITE_OK
            }
            guard status == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: status)) }
            return bytes
        } }
    }

    public func saveJobLog(_ bytes: Data, jobID: Int64, storedAt: Date) throws {
        guard bytes.count <= Self.maximumStoredLogBytes else { return }
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO actions_log (job_id, bytes, stored_at) VALUES (?, ?, ?)
                ON CONFLICT(job_id) DO UPDATE SET bytes = excluded.bytes, stored_at = excluded.stored_at
                """, arguments: [jobID, bytes, Rows.encode(storedAt)])
            try db.execute(sql: """
                DELETE FROM actions_log WHERE job_id NOT IN
                    (SELECT job_id FROM actions_log ORDER BY stored_at DESC, job_id DESC LIMIT ?)
                """, arguments: [Self.maximumStoredLogs])
        } }
    }
}
