import Foundation
import GitHubEntities
import GRDB

/// What the user last saw of each list ("what changed since you last looked"): a
/// `ListBaseline` per `RepositoryListID`. `SQLiteStore` is one; the list screen needs only this.
public protocol ListBaselineStore: AnyObject, Sendable {
    /// The list's baseline, nil when none was taken.
    func baseline(list: RepositoryListID) throws -> ListBaseline?
    /// The list as stored now against its baseline (`ListChanges`' rules), nil when none was taken.
    /// Only the rows that differ are read: the baseline is never held in memory.
    func changes(list: RepositoryListID) throws -> ListChangesSince?
    /// Takes the list's first baseline from `repositories` (the whole list), unless it has one: returns
    /// whether it took it.
    @discardableResult
    func seedBaseline(_ repositories: [Repository], list: RepositoryListID, takenAt: Date) throws -> Bool
    /// The user looked at these rows: their entries become what they are now (added when missing).
    func saveBaselineEntries(_ repositories: [Repository], list: RepositoryListID) throws
    /// The user dismissed every mark: the baseline becomes `repositories`, taken at `takenAt`.
    func replaceBaseline(_ repositories: [Repository], list: RepositoryListID, takenAt: Date) throws
}

extension SQLiteStore: ListBaselineStore {
    public func baseline(list: RepositoryListID) throws -> ListBaseline? {
        try withDatabase { try $0.read { db -> ListBaseline? in
            guard let takenAt = try Double.fetchOne(db, sql: "SELECT taken_at FROM list_baseline WHERE list_key = ?",
                                                    arguments: [list.key]) else { return nil }
            var entries: [Int64: BaselineEntry] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, name, pushed_at, stargazers_count, forks_count, description
                FROM list_baseline_entry WHERE list_key = ?
                """, arguments: [list.key])
            while let row = try rows.next() {
                let entry = Self.entry(row)
                entries[entry.id] = entry
            }
            return ListBaseline(takenAt: Date(timeIntervalSinceReferenceDate: takenAt), entries: entries)
        } }
    }

    public func changes(list: RepositoryListID) throws -> ListChangesSince? {
        try withDatabase { try $0.read { db -> ListChangesSince? in
            guard let takenAt = try Double.fetchOne(db, sql: "SELECT taken_at FROM list_baseline WHERE list_key = ?",
                                                    arguments: [list.key]) else { return nil }
            // SQLite picks the candidates (a superset: any difference in a compared column, or no entry);
            // ListChanges.change decides, so the rules have one home.
            var rows: [Int64: RowChange] = [:]
            let candidates = try Row.fetchCursor(db, sql: """
                SELECT r.id, r.name, r.pushed_at, r.stargazers_count, r.forks_count, r.description,
                       b.id AS b_id, b.name AS b_name, b.pushed_at AS b_pushed_at,
                       b.stargazers_count AS b_stars, b.forks_count AS b_forks, b.description AS b_description
                FROM repository r
                LEFT JOIN list_baseline_entry b ON b.list_key = r.list_key AND b.id = r.id
                WHERE r.list_key = ?
                  AND (b.id IS NULL OR r.name IS NOT b.name OR r.pushed_at IS NOT b.pushed_at
                       OR r.stargazers_count IS NOT b.stargazers_count OR r.forks_count IS NOT b.forks_count
                       OR r.description IS NOT b.description)
                """, arguments: [list.key])
            while let row = try candidates.next() {
                let now = BaselineEntry(id: row["id"], name: row["name"], pushedAt: Rows.decodeDate(row["pushed_at"]),
                                        stars: row["stargazers_count"], forks: row["forks_count"], description: row["description"])
                let then: BaselineEntry? = (row["b_id"] as Int64?).map { id in
                    BaselineEntry(id: id, name: row["b_name"], pushedAt: Rows.decodeDate(row["b_pushed_at"]),
                                  stars: row["b_stars"], forks: row["b_forks"], description: row["b_description"])
                }
                let change = ListChanges.change(of: now, from: then)
                if !change.isEmpty { rows[now.id] = change }
            }
            let removed = try Row.fetchAll(db, sql: """
                SELECT b.id, b.name, b.pushed_at, b.stargazers_count, b.forks_count, b.description
                FROM list_baseline_entry b
                WHERE b.list_key = ? AND NOT EXISTS (SELECT 1 FROM repository r WHERE r.list_key = b.list_key AND r.id = b.id)
                """, arguments: [list.key]).map(Self.entry)
            return ListChangesSince(changes: ListChanges(rows: rows, removed: ListChanges.sortedRemoved(removed)),
                                    since: Date(timeIntervalSinceReferenceDate: takenAt))
        } }
    }

    private static func entry(_ row: Row) -> BaselineEntry {
        BaselineEntry(id: row["id"], name: row["name"], pushedAt: Rows.decodeDate(row["pushed_at"]),
                      stars: row["stargazers_count"], forks: row["forks_count"], description: row["description"])
    }

    @discardableResult
    public func seedBaseline(_ repositories: [Repository], list: RepositoryListID, takenAt: Date) throws -> Bool {
        try withDatabase { try $0.write { db -> Bool in
            let exists = try Bool.fetchOne(db, sql: "SELECT 1 FROM list_baseline WHERE list_key = ?", arguments: [list.key]) ?? false
            if exists { return false }
            try Self.writeBaseline(repositories, list: list, takenAt: takenAt, in: db)
            return true
        } }
    }

    public func saveBaselineEntries(_ repositories: [Repository], list: RepositoryListID) throws {
        guard !repositories.isEmpty else { return }
        try withDatabase { try $0.write { db in try Self.upsertEntries(repositories, list: list, in: db) } }
    }

    public func replaceBaseline(_ repositories: [Repository], list: RepositoryListID, takenAt: Date) throws {
        try withDatabase { try $0.write { db in try Self.writeBaseline(repositories, list: list, takenAt: takenAt, in: db) } }
    }

    private static func writeBaseline(_ repositories: [Repository], list: RepositoryListID, takenAt: Date,
                                      in db: Database) throws {
        try db.execute(sql: "DELETE FROM list_baseline_entry WHERE list_key = ?", arguments: [list.key])
        try db.execute(sql: """
            INSERT INTO list_baseline (list_key, taken_at) VALUES (?, ?)
            ON CONFLICT(list_key) DO UPDATE SET taken_at = excluded.taken_at
            """, arguments: [list.key, Rows.encode(takenAt)])
        try upsertEntries(repositories, list: list, in: db)
    }

    private static func upsertEntries(_ repositories: [Repository], list: RepositoryListID, in db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO list_baseline_entry (list_key, id, name, pushed_at, stargazers_count, forks_count, description)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(list_key, id) DO UPDATE SET name = excluded.name, pushed_at = excluded.pushed_at,
                stargazers_count = excluded.stargazers_count, forks_count = excluded.forks_count,
                description = excluded.description
            """)
        for repository in repositories {
            try statement.execute(arguments: [list.key, repository.id, repository.name, Rows.encode(repository.pushedAt),
                                              repository.stargazersCount, repository.forksCount, repository.description])
        }
    }
}
