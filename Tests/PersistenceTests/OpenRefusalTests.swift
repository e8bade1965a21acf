import Foundation
import GRDB
@testable import Persistence
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The store's file must be a regular file: what is not (a link, a FIFO, a directory, a device) is
/// refused before anything opens it, and the app runs on memory, saying why.
@Suite("Opening: what is not a database file")
struct OpenRefusalTests {
    private func expectFallback(_ directory: URL, mentioning words: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (store, outcome) = SQLiteStore.open(directory: directory)
        guard case .inMemoryFallback(let reason) = outcome else {
            Issue.record("expected an in-memory fallback, got \(outcome)", sourceLocation: sourceLocation)
            return
        }
        #expect(reason.contains(words), "\(reason)", sourceLocation: sourceLocation)
        #expect(reason.contains(SQLiteStore.fileName), sourceLocation: sourceLocation)
        #expect(store.databaseURL == nil, sourceLocation: sourceLocation)
        // The in-memory store works.
        try store.replaceRepositories(repositories(1...2), ownerLogin: "octo", fetchedAt: date(1))
        #expect(try store.snapshot(ownerLogin: "octo").repositories.count == 2, sourceLocation: sourceLocation)
    }

    @Test("a symbolic link to a regular 0644 file: refused, the target's mode and bytes unchanged")
    func symlinkToFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let target = temporary.url.appendingPathComponent("elsewhere")
        #expect(FileManager.default.createFile(atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o644]))
        let link = temporary.url.appendingPathComponent(SQLiteStore.fileName)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        try expectFallback(temporary.url, mentioning: "symbolic link")
        #expect(try permissions(target.path) == 0o644)
        #expect(try Data(contentsOf: target).isEmpty)               // no database written into it
        #expect(!FileManager.default.fileExists(atPath: target.path + "-wal"))
    }

    @Test("a symbolic link to a database: refused too (not opened through the link)")
    func symlinkToDatabase() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let real = temporary.url.appendingPathComponent("real", isDirectory: true)
        let (store, _) = SQLiteStore.open(directory: real)
        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(1))
        try store.close()
        let target = real.appendingPathComponent(SQLiteStore.fileName)
        #expect(chmod(target.path, 0o640) == 0)
        let before = try Data(contentsOf: target)
        try FileManager.default.createSymbolicLink(at: temporary.url.appendingPathComponent(SQLiteStore.fileName),
                                                   withDestinationURL: target)
        try expectFallback(temporary.url, mentioning: "symbolic link")
        #expect(try permissions(target.path) == 0o640)
        #expect(try Data(contentsOf: target) == before)
    }

    @Test("a dangling symbolic link is refused, and nothing is created at its target")
    func danglingSymlink() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let target = temporary.url.appendingPathComponent("not-there")
        try FileManager.default.createSymbolicLink(at: temporary.url.appendingPathComponent(SQLiteStore.fileName),
                                                   withDestinationURL: target)
        try expectFallback(temporary.url, mentioning: "symbolic link")
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test("a FIFO is refused at once (opening it would wait for a writer forever)")
    func fifo() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = temporary.url.appendingPathComponent(SQLiteStore.fileName)
        #expect(mkfifo(file.path, 0o600) == 0)
        try expectFallback(temporary.url, mentioning: "FIFO")
    }

    @Test("a directory in place of the file is refused")
    func directory() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try FileManager.default.createDirectory(at: temporary.url.appendingPathComponent(SQLiteStore.fileName),
                                                withIntermediateDirectories: false)
        try expectFallback(temporary.url, mentioning: "a directory")
    }

    @Test("a link to a character device (like /dev/null) is refused; the device is never opened")
    func symlinkToDevice() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        // Only a link is made: /dev/null itself is not touched (its mode is read, before and after).
        let before = try permissions("/dev/null")
        try FileManager.default.createSymbolicLink(at: temporary.url.appendingPathComponent(SQLiteStore.fileName),
                                                   withDestinationURL: URL(fileURLWithPath: "/dev/null"))
        try expectFallback(temporary.url, mentioning: "symbolic link")
        #expect(try permissions("/dev/null") == before)
    }

    @Test("the refusal names each kind of file")
    func kinds() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(FileSystem.refusal(of: temporary.url.appendingPathComponent("missing").path) == nil)
        let regular = temporary.url.appendingPathComponent("regular")
        try Data().write(to: regular)
        #expect(FileSystem.refusal(of: regular.path) == nil)
        #expect(FileSystem.refusal(of: "/dev/null")?.contains("character device") == true)
        #expect(FileSystem.refusal(of: temporary.url.path)?.contains("directory") == true)
    }

    @Test("a database of a newer schema is neither migrated nor written: memory, and a word why")
    func newerSchema() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, _) = SQLiteStore.open(directory: temporary.url)
        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(1))
        try store.close()
        let file = temporary.url.appendingPathComponent(SQLiteStore.fileName)
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')") }
        try queue.close()
        let before = try Data(contentsOf: file)

        try expectFallback(temporary.url, mentioning: "newer version")
        let (again, outcome) = SQLiteStore.open(directory: temporary.url)
        guard case .inMemoryFallback(let reason) = outcome else {
            Issue.record("expected an in-memory fallback, got \(outcome)")
            return
        }
        #expect(reason.contains("v99-from-the-future"))
        try again.close()
        // Not migrated, not moved aside, not emptied: the rows and the future's migration are there.
        var readOnly = Configuration()
        readOnly.readonly = true
        let check = try DatabaseQueue(path: file.path, configuration: readOnly)
        let (identifiers, count) = try check.read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM repository"))
        }
        #expect(identifiers.contains("v99-from-the-future"))
        #expect(count == 3)
        try check.close()
        #expect(try Data(contentsOf: file).count == before.count)
    }
}
