import Foundation
import GitHubAPI
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Repository list presenter")
@MainActor
struct RepoListPresenterTests {
    @MainActor
    struct Harness {
        let interactor: FakeInteractor
        let router = SpyRouter()
        let view = SpyRepoListView()
        let dispatcher = CollectingDispatcher()
        let scheduler = ManualScheduler()
        let presenter: RepoListPresenter

        init(stored: OwnerListSnapshot = Sample.snapshot(30), outcome: RefreshOutcome = .refreshed,
             isOffline: Bool = false, isDemo: Bool = false, notice: String? = nil,
             now: Date = Sample.now.addingTimeInterval(300)) {
            interactor = FakeInteractor(stored: stored, outcome: outcome)
            presenter = RepoListPresenter(interactor: interactor, router: router, dispatcher: dispatcher,
                                          scheduler: scheduler, isDemo: isDemo, isOffline: isOffline,
                                          notice: notice, now: { now })
            presenter.view = view
        }

        /// Runs the refresh the presenter started and delivers its outcome.
        func finishRefresh() async {
            dispatcher.runPending()                 // starts the refresh (posted after the first paint)
            await presenter.refreshTask?.value      // the interactor's answer
            dispatcher.runPending()                 // the outcome, back on the UI thread
        }
    }

    @Test("The stored list is shown on the first state, before any refresh ran")
    func storedFirst() {
        let h = Harness()
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        let state = try! #require(h.view.last)
        #expect(state.rows.count == 10)
        #expect(state.rows.first?.name == "repo-0001")
        #expect(state.title == "octo")
        #expect(state.subtitle == "User · 30 repositories · by name")
        #expect(state.selectedRow == 0)
        #expect(state.position == "1/30")
        #expect(h.interactor.refreshCount.withLock { $0 } == 0)
    }

    @Test("The first state reads only the visible head of the list; the observation brings the rest")
    func headFirst() throws {
        let h = Harness(stored: Sample.snapshot(300))
        h.interactor.headsArePartial.withLock { $0 = true }
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.interactor.morePages.withLock { $0 = true }
        #expect(h.interactor.headRequests.withLock { $0 } == ["name 10"])
        var state = try #require(h.view.last)
        #expect(state.rows.map(\.name) == (1...10).map { String(format: "repo-%04d", $0) })
        #expect(state.position == "1/300")
        #expect(state.subtitle == "User · 300 repositories · by name")
        #expect(state.carousel?.cards.count == 5)
        // Only a head: pressing End must not ask for a page while the whole list is not read yet.
        h.presenter.handle(.end)
        #expect(h.interactor.pageLoads.withLock { $0 } == 0)
        #expect(h.view.last?.position == "10/300")

        // The observation's first value is the whole list: the selection stays on its repository.
        let deliver = try #require(h.interactor.observer.withLock { $0 })
        deliver(Sample.snapshot(300))
        h.dispatcher.runPending()
        state = try #require(h.view.last)
        #expect(state.position == "10/300")
        #expect(state.rows.first(where: \.isSelected)?.name == "repo-0010")
        h.presenter.handle(.end)
        #expect(h.view.last?.position == "300/300")
    }

    @Test("A refresh runs after the first paint and shows a spinner while it runs")
    func refreshLifecycle() async {
        let h = Harness()
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()
        #expect(h.view.last?.status.hasSuffix("refreshing…") == true)
        h.scheduler.advance(by: .milliseconds(100))
        #expect(h.view.last?.status.hasPrefix(Spinner.frames[1]) == true)
        await h.presenter.refreshTask?.value
        h.dispatcher.runPending()
        #expect(h.interactor.refreshCount.withLock { $0 } == 1)
        #expect(h.view.last?.status == "")
        #expect(h.view.last?.message == nil)
    }

    @Test("Navigation keys move the selection and keep it in view")
    func navigation() {
        let h = Harness()
        h.presenter.viewDidChangeListHeight(5)
        h.presenter.viewDidLoad()
        h.presenter.handle(.moveDown)
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.selectedRow == 2)
        h.presenter.handle(.pageDown)
        #expect(h.view.last?.position == "8/30")
        #expect(h.view.last?.rows.first?.name == "repo-0004")
        #expect(h.view.last?.selectedRow == 4)
        h.presenter.handle(.end)
        #expect(h.view.last?.position == "30/30")
        #expect(h.view.last?.rows.last?.name == "repo-0030")
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.position == "30/30")
        h.presenter.handle(.pageUp)
        h.presenter.handle(.pageUp)
        h.presenter.handle(.pageUp)
        h.presenter.handle(.pageUp)
        h.presenter.handle(.pageUp)
        h.presenter.handle(.pageUp)
        #expect(h.view.last?.position == "1/30")
        #expect(h.view.last?.selectedRow == 0)
        h.presenter.handle(.home)
        #expect(h.view.last?.carousel?.isFocused == true)
        #expect(h.view.last?.selectedRow == nil)
    }

    @Test("Only the visible window of rows is in the state, however long the list")
    func visibleWindowOnly() {
        let h = Harness(stored: Sample.snapshot(10_000))
        h.presenter.viewDidChangeListHeight(20)
        h.presenter.viewDidLoad()
        h.presenter.handle(.end)
        #expect(h.view.last?.rows.count == 20)
        #expect(h.view.last?.position == "10000/10000")
    }

    @Test("Clicks select a visible row; the wheel scrolls")
    func mouse() {
        let h = Harness()
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.presenter.didClickLine(3, onToggle: false)
        #expect(h.view.last?.selectedRow == 3)
        h.presenter.didClickLine(50, onToggle: false)
        #expect(h.view.last?.selectedRow == 3)
        h.presenter.didClickLine(3, onToggle: true)
        #expect(h.view.last?.rows[3].isExpanded == true)
        h.presenter.didScroll(by: 3)
        #expect(h.view.last?.position == "7/30")
    }

    @Test("A store change keeps the same repository selected")
    func storeChangeKeepsSelection() {
        let h = Harness()
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.presenter.handle(.moveDown) // repo 2
        var changed = Sample.snapshot(30)
        changed.repositories.insert(Sample.repository(999, name: "new-one"), at: 0)
        h.interactor.emit(changed)
        h.dispatcher.runPending()
        #expect(h.view.last?.position == "3/31")
        #expect(h.view.last?.rows[h.view.last!.selectedRow!].name == "repo-0002")
    }

    @Test("A network failure with a stored list: the header says offline, no message box, and the keys move the list")
    func networkFailure() async {
        let h = Harness(outcome: .failed(.network))
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        await h.finishRefresh()
        let state = try! #require(h.view.last)
        #expect(state.message == nil)
        #expect(state.rows.count == 10)
        #expect(state.status == "offline · cached 5 min ago")
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.selectedRow == 1)
        #expect(h.view.last?.position == "2/30")
        #expect(h.view.last?.status == "offline · cached 5 min ago")
        h.presenter.handle(.toggleExpand) // Enter is the list's again: it expands the row
        #expect(h.view.last?.rows[1].isExpanded == true)
    }

    @Test("A network failure with nothing stored: the exact message in a box, which takes the keys until closed")
    func networkFailureNothingStored() async {
        let h = Harness(stored: OwnerListSnapshot(), outcome: .failed(.network))
        h.presenter.viewDidLoad()
        await h.finishRefresh()
        #expect(h.view.last?.message?.message == "A network error has occurred. Check your Internet connection and try again later.")
        #expect(h.view.last?.message?.buttonLabel == "[ OK ]")
        #expect(h.view.last?.status == "offline")
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.message != nil)
        h.presenter.handle(.confirm)
        #expect(h.view.last?.message == nil)
    }

    @Test("Another failure with a stored list is a header line until a refresh succeeds")
    func otherFailureIsAHeaderLine() async {
        let h = Harness(outcome: .failed(.http(status: 502, message: nil)))
        h.presenter.viewDidLoad()
        await h.finishRefresh()
        #expect(h.view.last?.message == nil)
        #expect(h.view.last?.status == "not refreshed: HTTP 502")
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.position == "2/30")
        h.interactor.outcome.withLock { $0 = .refreshed }
        h.presenter.handle(.refresh)
        await h.presenter.refreshTask?.value
        h.dispatcher.runPending()
        #expect(h.view.last?.status == "")
    }

    @Test("An unknown owner shows the exact not-found message")
    func notFound() async {
        let h = Harness(stored: OwnerListSnapshot(), outcome: .failed(.notFound))
        h.presenter.viewDidLoad()
        await h.finishRefresh()
        #expect(h.view.last?.message?.message == "User not found. Please enter another name.")
        h.presenter.handle(.dismiss)
        #expect(h.view.last?.message == nil)
        #expect(h.view.last?.placeholder?.contains("No repositories stored for octo") == true)
    }

    @Test("A list shown over an overlay (an owner's link): Esc closes help, then clears the filter, then goes back")
    func escapeGoesBackFromAListShownOverOthers() {
        let h = Harness()
        h.presenter.goesBackOnEscape = true
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.presenter.handle(.toggleHelp)
        h.presenter.handle(.dismiss)
        #expect(h.router.routes.isEmpty)
        h.presenter.handle(.startFilter)
        h.presenter.filterDidEdit(.insert("repo-001"))
        h.presenter.filterDidEnd(keep: true)
        h.presenter.handle(.dismiss)
        #expect(h.router.routes.isEmpty)
        #expect(h.view.last?.rows.count == 10)
        h.presenter.handle(.dismiss)
        #expect(h.router.routes == ["close"])
    }

    @Test("The list at the bottom of the stack stays on Esc")
    func escapeOnTheRootListStays() {
        let h = Harness()
        h.presenter.viewDidLoad()
        h.presenter.handle(.dismiss)
        #expect(h.router.routes.isEmpty)
        #expect(h.router.quitCount == 0)
    }

    @Test("--offline with nothing stored: the placeholder does not ask for r (which cannot load anything)")
    func offlineNothingStored() {
        let h = Harness(stored: OwnerListSnapshot(), isOffline: true)
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()
        #expect(h.view.last?.placeholder == "No repositories stored for octo yet. Start without --offline to load them.")
        let online = Harness(stored: OwnerListSnapshot(), outcome: .failed(.network))
        online.presenter.viewDidLoad()
        #expect(online.view.last?.placeholder == "No repositories stored for octo yet. Press r to refresh.")
    }

    @Test("The filter's hint counts matches in the singular and the plural")
    func filterHintPlural() {
        #expect(RepoListView.filterHint(matches: 1, isEditing: true) == "1 match · Enter keep · Esc clear")
        #expect(RepoListView.filterHint(matches: 3, isEditing: true) == "3 matches · Enter keep · Esc clear")
        #expect(RepoListView.filterHint(matches: 0, isEditing: false) == "0 matches · / edit · Esc clear")
        #expect(RepoListView.filterHint(matches: 1, isEditing: false) == "1 match · / edit · Esc clear")
    }

    @Test("Placeholders: loading, and an owner with no public repositories")
    func placeholders() async {
        let h = Harness(stored: OwnerListSnapshot())
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()
        #expect(h.view.last?.placeholder == "Loading repositories…")
        h.interactor.emit(Sample.snapshot(0))
        await h.presenter.refreshTask?.value
        h.dispatcher.runPending()
        #expect(h.view.last?.placeholder == "This account has no public repositories.")
        #expect(h.view.last?.subtitle == "User · 0 repositories · by name")
        #expect(h.view.last?.carousel == nil)
    }

    @Test("The header shows the API's remaining requests when under 10%")
    func rateLimitLow() async {
        let h = Harness()
        h.interactor.limit.withLock { $0 = RateLimit(limit: 60, remaining: 5, reset: nil, resource: "core", used: 55) }
        h.presenter.viewDidLoad()
        await h.finishRefresh()
        #expect(h.view.last?.status == "API 5/60 left")
        h.interactor.limit.withLock { $0 = RateLimit(limit: 60, remaining: 30, reset: nil, resource: "core", used: 30) }
        h.presenter.handle(.refresh)
        await h.presenter.refreshTask?.value
        h.dispatcher.runPending()
        #expect(h.view.last?.status == "")
    }

    @Test("A rate-limit error keeps the stored list and names the reset time in the header")
    func rateLimited() async {
        let h = Harness(outcome: .failed(.rateLimited(resetAt: Date(timeIntervalSince1970: 0))))
        h.presenter.viewDidLoad()
        await h.finishRefresh()
        #expect(h.view.last?.message == nil)
        #expect(h.view.last?.status.hasPrefix("not refreshed: GitHub API rate limit reached — resets at ") == true)
        #expect(h.view.last?.rows.isEmpty == false)
    }

    @Test("Offline mode never refreshes and says how old the stored list is")
    func offline() {
        let h = Harness(isOffline: true)
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()
        h.presenter.handle(.refresh)
        #expect(h.interactor.refreshCount.withLock { $0 } == 0)
        #expect(h.view.last?.status == "offline · cached 5 min ago")
    }

    @Test("Help opens from the key table and any key closes it; q quits through the router")
    func helpAndQuit() {
        let h = Harness(isDemo: true)
        h.presenter.viewDidLoad()
        h.presenter.handle(.toggleHelp)
        #expect(h.view.last?.help?.contains(HelpEntry(keys: "q/Ctrl-C", help: "quit")) == true)
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.help == nil)
        #expect(h.view.last?.selectedRow == 0)
        #expect(h.view.last?.isDemo == true)
        h.presenter.handle(.quit)
        #expect(h.router.quitCount == 1)
        #expect(h.view.last?.help == nil)
    }

    @Test("A store notice is shown in one line until the next key")
    func notice() {
        let h = Harness(notice: "The stored data was damaged\u{1B}[2J and has been moved aside.")
        h.presenter.viewDidLoad()
        #expect(h.view.last?.notice == "The stored data was damaged[2J and has been moved aside.")
        #expect(h.view.last?.message == nil)
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.notice == nil)
        #expect(h.view.last?.selectedRow == 1)
    }

    @Test("Untrusted text is sanitized before it reaches the view")
    func sanitized() {
        var snapshot = Sample.snapshot(1)
        snapshot.repositories[0].name = "evil\u{1B}[31m"
        snapshot.repositories[0].description = "line\nbreak\u{9B}"
        let h = Harness(stored: snapshot)
        h.presenter.viewDidLoad()
        #expect(h.view.last?.rows.first?.name == "evil[31m")
        #expect(h.view.last?.rows.first?.description == "line break")
    }

    @Test("The presenter and view are released when the screen goes away")
    func noLeaks() {
        weak var weakPresenter: RepoListPresenter?
        weak var weakView: RepoListView?
        do {
            let h = Harness()
            let view = RepoListView(presenter: h.presenter)
            h.presenter.view = view
            view.viewDidAppear()
            weakPresenter = h.presenter
            weakView = view
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
    }
}
