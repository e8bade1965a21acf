import Foundation
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// Every tab of the repository view, run through the one protocol its frame knows it by: shown, laid out
/// at several sizes, sent every action, drawn; and released with the view.
@MainActor
@Suite("Every tab through the tab protocol")
struct RepoTabConformanceTests {
    /// Every action the view's keys make, but those that leave the view or hand the terminal over.
    static let actions: [RepoDetailAction] = [
        .scrollDown, .scrollDown, .pageDown, .end, .pageUp, .scrollUp, .home, .toggleFavourite, .reloadCommits,
        .pickBranch, .close, .cycleState, .cycleState, .cycleState, .download, .toggleSource, .nextFile, .previousFile,
        .choose(1), .close, .startSearch, .editSearch(.insert("a")), .submitSearch, .nextMatch, .previousMatch,
        .startSearch, .cancelSearch, .nextLink, .previousLink, .close, .confirm, .scrollDown, .nextFile, .close, .close,
    ]

    @Test("The tab bar is the tabs' own list, in the order tests name them")
    func order() {
        let h = RepoDetailPresenterTests.Harness()
        h.presenter.viewDidLoad()
        #expect(h.presenter.tabs.all.map(\.tab) == [.overview, .readme, .commits, .issues, .pulls, .releases, .files])
        #expect(h.state.tabs.items.map(\.title) == h.presenter.tabs.all.map(\.tab.title))
        for tab in h.presenter.tabs.all { #expect(tab.tab.rawValue == h.presenter.tabs.all.firstIndex { $0 === tab }) }
    }

    @Test("Each tab: shown, laid out at three sizes, every action, a window no taller than the panel")
    func everyTab() async {
        let h = RepoDetailPresenterTests.Harness(width: 72, height: 20)
        h.presenter.viewDidLoad()
        for index in h.presenter.tabs.all.indices {
            h.presenter.didSelectTab(index)
            #expect(h.state.tabs.current == index)
            for (width, height) in [(72, 20), (20, 4), (1, 1), (72, 20)] {
                h.presenter.viewDidChangeContentSize(width: width, height: height)
                h.dispatcher.runPending()
                #expect(h.state.lines.count <= height, "\(h.presenter.tab.id) at \(width)×\(height): \(h.state.lines.count) lines")
            }
            for action in Self.actions {
                h.presenter.handle(action)
                h.dispatcher.runPending()
                if h.state.message != nil { h.presenter.handle(.confirm) }
                if h.state.help != nil { h.presenter.handle(.close) }
                #expect(h.state.lines.count <= 20, "\(h.presenter.tab.id) after \(action)")
            }
            // Whatever the action left open (a thread, a commit, a menu), the tab is still the one shown,
            // and the footer shows no key the tab says it hides.
            if h.state.menu != nil { h.presenter.handle(.close) }
            #expect(h.presenter.tab == h.presenter.tabs.all[index].tab)
            let shown = h.presenter.tabs.all[index]
            for action in RepoDetailAction.tabSpecific where shown.footer(for: action) == .hidden {
                let keys = RepoDetailKeys.table.bindings.filter { $0.action == action }.compactMap(\.footer?.keys)
                for key in keys { #expect(!h.state.footer.contains { $0.keys == key }, "\(shown.tab.id) shows \(key)") }
            }
            h.presenter.didScroll(by: 3)
            h.presenter.didScroll(by: -3)
        }
    }

    @Test("The view, its presenter, every tab, the actions and the link follower are released when the view goes")
    func noLeaks() async throws {
        var released: [() -> Bool] = []
        let navigator = SpyNavigator()
        do {
            let dispatcher = CollectingDispatcher()
            let view = RepoDetailBuilder.build(
                RepoDetailDependencies(repository: DetailSample.repository, service: CommitsGitHubService.detail(),
                                       store: try SQLiteStore.inMemory(), dispatcher: dispatcher, scheduler: ManualScheduler(),
                                       opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                       environment: [:], now: { DetailSample.now }),
                navigator: navigator)
            view.handle(.resize(width: 80, height: 24))
            view.viewDidAppear()
            let presenter = try #require(Mirror(reflecting: view).descendant("presenter") as? RepoDetailPresenter)
            // Every tab shown once (each starts its requests), then the view closed with them in flight.
            for _ in presenter.tabs.all { view.handle(.key(.right)) }
            dispatcher.runPending()
            view.handle(.key(.escape))
            #expect(navigator.dismissed == [ObjectIdentifier(view)])
            let objects: [AnyObject] = [view, presenter, presenter.actions, presenter.links] + presenter.tabs.all.map { $0 as AnyObject }
            released = objects.map { object in
                weak let weakObject = object
                return { weakObject == nil }
            }
        }
        #expect(released.count == 11)
        for (index, isReleased) in released.enumerated() { #expect(isReleased(), "object \(index) is still alive") }
    }
}
