import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Repository view: the tab bar")
struct TabBarLayoutTests {
    static let items: [TabBarState.Item] = [.init(title: "Overview"), .init(title: "README"), .init(title: "Issues", count: "9"),
                                            .init(title: "Pull requests", count: "3"), .init(title: "Releases"), .init(title: "Files")]

    @Test("Every tab with its count when all fit, the keys' hint at the right end")
    func allFit() {
        let state = TabBarState(items: Self.items, current: 0, hint: "←→")
        let (tabs, hintX) = TabBar.layout(state, width: 80)
        #expect(tabs.map(\.text) == [" Overview ", " README ", " Issues 9 ", " Pull requests 3 ", " Releases ", " Files "])
        #expect(tabs.map(\.x) == [0, 11, 20, 31, 49, 60])
        #expect(hintX == 78)
    }

    @Test("Counts go first when space is short, then the hint")
    func countsDropped() {
        let state = TabBarState(items: Self.items, current: 2, hint: "←→")
        let (tabs, hintX) = TabBar.layout(state, width: 64)
        #expect(tabs.map(\.text) == [" Overview ", " README ", " Issues ", " Pull requests ", " Releases ", " Files "])
        #expect(hintX == nil)
    }

    @Test("Narrower still: a window around the current tab, with ‹ › where tabs are left out; never wider than asked")
    func window() {
        for current in Self.items.indices {
            for width in [10, 20, 36, 50] {
                let (tabs, _) = TabBar.layout(TabBarState(items: Self.items, current: current), width: width)
                #expect(tabs.contains { $0.index == current }, "the current tab is always shown")
                #expect((tabs.last.map { $0.x + $0.width } ?? 0) <= width)
            }
        }
        let (tabs, _) = TabBar.layout(TabBarState(items: Self.items, current: 3), width: 36)
        #expect(tabs.map(\.text) == ["‹", " Pull requests ", " Releases ", " Files "])
        #expect(TabBar.layout(TabBarState(), width: 40).tabs.isEmpty)
    }
}

@Suite("Repository view: tabs")
@MainActor
struct RepoTabsTests {
    typealias Harness = RepoDetailPresenterTests.Harness

    @Test("→ and ← switch tabs (wrapping), each keeps its scroll; the bar says which is current")
    func switching() async throws {
        let h = Harness(height: 5)
        h.presenter.viewDidLoad()
        await h.finishLoad()
        #expect(h.state.tabs.items.map(\.title) == ["Overview", "README", "Commits", "Issues", "Pull requests", "Actions", "Releases", "Files"])
        #expect(h.state.tabs.current == 0)
        #expect(h.state.tabs.hint == "←→")
        h.presenter.handle(.pageDown)
        let overviewTop = h.text.first
        h.presenter.handle(.nextTab)
        #expect(h.state.tabs.current == 1)
        #expect(h.state.title == "octocat/github-tui · README")
        #expect(h.presenter.readmeTask != nil, "the README is asked for when its tab is first shown")
        await h.presenter.readmeTask?.value
        h.dispatcher.runPending()
        for tab in 2...7 {
            h.presenter.handle(.nextTab)
            #expect(h.state.tabs.current == tab)
        }
        h.presenter.handle(.nextTab)
        #expect(h.state.tabs.current == 0)
        #expect(h.text.first == overviewTop, "back where it was")
        for tab in (1...7).reversed() {
            h.presenter.handle(.previousTab)
            #expect(h.state.tabs.current == tab)
        }
        #expect(h.presenter.readmeTask == nil)
        #expect(h.service.recorded("readme").count == 1, "asked once")
    }

    @Test("Esc closes the view from any tab; a click selects a tab, not while help is open")
    func closeAndClick() async throws {
        let h = Harness()
        h.presenter.viewDidLoad()
        h.presenter.didSelectTab(1)
        #expect(h.state.tabs.current == 1)
        h.presenter.handle(.toggleHelp)
        h.presenter.didSelectTab(0)
        #expect(h.state.tabs.current == 1)
        h.presenter.handle(.close)          // closes help
        #expect(h.router.closeCount == 0)
        h.presenter.didSelectTab(8)         // no such tab
        #expect(h.state.tabs.current == 1)
        h.presenter.handle(.close)
        #expect(h.router.closeCount == 1)
    }

    @Test("The tab keys are remappable by action name; the bar and the footer show the new keys")
    func remapped() {
        let remapping = KeyRemapping(screens: ["detail": ["nextTab": .init(keys: [.character("L")]),
                                                              "previousTab": .init(keys: [.character("H")])]])
        let table = KeyTable(RepoDetailKeys.table.defaultBindings, remapping: remapping)
        #expect(table.action(for: .character("L")) == .nextTab)
        #expect(table.action(for: .character("H")) == .previousTab)
        #expect(table.action(for: .right) == nil)
        #expect(table.bindings.first { $0.action == .nextTab }?.footer?.keys == "L")
        #expect(table.conflicts.isEmpty)
    }
}

@Suite("Repository view: the tab bar on screen")
@MainActor
struct RepoTabsSnapshotTests {
    @Test("The tab bar at 40, 80 and 120 columns, on each tab", arguments: [40, 80, 120])
    func tabBar(width: Int) async throws {
        for (index, name) in ["overview", "readme", "commits", "releases", "files"].enumerated() {
            let buffer = try await RepoDetailViewTests().render(width: width, height: 16) { presenter, dispatcher in
                presenter.didSelectTab(index)
                await presenter.readmeTask?.value
                await presenter.pageTask?.value
                await presenter.files.treeTask?.value
                await presenter.files.shaTask?.value
                await presenter.releases.pageTask?.value
                dispatcher.runPending()
            }
            assertScreenSnapshot(buffer.snapshot(), named: "detail-tabs-\(width)-\(name)")
            assertScreenSnapshot(buffer.attributeMask(.reverse), named: "detail-tabs-\(width)-\(name)-reverse")
        }
    }
}
