import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Search rendering")
@MainActor
struct SearchViewTests {
    final class PresenterSpy: SearchPresenterProtocol {
        var actions: [SearchAction] = []
        var heights: [Int] = []
        var clicks: [Int] = []
        var fieldClicks = 0
        var scrolls: [Int] = []
        func viewDidLoad() {}
        func viewDidChangeListHeight(_ rows: Int) { heights.append(rows) }
        func handle(_ action: SearchAction) { actions.append(action) }
        func didClickRow(atVisibleIndex index: Int) { clicks.append(index) }
        func didClickField() { fieldClicks += 1 }
        func didScroll(by rows: Int) { scrolls.append(rows) }
    }

    static func mixedPage(total: Int = 1234, incomplete: Bool = false) -> SearchResultsPage {
        SearchResultsPage(totalCount: total, incompleteResults: incomplete, items: [
            ScreenSample.repository(1, owner: "chvin", name: "react-tetris", description: "Use React, Redux, Immutable to code Tetris. 🎮", language: "JavaScript", stars: 8_600),
            ScreenSample.repository(2, owner: "日本人", name: "テトリス", description: "全角文字のテトリスです", language: "Swift", stars: 1234),
            ScreenSample.repository(3, owner: "evil", name: "x\u{1B}[2J", description: "\u{1B}]0;pwned\u{07} text\r\nmore", language: nil, stars: 7),
        ] + (4...30).map { ScreenSample.repository($0, owner: "owner\($0)") }, next: URL(string: "https://api.test/search/1"))
    }

    func render(width: Int = 80, height: Int = 24, first: LoadOutcome<SearchResultsPage> = .loaded(mixedPage()),
                query: String = "tetris", configure: (SearchPresenter) -> Void = { _ in }) async -> Buffer {
        let dispatcher = CollectingDispatcher()
        let presenter = SearchPresenter(interactor: FakeSearchInteractor(first: first), router: SpySearchRouter(),
                                        dispatcher: dispatcher, scheduler: ManualScheduler())
        let view = SearchView(presenter: presenter)
        presenter.view = view
        view.viewDidAppear()
        var scratch = Buffer(width: width, height: height)
        view.render(into: &scratch)
        for character in query { view.handle(.key(.character(character))) }
        if !query.isEmpty {
            view.handle(.key(.enter))
            await presenter.searchTask?.value
            dispatcher.runPending()
        }
        configure(presenter)
        var buffer = Buffer(width: width, height: height)
        view.render(into: &buffer)
        return buffer
    }

    @Test("80×24: results with the count, the cap explained, the selection on the results")
    func results() async {
        let buffer = await render { presenter in presenter.handle(.focusResults) }
        assertScreenSnapshot(buffer.snapshot(), named: "search-80x24")
        assertScreenSnapshot(buffer.attributeMask(.reverse), named: "search-80x24-reverse")
    }

    @Test("80×24: before the first search")
    func empty() async {
        let buffer = await render(query: "")
        assertScreenSnapshot(buffer.snapshot(), named: "search-80x24-empty")
    }

    @Test("80×24: incomplete results explained, the field focused")
    func incomplete() async {
        let buffer = await render(first: .loaded(Self.mixedPage(total: 30, incomplete: true)))
        assertScreenSnapshot(buffer.snapshot(), named: "search-80x24-incomplete")
    }

    @Test("80×24: the search rate limit")
    func rateLimited() async {
        let buffer = await render(first: .failed(.rateLimited(resetAt: nil)))
        assertScreenSnapshot(buffer.snapshot(), named: "search-80x24-rate-limited")
    }

    @Test("Every line fits at any width, wide characters included", arguments: [40, 41, 57, 69, 70, 80, 133])
    func linesFit(width: Int) async {
        let buffer = await render(width: width, height: 12) { $0.handle(.focusResults) }
        for y in 0..<buffer.height { #expect(buffer.line(y).displayWidth == width) }
    }

    @Test("Keys go to the focused part: text in the field, commands on the results")
    func input() {
        let spy = PresenterSpy()
        let view = SearchView(presenter: spy)
        view.handle(.resize(width: 80, height: 24))
        view.handle(.resize(width: 80, height: 30))
        #expect(spy.heights == [18, 24])
        for key: Key in [.character("q"), .character("p"), .enter, .tab, .escape, .control("u"), .control("c")] {
            view.handle(.key(key))
        }
        #expect(spy.actions == [.edit(.insert("q")), .edit(.insert("p")), .search, .focusResults, .back, .edit(.clear), .quit])
        spy.actions = []
        view.display(SearchViewState(focus: .results, rows: Array(repeating: SearchResultRowState(name: "a/b", description: "", language: "", stars: "0"), count: 5)))
        for key: Key in [.character("q"), .character("p"), .enter, .tab, .character("/"), .up, .character("?"), .character("x")] {
            view.handle(.key(key))
        }
        #expect(spy.actions == [.quit, .openProfile, .open, .focusField, .focusField, .moveUp, .toggleHelp])
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 7)))
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 1)))
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 20)))
        view.handle(.mouse(MouseEvent(.wheelDown, x: 0, y: 0)))
        #expect(spy.clicks == [2])
        #expect(spy.fieldClicks == 1)
        #expect(spy.scrolls == [3])
    }
}
