import Foundation
import GitHubEntities
import Locking
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import AppCore

/// A store that counts the favourite writes and passes everything to the real one.
final class FavouriteCountingStore: RepositoryStore {
    let base: any RepositoryStore
    /// "one" per `setFavourite`, the number of marks per `setFavourites`.
    let writes = Mutex<[String]>([])

    init(_ base: any RepositoryStore) { self.base = base }

    func setFavourite(_ on: Bool, repositoryID: Int64) throws {
        writes.withLock { $0.append("one") }
        try base.setFavourite(on, repositoryID: repositoryID)
    }

    func setFavourites(_ marks: [Int64: Bool]) throws {
        writes.withLock { $0.append("\(marks.count) marks") }
        try base.setFavourites(marks)
    }

    func snapshot(list: RepositoryListID) throws -> OwnerListSnapshot { try base.snapshot(list: list) }
    func snapshotHead(list: RepositoryListID, order: RepositoryOrder, limit: Int) throws -> OwnerListSnapshot {
        try base.snapshotHead(list: list, order: order, limit: limit)
    }
    func saveOwner(_ owner: Owner, fetchedAt: Date) throws { try base.saveOwner(owner, fetchedAt: fetchedAt) }
    func replaceRepositories(_ repositories: [Repository], list: RepositoryListID, fetchedAt: Date) throws {
        try base.replaceRepositories(repositories, list: list, fetchedAt: fetchedAt)
    }
    func upsertRepositories(_ repositories: [Repository], list: RepositoryListID, startingAt position: Int, fetchedAt: Date) throws {
        try base.upsertRepositories(repositories, list: list, startingAt: position, fetchedAt: fetchedAt)
    }
    func commits(repositoryID: Int64) throws -> StoredCommits? { try base.commits(repositoryID: repositoryID) }
    func commits(repositoryIDs: [Int64]) throws -> [Int64: StoredCommits] { try base.commits(repositoryIDs: repositoryIDs) }
    func saveCommits(_ commits: [Commit], repositoryID: Int64, isEmptyRepository: Bool, fetchedAt: Date) throws {
        try base.saveCommits(commits, repositoryID: repositoryID, isEmptyRepository: isEmptyRepository, fetchedAt: fetchedAt)
    }
    func isFavourite(repositoryID: Int64) throws -> Bool { try base.isFavourite(repositoryID: repositoryID) }
    func setting(_ key: String) throws -> String? { try base.setting(key) }
    func setSetting(_ key: String, value: String?) throws { try base.setSetting(key, value: value) }
    func validator(for key: String) throws -> StoredValidator? { try base.validator(for: key) }
    func saveValidator(_ v: StoredValidator, for key: String) throws { try base.saveValidator(v, for: key) }
    func close() throws { try base.close() }
    func observeList(_ list: RepositoryListID, onChange: @escaping @Sendable (OwnerListSnapshot) -> Void) -> any StoreCancellable {
        base.observeList(list, onChange: onChange)
    }
}

@Suite("App: events read together")
@MainActor
struct AppInputBurstTests {
    /// The footer's "row/rows".
    static func position(_ frame: Buffer) -> String? {
        frame.line(frame.height - 1).split(separator: " ").last.map(String.init)
    }

    @Test("One read of 200 keys (f and ↓ by turns): the next frame shows them all, and the store is written once")
    func burstOfKeys() throws {
        var setup = try AppSetup.resolve(try AppCommand.parse(["--demo"]), environment: [:])
        let store = FavouriteCountingStore(setup.store)
        setup.store = store
        let app = try App(setup: setup, useColor: true)
        let burst = (0..<100).flatMap { _ in [Event.key(.character("f")), .key(.down)] }
        let terminal = RecordingTerminal(width: 100, height: 30, script: [
            .waitFor("the demo list, row 1") { AppScreenStackTests.listPainted($0) && Self.position($0) == "1/30" },
            .events(burst),
            .waitFor("the burst's end") { Self.position($0) == "30/30" },
            .events([.key(.character("q"))]),
        ])
        #expect(app.run(on: terminal) == 0)
        #expect(!terminal.timedOut, "waited for \(terminal.pendingStepName ?? "-")")
        #expect(store.writes.withLock { $0 } == ["30 marks"])
        // The frame after row 1's is already the burst's end: no frame in between.
        let frames = terminal.frames
        let rowOne = try #require(frames.lastIndex { Self.position($0) == "1/30" })
        #expect(Self.position(frames[rowOne + 1]) == "30/30")
        let favourites = frames[rowOne + 1].snapshot().split(separator: "\n").filter { $0.hasPrefix("★") }
        #expect(favourites.count == 25, "every row on screen is marked:\n\(frames[rowOne + 1].snapshot())")
    }
}
