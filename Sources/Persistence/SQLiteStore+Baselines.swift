import Foundation
import GitHubEntities
import GRDB

/// What the user last saw of each list (issue 28, "what changed since you last looked"): a
/// `ListBaseline` per `RepositoryListID`. `SQLiteStore` is one; the list screen needs only this.
public protocol ListBaselineStore: AnyObject, Sendable {
    /// The list's baseline, nil when none was taken.
    func baseline(list: RepositoryListID) throws -> ListBaseline?
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
                let id: Int64 = row["id"]
                entries[id] = BaselineEntry(id: id, name: row["name"], pushedAt: Rows.decodeDate(row["pushed_at"]),
                                            stars: row["stargazers_count"], forks: row["forks_count"],
                                            description: row["description"])
            }
            return ListBaseline(takenAt: Date(timeIntervalSinceReferenceDate: takenAt), entries: entries)
        } }
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
