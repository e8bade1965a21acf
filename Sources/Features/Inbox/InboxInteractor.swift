import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// The inbox's use cases: the stored inbox of a filter, the first page (conditional) and further pages,
/// what GitHub is asked to do to threads, and the list kept for the next launch.
final class InboxInteractor: InboxInteractorProtocol {
    private let sources: InboxSources
    private let now: @Sendable () -> Date

    init(sources: InboxSources, now: @escaping @Sendable () -> Date) {
        self.sources = sources
        self.now = now
    }

    var isAuthenticated: Bool { sources.service.isAuthenticated }

    /// The stored inbox's key: each filter is its own list on GitHub.
    static func key(_ filter: NotificationFilter) -> String {
        "all=\(filter.all)&participating=\(filter.participating)"
    }

    func storedInbox(_ filter: NotificationFilter) -> StoredInbox? {
        (try? sources.store.inbox(account: sources.account, filter: Self.key(filter))) ?? nil
    }

    func fetch(_ filter: NotificationFilter, lastModified: String?) async -> LoadOutcome<NotificationsPage> {
        let outcome = await LoadOutcome.of { try await self.sources.service.notifications(filter, ifModifiedSince: lastModified) }
        if case .loaded(let page) = outcome, !page.notModified {
            save(page.threads, filter: filter, lastModified: page.lastModified, pollInterval: page.pollInterval)
        }
        return outcome
    }

    func nextPage(_ url: URL) async -> LoadOutcome<NotificationsPage> {
        await LoadOutcome.of { try await self.sources.service.notifications(page: url) }
    }

    func save(_ threads: [NotificationThread], filter: NotificationFilter, lastModified: String?, pollInterval: Int?) {
        let inbox = StoredInbox(threads: threads, lastModified: lastModified, pollInterval: pollInterval, fetchedAt: now())
        // A failed write loses only the head start of the next launch: the next refresh writes again.
        try? sources.store.saveInbox(inbox, account: sources.account, filter: Self.key(filter))
    }

    func perform(_ change: InboxChange) async -> LoadOutcome<Void> {
        let service = sources.service
        return await LoadOutcome.of {
            switch change {
            case .read(let id): try await service.markThreadRead(id: id)
            case .done(let id): try await service.markThreadDone(id: id)
            case .allRead(let date): try await service.markAllRead(lastReadAt: date)
            case .unsubscribe(let id): try await service.unsubscribe(threadID: id)
            }
        }
    }

    func storedNeedsYou() -> (needsYou: NeedsYou, fetchedAt: Date)? {
        (try? sources.store.needsYou(account: sources.account)) ?? nil
    }

    func fetchNeedsYou() async -> LoadOutcome<NeedsYou> {
        let outcome = await LoadOutcome.of { try await self.sources.service.needsYou() }
        if case .loaded(let needsYou) = outcome {
            // A failed write loses only the head start of the next launch.
            try? sources.store.saveNeedsYou(needsYou, account: sources.account, fetchedAt: now())
        }
        return outcome
    }
}
