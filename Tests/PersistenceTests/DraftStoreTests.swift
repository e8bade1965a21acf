import Foundation
import Testing
@testable import Persistence

/// Drafts the user wrote and has not posted: kept per repository, number and kind, exactly as written,
/// through a close and a reopen, until removed.
@Suite("Draft store")
struct DraftStoreTests {
    @Test("a draft is stored, replaced and removed per repository (any case), number and kind")
    func keys() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.draft(repository: "o/r", number: 7, kind: .comment) == nil)
        #expect(try store.draftNumbers(repository: "o/r", kind: .comment).isEmpty)
        try store.saveDraft("first", repository: "O/R", number: 7, kind: .comment, updatedAt: date(100))
        try store.saveDraft("other issue", repository: "o/r", number: 8, kind: .comment, updatedAt: date(100))
        try store.saveDraft("other repository", repository: "o/other", number: 7, kind: .comment, updatedAt: date(100))
        #expect(try store.draft(repository: "o/r", number: 7, kind: .comment) == StoredDraft(text: "first", updatedAt: date(100)))
        try store.saveDraft("second", repository: "o/r", number: 7, kind: .comment, updatedAt: date(200))
        #expect(try store.draft(repository: "o/R", number: 7, kind: .comment) == StoredDraft(text: "second", updatedAt: date(200)))
        #expect(try store.draftNumbers(repository: "o/r", kind: .comment) == [7, 8])
        try store.removeDraft(repository: "o/r", number: 7, kind: .comment)
        #expect(try store.draft(repository: "o/r", number: 7, kind: .comment) == nil)
        #expect(try store.draft(repository: "o/r", number: 8, kind: .comment)?.text == "other issue")
        #expect(try store.draft(repository: "o/other", number: 7, kind: .comment)?.text == "other repository")
        // Removing what is not there is not an error.
        try store.removeDraft(repository: "o/r", number: 7, kind: .comment)
    }

    @Test("a draft survives closing and reopening the file, every byte of it (NUL, CRLF, Markdown) included")
    func survivesReopen() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let text = "# Heading\r\n\nbefore\u{0}after 日本 #123\n"
        let (store, outcome) = SQLiteStore.open(directory: temporary.url)
        #expect(outcome == .opened)
        try store.saveDraft(text, repository: "sferik/rails_admin", number: 2746, kind: .comment, updatedAt: date(300))
        try store.saveDraft("plain", repository: "sferik/rails_admin", number: 1, kind: .comment, updatedAt: date(300))
        try store.close()

        let (reopened, _) = SQLiteStore.open(directory: temporary.url)
        defer { try? reopened.close() }
        #expect(try reopened.draft(repository: "sferik/rails_admin", number: 2746, kind: .comment)
            == StoredDraft(text: text, updatedAt: date(300)))
        #expect(try reopened.draft(repository: "sferik/rails_admin", number: 1, kind: .comment)?.text == "plain")
    }
}
