import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// Spy view: records every state it is given.
@MainActor
final class SpySearchView: SearchViewProtocol {
    var states: [SearchViewState] = []
    var last: SearchViewState? { states.last }
    func display(_ state: SearchViewState) { states.append(state) }
}

/// Spy router.
@MainActor
final class SpySearchRouter: SearchRouterProtocol {
    var localSearches = 0
    func showLocalSearch() { localSearches += 1 }
    var details: [Repository] = []
    var profiles: [String] = []
    var closeCount = 0
    var quitCount = 0
    func showRepositoryDetail(_ repository: Repository) { details.append(repository) }
    func showProfile(login: String) { profiles.append(login) }
    func close() { closeCount += 1 }
    func quit() { quitCount += 1 }
}

/// An interactor whose answers the test scripts; validation is the real rule.
final class FakeSearchInteractor: SearchInteractorProtocol {
    let first: Mutex<LoadOutcome<SearchResultsPage>>
    let pages: Mutex<[String: LoadOutcome<SearchResultsPage>]>
    let calls = Mutex<[String]>([])

    init(first: LoadOutcome<SearchResultsPage>, pages: [String: LoadOutcome<SearchResultsPage>] = [:]) {
        self.first = Mutex(first)
        self.pages = Mutex(pages)
    }

    func validationError(for query: String) -> String? { SearchInteractor.validationError(for: query) }

    func search(query: String) async -> LoadOutcome<SearchResultsPage> {
        calls.withLock { $0.append("search \(query)") }
        return first.withLock { $0 }
    }

    func nextPage(_ url: URL) async -> LoadOutcome<SearchResultsPage> {
        calls.withLock { $0.append("page \(url.lastPathComponent)") }
        return pages.withLock { $0[url.lastPathComponent] } ?? .failed(.notFound)
    }
}

@Suite("Search presenter")
@MainActor
struct SearchPresenterTests {
    static func page(_ range: ClosedRange<Int>, total: Int, next: Int? = nil, incomplete: Bool = false) -> SearchResultsPage {
        SearchResultsPage(totalCount: total, incompleteResults: incomplete,
                          items: range.map { ScreenSample.repository($0, owner: "owner\($0 % 3)", stars: $0 * 10) },
                          next: next.map { URL(string: "https://api.test/search/\($0)")! })
    }

    @MainActor
    struct Harness {
        let interactor: FakeSearchInteractor
        let router = SpySearchRouter()
        let view = SpySearchView()
        let dispatcher = CollectingDispatcher()
        let scheduler = ManualScheduler()
        let presenter: SearchPresenter

        init(first: LoadOutcome<SearchResultsPage> = .loaded(SearchPresenterTests.page(1...30, total: 95, next: 1)),
             pages: [String: LoadOutcome<SearchResultsPage>] = [:], listHeight: Int = 10) {
            interactor = FakeSearchInteractor(first: first, pages: pages)
            presenter = SearchPresenter(interactor: interactor, router: router, dispatcher: dispatcher, scheduler: scheduler)
            presenter.view = view
            presenter.viewDidChangeListHeight(listHeight)
            presenter.viewDidLoad()
        }

        func press(_ key: Key) {
            let focus = view.last?.focus ?? .field
            if let action = SearchKeys.action(for: key, focus: focus) { presenter.handle(action) }
        }

        func type(_ text: String) {
            for character in text { press(.character(character)) }
        }

        func finishLoad() async {
            await presenter.searchTask?.value
            dispatcher.runPending()
        }

        /// Types a query, presses Enter and delivers the first page.
        func search(_ query: String) async {
            type(query)
            press(.enter)
            await finishLoad()
        }

        var calls: [String] { interactor.calls.withLock { $0 } }
    }

    @Test("The field has focus first; q and ? are typed into it")
    func initialState() {
        let h = Harness()
        let state = try! #require(h.view.last)
        #expect(state.focus == .field)
        #expect(state.placeholder == "Type a query and press Enter (qualifiers work: language:swift stars:>100).")
        #expect(state.footer.first == HelpEntry(keys: "Enter", help: "search"))
        h.type("q?p/")
        #expect(h.view.last?.field.text == "q?p/")
        #expect(h.router.quitCount == 0)
        #expect(h.router.profiles.isEmpty)
    }

    @Test("An empty or blank query is refused before any request", arguments: ["", "   "])
    func emptyQuery(_ query: String) {
        let h = Harness()
        h.type(query)
        h.press(.enter)
        #expect(h.view.last?.problem == "Type something to search for, e.g. tetris language:swift")
        #expect(h.presenter.searchTask == nil)
        #expect(h.calls.isEmpty)
        h.type("x")
        #expect(h.view.last?.problem == nil)
    }

    @Test("Results: owner/name, description, stars; the total in the rule; a spinner while searching")
    func results() async {
        let h = Harness()
        h.type("tetris")
        h.press(.enter)
        #expect(h.view.last?.status == "◐ searching…")
        #expect(h.view.last?.placeholder == "Searching…")
        h.scheduler.advance(by: .milliseconds(100))
        #expect(h.view.last?.status == "◓ searching…")
        await h.finishLoad()
        let state = try! #require(h.view.last)
        #expect(h.calls == ["search tetris"])
        #expect(state.status == "")
        #expect(state.summary == "95 results for “tetris”")
        #expect(state.notes.isEmpty)
        #expect(state.rows.count == 10)
        #expect(state.rows.first == SearchResultRowState(name: "owner1/repo-0001", description: "Repository number 1",
                                                         language: "Swift", stars: "10"))
        #expect(state.position == "1/30+")
        #expect(state.focus == .field)
        #expect(h.scheduler.pendingCount == 0)
    }

    @Test("Tab or ↓ moves to the results; Tab, Shift-Tab, / or ↑ on the first result go back to the field")
    func focus() async {
        let h = Harness()
        await h.search("tetris")
        h.press(.tab)
        #expect(h.view.last?.focus == .results)
        #expect(h.view.last?.footer.contains(HelpEntry(keys: "p", help: "profile")) == true)
        h.press(.tab)
        #expect(h.view.last?.focus == .field)
        h.press(.down)
        #expect(h.view.last?.focus == .results)
        h.press(.backTab)
        #expect(h.view.last?.focus == .field)
        h.press(.down)
        h.press(.character("/"))
        #expect(h.view.last?.focus == .field)
        #expect(h.view.last?.field.text == "tetris")
        h.press(.down)
        h.press(.down)
        #expect(h.view.last?.position == "2/30+")
        h.press(.up)
        h.press(.up)
        #expect(h.view.last?.focus == .field)
    }

    @Test("Tab does not leave the field while there are no results")
    func focusWithoutResults() {
        let h = Harness()
        h.press(.tab)
        #expect(h.view.last?.focus == .field)
    }

    @Test("Enter on a result opens its details; p opens the owner's profile; q quits from the results")
    func navigation() async {
        let h = Harness()
        await h.search("tetris")
        h.press(.down)
        h.press(.down)
        h.press(.enter)
        #expect(h.router.details.map(\.fullName) == ["owner2/repo-0002"])
        h.press(.character("p"))
        #expect(h.router.profiles == ["owner2"])
        h.press(.character("q"))
        #expect(h.router.quitCount == 1)
    }

    @Test("Esc in the field clears its text, then goes back; from the results it goes back")
    func escape() async {
        let h = Harness()
        h.type("tetris")
        h.press(.escape)
        #expect(h.view.last?.field.text == "")
        #expect(h.router.closeCount == 0)
        h.press(.escape)
        #expect(h.router.closeCount == 1)
        let r = Harness()
        await r.search("tetris")
        r.press(.down)
        r.press(.escape)
        #expect(r.router.closeCount == 1)
    }

    @Test("Further pages load as the selection nears the end, with a spinner row")
    func pagination() async {
        let h = Harness(pages: ["1": .loaded(Self.page(31...60, total: 95, next: 2)),
                                "2": .loaded(Self.page(55...95, total: 95))])
        await h.search("tetris")
        h.press(.down)
        for _ in 0..<19 { h.press(.down) }
        #expect(h.presenter.searchTask == nil)         // 20/30: not near the end yet
        h.press(.down)                                  // 21/30: within 10 of the end
        #expect(h.view.last?.loadingMore == "◐ Loading more results…")
        await h.finishLoad()
        #expect(h.calls == ["search tetris", "page 1"])
        #expect(h.view.last?.position == "21/60+")
        h.press(.end)
        await h.finishLoad()
        #expect(h.calls == ["search tetris", "page 1", "page 2"])
        #expect(h.view.last?.position == "60/95")
        h.press(.end)
        #expect(h.presenter.searchTask == nil)
        #expect(h.view.last?.position == "95/95")
    }

    @Test("More than 1,000 results: explained, and no page is asked for past the cap")
    func cap() async {
        // 34 pages of 30: the 34th takes the list past 1,000; GitHub would still link a 35th.
        var pages: [String: LoadOutcome<SearchResultsPage>] = [:]
        for n in 1...40 { pages["\(n)"] = .loaded(Self.page((n * 30 + 1)...(n * 30 + 30), total: 123_456, next: n + 1)) }
        let h = Harness(first: .loaded(Self.page(1...30, total: 123_456, next: 1)), pages: pages, listHeight: 200)
        await h.search("a")
        #expect(h.view.last?.summary == "123,456 results for “a”")
        #expect(h.view.last?.notes == ["showing the first 1,000 of 123,456 (GitHub search stops at 1,000)"])
        h.press(.down)
        for _ in 0..<40 {
            h.press(.end)
            await h.finishLoad()
        }
        #expect(h.calls.count == 34)
        #expect(h.calls.last == "page 33")
        #expect(h.view.last?.position == "1000/1,000")
        #expect(h.view.last?.message == nil)
    }

    @Test("GitHub's 422 past the cap ends the list quietly")
    func capAnswer() async {
        let h = Harness(first: .loaded(Self.page(1...30, total: 5000, next: 1)),
                        pages: ["1": .loaded(SearchResultsPage(totalCount: 0, items: [], reachedCap: true))])
        await h.search("a")
        h.press(.down)
        h.press(.end)
        await h.finishLoad()
        #expect(h.view.last?.message == nil)
        #expect(h.view.last?.position == "30/30")
        #expect(h.view.last?.summary == "5,000 results for “a”")
    }

    @Test("Incomplete results are explained")
    func incomplete() async {
        let h = Harness(first: .loaded(Self.page(1...5, total: 5, incomplete: true)))
        await h.search("big query")
        #expect(h.view.last?.notes == ["GitHub returned incomplete results (search timed out); try a narrower query"])
    }

    @Test("No results: a placeholder naming the query")
    func noResults() async {
        let h = Harness(first: .loaded(SearchResultsPage(totalCount: 0, items: [])))
        await h.search("zzzqqq")
        #expect(h.view.last?.placeholder == "No repositories match “zzzqqq”.")
        #expect(h.view.last?.summary == "0 results for “zzzqqq”")
        h.press(.tab)
        #expect(h.view.last?.focus == .field)
    }

    @Test("The search rate limit and network failures show their messages; OK returns to the screen",
          arguments: [GitHubError.rateLimited(resetAt: nil), .network, .http(status: 422, message: "Validation Failed")])
    func failures(_ error: GitHubError) async {
        let h = Harness(first: .failed(error))
        await h.search("tetris")
        #expect(h.view.last?.message?.message == error.userMessage)
        h.press(.enter)
        #expect(h.view.last?.message == nil)
        #expect(h.router.closeCount == 0)
        #expect(h.view.last?.field.text == "tetris")
        #expect(h.view.last?.summary == "")
    }

    @Test("A failed next page keeps the results and explains")
    func pageFailure() async {
        let h = Harness(first: .loaded(Self.page(1...5, total: 60, next: 1)), pages: ["1": .failed(.network)])
        await h.search("tetris")
        await h.finishLoad()
        #expect(h.view.last?.message?.message == GitHubError.networkMessage)
        #expect(h.view.last?.position == "1/5+")
    }

    @Test("A new search replaces the results; a late page of the old one is dropped")
    func newSearch() async {
        let h = Harness(pages: ["1": .loaded(Self.page(31...60, total: 95))])
        await h.search("old")
        h.press(.end)                      // into the results: End jumps, starts page 1
        let stale = h.presenter.searchTask
        h.press(.character("/"))
        h.press(.control("u"))
        h.interactor.first.withLock { $0 = .loaded(Self.page(100...102, total: 3)) }
        h.type("new")
        h.press(.enter)
        await stale?.value
        await h.finishLoad()
        h.dispatcher.runPending()
        #expect(h.view.last?.summary == "3 results for “new”")
        #expect(h.view.last?.position == "1/3")
    }

    @Test("Help shows the focused part's keys")
    func help() async {
        let h = Harness()
        await h.search("tetris")
        h.press(.function(1))
        #expect(h.view.last?.help?.contains(HelpEntry(keys: "Esc", help: "clear the query (empty: back)")) == true)
        h.press(.character("x"))
        #expect(h.view.last?.help == nil)
        #expect(h.view.last?.field.text == "tetris")
        h.press(.down)
        h.press(.character("?"))
        #expect(h.view.last?.help?.contains(HelpEntry(keys: "p", help: "owner's profile")) == true)
    }

    @Test("Clicks focus the field or select a result; the wheel scrolls")
    func mouse() async {
        let h = Harness()
        await h.search("tetris")
        h.presenter.didClickRow(atVisibleIndex: 3)
        #expect(h.view.last?.focus == .results)
        #expect(h.view.last?.position == "4/30+")
        h.presenter.didScroll(by: 3)
        #expect(h.view.last?.position == "7/30+")
        h.presenter.didClickField()
        #expect(h.view.last?.focus == .field)
    }

    @Test("Untrusted text is sanitized before it reaches the view")
    func sanitized() async {
        var repository = ScreenSample.repository(1)
        repository.name = "evil\u{1B}[2J"
        repository.description = "a\nb\u{9B}"
        let h = Harness(first: .loaded(SearchResultsPage(totalCount: 1, items: [repository])))
        await h.search("x")
        #expect(h.view.last?.rows.first?.name == "octocat/evil[2J")
        #expect(h.view.last?.rows.first?.description == "a b")
    }

    @Test("View, presenter and interactor are released when the screen goes away")
    func noLeaks() async {
        weak var weakPresenter: SearchPresenter?
        weak var weakView: SearchView?
        weak var weakInteractor: SearchInteractor?
        let navigator = SpyNavigator()
        do {
            let service = ScriptedGitHubService(.init(searchPages: [SearchPage<Repository>(
                totalCount: 1, incompleteResults: false, items: [ScreenSample.repository(1, owner: "octocat")])]))
            let dispatcher = CollectingDispatcher()
            let view = SearchBuilder.build(
                ScreenServices(service: service, dispatcher: dispatcher, scheduler: ManualScheduler()),
                navigator: navigator)
            view.viewDidAppear()
            for character in "hello" { view.handle(.key(.character(character))) }
            view.handle(.key(.enter))
            let presenter = try! #require(Mirror(reflecting: view).descendant("presenter") as? SearchPresenter)
            await presenter.searchTask?.value
            dispatcher.runPending()
            view.handle(.key(.down))
            view.handle(.key(.enter))
            view.handle(.key(.character("p")))
            view.handle(.key(.escape))
            #expect(navigator.calls == ["detail octocat/repo-0001", "showProfile octocat", "dismiss"])
            #expect(navigator.dismissed == [ObjectIdentifier(view)])
            #expect(service.recorded == ["search hello"])
            weakPresenter = presenter
            weakView = view
            weakInteractor = Mirror(reflecting: presenter).descendant("interactor") as? SearchInteractor
            #expect(weakInteractor != nil)
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
        #expect(weakInteractor == nil)
    }
}
