import Foundation
import GRDB
@testable import Persistence
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A store written by a newer version is refused and left as it was: not a byte of the file or of
/// its -wal and -shm changes, none of them is touched (their modification times), and no file is
/// created beside it.
@Suite("Opening a newer store: left untouched")
struct NewerStoreUntouchedTests {
    /// One file's bytes and modification time (nanoseconds).
    struct FileState: Equatable {
        var bytes: Data
        var modified: Int64
    }

    /// Every file in `directory` by name.
    static func state(of directory: URL) throws -> [String: FileState] {
        var result: [String: FileState] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let path = directory.appendingPathComponent(name).path
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            result[name] = FileState(bytes: try Data(contentsOf: URL(fileURLWithPath: path)), modified: modified)
        }
        return result
    }

    /// A store of ours with three repositories, closed, as the app leaves it (with its -wal and -shm).
    static func makeStore(in directory: URL) throws -> URL {
        let (store, _) = SQLiteStore.open(directory: directory)
        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(1))
        try store.close()
        return directory.appendingPathComponent(SQLiteStore.fileName)
    }

    /// Records a migration this version does not know, as a newer version would have.
    static func addFutureMigration(_ file: URL) throws {
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')") }
        try queue.close()
    }

    /// Opens the store in `directory` (twice: the second open meets what the first left) and expects
    /// it refused as newer, the directory exactly as before.
    func expectRefusedUntouched(_ directory: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try Self.state(of: directory)
        for _ in 0..<2 {
            let (store, outcome) = SQLiteStore.open(directory: directory)
            guard case .inMemoryFallback(let reason) = outcome else {
                Issue.record("expected an in-memory fallback, got \(outcome)", sourceLocation: sourceLocation)
                return
            }
            #expect(reason.contains("newer version") && reason.contains("v99-from-the-future"), "\(reason)",
                    sourceLocation: sourceLocation)
            try store.close()
        }
        let after = try Self.state(of: directory)
        #expect(after.keys.sorted() == before.keys.sorted(), "no file created or removed", sourceLocation: sourceLocation)
        for (name, state) in before {
            #expect(after[name]?.bytes == state.bytes, "\(name)'s bytes", sourceLocation: sourceLocation)
            #expect(after[name]?.modified == state.modified, "\(name)'s modification time", sourceLocation: sourceLocation)
        }
    }

    @Test("with the -wal and -shm the app leaves: every byte and time unchanged")
    func withLogFiles() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        // The app keeps its write-ahead log between runs, and a newer one would too: the future's
        // migration is written while the store is open, and the store, closed last, keeps the log.
        let (store, _) = SQLiteStore.open(directory: temporary.url)
        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(1))
        let file = temporary.url.appendingPathComponent(SQLiteStore.fileName)
        try Self.addFutureMigration(file)
        try store.close()
        let manager = FileManager.default
        #expect(manager.fileExists(atPath: file.path + "-wal") && manager.fileExists(atPath: file.path + "-shm"))
        try expectRefusedUntouched(temporary.url)
    }

    @Test("the file alone (no -wal, no -shm): none is created, the file unchanged")
    func fileAlone() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = try Self.makeStore(in: temporary.url)
        try Self.addFutureMigration(file)
        // Everything checkpointed into the file: the log files can go (a copy of the file alone).
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        try expectRefusedUntouched(temporary.url)
    }

    @Test("the newer migration only in the log, not yet in the file: found, and nothing written")
    func migrationInTheLogOnly() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = temporary.url.appendingPathComponent("source", isDirectory: true)
        let file = try Self.makeStore(in: source)
        // A newer version still running (or stopped without a checkpoint): its migration is in the
        // -wal only. The three files are copied while it holds them.
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')") }
        let copy = temporary.url.appendingPathComponent("copy", isDirectory: true)
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: file.path + suffix,
                                             toPath: copy.appendingPathComponent(SQLiteStore.fileName + suffix).path)
        }
        try queue.close()
        let copied = copy.appendingPathComponent(SQLiteStore.fileName)
        let inFile = try ReadOnlyFile.migrationIdentifiers(in: copied, parameters: "immutable=1")
        #expect(!inFile.contains("v99-from-the-future"), "the migration is in the log, not yet in the file")
        try expectRefusedUntouched(copy)
    }

    @Test("the URI names the path with every byte but the plain ones escaped")
    func uri() {
        #expect(ReadOnlyFile.uri("/tmp/a b/x?y#z%.sqlite", parameters: "immutable=1")
                == "file:/tmp/a%20b/x%3Fy%23z%25.sqlite?immutable=1")
        #expect(ReadOnlyFile.uri("/tmp/ä", parameters: "mode=ro") == "file:/tmp/%C3%A4?mode=ro")
    }
}
