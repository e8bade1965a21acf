import Foundation
import GitHubEntities
import GRDB
@testable import Persistence
import Testing

@Suite("Snapshot head (first frame)")
struct SnapshotHeadTests {
    /// Names in mixed case, equal stars and missing dates, so every tie-break is exercised.
    static let repositories: [Repository] = [
        Repository(id: 5, name: "beta", fullName: "o/beta", ownerLogin: "o", stargazersCount: 3,
                   updatedAt: Date(timeIntervalSinceReferenceDate: 300)),
        Repository(id: 3, name: "Alpha", fullName: "o/Alpha", ownerLogin: "o", stargazersCount: 9,
                   updatedAt: nil),
        Repository(id: 4, name: "alpha", fullName: "o/alpha", ownerLogin: "o", stargazersCount: 3,
                   updatedAt: Date(timeIntervalSinceReferenceDate: 500)),
        Repository(id: 1, name: "_under", fullName: "o/_under", ownerLogin: "o", stargazersCount: 0,
                   updatedAt: Date(timeIntervalSinceReferenceDate: 500)),
        Repository(id: 2, name: "Zed", fullName: "o/Zed", ownerLogin: "o", stargazersCount: 9,
                   updatedAt: Date(timeIntervalSinceReferenceDate: 100)),
    ]

    /// The order each `RepositoryOrder` promises, computed in Swift (what the list screen sorts by).
    static func expected(_ order: RepositoryOrder) -> [Int64] {
        let all = repositories
        switch order {
        case .listOrder: return all.map(\.id)
        case .name:
            return all.sorted { a, b in
                a.name.lowercased() == b.name.lowercased() ? a.id < b.id : a.name.lowercased() < b.name.lowercased()
            }.map(\.id)
        case .updated:
            return all.sorted { a, b in
                let x = a.updatedAt ?? .distantPast, y = b.updatedAt ?? .distantPast
                return x == y ? a.id < b.id : x > y
            }.map(\.id)
        case .stars:
            return all.sorted { a, b in
                a.stargazersCount == b.stargazersCount ? a.id < b.id : a.stargazersCount > b.stargazersCount
            }.map(\.id)
        }
    }

    @Test("the head holds the first rows in each order, the list's size and their favourites",
          arguments: RepositoryOrder.allCases)
    func headInEachOrder(order: RepositoryOrder) throws {
        let store = try SQLiteStore.inMemory()
        try store.saveOwner(Owner(id: 7, login: "o", kind: .user), fetchedAt: Date(timeIntervalSinceReferenceDate: 1))
        try store.replaceRepositories(Self.repositories, ownerLogin: "o", fetchedAt: Date(timeIntervalSinceReferenceDate: 2))
        let firstThree = Array(Self.expected(order).prefix(3))
        try store.setFavourite(true, repositoryID: firstThree[1])
        try store.setFavourite(true, repositoryID: Self.expected(order).last!)  // not in the head

        let head = try store.snapshotHead(ownerLogin: "O", order: order, limit: 3)
        #expect(head.repositories.map(\.id) == firstThree)
        #expect(head.totalCount == 5)
        #expect(head.isPartial)
        #expect(head.favouriteIDs == [firstThree[1]])
        #expect(head.owner?.login == "o")
        #expect(head.listFetchedAt == Date(timeIntervalSinceReferenceDate: 2))

        let whole = try store.snapshotHead(ownerLogin: "o", order: order, limit: 100)
        #expect(whole.repositories.map(\.id) == Self.expected(order))
        #expect(!whole.isPartial)
    }

    @Test("the full snapshot is never partial; an unknown owner's head is empty")
    func fullAndEmpty() throws {
        let store = try SQLiteStore.inMemory()
        try store.replaceRepositories(Self.repositories, ownerLogin: "o", fetchedAt: Date(timeIntervalSinceReferenceDate: 2))
        let full = try store.snapshot(ownerLogin: "o")
        #expect(full.totalCount == 5 && !full.isPartial)
        let none = try store.snapshotHead(ownerLogin: "nobody", order: .name, limit: 10)
        #expect(none == OwnerListSnapshot())
    }

    @Test("each order of the head reads through an index, not a scan of the list",
          arguments: [RepositoryOrder.name, .updated, .stars, .listOrder])
    func headUsesAnIndex(order: RepositoryOrder) throws {
        let queue = try DatabaseQueue()
        try Schema.migrate(queue)
        let orderBy = SQLiteStore.orderByClause(order)
        let plan = try queue.read { db in
            try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT id FROM repository WHERE list_key = 'owner:o' ORDER BY \(orderBy) LIMIT 3
                """).map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("INDEX repository_on_list_key_"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "sorts instead of reading in order: \(plan)")
    }

    @Test("topics without escapes are split without a JSON decoder, and agree with it")
    func simpleTopics() throws {
        let cases: [[String]] = [[], ["swift"], ["a", "b-c", "日本語"], ["", "x"], ["with space"]]
        for topics in cases {
            let encoded = try Rows.encodeTopics(topics)
            #expect(Rows.decodeTopics(encoded) == topics, "\(encoded)")
        }
        #expect(Rows.decodeSimpleTopics(#"["a","b"]"#) == ["a", "b"])
        #expect(Rows.decodeSimpleTopics(#"["a\"b"]"#) == nil)           // an escape: the decoder's job
        #expect(Rows.decodeTopics(#"["a\"b","c\/d"]"#) == ["a\"b", "c/d"])
        #expect(Rows.decodeSimpleTopics(#"["a",]"#) == nil)
        #expect(Rows.decodeSimpleTopics(#"["a" ,"b"]"#) == nil)
        #expect(Rows.decodeSimpleTopics(#"[1]"#) == nil)
        #expect(Rows.decodeTopics("not json") == [])
        #expect(Rows.decodeTopics(#"["unterminated]"#) == [])
    }
}
