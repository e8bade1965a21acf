import Foundation
import GitHubEntities
import Testing
import TestSupport
@testable import Persistence

/// The notifications inbox kept between runs: per account and filter, with its Last-Modified.
@Suite("Inbox store")
struct InboxStoreTests {
    static func threads() throws -> [NotificationThread] {
        try JSONDecoder().decode([NotificationThread].self, from: Fixtures.interactions(Fixtures.Name.notifications)[0].body)
            + JSONDecoder().decode([NotificationThread].self, from: Fixtures.data(Fixtures.Name.notificationThreadsExample))
    }

    @Test("stored per account and filter, replaced whole, read back exactly (Last-Modified and poll interval too)")
    func keys() throws {
        let store = try SQLiteStore.inMemory()
        let threads = try Self.threads()
        #expect(try store.inbox(account: "a", filter: "all=false") == nil)
        let first = StoredInbox(threads: threads, lastModified: "Mon, 30 Mar 2020 03:03:44 GMT", pollInterval: 60,
                                fetchedAt: Date(timeIntervalSinceReferenceDate: 100))
        try store.saveInbox(first, account: "a", filter: "all=false")
        try store.saveInbox(StoredInbox(threads: [], lastModified: nil, pollInterval: nil, fetchedAt: .distantPast),
                            account: "b", filter: "all=false")
        #expect(try store.inbox(account: "a", filter: "all=false") == first)
        #expect(try store.inbox(account: "a", filter: "all=true") == nil)
        #expect(try store.inbox(account: "b", filter: "all=false")?.threads.isEmpty == true)
        var second = first
        second.threads.removeFirst()
        second.lastModified = "Mon, 30 Mar 2020 03:03:45 GMT"
        second.pollInterval = 120
        try store.saveInbox(second, account: "a", filter: "all=false")
        #expect(try store.inbox(account: "a", filter: "all=false") == second)
    }

    @Test("the inbox survives closing and reopening the file, hostile titles byte for byte")
    func survivesReopen() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        var threads = try Self.threads()
        threads[0].subject.title = "\u{1B}[31mred\u{0} 日本語 🎉\r\n"
        let inbox = StoredInbox(threads: threads, lastModified: "Mon, 30 Mar 2020 03:03:44 GMT", pollInterval: 90,
                                fetchedAt: Date(timeIntervalSinceReferenceDate: 5))
        let (store, _) = SQLiteStore.open(directory: temporary.url)
        try store.saveInbox(inbox, account: "api.github.com token:1", filter: "all=true&participating=false")
        try store.close()
        let (reopened, _) = SQLiteStore.open(directory: temporary.url)
        #expect(try reopened.inbox(account: "api.github.com token:1", filter: "all=true&participating=false") == inbox)
        try reopened.close()
    }

    @Test("the Needs-you sections: per account, replaced whole, read back exactly with when they were read")
    func needsYou() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.needsYou(account: "a") == nil)
        let sections = NeedsYou(
            reviewRequested: [NeedsYouItem(number: 7, title: "Review me \u{1B}[2J", isPullRequest: true, repository: "o/r",
                                           updatedAt: Date(timeIntervalSince1970: 1_700_000_000), checks: .failure)],
            assigned: [NeedsYouItem(number: 3, title: "Assigned", isPullRequest: false, repository: "o/r")],
            authored: [NeedsYouItem(number: 9, title: "Mine", isPullRequest: true, repository: "me/x", isDraft: true, checks: .pending)])
        try store.saveNeedsYou(sections, account: "a", fetchedAt: Date(timeIntervalSinceReferenceDate: 100))
        try store.saveNeedsYou(NeedsYou(), account: "b", fetchedAt: Date(timeIntervalSinceReferenceDate: 5))
        #expect(try store.needsYou(account: "a")?.needsYou == sections)
        #expect(try store.needsYou(account: "a")?.fetchedAt == Date(timeIntervalSinceReferenceDate: 100))
        #expect(try store.needsYou(account: "b")?.needsYou == NeedsYou())
        try store.saveNeedsYou(NeedsYou(assigned: sections.assigned), account: "a", fetchedAt: Date(timeIntervalSinceReferenceDate: 200))
        #expect(try store.needsYou(account: "a")?.needsYou == NeedsYou(assigned: sections.assigned))
    }
}
