import Foundation
import GitHubEntities
import GRDB
@testable import Persistence
import Testing

/// "The API's text exactly": a NUL byte and what follows it survive the store (GRDB binds and reads
/// Swift strings as C strings, which end at the first NUL).
@Suite("Text with NUL bytes in the store")
struct ExactTextTests {
    static let withNUL = "before\u{0}after 日本\u{0}\u{0}end"

    @Test("descriptions, owners' texts and commits keep every byte, NUL included, through a file on disk")
    func roundTrip() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, outcome) = SQLiteStore.open(directory: temporary.url)
        #expect(outcome == .opened)
        var first = repository(1)
        first.description = Self.withNUL
        first.homepage = "https://x.test/\u{0}y"
        first.license = "MIT\u{0}"
        first.language = "\u{0}"
        var second = repository(2)
        second.description = "plain text stays TEXT"
        try store.replaceRepositories([first, second], ownerLogin: "octo", fetchedAt: date(1))
        try store.saveOwner(Owner(id: 7, login: "octo", name: "Oc\u{0}to", bio: Self.withNUL, company: "\u{0}co",
                                  location: "l\u{0}", email: "e\u{0}@x", blog: "b\u{0}"), fetchedAt: date(1))
        try store.saveCommits([Commit(sha: "abc", message: "fix\u{0}: more", authorName: "A\u{0}B")], repositoryID: 1,
                              isEmptyRepository: false, fetchedAt: date(1))
        try store.close()

        let (reopened, _) = SQLiteStore.open(directory: temporary.url)
        defer { try? reopened.close() }
        let snapshot = try reopened.snapshot(ownerLogin: "octo")
        #expect(snapshot.repositories.map(\.description) == [Self.withNUL, "plain text stays TEXT"])
        #expect(snapshot.repositories.first?.homepage == "https://x.test/\u{0}y")
        #expect(snapshot.repositories.first?.license == "MIT\u{0}")
        #expect(snapshot.repositories.first?.language == "\u{0}")
        let owner = try #require(snapshot.owner)
        #expect([owner.name, owner.bio, owner.company, owner.location, owner.email, owner.blog]
                == ["Oc\u{0}to", Self.withNUL, "\u{0}co", "l\u{0}", "e\u{0}@x", "b\u{0}"])
        let commit = try #require(try reopened.commits(repositoryID: 1)?.commits.first)
        #expect(commit.message == "fix\u{0}: more")
        #expect(commit.authorName == "A\u{0}B")
        // The first rows of the list (read apart, for the first frame) too.
        let head = try reopened.snapshotHead(list: .owner("octo"), order: .name, limit: 1)
        #expect(head.repositories.first?.description == Self.withNUL)
    }

    @Test("a description changed only after its NUL is updated (the upsert compares every byte)")
    func changedAfterNUL() throws {
        let store = try SQLiteStore.inMemory()
        var first = repository(1)
        first.description = Self.withNUL
        try store.replaceRepositories([first], ownerLogin: "octo", fetchedAt: date(1))
        try store.upsertRepositories([first], list: .owner("octo"), startingAt: 0, fetchedAt: date(2))
        first.description = "before\u{0}other"
        try store.upsertRepositories([first], list: .owner("octo"), startingAt: 0, fetchedAt: date(3))
        #expect(try store.snapshot(ownerLogin: "octo").repositories.first?.description == "before\u{0}other")
    }
}
