import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import Persistence
import Testing
import TestSupport
@testable import Features

/// A notification service whose Needs-you answers the test scripts (the inbox's list calls are not used here).
final class ScriptedNotificationService: NotificationService {
    let answers = Mutex<[Result<NeedsYou, GitHubError>]>([])
    var isAuthenticated: Bool { true }

    func notifications(_ filter: NotificationFilter, ifModifiedSince: String?) async throws -> NotificationsPage {
        NotificationsPage(threads: [])
    }
    func notifications(page: URL) async throws -> NotificationsPage { NotificationsPage(threads: []) }
    func markThreadRead(id: String) async throws {}
    func markThreadDone(id: String) async throws {}
    func markAllRead(lastReadAt: Date) async throws {}
    func unsubscribe(threadID: String) async throws {}
    func needsYou() async throws -> NeedsYou {
        try answers.withLock { $0.isEmpty ? .failure(.network) : $0.removeFirst() }.get()
    }
}

@Suite("Inbox interactor: Needs you stored per account")
struct InboxInteractorTests {
    @Test("an answer is stored for the account (read back at the next launch); a failure keeps what was stored")
    func needsYouStored() async throws {
        let store = try SQLiteStore.inMemory()
        let service = ScriptedNotificationService()
        let sections = NeedsYou(assigned: [NeedsYouItem(number: 3, title: "Fix it", isPullRequest: false, repository: "o/r")])
        service.answers.withLock { $0 = [.success(sections), .failure(.http(status: 502, message: nil))] }
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let interactor = InboxInteractor(sources: InboxSources(service: service, store: store, account: "host me"), now: { now })
        #expect(interactor.storedNeedsYou() == nil)
        #expect(await interactor.fetchNeedsYou() == .loaded(sections))
        #expect(interactor.storedNeedsYou()?.needsYou == sections && interactor.storedNeedsYou()?.fetchedAt == now)
        #expect(await interactor.fetchNeedsYou() == .failed(.http(status: 502, message: nil)))
        #expect(interactor.storedNeedsYou()?.needsYou == sections)
        // Another account's are its own.
        let other = InboxInteractor(sources: InboxSources(service: service, store: store, account: "host you"), now: { now })
        #expect(other.storedNeedsYou() == nil)
    }
}
