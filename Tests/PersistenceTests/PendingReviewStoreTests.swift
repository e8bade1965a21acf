import Foundation
import Testing
@testable import Persistence

/// A review being written on a pull request: its comments kept per repository and number, exactly as
/// written, through a close and a reopen, until removed.
@Suite("Pending review store")
struct PendingReviewStoreTests {
    static func comment(_ body: String, line: Int = 3, at seconds: Double = 100) -> PendingReviewComment {
        PendingReviewComment(path: "lib/a.rb", line: line, side: "RIGHT", startLine: line - 1, startSide: "RIGHT", body: body,
                             updatedAt: date(seconds))
    }

    @Test("comments are added in order, replaced by id, refused and removed per repository (any case) and number")
    func keys() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.pendingReviewComments(repository: "o/r", number: 7).isEmpty)
        let first = try store.savePendingReviewComment(Self.comment("first"), repository: "O/R", number: 7)
        let second = try store.savePendingReviewComment(Self.comment("second", line: 9), repository: "o/r", number: 7)
        try store.savePendingReviewComment(Self.comment("other pull"), repository: "o/r", number: 8)
        #expect(first != second)
        var stored = try store.pendingReviewComments(repository: "o/r", number: 7)
        #expect(stored.map(\.body) == ["first", "second"])
        #expect(stored[0] == PendingReviewComment(id: first, path: "lib/a.rb", line: 3, side: "RIGHT", startLine: 2, startSide: "RIGHT",
                                                  body: "first", updatedAt: date(100)))
        stored[0].body = "first, again"
        #expect(try store.savePendingReviewComment(stored[0], repository: "o/r", number: 7) == first)
        try store.setPendingReviewRefusal("Validation Failed", repository: "o/R", number: 7)
        stored = try store.pendingReviewComments(repository: "o/r", number: 7)
        #expect(stored.map(\.body) == ["first, again", "second"])
        #expect(stored.allSatisfy { $0.refusal == "Validation Failed" })
        try store.removePendingReviewComment(id: second, repository: "o/r", number: 7)
        #expect(try store.pendingReviewComments(repository: "o/r", number: 7).map(\.id) == [first])
        try store.removePendingReview(repository: "o/r", number: 7)
        #expect(try store.pendingReviewComments(repository: "o/r", number: 7).isEmpty)
        #expect(try store.pendingReviewComments(repository: "o/r", number: 8).map(\.body) == ["other pull"])
    }

    @Test("a pending review survives closing and reopening the file (a quit or a crash), every byte of it")
    func survivesReopen() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let text = "# Heading\r\n\nbefore\u{0}after #123\n```suggestion\nx\n```"
        let (store, outcome) = SQLiteStore.open(directory: temporary.url)
        #expect(outcome == .opened)
        try store.savePendingReviewComment(Self.comment(text), repository: "sferik/rails_admin", number: 2741)
        try store.close()

        let (reopened, _) = SQLiteStore.open(directory: temporary.url)
        defer { try? reopened.close() }
        let stored = try reopened.pendingReviewComments(repository: "sferik/rails_admin", number: 2741)
        #expect(stored.map(\.body) == [text])
        #expect(stored.first?.line == 3 && stored.first?.startLine == 2 && stored.first?.side == "RIGHT")
    }
}
