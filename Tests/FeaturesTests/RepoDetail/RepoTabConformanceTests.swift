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
        #expect(h.presenter.tabs.all.map(\.tab) == [.overview, .readme, .commits, .issues, .pulls, .actions, .releases, .files])
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
                RepoDetailDependencies(repository: DetailSample.repository,
                                       services: ScreenServices(service: CommitsGitHubService.detail(), dispatcher: dispatcher,
                                                                 scheduler: ManualScheduler(), now: { DetailSample.now }),
                                       store: try SQLiteStore.inMemory(), opener: SpyURLOpener(), clipboard: SpyClipboard(),
                                       cloner: SpyCloner(), environment: [:]),
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
        #expect(released.count == 12)
        for (index, isReleased) in released.enumerated() { #expect(isReleased(), "object \(index) is still alive") }
    }

    @Test("With every source, each tab's parts open and requests in flight: every tab, the thread presenters, the issue actions, the link follower and the actions go with the view's presenter, their requests cancelled")
    func noLeaksWithEverySource() async throws {
        var released: [(name: String, isReleased: () -> Bool)] = []
        var inFlight: [Task<Void, Never>] = []
        do {
            let store = try SQLiteStore.inMemory()
            var issueScript = ScriptedIssueService.Script()
            let recorded = try IssuesTabTests.recordedIssues()
            issueScript.issuePages = [recorded]
            issueScript.issues = [recorded[0].number: recorded[0]]
            let content = ScriptedContentService(.init(tree: .success(try TreeNavigatorTests.recordedTree()),
                                                       releasePages: [try ReleasesTabTests.recorded()]))
            let sources = RepoDetailSources(historyStore: store, issues: (ScriptedIssueService(issueScript), store),
                                            contentService: content, contentStore: store,
                                            actions: (ScriptedActionsService(ActionsSamples.script), store))
            let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: CommitsGitHubService.detail(),
                                                  store: store, sources: sources, opener: SpyURLOpener(), clipboard: SpyClipboard(),
                                                  cloner: SpyCloner(), environment: [:], now: { DetailSample.now })
            let dispatcher = CollectingDispatcher()
            let view = SpyRepoDetailView()
            let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                                scheduler: ManualScheduler(), now: { DetailSample.now })
            presenter.view = view
            presenter.viewDidChangeContentSize(width: 80, height: 24)
            presenter.viewDidLoad()
            // Each tab shown and its first answers delivered; then Enter on each tab's first row (a thread,
            // a commit, a release, a folder), what that asks for left in flight, and a link followed.
            let tabs = presenter.tabs
            for index in tabs.all.indices {
                presenter.didSelectTab(index)
                for _ in 0..<3 {
                    try await Task.sleep(for: .milliseconds(20))
                    dispatcher.runPending()
                }
            }
            for index in tabs.all.indices {
                presenter.didSelectTab(index)
                presenter.handle(.confirm)
            }
            tabs.links.follow("https://github.com/someone/elsewhere")
            let tasks: [Task<Void, Never>?] = [
                tabs.overview.photoTask, tabs.readme.readmeTask, tabs.commits.pageTask, tabs.commits.commitTask,
                tabs.issues.pageTask, tabs.issues.threadTask, tabs.pulls.pageTask, tabs.pulls.threadTask,
                tabs.releases.pageTask, tabs.files.treeTask, tabs.files.folderTask, tabs.files.fileTask,
                tabs.links.followTask, tabs.actions.starTask, tabs.actions.openTask,
            ]
            inFlight = tasks.compactMap { $0 }
            let objects: [(String, AnyObject)] = [("presenter", presenter), ("actions", tabs.actions), ("links", tabs.links)]
                + tabs.all.map { ($0.tab.id, $0) }
                + [tabs.issues, tabs.pulls].flatMap { tab in
                    [("\(tab.tab.id) thread", tab.threadPresenter as AnyObject), ("\(tab.tab.id) actions", tab.issueActions)]
                }
            released = objects.map { name, object in
                weak let weakObject = object
                return (name, { weakObject == nil })
            }
        }
        #expect(released.count == 15)
        for (name, isReleased) in released { #expect(isReleased(), "\(name) is still alive") }
        #expect(inFlight.count >= 3)
        for task in inFlight { #expect(task.isCancelled) }
    }

    /// Holds what a completion saw (on the main actor).
    @MainActor
    final class Seen {
        var cancelled: Bool?
    }

    @Test("A call in flight is cancelled when the object holding its BackgroundCalls goes; its completion still arrives")
    func callsCancelledWithTheirOwner() async {
        let dispatcher = CollectingDispatcher()
        let seen = Seen()
        var calls: BackgroundCalls? = BackgroundCalls(dispatcher)
        let task = calls?.run {
            try? await Task.sleep(for: .seconds(20))
            return Task.isCancelled
        } then: { cancelled in
            seen.cancelled = cancelled
        }
        weak let weakCalls = calls
        calls = nil
        #expect(weakCalls == nil)
        await task?.value
        dispatcher.runPending()
        #expect(seen.cancelled == true)
    }
}
