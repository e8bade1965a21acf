import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Inbox watch: the unread count wherever the user is")
@MainActor
struct InboxWatchTests {
    @MainActor
    final class Harness {
        let interactor: FakeInboxInteractor
        let dispatcher = CollectingDispatcher()
        let scheduler = ManualScheduler()
        let watch: InboxWatch
        var told: [InboxUnread?] = []

        init(authenticated: Bool = true, stored: [NotificationThread]?, pages: [LoadOutcome<NotificationsPage>] = []) {
            interactor = FakeInboxInteractor(authenticated: authenticated)
            if let stored {
                interactor.stored.withLock {
                    $0[InboxInteractor.key(NotificationFilter())] = StoredInbox(threads: stored, lastModified: "stored-LM",
                                                                                pollInterval: 60, fetchedAt: InboxSample.now)
                }
            }
            interactor.pages.withLock { $0 = pages }
            watch = InboxWatch(interactor: interactor, dispatcher: dispatcher, scheduler: scheduler)
            watch.observe { [weak self] unread in
                self?.told.append(unread)
                return true
            }
        }

        func settle() async {
            while !watch.pendingCalls.isEmpty {
                for task in watch.pendingCalls { await task.value }
                dispatcher.runPending()
            }
        }

        var calls: [String] { interactor.calls.withLock { $0 } }
    }

    static func unread(_ count: Int) -> [NotificationThread] {
        (1...count).map { InboxSample.thread("\($0)", "Thread \($0)") }
    }

    @Test("the stored count at once, then GitHub's at each poll interval (a 304 changes nothing and costs nothing)")
    func storedThenPolled() async {
        let harness = Harness(stored: Self.unread(2), pages: [
            InboxPresenterTests.page(Self.unread(3), lastModified: "LM1"),
            .loaded(NotificationsPage(threads: [], notModified: true, lastModified: "LM1", pollInterval: 60)),
            InboxPresenterTests.page(Self.unread(5), lastModified: "LM2", next: URL(string: "https://api.github.com/notifications?page=2")),
        ])
        harness.watch.start()
        #expect(harness.watch.unread == InboxUnread(count: 2))
        await harness.settle()
        #expect(harness.calls == ["fetch all=false&participating=false stored-LM"])
        #expect(harness.watch.unread == InboxUnread(count: 3))
        harness.scheduler.advance(by: .seconds(59))
        await harness.settle()
        #expect(harness.calls.count == 1)
        harness.scheduler.advance(by: .seconds(1))
        await harness.settle()
        #expect(harness.calls.last == "fetch all=false&participating=false LM1")
        harness.scheduler.advance(by: .seconds(60))
        await harness.settle()
        #expect(harness.watch.unread == InboxUnread(count: 5, more: true) && harness.watch.unread?.text == "5+")
        // Each change told once, in order.
        #expect(harness.told == [nil, InboxUnread(count: 2), InboxUnread(count: 3), InboxUnread(count: 5, more: true)])
    }

    @Test("an inbox never opened (nothing stored) is not asked about; without a token nothing is asked")
    func nothingAskedUnlessOpenedOnce() async {
        let never = Harness(stored: nil, pages: [InboxPresenterTests.page(Self.unread(1))])
        never.watch.start()
        never.scheduler.advance(by: .seconds(600))
        await never.settle()
        #expect(never.calls.isEmpty && never.watch.unread == nil)
        let tokenless = Harness(authenticated: false, stored: Self.unread(1))
        tokenless.watch.start()
        tokenless.scheduler.advance(by: .seconds(600))
        await tokenless.settle()
        #expect(tokenless.calls.isEmpty && tokenless.watch.unread == nil)
        // The demo asks even so (its answers come from memory).
        let demo = Harness(stored: nil, pages: [InboxPresenterTests.page(Self.unread(3))])
        demo.watch.start(evenUnopened: true)
        await demo.settle()
        #expect(demo.calls == ["fetch all=false&participating=false -"] && demo.watch.unread == InboxUnread(count: 3))
    }

    @Test("while the inbox is open it tells the count and the watch asks nothing; closed, the watch asks a whole interval later")
    func inboxOpenMeanwhile() async {
        let harness = Harness(stored: Self.unread(2), pages: [InboxPresenterTests.page(Self.unread(3), lastModified: "LM1"),
                                                               InboxPresenterTests.page(Self.unread(1), lastModified: "LM3")])
        harness.watch.start()
        await harness.settle()
        harness.watch.inboxDidOpen()
        harness.watch.inboxDidCount(InboxUnread(count: 7))
        #expect(harness.watch.unread == InboxUnread(count: 7))
        harness.scheduler.advance(by: .seconds(600))
        await harness.settle()
        #expect(harness.calls.count == 1)
        harness.watch.inboxDidClose()
        harness.scheduler.advance(by: .seconds(59))
        await harness.settle()
        #expect(harness.calls.count == 1)
        harness.scheduler.advance(by: .seconds(1))
        await harness.settle()
        // The list the inbox stored last is the one asked about.
        #expect(harness.calls.last == "fetch all=false&participating=false stored-LM")
        #expect(harness.watch.unread == InboxUnread(count: 1))
    }

    @Test("the inbox presenter tells the watch its default list's count, and that it opened and closed")
    func presenterTellsTheWatch() async {
        let interactor = FakeInboxInteractor()
        interactor.pages.withLock { $0 = [InboxPresenterTests.page(Self.unread(4))] }
        interactor.stored.withLock {
            $0[InboxInteractor.key(NotificationFilter())] = StoredInbox(threads: [], lastModified: "LM1", pollInterval: 60,
                                                                        fetchedAt: InboxSample.now)
        }
        let scheduler = ManualScheduler(), dispatcher = CollectingDispatcher()
        let watch = InboxWatch(interactor: interactor, dispatcher: dispatcher, scheduler: scheduler)
        do {
            let presenter = InboxPresenter(interactor: interactor, router: SpyInboxRouter(), dispatcher: dispatcher,
                                           scheduler: scheduler, now: { InboxSample.now }, watch: watch)
            presenter.viewDidLoad()
            while !presenter.pendingCalls.isEmpty {
                for task in presenter.pendingCalls { await task.value }
                dispatcher.runPending()
            }
            #expect(watch.unread == InboxUnread(count: 4))
            presenter.handle(.markAllRead)
            #expect(watch.unread == InboxUnread(count: 0))
            for task in presenter.pendingCalls { await task.value }
        }
        // Closed: the watch polls again on its own.
        #expect(watch.poller != nil)
    }

    @Test("the list's header says the unread count first, and nothing when none is unread")
    func listHeader() {
        let presenter = RepoListPresenter(interactor: FakeInteractor(stored: Sample.snapshot(3), outcome: .refreshed),
                                          router: SpyRouter(), dispatcher: CollectingDispatcher(), scheduler: ManualScheduler(),
                                          isDemo: false, isOffline: true, now: { Sample.now })
        let view = SpyRepoListView()
        presenter.view = view
        presenter.viewDidChangeListHeight(10)
        presenter.viewDidLoad()
        presenter.inboxUnreadDidChange(InboxUnread(count: 12, more: false))
        #expect(view.last?.status.hasPrefix("inbox: 12 unread · offline") == true)
        presenter.inboxUnreadDidChange(InboxUnread(count: 0))
        #expect(view.last?.status.hasPrefix("inbox") == false)
    }

    @Test("search's header says the count too, told by the watch it observes through the builder's services")
    func searchHeader() async {
        let harness = Harness(stored: Self.unread(2))
        let presenter = SearchPresenter(interactor: FakeSearchInteractor(first: .failed(.network)), router: SpySearchRouter(),
                                        dispatcher: harness.dispatcher, scheduler: harness.scheduler)
        let view = SpySearchView()
        presenter.view = view
        presenter.viewDidLoad()
        harness.watch.observe(from: presenter) { $0.inboxUnread = $1 }
        harness.watch.start()
        #expect(view.last?.status == "inbox: 2 unread")
        harness.watch.inboxDidCount(InboxUnread(count: 0))
        #expect(view.last?.status == "")
    }
}
