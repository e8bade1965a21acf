import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// Spy view: records every state it is given.
@MainActor
final class SpyInboxView: InboxViewProtocol {
    var states: [InboxViewState] = []
    var last: InboxViewState? { states.last }
    func display(_ state: InboxViewState) { states.append(state) }
}

/// Spy router.
@MainActor
final class SpyInboxRouter: InboxRouterProtocol {
    var routes: [String] = []
    func showIssue(_ number: Int, isPullRequest: Bool, of repository: Repository) {
        routes.append("\(isPullRequest ? "pull" : "issue") \(repository.fullName)#\(number)")
    }
    func showRepositoryDetail(_ repository: Repository, tab: RepoTab) { routes.append("detail \(repository.fullName) \(tab.id)") }
    func close() { routes.append("close") }
    func quit() { routes.append("quit") }
}

/// An interactor whose answers the test scripts, recording what it was asked.
final class FakeInboxInteractor: InboxInteractorProtocol {
    let authenticated: Bool
    let stored = Mutex<[String: StoredInbox]>([:])
    let pages = Mutex<[LoadOutcome<NotificationsPage>]>([])
    let changeOutcome = Mutex<LoadOutcome<Void>>(.loaded(()))
    let calls = Mutex<[String]>([])

    init(authenticated: Bool = true) { self.authenticated = authenticated }

    var isAuthenticated: Bool { authenticated }
    func storedInbox(_ filter: NotificationFilter) -> StoredInbox? { stored.withLock { $0[InboxInteractor.key(filter)] } }
    func fetch(_ filter: NotificationFilter, lastModified: String?) async -> LoadOutcome<NotificationsPage> {
        calls.withLock { $0.append("fetch \(InboxInteractor.key(filter)) \(lastModified ?? "-")") }
        return pages.withLock { $0.isEmpty ? .failed(.network) : $0.removeFirst() }
    }
    func nextPage(_ url: URL) async -> LoadOutcome<NotificationsPage> {
        calls.withLock { $0.append("page \(url.lastPathComponent)") }
        return pages.withLock { $0.isEmpty ? .failed(.network) : $0.removeFirst() }
    }
    func save(_ threads: [NotificationThread], filter: NotificationFilter, lastModified: String?, pollInterval: Int?) {
        calls.withLock { $0.append("save \(threads.count) \(lastModified ?? "-")") }
    }
    func perform(_ change: InboxChange) async -> LoadOutcome<Void> {
        calls.withLock { $0.append("\(change)") }
        return changeOutcome.withLock { $0 }
    }
}

enum InboxSample {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func thread(_ id: String, _ title: String, repository: String = "octocat/Hello-World", kind: NotificationSubjectKind = .issue,
                       number: Int? = 1, reason: NotificationReason = .mention, unread: Bool = true,
                       minutesAgo: Double = 5) -> NotificationThread {
        let parts = repository.split(separator: "/").map(String.init)
        let path = kind == .pullRequest ? "pulls" : "issues"
        return NotificationThread(
            id: id, isUnread: unread, reason: reason, updatedAt: now.addingTimeInterval(-minutesAgo * 60),
            subject: NotificationSubject(title: title, url: number.map { "https://api.github.com/repos/\(repository)/\(path)/\($0)" },
                                         kind: kind),
            repository: NotificationRepository(id: Int64(abs(repository.hashValue % 100_000)), name: parts.last ?? "",
                                               fullName: repository, ownerLogin: parts.first ?? ""))
    }

    /// The recorded threads (octokit.rb's read mention; the documented unread one) and made-up ones:
    /// wide characters, emoji and hostile text in titles and names, several kinds and reasons.
    static func threads() throws -> [NotificationThread] {
        let recorded = try JSONDecoder().decode([NotificationThread].self, from: Fixtures.data(Fixtures.Name.notificationThreadsExample))
            + JSONDecoder().decode([NotificationThread].self, from: Fixtures.interactions(Fixtures.Name.notifications)[0].body)
        var made = [
            thread("11", "Review requested: 日本語のタイトル 🎉 with a long tail that will not fit", repository: "sferik/rails_admin",
                   kind: .pullRequest, number: 7, reason: .reviewRequested, minutesAgo: 3),
            thread("12", "\u{1B}[2Jcleared?\u{07} \r\nnext line", repository: "evil/x", number: 3, reason: .assign, minutesAgo: 90),
            thread("13", "v1.0.0", repository: "sferik/rails_admin", kind: .release, number: nil, reason: .subscribed, unread: false,
                   minutesAgo: 60 * 26),
            thread("14", "CI failed on main", repository: "octocat/Hello-World", kind: .checkSuite, number: nil, reason: .ciActivity,
                   minutesAgo: 60 * 24 * 40),
        ]
        made.insert(contentsOf: recorded.map { thread in
            var thread = thread
            thread.updatedAt = now.addingTimeInterval(-3_600 * 24 * 3)
            return thread
        }, at: 2)
        return made
    }
}

@Suite("Inbox presenter")
@MainActor
struct InboxPresenterTests {
    @MainActor
    final class Harness {
        let interactor: FakeInboxInteractor
        let router = SpyInboxRouter()
        let view = SpyInboxView()
        let dispatcher = CollectingDispatcher()
        let scheduler = ManualScheduler()
        let presenter: InboxPresenter

        init(authenticated: Bool = true, stored: [NotificationThread]? = nil, pages: [LoadOutcome<NotificationsPage>] = [],
             grouped: Bool = false) {
            interactor = FakeInboxInteractor(authenticated: authenticated)
            if let stored {
                interactor.stored.withLock {
                    $0[InboxInteractor.key(NotificationFilter())] = StoredInbox(threads: stored, lastModified: "stored-LM",
                                                                                pollInterval: 60, fetchedAt: InboxSample.now)
                }
            }
            interactor.pages.withLock { $0 = pages }
            presenter = InboxPresenter(interactor: interactor, router: router, dispatcher: dispatcher, scheduler: scheduler,
                                       now: { InboxSample.now })
            presenter.view = view
            presenter.viewDidChangeListHeight(20)
            if !grouped { presenter.handle(.toggleGrouping) }
            presenter.viewDidLoad()
        }

        /// Lets every background call finish and its completion run.
        func settle() async {
            while !presenter.pendingCalls.isEmpty {
                for task in presenter.pendingCalls { await task.value }
                dispatcher.runPending()
            }
        }

        var calls: [String] { interactor.calls.withLock { $0 } }
        var titles: [String] { view.last?.rows.map { $0.heading ?? $0.title } ?? [] }
    }

    static func page(_ threads: [NotificationThread], lastModified: String = "LM1", next: URL? = nil) -> LoadOutcome<NotificationsPage> {
        .loaded(NotificationsPage(threads: threads, next: next, lastModified: lastModified, pollInterval: 60))
    }

    @Test("without a token: says what is needed and asks nothing")
    func withoutToken() async {
        let harness = Harness(authenticated: false)
        await harness.settle()
        #expect(harness.calls.isEmpty)
        #expect(harness.view.last?.placeholder?.contains("GH_TOKEN") == true)
        #expect(harness.view.last?.placeholder?.contains("gh auth login") == true)
        harness.presenter.handle(.markAllRead)
        harness.scheduler.advance(by: .seconds(600))
        await harness.settle()
        #expect(harness.calls.isEmpty)
    }

    @Test("the stored inbox at once, then GitHub's list asked with the stored Last-Modified; a 304 keeps the list")
    func storedThenFetched() async throws {
        let stored = try InboxSample.threads()
        let fresh = [InboxSample.thread("99", "New mention")] + stored
        let harness = Harness(stored: stored, pages: [Self.page(fresh), .loaded(NotificationsPage(threads: [], notModified: true,
                                                                                                   lastModified: "LM1", pollInterval: 60))])
        #expect(harness.view.last?.rows.count == stored.count)
        #expect(harness.view.last?.subtitle.hasPrefix("4 unread") == true)
        await harness.settle()
        #expect(harness.calls == ["fetch all=false&participating=false stored-LM"])
        #expect(harness.titles.first == "New mention")
        #expect(harness.view.last?.subtitle.hasPrefix("5 unread") == true)
        // The next poll, on its own when GitHub's interval has passed: 304, nothing changes.
        harness.scheduler.advance(by: .seconds(59))
        await harness.settle()
        #expect(harness.calls.count == 1)
        harness.scheduler.advance(by: .seconds(1))
        await harness.settle()
        #expect(harness.calls.last == "fetch all=false&participating=false LM1")
        #expect(harness.titles.first == "New mention" && harness.view.last?.rows.count == fresh.count)
    }

    @Test("Enter on an issue opens it inside the app and marks it read at once (PATCH); a pull request opens as one")
    func openMarksRead() async throws {
        let harness = Harness(stored: try InboxSample.threads(), pages: [Self.page(try InboxSample.threads())])
        await harness.settle()
        harness.presenter.handle(.open)
        #expect(harness.router.routes == ["pull sferik/rails_admin#7"])
        #expect(harness.view.last?.rows.first?.isUnread == false)
        await harness.settle()
        #expect(harness.calls.contains("read(threadID: \"11\")"))
        #expect(harness.calls.last?.hasPrefix("save") == true)
        harness.presenter.handle(.moveDown)
        harness.presenter.handle(.open)
        #expect(harness.router.routes.last == "issue evil/x#3")
        harness.presenter.handle(.end)
        harness.presenter.handle(.open)
        #expect(harness.router.routes.last == "detail octocat/Hello-World overview")
    }

    @Test("a refused change is put back with a notice: read, done, all read, unsubscribe")
    func rollback() async throws {
        let harness = Harness(stored: try InboxSample.threads(), pages: [Self.page(try InboxSample.threads())])
        await harness.settle()
        harness.interactor.changeOutcome.withLock { $0 = .failed(.http(status: 500, message: nil)) }
        harness.presenter.handle(.markRead)
        #expect(harness.view.last?.rows.first?.isUnread == false)
        await harness.settle()
        #expect(harness.view.last?.rows.first?.isUnread == true)
        #expect(harness.view.last?.notice?.contains("put back") == true)
        harness.presenter.handle(.markDone)
        #expect(harness.view.last?.rows.count == 5)
        await harness.settle()
        #expect(harness.view.last?.rows.count == 6 && harness.titles.first?.hasPrefix("Review requested") == true)
        harness.presenter.handle(.markAllRead)
        #expect(harness.view.last?.subtitle.hasPrefix("0 unread") == true)
        await harness.settle()
        #expect(harness.view.last?.subtitle.hasPrefix("4 unread") == true)
        harness.presenter.handle(.unsubscribe)
        #expect(harness.view.last?.rows.first?.note == "unsubscribed")
        await harness.settle()
        #expect(harness.view.last?.rows.first?.note == nil)
        #expect(!harness.calls.contains { $0.hasPrefix("save") })
    }

    @Test("changes GitHub takes stay, and the list is stored: done removes the thread, all read clears the count")
    func changesTaken() async throws {
        let harness = Harness(stored: try InboxSample.threads(), pages: [Self.page(try InboxSample.threads())])
        await harness.settle()
        harness.presenter.handle(.markDone)
        await harness.settle()
        #expect(harness.view.last?.rows.count == 5 && harness.view.last?.notice == "Marked done")
        harness.presenter.handle(.markAllRead)
        await harness.settle()
        #expect(harness.view.last?.subtitle.hasPrefix("0 unread") == true)
        #expect(harness.calls.filter { $0.hasPrefix("save 5") }.count == 2)
    }

    @Test("grouped by repository (headings skipped by the selection), flat with v; / filters by title or repository")
    func groupingAndFilter() async throws {
        let harness = Harness(stored: try InboxSample.threads(), grouped: true)
        #expect(harness.view.last?.rows.first?.heading?.hasPrefix("sferik/rails_admin") == true)
        #expect(harness.view.last?.selectedRow == 1)
        harness.presenter.handle(.moveDown)
        harness.presenter.handle(.moveDown)
        // Past the next heading to the next thread.
        #expect(harness.view.last.map { $0.rows[$0.selectedRow ?? 0].heading } == .some(nil))
        harness.presenter.handle(.toggleGrouping)
        #expect(harness.view.last?.rows.allSatisfy { $0.heading == nil } == true)
        harness.presenter.handle(.startFilter)
        for character in "hello" { harness.presenter.filterDidEdit(.insert(String(character))) }
        #expect(harness.titles == ["Greetings", "CI failed on main"])
        harness.presenter.filterDidEnd(keep: true)
        #expect(harness.view.last?.rows.count == 2 && harness.presenter.isEditingFilter == false)
        harness.presenter.handle(.back)
        #expect(harness.view.last?.rows.count == 6 && harness.router.routes.isEmpty)
        // A reason in GitHub's words.
        harness.presenter.handle(.startFilter)
        for character in "assign" { harness.presenter.filterDidEdit(.insert(String(character))) }
        #expect(harness.view.last?.rows.map(\.repository) == ["evil/x"])
        harness.presenter.filterDidEnd(keep: false)
        #expect(harness.view.last?.rows.count == 6)
        harness.presenter.handle(.back)
        #expect(harness.router.routes == ["close"])
    }

    @Test("a and P ask GitHub for another list at once, shown from the store first; a late answer for the old one is dropped")
    func filters() async throws {
        let harness = Harness(stored: [], pages: [])
        harness.presenter.handle(.toggleAll)
        harness.presenter.handle(.toggleParticipating)
        await harness.settle()
        // Each request runs off the UI thread: their order is not the point, that each list was asked.
        #expect(Set(harness.calls) == ["fetch all=false&participating=false stored-LM", "fetch all=true&participating=false -",
                                       "fetch all=true&participating=true -"])
        #expect(harness.view.last?.subtitle.contains("participating") == true)
        #expect(harness.view.last?.status == "offline")
        #expect(harness.view.last?.notice?.contains("network") == true)
    }

    @Test("a token GitHub refuses for notifications: said exactly, in place of the list")
    func classicTokenNeeded() async {
        let harness = Harness(pages: [.failed(.notificationsNeedClassicToken)])
        await harness.settle()
        #expect(harness.view.last?.placeholder?.contains("classic tokens with the notifications or repo scope") == true)
    }

    @Test("the next page by Link as the selection nears the end")
    func paging() async throws {
        let first = (1...30).map { InboxSample.thread("\($0)", "Thread \($0)") }
        let second = (31...40).map { InboxSample.thread("\($0)", "Thread \($0)") }
        let harness = Harness(pages: [Self.page(first, next: URL(string: "https://api.github.com/notifications/p2")),
                                      Self.page(second)])
        await harness.settle()
        #expect(harness.view.last?.position == "1/30+")
        harness.presenter.handle(.end)
        await harness.settle()
        #expect(harness.calls.contains("page p2"))
        #expect(harness.view.last?.position == "30/40")
    }

    @Test("released with the view: presenter, poller and their timers go")
    func released() async {
        weak var weakPresenter: InboxPresenter?
        weak var weakPoller: InboxPoller?
        let scheduler = ManualScheduler()
        do {
            let interactor = FakeInboxInteractor()
            let presenter = InboxPresenter(interactor: interactor, router: SpyInboxRouter(), dispatcher: CollectingDispatcher(),
                                           scheduler: scheduler, now: { InboxSample.now })
            let view = InboxView(presenter: presenter)
            presenter.view = view
            view.viewDidAppear()
            for task in presenter.pendingCalls { await task.value }
            weakPresenter = presenter
            weakPoller = presenter.poller
        }
        #expect(weakPresenter == nil && weakPoller == nil)
    }
}
