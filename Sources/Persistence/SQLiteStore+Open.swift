import Foundation
import GRDB
import GRDBSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLiteStore {
    /// The database file's name inside the data directory.
    public static let fileName = "github-tui.sqlite"

    /// `$XDG_DATA_HOME/github-tui`, or `~/.local/share/github-tui` when it is unset, empty or relative.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("github-tui", isDirectory: true)
        }
        let home: String
        if let value = environment["HOME"], !value.isEmpty {
            home = value
        } else {
            home = FileManager.default.homeDirectoryForCurrentUser.path
        }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/github-tui", isDirectory: true)
    }

    /// Opens (creating 0700 dir, 0600 file) `<directory>/<fileName>` (`github-tui.sqlite`; another GitHub
    /// host's data has a file of its own, `GitHubHost.storeFileName`) as a WAL DatabasePool and
    /// migrates it. A damaged file is moved aside to `<file>.corrupt-<yyyyMMddHHmmss>` (UTC, from `now`;
    /// with its -wal/-shm) and a new one built; an unwritable directory falls back to an in-memory store.
    /// Only a regular file is used: a symbolic link (never followed), a FIFO (whose `open` would wait
    /// forever), a directory, a device or a socket is refused, and so is a database written by a newer
    /// version (left untouched): both fall back to memory. The mode of a file it did not create is left
    /// as it is. Never crashes.
    public static func open(directory: URL, fileName: String = fileName,
                            now: Date = Date()) -> (store: SQLiteStore, outcome: StoreOpenOutcome) {
        let file = directory.appendingPathComponent(fileName, isDirectory: false)
        if let problem = FileSystem.refusal(of: file.path) {
            return fallback(reason: problem)
        }
        // A stored database we may not write (a read-only disk, mode 0400): shown, not ignored.
        if FileSystem.hasSQLiteHeader(file.path), FileManager.default.fileExists(atPath: file.path),
           access(file.path, W_OK) != 0 || access(directory.path, W_OK) != 0 {
            return readOnlyCopy(file, reason: "the stored data cannot be written (\(file.path))")
        }
        do {
            try FileSystem.makeDirectory(directory.path)
            try FileSystem.makePrivateFile(file.path)
        } catch {
            if FileManager.default.fileExists(atPath: file.path) {
                return readOnlyCopy(file, reason: "\(error)")
            }
            return fallback(reason: "\(error)")
        }
        // Not even an SQLite header: move it aside before SQLite touches it (and its -wal). Nor is a
        // file that the last session's integrity check found damaged used again.
        if !FileSystem.hasSQLiteHeader(file.path) || Integrity.isMarkedDamaged(file) {
            return rebuild(file, now: now)
        }
        // Written by a newer version: refused before the pool, whose WAL set-up writes to the file.
        if let newer = NewerSchema.readingOnly(file) {
            return fallback(reason: newer.reason(file))
        }
        do {
            let pool = try openPoolWaitingForOthers(file)
            return (SQLiteStore(writer: pool, outcome: .opened, databaseURL: file), .opened)
        } catch let error as NewerSchema {
            return fallback(reason: error.reason(file))
        } catch let error where isCorruption(error) {
            return rebuild(file, now: now)
        } catch let error where isReadOnly(error) {
            return readOnlyCopy(file, reason: describe(error))
        } catch {
            return fallback(reason: "cannot open \(file.path): \(describe(error))")
        }
    }

    /// How long an open waits for another instance opening (or migrating) the same file.
    static let openPatience: Duration = .seconds(3)

    /// Opens, retrying while another instance holds the file: switching to WAL and the first
    /// migration can answer SQLITE_BUSY at once, without waiting in the busy handler.
    static func openPoolWaitingForOthers(_ file: URL) throws -> DatabasePool {
        let deadline = ContinuousClock.now.advanced(by: openPatience)
        while true {
            do {
                return try openPool(file)
            } catch let error as DatabaseError where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED)
                && ContinuousClock.now < deadline {
                usleep(UInt32.random(in: 20_000...60_000))
            }
        }
    }

    static func isReadOnly(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_PERM
    }

    /// The stored database, read-only, copied into memory with SQLite's backup API (and migrated
    /// there if its schema is older): everything stored is shown; nothing will be saved.
    static func readOnlyCopy(_ file: URL, reason: String) -> (store: SQLiteStore, outcome: StoreOpenOutcome) {
        let outcome = StoreOpenOutcome.readOnly(reason: oneLine(reason))
        if let newer = NewerSchema.readingOnly(file) {
            return fallback(reason: newer.reason(file))
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let source = try DatabaseQueue(path: file.path, configuration: configuration)
            defer { try? source.close() }
            var memoryConfiguration = Configuration()
            memoryConfiguration.label = "github-tui.store.read-only-copy"
            let memory = try DatabaseQueue(configuration: memoryConfiguration)
            try source.backup(to: memory)
            try NewerSchema.check(memory)
            try Schema.migrate(memory)
            return (SQLiteStore(writer: memory, outcome: outcome, databaseURL: nil), outcome)
        } catch let error as NewerSchema {
            return fallback(reason: error.reason(file))
        } catch {
            return fallback(reason: "\(reason); the stored data cannot be read either: \(describe(error))")
        }
    }

    /// Moves the damaged file aside and builds a new one in its place.
    private static func rebuild(_ file: URL, now: Date) -> (store: SQLiteStore, outcome: StoreOpenOutcome) {
        let movedTo: URL
        do {
            movedTo = try moveAside(file, now: now)
            Integrity.clearMark(file)
            try FileSystem.makePrivateFile(file.path)
        } catch {
            return fallback(reason: "the database file \(file.path) is damaged and could not be moved aside: \(error)")
        }
        do {
            let pool = try openPool(file)
            let outcome = StoreOpenOutcome.recoveredFromCorruption(movedTo: movedTo)
            return (SQLiteStore(writer: pool, outcome: outcome, databaseURL: file), outcome)
        } catch {
            return fallback(reason: "cannot build a new database at \(file.path): \(describe(error))")
        }
    }

    private static func fallback(reason: String) -> (store: SQLiteStore, outcome: StoreOpenOutcome) {
        let reason = oneLine(reason)
        let outcome = StoreOpenOutcome.inMemoryFallback(reason: reason)
        do {
            return (SQLiteStore(writer: try makeInMemoryWriter(), outcome: outcome, databaseURL: nil), outcome)
        } catch {
            return (SQLiteStore(unavailable: "\(reason); no in-memory database either: \(describe(error))"), outcome)
        }
    }

    /// Each connection's page cache, in KiB.
    static let pageCacheKiB = 256

    /// Opens, migrates and checks the file. Throws (after closing the pool) when anything fails.
    private static func openPool(_ file: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "github-tui.store"
        // Another instance may hold the write lock for a moment: wait for it rather than fail.
        configuration.busyMode = .timeout(10)
        // SQLite's default page cache is 2 MB per connection, and the pool opens several: reading a
        // long list once filled each one for the rest of the session. Lists are read whole, once,
        // and lookups touch a few pages; the OS's file cache serves the rest.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -\(pageCacheKiB)")
            // The write-ahead log outlives the last connection (see `close()`).
            var persist: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        }
        let pool = try DatabasePool(path: file.path, configuration: configuration)
        do {
            // No integrity check here: `PRAGMA quick_check` reads every page, so the first frame would
            // wait longer the more is stored (70 ms at 10,000 repositories). SQLite reports damage it
            // meets on its own, and `checkIntegrity()` runs after the first frame.
            try NewerSchema.check(pool)
            try Schema.migrate(pool)
            // SQLite gives the -wal and -shm files the database file's mode: nothing to set here.
            return pool
        } catch {
            try? pool.close()
            throw error
        }
    }

    /// Whether the error says the file is not a (sound) SQLite database.
    static func isCorruption(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    /// Moves the file and its -wal/-shm to `<file>.corrupt-<yyyyMMddHHmmss>[-n]` and returns the new URL.
    static func moveAside(_ file: URL, now: Date) throws -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss"
        let base = file.path + ".corrupt-" + formatter.string(from: now)
        let manager = FileManager.default
        var target = base
        var counter = 1
        while manager.fileExists(atPath: target) {
            counter += 1
            target = "\(base)-\(counter)"
        }
        try manager.moveItem(atPath: file.path, toPath: target)
        for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: file.path + suffix) {
            try? manager.moveItem(atPath: file.path + suffix, toPath: target + suffix)
            try? manager.removeItem(atPath: file.path + suffix)
        }
        return URL(fileURLWithPath: target, isDirectory: false)
    }

    /// A database whose applied migrations include some this version does not know: written by a
    /// newer github-tui. It is neither migrated nor written.
    struct NewerSchema: Error {
        var unknown: [String]

        static func check(_ writer: any DatabaseWriter) throws {
            let known = Set(Schema.migrator.migrations)
            let unknown = try writer.writeWithoutTransaction { db -> [String] in
                // The table's existence first, then its rows: another instance may be creating it in
                // a new file at this moment (GRDB's `appliedIdentifiers` reads the rows first and
                // takes "no such table" for an error when the table exists by the time it looks).
                let exists = try Bool.fetchOne(db, sql: """
                    SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations')
                    """) ?? false
                guard exists else { return [] }
                return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").filter { !known.contains($0) }
            }
            if !unknown.isEmpty { throw NewerSchema(unknown: unknown) }
        }

        /// The file's migrations read without writing a byte to it or creating anything beside it:
        /// the newer schema found, or nil when there is none or the file cannot be read this way (the
        /// pool's own `check` then decides). A connection opened the usual way, even a read-only one,
        /// creates the -wal and -shm files of a WAL database and writes to the -shm; so with both of
        /// them present the -shm is only read (`readonly_shm`, SQLite then reads the log into its own
        /// memory), and otherwise the file is read as it is (`immutable`: no lock, no log; without a
        /// -wal nothing lies outside the file, and with only a -wal what it holds is left to `check`).
        static func readingOnly(_ file: URL) -> NewerSchema? {
            let manager = FileManager.default
            let hasLog = manager.fileExists(atPath: file.path + "-wal") && manager.fileExists(atPath: file.path + "-shm")
            let parameters = hasLog ? "mode=ro&readonly_shm=1" : "immutable=1"
            guard let stored = try? ReadOnlyFile.migrationIdentifiers(in: file, parameters: parameters) else { return nil }
            let known = Set(Schema.migrator.migrations)
            let unknown = stored.filter { !known.contains($0) }
            return unknown.isEmpty ? nil : NewerSchema(unknown: unknown)
        }

        func reason(_ file: URL) -> String {
            let names = unknown.prefix(3).map { String($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }) }
            return "\(file.path) was written by a newer version of github-tui (schema \(names.joined(separator: ", ")));"
                + " it is left untouched"
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return "\(error)"
    }
}

/// A database file read through SQLite's C interface with URI parameters (`immutable`,
/// `readonly_shm`), which GRDB's configuration does not offer.
enum ReadOnlyFile {
    struct Failure: Error {
        var code: Int32
        var message: String
    }

    /// The identifiers in GRDB's `grdb_migrations` table ([] when there is no such table).
    static func migrationIdentifiers(in file: URL, parameters: String) throws -> [String] {
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        let status = sqlite3_open_v2(uri(file.path, parameters: parameters), &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        guard status == SQLITE_OK, let handle else { throw Failure(code: status, message: "cannot open \(file.path)") }
        let table = try rows(handle, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'")
        guard !table.isEmpty else { return [] }
        return try rows(handle, "SELECT identifier FROM grdb_migrations")
    }

    /// `file:` and the path, every byte but the unreserved ones and `/` percent-encoded, then the query.
    static func uri(_ path: String, parameters: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var encoded = String.UnicodeScalarView()
        for byte in path.utf8 {
            if unreserved.contains(byte) {
                encoded.append(Unicode.Scalar(byte))
            } else {
                encoded.append("%")
                encoded.append(hex[Int(byte >> 4)])
                encoded.append(hex[Int(byte & 0x0F)])
            }
        }
        return "file:" + String(encoded) + "?" + parameters
    }

    /// The first column of every row of `sql`, as text.
    private static func rows(_ handle: OpaquePointer, _ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(handle, prepared) }
        var result: [String] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return result }
            guard step == SQLITE_ROW else { throw failure(handle, step) }
            result.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
    }

    private static func failure(_ handle: OpaquePointer, _ code: Int32) -> Failure {
        Failure(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// The few POSIX file operations the store needs, with errors that name the path and errno.
enum FileSystem {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func failure(_ operation: String, _ path: String, errno code: Int32) -> Failure {
        Failure(description: "cannot \(operation) \(path): \(String(cString: strerror(code)))")
    }

    /// Creates the directory and its missing parents with mode 0700 (the XDG rule); an existing directory
    /// is left as it is.
    static func makeDirectory(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw failure("use", path, errno: ENOTDIR) }
            return
        }
        let code = errno
        guard code == ENOENT else { throw failure("use", path, errno: code) }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectory(parent) }
        if mkdir(path, 0o700) != 0 {
            let code = errno
            if code == EEXIST { return try makeDirectory(path) }
            throw failure("create directory", path, errno: code)
        }
        guard chmod(path, 0o700) == 0 else { throw failure("set permissions of", path, errno: errno) }
    }

    /// Whether the file is empty (a new database) or starts with SQLite's magic header. Unreadable → true
    /// (SQLite will say what is wrong). Never follows a symbolic link, never waits (a FIFO).
    static func hasSQLiteHeader(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return true }
        defer { _ = close(descriptor) }
        var head = [UInt8](repeating: 0, count: 16)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 16) }
        guard count >= 0 else { return true }
        return count == 0 || (count == 16 && head == Array("SQLite format 3\u{0}".utf8))
    }

    /// Why the path cannot be the store, or nil when it is a regular file or nothing: a symbolic link is
    /// not followed (its target, maybe `/dev/null`, is not ours to change), and a FIFO, directory,
    /// device or socket is no database (opening a FIFO would wait for a writer forever).
    static func refusal(of path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }      // missing: created; unreadable: said later
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: kind = "a symbolic link (not followed)"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFDIR: kind = "a directory"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        return "\(path) is \(kind), not a database file; remove it or use another XDG_DATA_HOME"
    }

    /// Creates the file empty with mode 0600 if it does not exist (an empty file is an empty database).
    /// An existing file is left as it is, its mode too (it may not be ours: a hard link, a file the user
    /// set up); it must be a regular file, opened without following a link or waiting on a FIFO.
    static func makePrivateFile(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            defer { _ = close(descriptor) }
            // Exactly 0600 whatever the umask.
            guard fchmod(descriptor, 0o600) == 0 else { throw failure("set permissions of", path, errno: errno) }
            return
        }
        let code = errno
        guard code == EEXIST else { throw failure("create", path, errno: code) }
        let existing = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard existing >= 0 else { throw failure("open", path, errno: errno) }
        defer { _ = close(existing) }
        var info = stat()
        guard fstat(existing, &info) == 0 else { throw failure("examine", path, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(description: refusal(of: path) ?? "\(path) is not a regular file") }
    }
}
