import Foundation
import GRDB
import Locking
import Testing
@testable import Persistence

/// The store's faults: a quit while requests use the store, a lock held by another process,
/// two instances at once, a read-only store, the file deleted while open.
@Suite("Store faults", .serialized)
struct StoreFaultTests {
    @Test("Closing while other threads use the store: no crash; every call succeeds or says the store is closed")
    func closeWhileInUse() async throws {
        for _ in 0..<5 {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let (store, outcome) = SQLiteStore.open(directory: directory.url)
            #expect(outcome == .opened)
            try store.replaceRepositories(repositories(1...50), ownerLogin: "octo", fetchedAt: date(1))
            let unexpected = Failures()
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<6 {
                    group.addTask {
                        for round in 0..<200 {
                            do {
                                if worker % 2 == 0 {
                                    _ = try store.snapshot(ownerLogin: "octo")
                                } else {
                                    try store.saveValidator(StoredValidator(etag: "\(round)", lastModified: nil, body: Data(),
                                                                            linkHeader: nil, storedAt: date(1)), for: "k\(worker)")
                                }
                            } catch StoreError.unavailable {
                                return
                            } catch {
                                unexpected.add("\(error)")
                                return
                            }
                        }
                    }
                }
                group.addTask { try? store.close() }
            }
            #expect(unexpected.all.isEmpty)
        }
    }

    @Test("Another process holds the lock: close returns at once, and the data is intact on reopen")
    func closeWithLockHeld() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, _) = SQLiteStore.open(directory: directory.url)
        try store.setFavourite(true, repositoryID: 7)
        let other = try DatabaseQueue(path: directory.url.appendingPathComponent(SQLiteStore.fileName).path)
        let locked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN EXCLUSIVE")
                locked.signal()
                release.wait()
                try db.execute(sql: "COMMIT")
            }
            done.signal()
        }
        locked.wait()
        let started = ContinuousClock.now
        try store.close()
        #expect(ContinuousClock.now - started < .seconds(1))
        release.signal()
        done.wait()
        try other.close()
        let (reopened, _) = SQLiteStore.open(directory: directory.url)
        #expect(try reopened.isFavourite(repositoryID: 7))
        try reopened.close()
    }

    @Test("Instances opening a new data directory at the same moment all get the file")
    func instancesTogether() async throws {
        for _ in 0..<4 {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let url = directory.url
            let outcomes = await withTaskGroup(of: StoreOpenOutcome.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let (store, outcome) = SQLiteStore.open(directory: url)
                        try? store.close()
                        return outcome
                    }
                }
                var all: [StoreOpenOutcome] = []
                for await outcome in group { all.append(outcome) }
                return all
            }
            #expect(outcomes.allSatisfy { $0 == .opened }, "\(outcomes)")
        }
    }

    @Test("A store that cannot be written is shown read-only: everything stored, a notice, nothing saved")
    func readOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, _) = SQLiteStore.open(directory: directory.url)
        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(1))
        try store.setFavourite(true, repositoryID: 2)
        try store.close()
        let file = directory.url.appendingPathComponent(SQLiteStore.fileName)
        let (copy, outcome) = SQLiteStore.readOnlyCopy(file, reason: "read-only file system")
        guard case .readOnly = outcome else { Issue.record("outcome \(outcome)"); return }
        #expect(copy.outcomeMessage?.contains("changes will not be saved") == true)
        #expect(try copy.snapshot(ownerLogin: "octo").repositories.map(\.id) == [1, 2, 3])
        #expect(try copy.isFavourite(repositoryID: 2))
        try copy.setFavourite(true, repositoryID: 3)   // kept in memory for the session
        let (again, _) = SQLiteStore.open(directory: directory.url)
        #expect(try !again.isFavourite(repositoryID: 3), "nothing was written to the file")
        try again.close()
    }

    @Test("The database deleted while open: what is set afterwards is written back, and is there on the next launch")
    func deletedWhileOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, _) = SQLiteStore.open(directory: directory.url)
        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(1))
        let path = directory.url.appendingPathComponent(SQLiteStore.fileName).path
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        try store.setFavourite(true, repositoryID: 3)
        #expect(FileManager.default.fileExists(atPath: path), "written back at the next write")
        try store.setFavourite(true, repositoryID: 1)
        try store.close()
        let (reopened, outcome) = SQLiteStore.open(directory: directory.url)
        #expect(outcome == .opened)
        #expect(try reopened.favouriteIDs() == [1, 3])
        #expect(try reopened.snapshot(ownerLogin: "octo").repositories.count == 3)
        try reopened.close()
    }
}

/// Errors collected from several threads.
private final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ failure: String) { list.withLock { $0.append(failure) } }
    var all: [String] { list.withLock { $0 } }
}
