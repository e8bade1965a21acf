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
    var localSearches = 0
    func showLocalSearch() { localSearches += 1 }
    var routes: [String] = []
    func show(_ place: RepoPlace, in repository: Repository) {
        switch place {
        case .thread(let number, let isPullRequest, let comment):
            routes.append("\(isPullRequest ? "pull" : "issue") \(repository.fullName)#\(number)\(comment.map { " comment \($0)" } ?? "")")
        case .release(let id): routes.append("release \(repository.fullName) \(id)")
        case .commit(let sha): routes.append("commit \(repository.fullName) \(sha)")
        case .readme(let match): routes.append("readme \(repository.fullName) \(match)")
        }
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
    let storedSections = Mutex<(needsYou: NeedsYou, fetchedAt: Date)?>(nil)
    let needsYouAnswers = Mutex<[LoadOutcome<NeedsYou>]>([])
    /// How often Needs you was asked (apart from `calls`, which the notifications' tests read whole).
    let needsYouAsked = Mutex(0)

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
    func storedNeedsYou() -> (needsYou: NeedsYou, fetchedAt: Date)? { storedSections.withLock { $0 } }
    func fetchNeedsYou() async -> LoadOutcome<NeedsYou> {
        needsYouAsked.withLock { $0 += 1 }
        return needsYouAnswers.withLock { $0.isEmpty ? .loaded(NeedsYou()) : $0.removeFirst() }
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
             grouped: Bool = false, sections: NeedsYou? = nil, sectionAnswers: [LoadOutcome<NeedsYou>] = []) {
            interactor = FakeInboxInteractor(authenticated: authenticated)
            interactor.storedSections.withLock { $0 = sections.map { ($0, InboxSample.now) } }
            interactor.needsYouAnswers.withLock { $0 = sectionAnswers }
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
        #expect(harness.router.routes.last == "detail octocat/Hello-World actions")
    }

    @Test("Enter opens each subject at its place: a thread at its latest comment, a release, a commit's diff, checks on Actions")
    func destinations() {
        func destination(_ kind: NotificationSubjectKind, _ url: String?, comment: String? = nil) -> InboxDestination {
            InboxDestination(NotificationSubject(title: "", url: url, latestCommentURL: comment, kind: kind))
        }
        let api = "https://api.github.com/repos/o/r"
        #expect(destination(.issue, "\(api)/issues/3", comment: "\(api)/issues/comments/77")
                == .place(.thread(number: 3, isPullRequest: false, commentID: 77)))
        #expect(destination(.pullRequest, "\(api)/pulls/9", comment: "\(api)/pulls/9")
                == .place(.thread(number: 9, isPullRequest: true, commentID: nil)))
        #expect(destination(.release, "\(api)/releases/1234") == .place(.release(id: 1234)))
        #expect(destination(.release, nil) == .tab(.releases))
        #expect(destination(.commit, "\(api)/commits/3cdfabd") == .place(.commit(sha: "3cdfabd")))
        #expect(destination(.checkSuite, nil) == .tab(.actions))
        #expect(destination(.discussion, "\(api)/discussions/5") == .tab(.overview))
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

    @Test("R filters by reason: each reason of the threads in turn, named in the header, then every reason again")
    func reasonFilter() async throws {
        let harness = Harness(stored: try InboxSample.threads())
        harness.presenter.handle(.cycleReason)
        #expect(harness.view.last?.rows.map(\.reason) == ["assigned"])
        #expect(harness.view.last?.subtitle.contains("reason: assigned") == true)
        harness.presenter.handle(.cycleReason)
        #expect(harness.view.last?.rows.map(\.title) == ["CI failed on main"])
        harness.presenter.handle(.cycleReason)
        #expect(harness.view.last?.rows.map(\.reason) == ["mention"])
        harness.presenter.handle(.cycleReason)
        #expect(harness.view.last?.rows.map(\.reason) == ["review requested"])
        harness.presenter.handle(.cycleReason)
        #expect(harness.view.last?.rows.count == 2 && harness.view.last?.rows.allSatisfy { $0.reason == "watching" } == true)
        // A reason and the typed text together; nothing left says which reason.
        harness.presenter.handle(.startFilter)
        for character in "zzz" { harness.presenter.filterDidEdit(.insert(String(character))) }
        #expect(harness.view.last?.rows.isEmpty == true)
        harness.presenter.filterDidEnd(keep: false)
        harness.presenter.handle(.cycleReason)
        #expect(harness.view.last?.rows.count == 6 && harness.view.last?.subtitle.contains("reason") == false)
        #expect(InboxKeys.table.footerList.contains { $0.keys == "R" })
    }

    static let sections = NeedsYou(
        reviewRequested: [NeedsYouItem(number: 7, title: "Add the inbox", isPullRequest: true, repository: "sferik/rails_admin",
                                       repositoryID: 42, updatedAt: InboxSample.now.addingTimeInterval(-600), checks: .failure)],
        assigned: [NeedsYouItem(number: 3, title: "Crash on start \u{1B}[2J", isPullRequest: false, repository: "evil/x")],
        authored: [NeedsYouItem(number: 9, title: "My change", isPullRequest: true, repository: "me/x", isDraft: true)])

    @Test("Needs you: the stored sections at once above the notifications, then GitHub's; Enter opens an item in the app")
    func needsYou() async throws {
        let harness = Harness(stored: try InboxSample.threads(), pages: [Self.page(try InboxSample.threads())],
                              sections: NeedsYou(assigned: Self.sections.assigned), sectionAnswers: [.loaded(Self.sections)])
        #expect(harness.titles.prefix(3) == ["Assigned to you · 1", "Crash on start [2J", "Notifications · 4 unread"])
        // The first item is selected (headings are passed over).
        #expect(harness.view.last?.selectedRow == 1)
        await harness.settle()
        #expect(harness.interactor.needsYouAsked.withLock { $0 } == 1)
        #expect(Array(harness.titles.prefix(7)) == ["Review requested from you · 1", "Add the inbox", "Assigned to you · 1",
                                                    "Crash on start [2J", "Your pull requests · 1", "My change",
                                                    "Notifications · 4 unread"])
        let rows = try #require(harness.view.last?.rows)
        #expect(rows[1].reason == "checks fail" && rows[1].repository == "sferik/rails_admin#7" && rows[1].age == "10 min ago")
        #expect(rows[5].reason == "draft")
        // The selection stayed on the item it was on.
        #expect(harness.view.last?.selectedRow == 3)
        harness.presenter.handle(.home)
        harness.presenter.handle(.open)
        #expect(harness.router.routes == ["pull sferik/rails_admin#7"])
        // m and d do nothing to an item (they are for notifications).
        harness.presenter.handle(.markDone)
        await harness.settle()
        #expect(!harness.calls.contains { $0.hasPrefix("done") })
        // The text filters the items too; a reason narrows to notifications only.
        harness.presenter.handle(.startFilter)
        for character in "crash" { harness.presenter.filterDidEdit(.insert(String(character))) }
        #expect(harness.titles == ["Assigned to you · 1", "Crash on start [2J", "Notifications · 4 unread"])
        harness.presenter.filterDidEnd(keep: false)
        harness.presenter.handle(.cycleReason)
        #expect(harness.view.last?.rows.allSatisfy { $0.heading == nil } == true)
    }

    @Test("Needs you is asked again with a changed list and with r, not on a 304 while it is fresh")
    func needsYouRevalidated() async throws {
        let notModified = LoadOutcome<NotificationsPage>.loaded(NotificationsPage(threads: [], notModified: true, lastModified: "LM1",
                                                                                   pollInterval: 60))
        let harness = Harness(stored: [], pages: [notModified, notModified, Self.page([InboxSample.thread("5", "New")], lastModified: "LM2")],
                              sections: Self.sections)
        await harness.settle()
        #expect(harness.interactor.needsYouAsked.withLock { $0 } == 0)
        harness.scheduler.advance(by: .seconds(60))
        await harness.settle()
        #expect(harness.interactor.needsYouAsked.withLock { $0 } == 0)
        harness.scheduler.advance(by: .seconds(60))
        await harness.settle()
        #expect(harness.interactor.needsYouAsked.withLock { $0 } == 1)
        harness.presenter.handle(.refresh)
        await harness.settle()
        #expect(harness.interactor.needsYouAsked.withLock { $0 } == 2)
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
