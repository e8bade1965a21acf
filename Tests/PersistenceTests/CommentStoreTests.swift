import Foundation
import GitHubEntities
import Testing
import TestSupport
@testable import Persistence

/// A thread's comments as stored: pages read again replace only their own span, so reopening a
/// thread read to its end (page 1 fetched again) keeps every later page.
@Suite("Comment store")
struct CommentStoreTests {
    private let repository = "o/r"
    private let number = 7

    private func comments(_ ids: some Sequence<Int>, body: String = "text") -> [IssueComment] {
        ids.map { IssueComment(id: Int64($0), author: "a\($0)", body: "\(body) \($0)") }
    }

    private func page(_ index: Int) -> URL? { URL(string: "https://api.github.com/repos/o/r/issues/7/comments?page=\(index)") }

    private func save(_ store: SQLiteStore, _ items: [IssueComment], next: URL?, pageIndex: Int, at time: Double = 100) throws {
        try store.saveCommentPage(items, next: next, pageIndex: pageIndex, repository: repository, number: number,
                                  fetchedAt: date(time))
    }

    private func readToTheEnd(_ store: SQLiteStore) throws {
        try save(store, comments(1...10), next: page(2), pageIndex: 0)
        try save(store, comments(11...20), next: page(3), pageIndex: 1)
        try save(store, comments(21...25), next: nil, pageIndex: 2)
    }

    @Test("pages read in order make the whole thread, read to its end")
    func wholeThread() throws {
        let store = try SQLiteStore.inMemory()
        try readToTheEnd(store)
        let stored = try #require(try store.commentList(repository: repository, number: number))
        #expect(stored.items == comments(1...25))
        #expect(stored.next == nil)
        #expect(stored.pages == 3)
    }

    @Test("page 1 fetched again keeps the later pages, with its edits and deletions, and the store's place")
    func firstPageAgain() throws {
        let store = try SQLiteStore.inMemory()
        try readToTheEnd(store)
        var again = comments(1...10).filter { $0.id != 4 }   // comment 4 was deleted
        again[1].body = "edited"                              // comment 2 was edited
        try save(store, again, next: page(2), pageIndex: 0, at: 500)
        let stored = try #require(try store.commentList(repository: repository, number: number))
        #expect(stored.items.map(\.id) == (1...25).filter { $0 != 4 }.map(Int64.init))
        #expect(stored.items[1].body == "edited")
        #expect(stored.next == nil)
        #expect(stored.pages == 3)
        #expect(stored.fetchedAt == date(500))
    }

    @Test("a thread read half-way keeps its next page when page 1 is fetched again")
    func halfWay() throws {
        let store = try SQLiteStore.inMemory()
        try save(store, comments(1...10), next: page(2), pageIndex: 0)
        try save(store, comments(11...20), next: page(3), pageIndex: 1)
        try save(store, comments(1...10), next: page(2), pageIndex: 0)
        let stored = try #require(try store.commentList(repository: repository, number: number))
        #expect(stored.items == comments(1...20))
        #expect(stored.next == page(3))
        #expect(stored.pages == 2)
    }

    @Test("a thread that now fits one page drops what was stored after it; an empty first page empties it")
    func shrinks() throws {
        let store = try SQLiteStore.inMemory()
        try readToTheEnd(store)
        try save(store, comments(1...8), next: nil, pageIndex: 0)
        let stored = try #require(try store.commentList(repository: repository, number: number))
        #expect(stored.items == comments(1...8))
        #expect(stored.next == nil)
        #expect(stored.pages == 1)
        try save(store, [], next: nil, pageIndex: 0)
        #expect(try store.commentList(repository: repository, number: number)?.items == [])
    }

    @Test("the last page read again adds the comments written since, and ends the thread there")
    func lastPageAgain() throws {
        let store = try SQLiteStore.inMemory()
        try readToTheEnd(store)
        try save(store, comments(21...30), next: page(4), pageIndex: 2)
        try save(store, comments(31...32), next: nil, pageIndex: 3)
        let stored = try #require(try store.commentList(repository: repository, number: number))
        #expect(stored.items == comments(1...32))
        #expect(stored.next == nil)
        #expect(stored.pages == 4)
    }

    @Test("a comment that appears between stored ones takes its place by id")
    func between() throws {
        let store = try SQLiteStore.inMemory()
        try save(store, comments([1, 2, 4, 5]), next: page(2), pageIndex: 0)
        try save(store, comments(6...7), next: nil, pageIndex: 1)
        try save(store, comments([1, 2, 3, 4, 5]), next: page(2), pageIndex: 0)
        #expect(try store.commentList(repository: repository, number: number)?.items == comments(1...7))
    }

    @Test("another thread's comments are not touched")
    func apart() throws {
        let store = try SQLiteStore.inMemory()
        try readToTheEnd(store)
        try store.saveCommentPage(comments(1...3), next: nil, pageIndex: 0, repository: repository, number: 8,
                                  fetchedAt: date(100))
        #expect(try store.commentList(repository: repository, number: number)?.items.count == 25)
        #expect(try store.commentList(repository: repository, number: 8)?.items == comments(1...3))
    }
}
