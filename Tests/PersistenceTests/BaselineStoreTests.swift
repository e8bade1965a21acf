import Foundation
import GitHubEntities
import GRDB
import Testing
@testable import Persistence

@Suite("List baselines: what the user last saw of a list (Schema v7)")
struct BaselineStoreTests {
    func repo(_ id: Int64, _ name: String, stars: Int = 1, pushed: Date? = date(10), description: String? = "d") -> Repository {
        Repository(id: id, name: name, fullName: "octo/\(name)", ownerLogin: "octo", description: description,
                   stargazersCount: stars, forksCount: 3, pushedAt: pushed)
    }

    @Test func noBaselineUntilOneIsTaken() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.baseline(list: .owner("octo")) == nil)
    }

    @Test("a baseline round-trips every field, nil pushed_at and description included")
    func roundTrip() throws {
        let store = try SQLiteStore.inMemory()
        let list = [repo(1, "a", stars: 5), repo(2, "b", pushed: nil, description: nil)]
        #expect(try store.seedBaseline(list, list: .owner("octo"), takenAt: date(100)))
        let baseline = try #require(try store.baseline(list: .owner("OCTO")))
        #expect(baseline == ListBaseline(takenAt: date(100), repositories: list))
        #expect(try store.baseline(list: .starred("octo")) == nil)
    }

    @Test("seeding keeps a baseline that exists: a later complete list does not erase what changed")
    func seedOnlyOnce() throws {
        let store = try SQLiteStore.inMemory()
        try store.seedBaseline([repo(1, "a")], list: .owner("octo"), takenAt: date(100))
        #expect(try !store.seedBaseline([repo(1, "a", stars: 9), repo(2, "b")], list: .owner("octo"), takenAt: date(200)))
        let baseline = try #require(try store.baseline(list: .owner("octo")))
        #expect(baseline.takenAt == date(100))
        #expect(baseline.entries.keys.sorted() == [1])
        #expect(baseline.entries[1]?.stars == 1)
    }

    @Test("a row looked at moves forward alone; taken-at and the other rows stay")
    func entriesMoveForward() throws {
        let store = try SQLiteStore.inMemory()
        try store.seedBaseline([repo(1, "a"), repo(2, "b")], list: .owner("octo"), takenAt: date(100))
        try store.saveBaselineEntries([repo(1, "a2", stars: 7), repo(3, "c")], list: .owner("octo"))
        let baseline = try #require(try store.baseline(list: .owner("octo")))
        #expect(baseline.takenAt == date(100))
        #expect(baseline.entries[1] == BaselineEntry(repo(1, "a2", stars: 7)))
        #expect(baseline.entries[2] == BaselineEntry(repo(2, "b")))
        #expect(baseline.entries[3] == BaselineEntry(repo(3, "c")))
    }

    @Test("dismissing all replaces the baseline: removed rows leave it")
    func replace() throws {
        let store = try SQLiteStore.inMemory()
        try store.seedBaseline([repo(1, "a"), repo(2, "b")], list: .owner("octo"), takenAt: date(100))
        try store.seedBaseline([repo(9, "z")], list: .starred("octo"), takenAt: date(100))
        try store.replaceBaseline([repo(2, "b", stars: 4)], list: .owner("octo"), takenAt: date(300))
        #expect(try store.baseline(list: .owner("octo")) == ListBaseline(takenAt: date(300), repositories: [repo(2, "b", stars: 4)]))
        #expect(try store.baseline(list: .starred("octo"))?.entries.keys.sorted() == [9])
    }

    @Test("the store's changes are the pure comparison's: new, removed, pushed, stars both ways, forks, renamed, description; equal rows not read")
    func changesInSQLite() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.changes(list: .owner("octo")) == nil, "no baseline, no changes")
        let then = [repo(1, "same"), repo(2, "pushed"), repo(3, "up", stars: 5), repo(4, "down", stars: 9),
                    repo(5, "old-name"), repo(6, "described", description: nil), repo(7, "gone"), repo(8, "empty", description: nil),
                    repo(9, "older", pushed: date(50)), repo(10, "Gone2")]
        try store.seedBaseline(then, list: .owner("octo"), takenAt: date(100))
        var forked = repo(11, "forked")
        forked.forksCount = 30
        var baselineForked = forked
        baselineForked.forksCount = 3
        try store.saveBaselineEntries([baselineForked], list: .owner("octo"))
        let now = [repo(1, "same"), repo(2, "pushed", pushed: date(20)), repo(3, "up", stars: 6), repo(4, "down", stars: 2),
                   repo(5, "new-name"), repo(6, "described", description: "now"), repo(8, "empty", description: ""),
                   repo(9, "older", pushed: date(40)), repo(12, "brand-new"), forked]
        try store.replaceRepositories(now, ownerLogin: "octo", fetchedAt: date(200))
        let baseline = try #require(try store.baseline(list: .owner("octo")))
        let changes = try #require(try store.changes(list: .owner("octo")))
        #expect(changes == ListChangesSince(changes: ListChanges.compare(baseline, with: now), since: date(100)))
        #expect(changes.changes.rows.keys.sorted() == [2, 3, 4, 5, 6, 11, 12])
        #expect(changes.changes.removed.map(\.name) == ["gone", "Gone2"])
        #expect(try store.changes(list: .starred("octo")) == nil)
    }

    @Test("v7 migrates a store that has lists and leaves them as they were")
    func migratesFromV4() throws {
        let queue = try DatabaseQueue()
        try Schema.migrator.migrate(queue, upTo: "v4-commit-history")
        try Schema.migrate(queue)
        let tables = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(tables.contains("list_baseline") && tables.contains("list_baseline_entry"))
    }
}
