import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import MarkdownRendering
import Testing
@testable import Features

/// The tabs' pure builders, without presenters.
@Suite("Repository view: the tabs' state builders")
@MainActor
struct TabStateBuilderTests {
    static func texts(_ lines: [DetailLine]) -> [String] { lines.map(RepoDetailPresenterTests.Harness.text) }

    @Test("Overview: badges from the actions' state, one column below 64, the latest commits or the one note")
    func overview() {
        var state = OverviewState(repository: DetailSample.repository)
        state.actions = RepoActions.State(isFavourite: true, isStarred: true, clonePath: "/src/x")
        state.commits = .stored(DetailSample.stored(Array(DetailSample.commits.prefix(2))))
        let wide = Self.texts(OverviewStateBuilder.lines(state, width: 72, spinner: "⠋", now: DetailSample.now))
        #expect(wide.contains("★ Favourite Starred on GitHub Cloned"))
        #expect(wide.contains("Owner    octocat | Language       ● Swift"))
        #expect(wide.contains("Clone    /src/x"))
        #expect(Array(wide.suffix(2)) == ["a1b2c3d Fix the thing — Alice · 2 h ago", "b2c3d4e Add 日本語 docs — Bob · 3 d ago"])
        let narrow = Self.texts(OverviewStateBuilder.lines(state, width: 40, spinner: "⠋", now: DetailSample.now))
        #expect(narrow.contains("Owner          octocat"))
        #expect(narrow.contains("Language       ● Swift"))
        state.commits = .loading
        #expect(Self.texts(OverviewStateBuilder.lines(state, width: 72, spinner: "⠙", now: DetailSample.now)).last == "⠙ loading commits…")
        state.commits = .stored(StoredCommits(commits: [], fetchedAt: DetailSample.now, isEmptyRepository: true))
        #expect(Self.texts(OverviewStateBuilder.lines(state, width: 72, spinner: "⠋", now: DetailSample.now)).last == "No commits yet")
    }

    @Test("Commits: a heading with the branch and the history's note, the rows with the selection, the position with + while more pages exist")
    func commits() {
        var state = CommitsTabState()
        var window = CommitsTabStateBuilder.window(state, branch: "main", height: 5, now: DetailSample.now)
        #expect(Self.texts(window.lines) == ["⌥ main · loading history…"])
        state.history.receive(Page(items: HistorySample.commits(0..<10), next: URL(string: "https://api.test/history/1")), pageIndex: 0)
        state.history.resize(to: CommitsTabStateBuilder.historyRows(height: 5, hasError: false))
        state.history.move(by: 5)
        window = CommitsTabStateBuilder.window(state, branch: "main", height: 5, now: DetailSample.now)
        #expect(Self.texts(window.lines).first == "⌥ main")
        #expect(window.lines.count == 5)
        #expect(window.lines.filter { if case .selectedCommit = $0 { true } else { false } }.count == 1)
        #expect(Self.texts(window.lines).last?.hasPrefix("> c005aaa Change 5") == true)
        #expect(window.position == "3–6/10+")
        #expect(window.openCommit == nil)
        state.history.fail(.network)
        window = CommitsTabStateBuilder.window(state, branch: "main", height: 5, now: DetailSample.now)
        #expect(window.lines[1] == .note("Could not load the history (network error)", isError: true))
    }

    @Test("README: the links on screen in order, the match status, highlights only on the window's lines")
    func readme() {
        let lines: [DetailLine] = [
            .markdown(StyledLine([Span("see "), Span("a", link: 2), Span(" and "), Span("b", link: 1)])),
            .blank,
            .markdown(StyledLine([Span("again "), Span("a", link: 2), Span(" c", link: 3)])),
            .markdown(StyledLine([Span("d", link: 4)])),
        ]
        var pane = DocumentPane<DetailLine>()
        pane.resize(height: 3)
        pane.show(lines, links: [1: "https://a", 2: "https://b", 3: "https://c", 4: "https://d"], width: 20)
        #expect(pane.linksOnScreen == [2, 1, 3])
        pane.scroll(to: 3)
        #expect(pane.offset == 1, "the last screen is full")
        #expect(pane.linksOnScreen == [2, 3, 4])
        pane.resize(height: 1)
        pane.scroll(to: 3)
        #expect(pane.linksOnScreen == [4])
        pane.resize(height: 3)
        pane.scroll(to: 1)
        let plain = pane.window().lines
        #expect(plain == Array(lines[1...3]), "without a search or a selected link the lines are drawn as they are")
        pane.search("again")
        #expect(pane.matchStatus == "1/1 matches")
        let decorated = pane.window().lines
        #expect(decorated[0] == .blank)
        #expect(decorated[1] != lines[2], "the match on line 2 is highlighted")
        #expect(decorated[2] == lines[3])
        pane.search("nothing")
        #expect(pane.matchStatus == "no match for “nothing”")
    }
}
