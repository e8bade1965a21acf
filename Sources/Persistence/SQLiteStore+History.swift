import Foundation
import GitHubEntities
import GRDB

/// A branch's history as stored: the commits read so far, in order, and the page after them.
public struct StoredHistory: Sendable, Equatable {
    public var commits: [Commit]
    /// The `Link` URL of the next page, nil when the history was read to its end.
    public var next: URL?
    /// How many pages were stored.
    public var pages: Int
    /// When the first page was last stored.
    public var fetchedAt: Date

    public init(commits: [Commit], next: URL?, pages: Int, fetchedAt: Date) {
        self.commits = commits
        self.next = next
        self.pages = pages
        self.fetchedAt = fetchedAt
    }
}

/// Commit histories per (repository, branch) and commits in full by sha, readable offline.
/// `SQLiteStore` is one; the Commits tab and the commit view need only this.
public protocol CommitHistoryStore: AnyObject, Sendable {
    /// The stored history of `branch` (nil: the default branch), nil when none was stored.
    func history(repositoryID: Int64, branch: String?) throws -> StoredHistory?
    /// Stores one page: page 0 replaces what was stored for the branch, a later page is added after it
    /// (commits already stored for the branch are not added twice). `next` is the page after this one.
    func saveHistoryPage(_ commits: [Commit], next: URL?, pageIndex: Int, repositoryID: Int64, branch: String?,
                         fetchedAt: Date) throws
    /// A commit stored in full, nil when it never was.
    func commitDetail(sha: String) throws -> CommitDetail?
    /// Keeps a commit in full for good (a commit never changes).
    func saveCommitDetail(_ detail: CommitDetail, storedAt: Date) throws
}

extension SQLiteStore: CommitHistoryStore {
    public func history(repositoryID: Int64, branch: String?) throws -> StoredHistory? {
        let branch = branch ?? ""
        return try withDatabase { try $0.read { db -> StoredHistory? in
            guard let head = try Row.fetchOne(
                db, sql: "SELECT next_url, pages, fetched_at FROM history WHERE repository_id = ? AND branch = ?",
                arguments: [repositoryID, branch]) else { return nil }
            let commits = try Row.fetchAll(db, sql: """
                SELECT sha, message, author_name, author_login, date, html_url FROM history_commit
                WHERE repository_id = ? AND branch = ? ORDER BY position
                """, arguments: [repositoryID, branch]).map(Rows.commit)
            let next: String? = head["next_url"]
            return StoredHistory(commits: commits, next: next.flatMap(URL.init(string:)), pages: head["pages"],
                                 fetchedAt: Rows.decodeDate(head["fetched_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
        } }
    }

    public func saveHistoryPage(_ commits: [Commit], next: URL?, pageIndex: Int, repositoryID: Int64, branch: String?,
                                fetchedAt: Date) throws {
        let branch = branch ?? ""
        try withDatabase { try $0.write { db in
            var position = 0
            var stored = Set<String>()
            var pages = 1
            var firstFetchedAt = fetchedAt
            if pageIndex == 0 {
                try db.execute(sql: "DELETE FROM history_commit WHERE repository_id = ? AND branch = ?",
                               arguments: [repositoryID, branch])
            } else {
                position = try Int.fetchOne(db, sql: """
                    SELECT COALESCE(MAX(position) + 1, 0) FROM history_commit WHERE repository_id = ? AND branch = ?
                    """, arguments: [repositoryID, branch]) ?? 0
                stored = Set(try String.fetchAll(db, sql: "SELECT sha FROM history_commit WHERE repository_id = ? AND branch = ?",
                                                 arguments: [repositoryID, branch]))
                if let row = try Row.fetchOne(db, sql: "SELECT pages, fetched_at FROM history WHERE repository_id = ? AND branch = ?",
                                              arguments: [repositoryID, branch]) {
                    pages = (row["pages"] as Int) + 1
                    firstFetchedAt = Rows.decodeDate(row["fetched_at"]) ?? fetchedAt
                }
            }
            let insert = try db.cachedStatement(sql: """
                INSERT INTO history_commit (repository_id, branch, position, sha, message, author_name, author_login, date, html_url)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for commit in commits where stored.insert(commit.sha).inserted {
                try insert.execute(arguments: [repositoryID, branch, position, commit.sha, commit.message, commit.authorName,
                                               commit.authorLogin, Rows.encode(commit.date), commit.htmlURL])
                position += 1
            }
            try db.execute(sql: """
                INSERT INTO history (repository_id, branch, next_url, pages, fetched_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(repository_id, branch) DO UPDATE SET
                    next_url = excluded.next_url, pages = excluded.pages, fetched_at = excluded.fetched_at
                """, arguments: [repositoryID, branch, next?.absoluteString, pages, Rows.encode(firstFetchedAt)])
        } }
    }

    public func commitDetail(sha: String) throws -> CommitDetail? {
        let body = try withDatabase { try $0.read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM commit_detail WHERE sha = ?", arguments: [sha])
        } }
        // Packed (`PackedCommit`), or JSON as stored before; a row that no longer decodes is as good
        // as none: the commit is fetched again.
        return body.flatMap { PackedCommit.unpack($0) ?? (try? JSONDecoder().decode(CommitDetail.self, from: $0)) }
    }

    public func saveCommitDetail(_ detail: CommitDetail, storedAt: Date) throws {
        let body = try PackedCommit.pack(detail)
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO commit_detail (sha, body, stored_at) VALUES (?, ?, ?)
                ON CONFLICT(sha) DO UPDATE SET body = excluded.body, stored_at = excluded.stored_at
                """, arguments: [detail.sha, body, Rows.encode(storedAt)])
        } }
    }
}
