import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// How many notifications are unread, as far as known: the first page's (50 at most) and whether more
/// pages were left unread.
struct InboxUnread: Sendable, Equatable {
    var count: Int
    /// GitHub had more pages than the ones counted: the count is a lower bound ("50+").
    var more: Bool

    init(count: Int, more: Bool = false) {
        self.count = count
        self.more = more
    }

    /// "3", "50+".
    var text: String { Formatting.grouped(count) + (more ? "+" : "") }

    /// A screen's header status with the count first ("inbox: 3 unread · refreshing"), as it was when
    /// nothing is unread or the count is not known.
    static func status(_ status: String, unread: InboxUnread?) -> String {
        guard let unread, unread.count > 0 else { return status }
        let header = tr("header.inboxUnread", unread.text)
        return status.isEmpty ? header : header + " · " + status
    }
}

extension InboxWatch {
    /// Tells `screen` the count now and at each change (`update`), for as long as the screen is there.
    func observe<Screen: AnyObject>(from screen: Screen, _ update: @escaping @MainActor (Screen, InboxUnread?) -> Void) {
        observe { [weak screen] unread in
            guard let screen else { return false }
            update(screen, unread)
            return true
        }
    }
}

/// The unread count wherever the user is (the list's header, under the repository view): one app-wide
/// object the screens observe. It keeps the count current at GitHub's poll interval with the inbox's own
/// poller (`InboxPoller`: `If-Modified-Since`, a 304 costs no rate limit), over the default list (unread,
/// every reason), stored as the inbox stores it. While the inbox screen is open, that screen asks and tells
/// the count, and the watch asks nothing. An account whose inbox was never opened (nothing stored) is not
/// asked about at all: the count appears once the inbox was opened once.
@MainActor
public final class InboxWatch {
    /// The count as last known; nil before anything is known (and always without a token).
    private(set) var unread: InboxUnread?
    private let interactor: any InboxInteractorProtocol
    private let scheduler: any Scheduler
    private let calls: BackgroundCalls
    private(set) var poller: InboxPoller?
    /// Inbox screens open (the inbox asks for itself meanwhile).
    private var openInboxes = 0
    /// Each observer is told the count; it answers false once its screen is gone (and is dropped).
    private var observers: [@MainActor (InboxUnread?) -> Bool] = []

    public convenience init(_ services: ScreenServices, sources: InboxSources) {
        self.init(interactor: InboxInteractor(sources: sources, now: services.now), dispatcher: services.dispatcher,
                  scheduler: services.scheduler)
    }

    init(interactor: any InboxInteractorProtocol, dispatcher: any UIDispatcher, scheduler: any Scheduler) {
        self.interactor = interactor
        self.scheduler = scheduler
        calls = BackgroundCalls(dispatcher)
    }

    /// The requests whose completion has not run yet (tests await them).
    var pendingCalls: [Task<Void, Never>] { calls.pending }

    /// The stored count at once; then GitHub, now and at every poll interval, unless nothing is stored
    /// (the inbox was never opened) or there is no token. `evenUnopened`: asked also when nothing is
    /// stored (the demo, where nothing goes to a network).
    public func start(evenUnopened: Bool = false) {
        guard interactor.isAuthenticated, poller == nil else { return }
        let stored = interactor.storedInbox(NotificationFilter())
        guard stored != nil || evenUnopened else { return }
        if let stored { set(Self.count(stored.threads, more: false)) }
        startPolling(interval: stored?.pollInterval, lastModified: stored?.lastModified, askNow: openInboxes == 0)
    }

    /// Observes the count: `observer` is told it now and at each change, until it answers false.
    func observe(_ observer: @escaping @MainActor (InboxUnread?) -> Bool) {
        guard observer(unread) else { return }
        observers.append(observer)
    }

    // MARK: The inbox screen

    /// The inbox screen opened: it asks for itself until it closes.
    func inboxDidOpen() {
        openInboxes += 1
        poller?.stop()
    }

    /// The inbox screen counted its default list (unread or all, every reason): `count` unread.
    func inboxDidCount(_ unread: InboxUnread) {
        set(unread)
    }

    /// The inbox screen closed: the watch asks again, a whole interval after the inbox last stored its list.
    func inboxDidClose() {
        openInboxes = max(0, openInboxes - 1)
        guard openInboxes == 0, interactor.isAuthenticated, let stored = interactor.storedInbox(NotificationFilter()) else { return }
        startPolling(interval: stored.pollInterval, lastModified: stored.lastModified, askNow: false)
    }

    // MARK: Private

    private func startPolling(interval: Int?, lastModified: String?, askNow: Bool) {
        if poller == nil {
            poller = InboxPoller(scheduler: scheduler, schedule: InboxPollSchedule(interval: interval, lastModified: lastModified)) {
                [weak self] lastModified in self?.poll(lastModified: lastModified)
            }
        }
        if askNow {
            poller?.askSoon()
        } else {
            poller?.othersAsked(interval: interval, lastModified: lastModified)
        }
    }

    private func poll(lastModified: String?) {
        // The inbox screen asks for itself meanwhile; the watch starts again when it closes.
        guard openInboxes == 0 else { return }
        let interactor = self.interactor
        calls.run { await interactor.fetch(NotificationFilter(), lastModified: lastModified) } then: { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case .loaded(let page):
                poller?.answered(page)
                if !page.notModified { set(Self.count(page.threads, more: page.next != nil)) }
            case .failed:
                poller?.failed()
            case .cancelled:
                break
            }
        }
    }

    private func set(_ unread: InboxUnread) {
        guard unread != self.unread else { return }
        self.unread = unread
        observers = observers.filter { $0(unread) }
    }

    /// The unread threads of a list; `more`: pages were left unread.
    static func count(_ threads: [NotificationThread], more: Bool) -> InboxUnread {
        InboxUnread(count: threads.reduce(0) { $0 + ($1.isUnread ? 1 : 0) }, more: more && threads.contains(where: \.isUnread))
    }
}
