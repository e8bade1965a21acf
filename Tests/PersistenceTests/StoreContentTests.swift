import Foundation
import GitHubEntities
import GRDB
@testable import Persistence
import Testing

@Suite("Store content")
struct StoreContentTests {
    @Test("migrating an empty database creates every table")
    func migrationsFromEmpty() throws {
        let queue = try DatabaseQueue()
        try Schema.migrate(queue)
        let tables = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        for table in Schema.tableNames {
            #expect(tables.contains(table), "missing table \(table)")
        }
        let indexes = try queue.read { db in try db.indexes(on: "repository").map(\.columns) }
        #expect(indexes.contains(["list_key", "position", "id"]))
        #expect(try queue.read { db in try Schema.migrator.hasCompletedMigrations(db) })
        // Migrating again is a no-op.
        try Schema.migrate(queue)
    }

    @Test("an unknown owner has an empty snapshot")
    func emptySnapshot() throws {
        let store = try SQLiteStore.inMemory()
        let snapshot = try store.snapshot(ownerLogin: "nobody")
        #expect(snapshot == OwnerListSnapshot())
        #expect(snapshot.isEmpty)
    }

    static let awkward = "日本語 🚀👩‍👩‍👧 \u{1B}[31mred\u{1B}[0m \u{07}\t\r\n\u{7F}\u{9B} 'quote' \"dq\" ; DROP TABLE owner; --"

    @Test("every Repository field round-trips, with nil and awkward strings stored verbatim")
    func repositoryRoundTrip() throws {
        let store = try SQLiteStore.inMemory()
        let full = Repository(
            id: 9_007_199_254_740_993, name: "名前" + Self.awkward, fullName: "Octo/名前", ownerLogin: "Octo",
            description: Self.awkward, language: "Swift 🐦", stargazersCount: Int(Int32.max) + 5,
            forksCount: 2, watchersCount: 3, openIssuesCount: 4, defaultBranch: "main\u{1B}",
            htmlURL: "https://github.com/Octo/x?q=日本", homepage: "https://例え.jp", license: "MIT",
            topics: ["swift", "日本語", "emoji-🚀", "ctl\u{1B}\u{0}"], isFork: true, isArchived: true,
            createdAt: Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_7),
            updatedAt: date(1_700_000_000), pushedAt: Date(timeIntervalSinceReferenceDate: -1.5))
        let bare = Repository(id: 2, name: "", fullName: "", ownerLogin: "")
        try store.replaceRepositories([full, bare], ownerLogin: "octo", fetchedAt: date(1_700_000_100.25))
        let snapshot = try store.snapshot(ownerLogin: "OCTO")
        #expect(snapshot.repositories == [full, bare])
        #expect(snapshot.listFetchedAt == date(1_700_000_100.25))
        #expect(snapshot.repositories.first?.description == Self.awkward)
    }

    @Test("every Owner field round-trips; logins are case-insensitive")
    func ownerRoundTrip() throws {
        let store = try SQLiteStore.inMemory()
        let full = Owner(
            id: 42, login: "Octo-Cat", kind: .organization, name: "Ōcto " + Self.awkward,
            avatarURL: "https://avatars/1", htmlURL: "https://github.com/Octo-Cat", bio: Self.awkward,
            company: "@github", location: "東京", email: "o@example.com", blog: "https://blog",
            followers: 1, following: 0, publicRepos: 99_999,
            createdAt: Date(timeIntervalSinceReferenceDate: 98_765.432_1))
        let fetchedAt = Date(timeIntervalSinceReferenceDate: 760_000_000.987_654)
        try store.saveOwner(full, fetchedAt: fetchedAt)
        var snapshot = try store.snapshot(ownerLogin: "octo-cat")
        #expect(snapshot.owner == full)
        #expect(snapshot.ownerFetchedAt == fetchedAt)

        let bare = Owner(id: 43, login: "OCTO-CAT")
        try store.saveOwner(bare, fetchedAt: date(1))
        snapshot = try store.snapshot(ownerLogin: "Octo-Cat")
        #expect(snapshot.owner == bare, "saving again under another case replaces the owner")
        #expect(snapshot.ownerFetchedAt == date(1))
        #expect(snapshot.repositories.isEmpty)
        #expect(snapshot.listFetchedAt == nil)
    }

    @Test("the list keeps the given order, not the id or name order")
    func orderPreserved() throws {
        let store = try SQLiteStore.inMemory()
        let list = [repository(5, name: "e"), repository(1, name: "z"), repository(3, name: "a"), repository(2)]
        try store.replaceRepositories(list, ownerLogin: "octo", fetchedAt: date(10))
        #expect(try store.snapshot(ownerLogin: "octo").repositories.map(\.id) == [5, 1, 3, 2])
        try store.replaceRepositories(list.reversed(), ownerLogin: "octo", fetchedAt: date(11))
        #expect(try store.snapshot(ownerLogin: "octo").repositories.map(\.id) == [2, 3, 1, 5])
    }

    @Test("replace removes repositories that vanished, leaves other owners and favourites alone")
    func replaceRemovesVanished() throws {
        let store = try SQLiteStore.inMemory()
        try store.replaceRepositories(repositories(1...4), ownerLogin: "octo", fetchedAt: date(10))
        try store.replaceRepositories(repositories(100...101, owner: "other"), ownerLogin: "other",
                                      fetchedAt: date(10))
        try store.setFavourite(true, repositoryID: 2)
        try store.setFavourite(true, repositoryID: 3)

        var changed = repository(3, stars: 77)
        changed.description = "now described"
        try store.replaceRepositories([repository(4), changed, repository(5)], ownerLogin: "Octo", fetchedAt: date(20))

        let snapshot = try store.snapshot(ownerLogin: "octo")
        #expect(snapshot.repositories == [repository(4), changed, repository(5)])
        #expect(snapshot.listFetchedAt == date(20))
        #expect(snapshot.favouriteIDs == [3], "only listed favourites are in the snapshot")
        #expect(try store.isFavourite(repositoryID: 2), "a favourite whose repository vanished is kept")
        #expect(try store.favouriteIDs() == [2, 3])
        #expect(try store.snapshot(ownerLogin: "other").repositories.map(\.id) == [100, 101])
    }

    @Test("replacing with an empty list empties it")
    func replaceWithEmpty() throws {
        let store = try SQLiteStore.inMemory()
        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(10))
        try store.replaceRepositories([], ownerLogin: "octo", fetchedAt: date(20))
        let snapshot = try store.snapshot(ownerLogin: "octo")
        #expect(snapshot.repositories.isEmpty)
        #expect(snapshot.listFetchedAt == date(20))
    }

    /// The caller's refresh: fetch every page into a staging list, replace only when all arrived.
    private struct PageFailure: Error {}

    private func refresh(store: some RepositoryStore, owner: String, pages: [[Repository]], failingAt failing: Int?,
                         fetchedAt: Date) throws {
        var staging: [Repository] = []
        for (index, page) in pages.enumerated() {
            if index + 1 == failing { throw PageFailure() }
            staging += page
        }
        try store.replaceRepositories(staging, ownerLogin: owner, fetchedAt: fetchedAt)
    }

    @Test("a refresh that fails on page 3 of 5 leaves the old list intact")
    func failedRefreshKeepsOldList() throws {
        let store = try SQLiteStore.inMemory()
        let old = repositories(1...50)
        try store.replaceRepositories(old, ownerLogin: "octo", fetchedAt: date(10))
        try store.setFavourite(true, repositoryID: 7)
        let before = try store.snapshot(ownerLogin: "octo")

        let newPages: [[Repository]] = (0..<5).map { (page: Int) -> [Repository] in
            let start = Int64(1000 + page * 10)
            return repositories(start...(start + 9))
        }
        #expect(throws: PageFailure.self) {
            try refresh(store: store, owner: "octo", pages: newPages, failingAt: 3, fetchedAt: date(20))
        }
        #expect(try store.snapshot(ownerLogin: "octo") == before)

        // The same refresh completing replaces the list in one go.
        try refresh(store: store, owner: "octo", pages: newPages, failingAt: nil, fetchedAt: date(30))
        let after = try store.snapshot(ownerLogin: "octo")
        #expect(after.repositories == newPages.flatMap { $0 })
        #expect(after.listFetchedAt == date(30))
        #expect(try store.isFavourite(repositoryID: 7))
    }

    @Test("pages stored by upsert before a failure never delete anything")
    func upsertedPagesThenFailure() throws {
        let store = try SQLiteStore.inMemory()
        try store.replaceRepositories(repositories(1...5), ownerLogin: "octo", fetchedAt: date(10))
        // Pages 1 and 2 of a refresh were stored as they arrived, page 3 failed: nothing is removed.
        try store.upsertRepositories([repository(1, stars: 10), repository(2, stars: 20)], ownerLogin: "octo",
                                     startingAt: 0, fetchedAt: date(20))
        try store.upsertRepositories([repository(3, stars: 30), repository(6)], ownerLogin: "octo",
                                     startingAt: 2, fetchedAt: date(20))
        let snapshot = try store.snapshot(ownerLogin: "octo")
        #expect(Set(snapshot.repositories.map(\.id)) == [1, 2, 3, 4, 5, 6])
        #expect(snapshot.repositories.first { $0.id == 3 }?.stargazersCount == 30)
        #expect(snapshot.listFetchedAt == date(10), "a page is not a complete refresh")
    }

    @Test("upsert appends pages after the existing ones (infinite scroll)")
    func upsertAppends() throws {
        let store = try SQLiteStore.inMemory()
        try store.upsertRepositories(repositories(1...3), ownerLogin: "octo", startingAt: 0, fetchedAt: date(10))
        #expect(try store.snapshot(ownerLogin: "octo").listFetchedAt == date(10), "first page gives the list a date")
        try store.upsertRepositories(repositories(4...6), ownerLogin: "octo", startingAt: 3, fetchedAt: date(20))
        let snapshot = try store.snapshot(ownerLogin: "octo")
        #expect(snapshot.repositories.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(snapshot.listFetchedAt == date(10))
    }

    @Test("a page stored again unchanged writes no row; a changed repository is rewritten")
    func unchangedUpsertWritesNothing() throws {
        let store = try SQLiteStore.inMemory()
        // fetched_at says when a row last changed.
        func fetchedAt() throws -> [Date?] {
            try store.read { db in
                try Double?.fetchAll(db, sql: "SELECT fetched_at FROM repository ORDER BY id").map(Rows.decodeDate)
            }
        }
        try store.upsertRepositories(repositories(1...3), ownerLogin: "octo", startingAt: 0, fetchedAt: date(10))
        var page = repositories(1...3)
        try store.upsertRepositories(page, ownerLogin: "octo", startingAt: 0, fetchedAt: date(20))
        #expect(try fetchedAt() == [date(10), date(10), date(10)])

        page[1].stargazersCount = 42
        page[2].description = "now described"
        try store.upsertRepositories(page, ownerLogin: "octo", startingAt: 0, fetchedAt: date(30))
        #expect(try fetchedAt() == [date(10), date(30), date(30)])
        #expect(try store.snapshot(ownerLogin: "octo").repositories == page)

        // The list owner's spelling is a change, even in case only.
        try store.upsertRepositories([page[0]], ownerLogin: "OCTO", startingAt: 0, fetchedAt: date(40))
        #expect(try fetchedAt() == [date(40), date(30), date(30)])
        #expect(try store.read { db in try String.fetchOne(db, sql: "SELECT list_key FROM repository WHERE id = 1") }
            == "owner:OCTO")
    }

    @Test("favourites survive refreshes, including one that drops and then re-adds the repository")
    func favouritesSurviveReplace() throws {
        let store = try SQLiteStore.inMemory()
        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(10))
        #expect(try !store.isFavourite(repositoryID: 2))
        try store.setFavourite(true, repositoryID: 2)
        try store.setFavourite(true, repositoryID: 2) // idempotent
        #expect(try store.snapshot(ownerLogin: "octo").favouriteIDs == [2])

        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(20))
        #expect(try store.snapshot(ownerLogin: "octo").favouriteIDs == [2])

        try store.replaceRepositories([repository(1), repository(3)], ownerLogin: "octo", fetchedAt: date(30))
        #expect(try store.snapshot(ownerLogin: "octo").favouriteIDs.isEmpty)
        #expect(try store.isFavourite(repositoryID: 2))

        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(40))
        #expect(try store.snapshot(ownerLogin: "octo").favouriteIDs == [2])

        try store.setFavourite(false, repositoryID: 2)
        #expect(try !store.isFavourite(repositoryID: 2))
        #expect(try store.snapshot(ownerLogin: "octo").favouriteIDs.isEmpty)
    }

    @Test("commits: at most 3 kept in order, every field round-trips, empty flag, replaced on save")
    func commits() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.commits(repositoryID: 1) == nil)
        let five: [Commit] = (1...5).map { (n: Int) -> Commit in
            let login: String? = n == 2 ? nil : "ann\(n)"
            let when: Date? = n == 3 ? nil : date(1_700_000_000 + Double(n))
            let url: String? = n == 1 ? nil : "https://github.com/c/\(n)"
            return Commit(sha: "sha\(n)", message: "Fix \(n)\n\nBody 日本語 \u{1B}[1m🚀", authorName: "Ann \(n)",
                          authorLogin: login, date: when, htmlURL: url)
        }
        try store.saveCommits(five, repositoryID: 1, isEmptyRepository: false, fetchedAt: date(50.5))
        let stored = try #require(try store.commits(repositoryID: 1))
        #expect(stored == StoredCommits(commits: Array(five.prefix(3)), fetchedAt: date(50.5), isEmptyRepository: false))

        try store.saveCommits([], repositoryID: 2, isEmptyRepository: true, fetchedAt: date(60))
        #expect(try store.commits(repositoryID: 2) == StoredCommits(commits: [], fetchedAt: date(60), isEmptyRepository: true))

        try store.saveCommits([five[4]], repositoryID: 1, isEmptyRepository: false, fetchedAt: date(70))
        #expect(try store.commits(repositoryID: 1)?.commits == [five[4]])

        let many = try store.commits(repositoryIDs: [1, 2, 3, 1])
        #expect(many.count == 2)
        #expect(many[1]?.commits == [five[4]])
        #expect(many[2]?.isEmptyRepository == true)
        #expect(many[3] == nil)
        #expect(try store.commits(repositoryIDs: []).isEmpty)
    }

    @Test("stored commits are fresh for 10 minutes")
    func commitFreshness() {
        let stored = StoredCommits(commits: [], fetchedAt: date(1_000), isEmptyRepository: false)
        #expect(stored.isFresh(at: date(1_000)))
        #expect(stored.isFresh(at: date(1_000 + 599)))
        #expect(!stored.isFresh(at: date(1_000 + 600)))
        #expect(!stored.isFresh(at: date(1_000 + 30), maxAge: 10))
    }

    @Test("stored commits fetched after the last push (beyond the clock-skew margin) are current at any age")
    func commitCurrency() {
        let stored = StoredCommits(commits: [], fetchedAt: date(100_000), isEmptyRepository: false)
        let muchLater = date(100_000 + 86_400 * 30)
        #expect(stored.isCurrent(pushedAt: date(100_000 - 301), at: muchLater))
        #expect(!stored.isCurrent(pushedAt: date(100_000 - 299), at: muchLater))   // within the margin: age decides
        #expect(stored.isCurrent(pushedAt: date(100_000 - 299), at: date(100_000 + 599)))
        #expect(!stored.isCurrent(pushedAt: date(100_000 + 10), at: muchLater))    // pushed after the fetch
        #expect(!stored.isCurrent(pushedAt: nil, at: muchLater))                   // unknown: age decides
        #expect(stored.isCurrent(pushedAt: nil, at: date(100_000 + 60)))
    }

    @Test("commits for more ids than one SQL statement takes")
    func commitsForManyIDs() throws {
        let store = try SQLiteStore.inMemory()
        for id in Int64(1)...1200 where id % 100 == 0 {
            try store.saveCommits([Commit(sha: "s\(id)", message: "m", authorName: "a")], repositoryID: id,
                                  isEmptyRepository: false, fetchedAt: date(1))
        }
        let found = try store.commits(repositoryIDs: Array(1...1200))
        #expect(found.keys.sorted() == (1...12).map { Int64($0 * 100) })
        #expect(found[700]?.commits.first?.sha == "s700")
    }

    @Test("commits outlive a refresh that drops their repository (they are a cache by id)")
    func commitsKeptAcrossReplace() throws {
        let store = try SQLiteStore.inMemory()
        try store.replaceRepositories(repositories(1...2), ownerLogin: "octo", fetchedAt: date(1))
        try store.saveCommits([Commit(sha: "a", message: "m", authorName: "n")], repositoryID: 2,
                              isEmptyRepository: false, fetchedAt: date(2))
        try store.replaceRepositories(repositories(1...1), ownerLogin: "octo", fetchedAt: date(3))
        #expect(try store.commits(repositoryID: 2)?.commits.map(\.sha) == ["a"])
    }

    @Test("validators are kept per key and replaced on save")
    func validators() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.validator(for: "k") == nil)
        let first = StoredValidator(etag: "W/\"abc\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT",
                                    body: Data([0, 1, 2, 255]), linkHeader: "<https://x?page=2>; rel=\"next\"",
                                    storedAt: date(100.75))
        let other = StoredValidator(etag: nil, lastModified: nil, body: Data(), linkHeader: nil, storedAt: date(5))
        try store.saveValidator(first, for: "https://api/users/octo/repos|token:abc")
        try store.saveValidator(other, for: "https://api/users/octo/repos|token:none")
        #expect(try store.validator(for: "https://api/users/octo/repos|token:abc") == first)
        #expect(try store.validator(for: "https://api/users/octo/repos|token:none") == other)
        #expect(try store.validator(for: "https://api/users/octo/repos") == nil)

        var second = first
        second.etag = "\"def\""
        second.body = Data("日本語".utf8)
        try store.saveValidator(second, for: "https://api/users/octo/repos|token:abc")
        #expect(try store.validator(for: "https://api/users/octo/repos|token:abc") == second)
    }

    @Test("settings are stored, replaced and removed")
    func settings() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.setting(SettingKey.lastOwner) == nil)
        try store.setSetting(SettingKey.lastOwner, value: "apple")
        #expect(try store.setting(SettingKey.lastOwner) == "apple")
        try store.setSetting(SettingKey.lastOwner, value: "日本")
        #expect(try store.setting(SettingKey.lastOwner) == "日本")
        try store.setSetting("other", value: "")
        #expect(try store.setting("other") == "")
        try store.setSetting(SettingKey.lastOwner, value: nil)
        #expect(try store.setting(SettingKey.lastOwner) == nil)
        #expect(try store.setting("other") == "")
    }

    @Test("10,000 repositories replaced in one transaction, twice", arguments: [false, true])
    func tenThousand(onDisk: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = onDisk ? SQLiteStore.open(directory: directory.url).store : try SQLiteStore.inMemory()
        let big = (Int64(1)...10_000).map { id in
            Repository(id: id, name: "repo-\(id)", fullName: "octo/repo-\(id)", ownerLogin: "octo",
                       description: "Description number \(id) 日本語", language: id % 2 == 0 ? "Swift" : nil,
                       stargazersCount: Int(id), htmlURL: "https://github.com/octo/repo-\(id)",
                       topics: ["t\(id % 7)"], updatedAt: date(1_700_000_000 + Double(id)))
        }
        let clock = ContinuousClock()
        let first = try clock.measure {
            try store.replaceRepositories(big, ownerLogin: "octo", fetchedAt: date(1))
        }
        #expect(try store.snapshot(ownerLogin: "octo").repositories == big)

        // Half vanish, half stay, 5,000 new ones, in reversed order.
        let next = Array((big[5000...] + (Int64(20_001)...25_000).map { repository($0) }).reversed())
        let second = try clock.measure {
            try store.replaceRepositories(next, ownerLogin: "octo", fetchedAt: date(2))
        }
        let snapshot = try store.snapshot(ownerLogin: "octo")
        #expect(snapshot.repositories == next)
        #expect(snapshot.listFetchedAt == date(2))
        print("10k replace (\(onDisk ? "disk pool" : "memory")): first \(first), second \(second)")
    }
}
