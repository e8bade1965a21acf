import Foundation
import GitHubEntities
import GRDB
import GRDBSQLite
import Locking

/// The store on SQLite through GRDB: a WAL `DatabasePool` on disk, or an in-memory `DatabaseQueue`.
///
/// Every method is synchronous and safe from any thread; none needs the main thread or the MainActor.
/// Writes use IMMEDIATE transactions and a busy timeout, so two processes can share the file.
public final class SQLiteStore: RepositoryStore {
    private let writer: (any DatabaseWriter)?
    private let unavailableReason: String
    /// How `open` went (`.opened` for `inMemory()`).
    public let outcome: StoreOpenOutcome
    /// The database file, or `nil` for an in-memory store.
    public let databaseURL: URL?

    init(writer: any DatabaseWriter, outcome: StoreOpenOutcome, databaseURL: URL?) {
        self.writer = writer
        self.unavailableReason = ""
        self.outcome = outcome
        self.databaseURL = databaseURL
        file.withLock { $0.inode = databaseURL.flatMap { Self.inode(of: $0.path) } }
    }

    /// The database file as opened: its inode, and whether it was deleted (or replaced) while open.
    private struct FileState {
        var inode: UInt64?
        var orphaned = false
    }
    private let file = Mutex(FileState())

    static func inode(of path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// The file at the store's path is not the one open (deleted, or replaced): the database is
    /// written back there with SQLite's backup API, from the writer's connection (which still has the
    /// old file and its log open), so nothing set from now on is lost. While the open file is an
    /// orphan, every call writes back again after it (a rare fault: correctness over speed), and
    /// `close()` does once more.
    private func writeBackIfGone(_ writer: any DatabaseWriter) {
        guard let path = databaseURL?.path else { return }
        let (opened, orphaned) = file.withLock { ($0.inode, $0.orphaned) }
        guard let opened else { return }
        if !orphaned {
            guard Self.inode(of: path) != opened else { return }
            for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        }
        do {
            try FileSystem.makePrivateFile(path)
            let copy = try DatabaseQueue(path: path)
            try writer.writeWithoutTransaction { source in
                try copy.writeWithoutTransaction { destination in try source.backup(to: destination) }
            }
            try copy.close()
            file.withLock { $0.orphaned = true }
        } catch {
            // Nothing more can be done now: the next call tries again.
        }
    }

    /// A store whose every call throws: only when not even an in-memory database could be opened.
    init(unavailable reason: String) {
        self.writer = nil
        self.unavailableReason = reason
        self.outcome = .inMemoryFallback(reason: reason)
        self.databaseURL = nil
    }

    /// A fresh, migrated, in-memory store (tests, `--no-store`, fallback).
    public static func inMemory() throws -> SQLiteStore {
        try SQLiteStore(writer: makeInMemoryWriter(), outcome: .opened, databaseURL: nil)
    }

    static func makeInMemoryWriter() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.label = "github-tui.store.memory"
        let queue = try DatabaseQueue(configuration: configuration)
        try Schema.migrate(queue)
        return queue
    }

    /// One line for the user when the outcome isn't `.opened`.
    public var outcomeMessage: String? {
        switch outcome {
        case .opened:
            return nil
        case .recoveredFromCorruption(let movedTo):
            return "The stored data was damaged and has been moved aside (\(movedTo.path)); starting fresh."
        case .inMemoryFallback(let reason):
            return Self.oneLine("The data directory cannot be used (\(reason)); nothing will be saved this time.")
        case .readOnly(let reason):
            return Self.oneLine("The stored data is read-only (\(reason)): it is shown, but changes will not be saved.")
        }
    }

    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    private func database() throws -> any DatabaseWriter {
        guard let writer else { throw StoreError.unavailable(unavailableReason) }
        return writer
    }

    /// Calls inside the store now, and whether it is closing (see `close()`).
    private struct Access {
        var closing = false
        var active = 0
    }
    private let access = Mutex(Access())

    /// Runs `body` on the database unless the store is closing; `close()` waits for calls inside.
    func withDatabase<T>(_ body: (any DatabaseWriter) throws -> T) throws -> T {
        let writer = try database()
        try access.withLock { access in
            if access.closing { throw StoreError.unavailable("the store is closed") }
            access.active += 1
        }
        defer { access.withLock { $0.active -= 1 } }
        writeBackIfGone(writer)
        let result = try body(writer)
        if file.withLock({ $0.orphaned }) { writeBackIfGone(writer) }
        return result
    }

    /// How long `close()` waits for calls already inside the store (a request thread storing a page).
    static let closeGrace: Duration = .seconds(1)
    /// The busy timeout while closing: another process holding the lock must not hold up `q`; the
    /// checkpoint can wait for next time.
    static let closeBusyTimeoutMilliseconds: Int32 = 150

    /// Closes the database (the last connection to close folds the WAL back into the file). Every later
    /// call throws. Optional: the connections close when the store is released.
    ///
    /// The log is folded into the file and emptied, then given one tiny transaction, and kept (the
    /// connections are in persistent-WAL mode): an absent or empty log makes the next open write a
    /// transaction of its own, with two `fsync`s (GRDB's guard against SQLite's issue with read-only
    /// WAL connections) — ~1.2 ms of every launch. Replaying two frames costs next to nothing.
    public func close() throws {
        let writer = try database()
        // No new call starts; the ones inside finish first (a request thread reading a validator).
        access.withLock { $0.closing = true }
        let deadline = ContinuousClock.now.advanced(by: Self.closeGrace)
        while access.withLock({ $0.active }) > 0, ContinuousClock.now < deadline { usleep(1_000) }
        // A file deleted while open was written back at the next call: write the final state back too.
        if file.withLock({ $0.orphaned }) { writeBackIfGone(writer) }
        // Readers close last and read-only connections never checkpoint: fold the WAL in first.
        try? writer.writeWithoutTransaction { db in
            sqlite3_busy_timeout(db.sqliteConnection, Self.closeBusyTimeoutMilliseconds)
            _ = try db.checkpoint(.truncate)
            try db.inSavepoint {
                try db.execute(sql: "CREATE TABLE github_tui_wal_keeper (id INTEGER PRIMARY KEY); DROP TABLE github_tui_wal_keeper")
                return .commit
            }
        }
        try writer.close()
    }

    /// A read of anything, for tests that check what the public API does not show.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        try withDatabase { try $0.read(value) }
    }

    func readJournalMode() throws -> String {
        try withDatabase { try $0.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" } }
    }

    // MARK: Owner list

    public func snapshot(list: RepositoryListID) throws -> OwnerListSnapshot {
        try withDatabase { try $0.read { db in try Self.fetchSnapshot(db, list: list) } }
    }

    static func fetchSnapshot(_ db: Database, list: RepositoryListID) throws -> OwnerListSnapshot {
        var snapshot = try fetchOwnerPart(db, list: list)
        snapshot.repositories = try fetchRepositories(
            db, sql: "SELECT \(Rows.repositoryColumns) FROM repository WHERE list_key = ? ORDER BY position, id",
            arguments: [list.key], expectedCount: try count(db, list: list))
        snapshot.favouriteIDs = Set(try Int64.fetchAll(db, sql: """
            SELECT favourite.repository_id FROM favourite
            JOIN repository ON repository.id = favourite.repository_id
            WHERE repository.list_key = ?
            """, arguments: [list.key]))
        return snapshot
    }

    /// Read on the writer connection, which `open` has already set up: a pool's first read would open
    /// a reader connection and parse the schema again, before the first frame.
    public func snapshotHead(list: RepositoryListID, order: RepositoryOrder, limit: Int) throws -> OwnerListSnapshot {
        try withDatabase { try $0.writeWithoutTransaction { db in
            var head = OwnerListSnapshot()
            try db.inTransaction(.deferred) {
                head = try Self.fetchSnapshotHead(db, list: list, order: order, limit: limit)
                return .commit
            }
            return head
        } }
    }

    static func fetchSnapshotHead(_ db: Database, list: RepositoryListID, order: RepositoryOrder,
                                  limit: Int) throws -> OwnerListSnapshot {
        var snapshot = try fetchOwnerPart(db, list: list)
        let orderBy = orderByClause(order)
        let count = try count(db, list: list)
        snapshot.repositories = try fetchRepositories(db, sql: """
            SELECT \(Rows.repositoryColumns) FROM repository WHERE list_key = ? ORDER BY \(orderBy) LIMIT ?
            """, arguments: [list.key, max(0, limit)], expectedCount: min(count, max(0, limit)))
        snapshot.headOfTotal = count > snapshot.repositories.count ? count : nil
        let ids = snapshot.repositories.map(\.id)
        if !ids.isEmpty {
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            snapshot.favouriteIDs = Set(try Int64.fetchAll(
                db, sql: "SELECT repository_id FROM favourite WHERE repository_id IN (\(marks))",
                arguments: StatementArguments(ids)))
        }
        return snapshot
    }

    /// The `ORDER BY` of each order. Each has an index (Schema v3), so a head reads `limit` rows, not
    /// the whole list.
    static func orderByClause(_ order: RepositoryOrder) -> String {
        switch order {
        case .listOrder: "position, id"
        case .name: "name COLLATE NOCASE, id"
        case .updated: "updated_at IS NULL, updated_at DESC, id"
        case .stars: "stargazers_count DESC, id"
        }
    }

    /// The owner's profile and the list's fetched-at: the parts of a snapshot besides the rows.
    private static func fetchOwnerPart(_ db: Database, list: RepositoryListID) throws -> OwnerListSnapshot {
        var snapshot = OwnerListSnapshot()
        if let row = try Row.fetchOne(db, sql: "SELECT * FROM owner WHERE login = ?", arguments: [list.ownerLogin]) {
            snapshot.owner = Rows.owner(row)
            snapshot.ownerFetchedAt = Rows.decodeDate(row["fetched_at"])
        }
        snapshot.listFetchedAt = Rows.decodeDate(try Double.fetchOne(
            db, sql: "SELECT fetched_at FROM repository_list WHERE list_key = ?", arguments: [list.key]))
        return snapshot
    }

    private static func count(_ db: Database, list: RepositoryListID) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM repository WHERE list_key = ?", arguments: [list.key]) ?? 0
    }

    /// `expectedCount` sizes the array: grown by doubling, 10,000 rows would take room for 16,384
    /// (~1.5 MB unused, for as long as the list is held).
    private static func fetchRepositories(_ db: Database, sql: String, arguments: StatementArguments,
                                          expectedCount: Int) throws -> [Repository] {
        var repositories: [Repository] = []
        repositories.reserveCapacity(expectedCount)
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try cursor.next() { repositories.append(Rows.repository(row)) }
        return repositories
    }

    public func saveOwner(_ owner: Owner, fetchedAt: Date) throws {
        try withDatabase { try $0.write { db in
            try db.cachedStatement(sql: Rows.upsertOwnerSQL)
                .execute(arguments: Rows.ownerArguments(owner, fetchedAt: fetchedAt))
        } }
    }

    public func replaceRepositories(_ repositories: [Repository], list: RepositoryListID, fetchedAt: Date) throws {
        try withDatabase { try $0.write { db in
            try db.execute(sql: "DELETE FROM repository WHERE list_key = ?", arguments: [list.key])
            try Self.upsert(db, repositories, list: list, startingAt: 0, fetchedAt: fetchedAt)
            try db.execute(sql: """
                INSERT INTO repository_list (list_key, fetched_at) VALUES (?, ?)
                ON CONFLICT(list_key) DO UPDATE SET
                    list_key = excluded.list_key, fetched_at = excluded.fetched_at
                """, arguments: [list.key, Rows.encode(fetchedAt)])
        } }
    }

    /// Stores the page; the list's fetched-at is set only if the list had none (a page is not a refresh).
    public func upsertRepositories(_ repositories: [Repository], list: RepositoryListID, startingAt position: Int,
                                   fetchedAt: Date) throws {
        try withDatabase { try $0.write { db in
            try Self.upsert(db, repositories, list: list, startingAt: position, fetchedAt: fetchedAt)
            try db.execute(sql: """
                INSERT INTO repository_list (list_key, fetched_at) VALUES (?, ?)
                ON CONFLICT(list_key) DO NOTHING
                """, arguments: [list.key, Rows.encode(fetchedAt)])
        } }
    }

    private static func upsert(_ db: Database, _ repositories: [Repository], list: RepositoryListID,
                               startingAt position: Int, fetchedAt: Date) throws {
        let statement = try db.cachedStatement(sql: Rows.upsertRepositorySQL)
        for (offset, repository) in repositories.enumerated() {
            // The arguments always match the statement: skip GRDB's per-row validation.
            statement.setUncheckedArguments(try Rows.repositoryArguments(
                repository, listKey: list.key, position: position + offset, fetchedAt: fetchedAt))
            try statement.execute()
        }
    }

    // MARK: Commits

    public func commits(repositoryID: Int64) throws -> StoredCommits? {
        try commits(repositoryIDs: [repositoryID])[repositoryID]
    }

    public func commits(repositoryIDs: [Int64]) throws -> [Int64: StoredCommits] {
        let ids = Array(Set(repositoryIDs))
        guard !ids.isEmpty else { return [:] }
        return try withDatabase { try $0.read { db in
            var result: [Int64: StoredCommits] = [:]
            // Chunks keep the number of SQL parameters well under SQLite's limit.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let arguments = StatementArguments(chunk)
                for row in try Row.fetchAll(
                    db, sql: "SELECT * FROM commit_fetch WHERE repository_id IN (\(marks))", arguments: arguments)
                {
                    let id: Int64 = row["repository_id"]
                    result[id] = StoredCommits(
                        commits: [], fetchedAt: Rows.decodeDate(row["fetched_at"]) ?? Date(timeIntervalSinceReferenceDate: 0),
                        isEmptyRepository: row["is_empty"])
                }
                for row in try Row.fetchAll(db, sql: """
                    SELECT * FROM "commit" WHERE repository_id IN (\(marks)) ORDER BY repository_id, position
                    """, arguments: arguments)
                {
                    let id: Int64 = row["repository_id"]
                    result[id]?.commits.append(Rows.commit(row))
                }
            }
            return result
        } }
    }

    public func saveCommits(_ commits: [Commit], repositoryID: Int64, isEmptyRepository: Bool,
                            fetchedAt: Date) throws {
        try withDatabase { try $0.write { db in
            try db.execute(sql: #"DELETE FROM "commit" WHERE repository_id = ?"#, arguments: [repositoryID])
            let statement = try db.cachedStatement(sql: Rows.insertCommitSQL)
            for (position, commit) in commits.prefix(Commit.latestCount).enumerated() {
                try statement.execute(arguments: Rows.commitArguments(commit, repositoryID: repositoryID,
                                                                      position: position))
            }
            try db.execute(sql: """
                INSERT INTO commit_fetch (repository_id, fetched_at, is_empty) VALUES (?, ?, ?)
                ON CONFLICT(repository_id) DO UPDATE SET
                    fetched_at = excluded.fetched_at, is_empty = excluded.is_empty
                """, arguments: [repositoryID, Rows.encode(fetchedAt), isEmptyRepository])
        } }
    }

    // MARK: Favourites

    public func isFavourite(repositoryID: Int64) throws -> Bool {
        try withDatabase { try $0.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM favourite WHERE repository_id = ?)",
                              arguments: [repositoryID]) ?? false
        } }
    }

    public func setFavourite(_ on: Bool, repositoryID: Int64) throws {
        try withDatabase { try $0.write { db in
            if on {
                try db.execute(sql: """
                    INSERT INTO favourite (repository_id, created_at) VALUES (?, ?)
                    ON CONFLICT(repository_id) DO NOTHING
                    """, arguments: [repositoryID, Rows.encode(Date())])
            } else {
                try db.execute(sql: "DELETE FROM favourite WHERE repository_id = ?", arguments: [repositoryID])
            }
        } }
    }

    /// Every favourite repository id, listed or not.
    public func favouriteIDs() throws -> Set<Int64> {
        try withDatabase { try $0.read { db in Set(try Int64.fetchAll(db, sql: "SELECT repository_id FROM favourite")) } }
    }

    // MARK: Settings

    /// Read on the writer connection: settings are read at launch, before any reader connection is needed.
    public func setting(_ key: String) throws -> String? {
        try withDatabase { try $0.writeWithoutTransaction { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
        } }
    }

    public func setSetting(_ key: String, value: String?) throws {
        try withDatabase { try $0.write { db in
            if let value {
                try db.execute(sql: """
                    INSERT INTO setting (key, value) VALUES (?, ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value
                    """, arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            }
        } }
    }

    // MARK: Validators

    public func validator(for key: String) throws -> StoredValidator? {
        try withDatabase { try $0.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM validator WHERE key = ?", arguments: [key]).map(Rows.validator)
        } }
    }

    public func saveValidator(_ v: StoredValidator, for key: String) throws {
        try withDatabase { try $0.write { db in
            let values: Rows.Values = [key, v.etag, v.lastModified, v.body, v.linkHeader, Rows.encode(v.storedAt)]
            try db.execute(sql: """
                INSERT INTO validator (key, etag, last_modified, body, link_header, stored_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET
                    etag = excluded.etag, last_modified = excluded.last_modified, body = excluded.body,
                    link_header = excluded.link_header, stored_at = excluded.stored_at
                """, arguments: StatementArguments(values))
        } }
    }

    // MARK: Observation

    public func observeList(_ list: RepositoryListID,
                            onChange: @escaping @Sendable (OwnerListSnapshot) -> Void) -> any StoreCancellable
    {
        observeList(list, onError: { _ in }, onChange: onChange)
    }

    /// As `observeOwnerList(ownerLogin:onChange:)`, and tells `onError` (same queue) when a fetch fails;
    /// the observation stops after an error.
    public func observeOwnerList(ownerLogin: String, onError: @escaping @Sendable (any Error) -> Void,
                                 onChange: @escaping @Sendable (OwnerListSnapshot) -> Void) -> any StoreCancellable
    {
        observeList(.owner(ownerLogin), onError: onError, onChange: onChange)
    }

    /// As `observeList(_:onChange:)`, and tells `onError` (same queue) when a fetch fails;
    /// the observation stops after an error.
    public func observeList(_ list: RepositoryListID, onError: @escaping @Sendable (any Error) -> Void,
                                 onChange: @escaping @Sendable (OwnerListSnapshot) -> Void) -> any StoreCancellable
    {
        let gate = ObservationGate()
        // Our own serial queue: never the main queue or the MainActor (the app's main thread sits in poll(2)).
        let queue = DispatchQueue(label: "github-tui.store.observe-owner-list")
        guard let writer else {
            let error = StoreError.unavailable(unavailableReason)
            queue.async { if gate.isOpen { onError(error) } }
            return ObservationCancellation(gate: gate, cancellable: nil)
        }
        let observation = ValueObservation
            .tracking { db in try Self.fetchSnapshot(db, list: list) }
            .removeDuplicates()
        let cancellable = observation.start(
            in: writer,
            scheduling: .async(onQueue: queue),
            onError: { error in if gate.isOpen { onError(error) } },
            onChange: { snapshot in if gate.isOpen { onChange(snapshot) } })
        return ObservationCancellation(gate: gate, cancellable: cancellable)
    }
}

/// Closed by `cancel()`: no delivery starts after `cancel()` returns, whatever GRDB still has in flight.
final class ObservationGate: Sendable {
    private let open = Mutex(true)

    var isOpen: Bool { open.withLock { $0 } }
    func close() { open.withLock { $0 = false } }
}

final class ObservationCancellation: StoreCancellable {
    private let gate: ObservationGate
    private let cancellable: Mutex<AnyDatabaseCancellable?>

    init(gate: ObservationGate, cancellable: AnyDatabaseCancellable?) {
        self.gate = gate
        self.cancellable = Mutex(cancellable)
    }

    func cancel() {
        gate.close()
        let cancellable = self.cancellable.withLock { cancellable in
            defer { cancellable = nil }
            return cancellable
        }
        cancellable?.cancel()
    }

    deinit { cancel() }
}
