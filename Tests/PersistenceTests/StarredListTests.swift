import Foundation
import GitHubEntities
import GRDB
import Testing
@testable import Persistence

@Suite("Lists with an identity: owners' and starred lists (Schema v3)")
struct StarredListTests {
    @Test("a v2 store migrates to v3: lists, rows, order, fetched-at, favourites and commits kept")
    func migratesV2Data() throws {
        let queue = try DatabaseQueue()
        try Schema.migrator.migrate(queue, upTo: "v2")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO owner_list (owner_login, fetched_at) VALUES ('Octo', 100), ('other', 200)")
            for (id, owner, position, name) in [(1, "octo", 1, "b"), (2, "octo", 0, "a"), (3, "other", 0, "c")] {
                try db.execute(sql: """
                    INSERT INTO repository (id, owner_login, position, name, full_name, repository_owner_login,
                        description, stargazers_count, forks_count, watchers_count, open_issues_count, html_url,
                        topics, is_fork, is_archived, updated_at, fetched_at)
                    VALUES (?, ?, ?, ?, ?, ?, 'd', 7, 1, 2, 3, 'https://github.com/x', '["t"]', 0, 1, 50, 60)
                    """, arguments: [id, owner, position, name, "\(owner)/\(name)", owner])
            }
            try db.execute(sql: "INSERT INTO favourite (repository_id, created_at) VALUES (1, 5)")
            try db.execute(sql: """
                INSERT INTO "commit" (repository_id, position, sha, message, author_name) VALUES (1, 0, 'abc', 'm', 'n')
                """)
            try db.execute(sql: "INSERT INTO commit_fetch (repository_id, fetched_at, is_empty) VALUES (1, 70, 0)")
        }
        try Schema.migrate(queue)
        let tables = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(!tables.contains("owner_list"))
        #expect(Set(Schema.tableNames).isSubset(of: Set(tables)))

        let store = SQLiteStore(writer: queue, outcome: .opened, databaseURL: nil)
        let octo = try store.snapshot(ownerLogin: "octo")
        #expect(octo.repositories.map(\.name) == ["a", "b"])
        #expect(octo.listFetchedAt == Date(timeIntervalSinceReferenceDate: 100))
        #expect(octo.favouriteIDs == [1])
        let first = try #require(octo.repositories.first)
        #expect(first.description == "d" && first.stargazersCount == 7 && first.topics == ["t"] && first.isArchived)
        #expect(first.updatedAt == Date(timeIntervalSinceReferenceDate: 50))
        #expect(try store.snapshot(ownerLogin: "OTHER").repositories.map(\.id) == [3])
        #expect(try store.commits(repositoryID: 1)?.commits.map(\.sha) == ["abc"])
        #expect(try store.snapshot(list: .starred("octo")).repositories.isEmpty)
        // The migrated store takes new lists.
        try store.replaceRepositories([repository(3, owner: "other", name: "c")], list: .starred("octo"), fetchedAt: date(1))
        #expect(try store.snapshot(list: .starred("octo")).repositories.map(\.id) == [3])
    }

    @Test("a v2 database file opens migrated through SQLiteStore.open, its list and favourites kept, and reopens")
    func migratesV2File() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent(SQLiteStore.fileName)
        do {
            let queue = try DatabaseQueue(path: file.path)
            try Schema.migrator.migrate(queue, upTo: "v2")
            try queue.write { db in
                try db.execute(sql: "INSERT INTO owner_list (owner_login, fetched_at) VALUES ('octo', 100)")
                for id in 1...3 {
                    try db.execute(sql: """
                        INSERT INTO repository (id, owner_login, position, name, full_name, repository_owner_login,
                            stargazers_count, forks_count, watchers_count, open_issues_count, html_url,
                            is_fork, is_archived, fetched_at)
                        VALUES (?, 'octo', ?, ?, ?, 'octo', 0, 0, 0, 0, 'https://github.com/x', 0, 0, 60)
                        """, arguments: [id, 3 - id, "r\(id)", "octo/r\(id)"])
                }
                try db.execute(sql: "INSERT INTO favourite (repository_id, created_at) VALUES (2, 5)")
            }
            try queue.close()
        }
        let (store, outcome) = SQLiteStore.open(directory: directory.url)
        #expect(outcome == .opened)
        let snapshot = try store.snapshot(ownerLogin: "octo")
        #expect(snapshot.repositories.map(\.id) == [3, 2, 1])
        #expect(snapshot.favouriteIDs == [2])
        #expect(try store.snapshotHead(ownerLogin: "octo", order: .name, limit: 2).repositories.map(\.name) == ["r1", "r2"])
        try store.replaceRepositories([repository(9)], list: .starred("octo"), fetchedAt: date(1))
        try store.close()
        let reopened = SQLiteStore.open(directory: directory.url).store
        #expect(try reopened.snapshot(ownerLogin: "octo").repositories.count == 3)
        #expect(try reopened.snapshot(list: .starred("octo")).repositories.map(\.id) == [9])
        try reopened.close()
    }

    @Test("a starred list holds other owners' repositories without taking them from their owners' lists")
    func starredRoundTrip() throws {
        let store = try SQLiteStore.inMemory()
        let own = [repository(1, owner: "sferik", name: "t"), repository(2, owner: "sferik", name: "rails_admin")]
        let rails = [repository(10, owner: "rails", name: "rails")]
        try store.replaceRepositories(own, ownerLogin: "sferik", fetchedAt: date(10))
        try store.replaceRepositories(rails, ownerLogin: "rails", fetchedAt: date(10))
        var starredRails = rails[0]
        starredRails.stargazersCount = 99
        let starred = [starredRails, own[1], repository(20, owner: "octo", name: "hello")]
        try store.replaceRepositories(starred, list: .starred("sferik"), fetchedAt: date(20))

        let snapshot = try store.snapshot(list: .starred("SFERIK"))
        #expect(snapshot.repositories == starred)
        #expect(snapshot.listFetchedAt == date(20))
        #expect(try store.snapshot(ownerLogin: "sferik").repositories == own)
        #expect(try store.snapshot(ownerLogin: "rails").repositories == rails)

        // A favourite and commits are the repository's, whichever list shows it.
        try store.setFavourite(true, repositoryID: 10)
        try store.saveCommits([Commit(sha: "s", message: "m", authorName: "a")], repositoryID: 10,
                              isEmptyRepository: false, fetchedAt: date(30))
        #expect(try store.snapshot(list: .starred("sferik")).favouriteIDs == [10])
        #expect(try store.snapshot(ownerLogin: "rails").favouriteIDs == [10])
        #expect(try store.commits(repositoryID: 10)?.commits.count == 1)

        // The head of the starred list, in each order.
        let head = try store.snapshotHead(list: .starred("sferik"), order: .stars, limit: 2)
        #expect(head.repositories.map(\.id) == [10, 2])
        #expect(head.totalCount == 3 && head.favouriteIDs == [10])
        #expect(try store.snapshotHead(list: .starred("sferik"), order: .name, limit: 5).repositories.map(\.name)
            == ["hello", "rails", "rails_admin"])

        // Replacing the starred list leaves the owners' lists; an empty one empties only itself.
        try store.replaceRepositories([], list: .starred("sferik"), fetchedAt: date(40))
        #expect(try store.snapshot(list: .starred("sferik")).repositories.isEmpty)
        #expect(try store.snapshot(ownerLogin: "rails").repositories == rails)
        #expect(try store.snapshot(ownerLogin: "sferik").repositories == own)
    }

    @Test("pages of a starred list are upserted into that list only")
    func starredPages() throws {
        let store = try SQLiteStore.inMemory()
        try store.replaceRepositories(repositories(1...2), ownerLogin: "octo", fetchedAt: date(10))
        try store.upsertRepositories(repositories(2...3), list: .starred("me"), startingAt: 0, fetchedAt: date(20))
        try store.upsertRepositories(repositories(4...4), list: .starred("me"), startingAt: 2, fetchedAt: date(20))
        #expect(try store.snapshot(list: .starred("me")).repositories.map(\.id) == [2, 3, 4])
        #expect(try store.snapshot(ownerLogin: "octo").repositories.map(\.id) == [1, 2])
    }

    @Test("list keys", arguments: [(RepositoryListID.owner("sferik"), "owner:sferik"), (.starred("x-y"), "starred:x-y")])
    func keys(list: RepositoryListID, key: String) {
        #expect(list.key == key)
    }

    @Test("observing a starred list delivers it")
    func observeStarred() async throws {
        let store = try SQLiteStore.inMemory()
        let recorder = Recorder<OwnerListSnapshot>()
        let cancellable = store.observeList(.starred("me")) { recorder.record($0) }
        defer { cancellable.cancel() }
        try store.replaceRepositories(repositories(5...6), list: .starred("me"), fetchedAt: date(1))
        let delivered = await recorder.first { $0.repositories.count == 2 }
        #expect(delivered?.repositories.map(\.id) == [5, 6])
    }
}
