import Foundation
import GitHubAPI
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Repository list favourites")
@MainActor
struct RepoListFavouritesTests {
    typealias Harness = RepoListPresenterTests.Harness

    struct StoreFailure: Error, CustomStringConvertible, Sendable { var description: String { "disk full" } }

    func favourites(_ state: RepoListViewState?) -> [String] {
        (state?.rows ?? []).filter(\.isFavourite).map(\.name)
    }

    @Test("f writes the selected repository's ★ to the store and shows it at once; f again removes it")
    func toggle() {
        let h = Harness()
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.presenter.handle(.moveDown)
        h.presenter.handle(.toggleFavourite)
        #expect(h.interactor.favouriteWrites.withLock { $0 } == ["on 2"])
        #expect(favourites(h.view.last) == ["repo-0002"])
        h.presenter.handle(.toggleFavourite)
        #expect(h.interactor.favouriteWrites.withLock { $0 } == ["on 2", "off 2"])
        #expect(favourites(h.view.last) == [])
    }

    @Test("The ★ follows the stored snapshot (another overlay, a relaunch)")
    func fromStore() {
        var stored = Sample.snapshot(30)
        stored.favouriteIDs = [3]
        let h = Harness(stored: stored)
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        #expect(favourites(h.view.last) == ["repo-0003"])
        stored.favouriteIDs = [1, 3]
        h.presenter.storeDidChange(stored)
        #expect(favourites(h.view.last) == ["repo-0001", "repo-0003"])
    }

    @Test("On the carousel, f marks the focused card's repository")
    func carousel() {
        let h = Harness()
        h.presenter.viewDidLoad()
        h.presenter.handle(.moveUp)
        h.presenter.handle(.moveRight)
        h.presenter.handle(.toggleFavourite)
        #expect(h.interactor.favouriteWrites.withLock { $0 } == ["on 2"])
    }

    @Test("A store that cannot write says so and shows no mark")
    func failure() {
        let h = Harness()
        h.presenter.viewDidLoad()
        h.interactor.favouriteError.withLock { $0 = StoreFailure() }
        h.presenter.handle(.toggleFavourite)
        #expect(h.view.last?.message?.message == "Could not save the favourite: disk full")
        #expect(favourites(h.view.last) == [])
    }

    @Test("F shows favourites only (the subtitle says so), with a placeholder when there are none; F again shows all")
    func favouritesOnly() {
        var stored = Sample.snapshot(30)
        stored.favouriteIDs = [4, 7]
        let h = Harness(stored: stored)
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.presenter.handle(.moveDown)
        h.presenter.handle(.moveDown)
        h.presenter.handle(.moveDown)                      // repo-0004
        h.presenter.handle(.toggleFavouritesOnly)
        #expect(h.view.last?.rows.map(\.name) == ["repo-0004", "repo-0007"])
        #expect(h.view.last?.selectedRow == 0)
        #expect(h.view.last?.subtitle == "User · 30 repositories · by name · ★ favourites only (2)")
        #expect(h.view.last?.position == "1/2")
        // Unmarking in this mode takes the row away.
        h.presenter.handle(.toggleFavourite)
        #expect(h.view.last?.rows.map(\.name) == ["repo-0007"])
        h.presenter.handle(.toggleFavourite)
        #expect(h.view.last?.rows == [])
        #expect(h.view.last?.placeholder == "No favourites yet: f marks the selected repository ★ (F shows all).")
        h.presenter.handle(.toggleFavouritesOnly)
        #expect(h.view.last?.rows.count == 10)
        #expect(h.view.last?.subtitle == "User · 30 repositories · by name")
        #expect(h.interactor.favouriteWrites.withLock { $0 } == ["off 4", "off 7"])
    }

    @Test("f and F are in the key table (and so in the help)")
    func keys() {
        #expect(RepoListKeys.table.action(for: .character("f")) == .toggleFavourite)
        #expect(RepoListKeys.table.action(for: .character("F")) == .toggleFavouritesOnly)
        #expect(RepoListKeys.table.action(for: .control("f")) == .pageDown)
    }

    @Test("80×24: favourites only, each row with its ★")
    func snapshot() {
        var stored = RepoListViewSnapshotTests.mixed()
        stored.favouriteIDs = [2, 3, 9]
        let list = RepoListPresenter(interactor: FakeInteractor(stored: stored), router: SpyRouter(),
                                     dispatcher: CollectingDispatcher(), scheduler: ManualScheduler(), isDemo: false,
                                     isOffline: false, now: { Sample.now.addingTimeInterval(300) })
        let view = RepoListView(presenter: list)
        list.view = view
        view.handle(.resize(width: 80, height: 24))
        view.viewDidAppear()
        view.handle(.key(.character("F")))
        var buffer = Buffer(width: 80, height: 24)
        view.render(into: &buffer)
        assertSnapshot(buffer.snapshot(), named: "list-80x24-favourites")
    }
}

@Suite("Repository list drag up")
@MainActor
struct RepoListDragTests {
    @Test("A drag up from a row selects it and opens its details; the list is as it was otherwise")
    func dragUpOpensDetail() {
        let h = RepoListPresenterTests.Harness()
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.presenter.didDragUp(fromLine: 3)
        #expect(h.router.details == ["repo-0004"])
        #expect(h.view.last?.selectedRow == 3)
        // Not a row: nothing.
        h.presenter.didDragUp(fromLine: 40)
        #expect(h.router.details == ["repo-0004"])
    }

    @Test("Through the real view: press on a row, release two rows higher")
    func throughView() {
        let h = RepoListPresenterTests.Harness()
        let view = RepoListView(presenter: h.presenter)
        h.presenter.view = view
        view.handle(.resize(width: 80, height: 24))
        view.viewDidAppear()
        let y = RepoListView.listTop + 5
        view.handle(.mouse(MouseEvent(.press, x: 20, y: y)))
        view.handle(.mouse(MouseEvent(.release, x: 20, y: y - 2)))
        #expect(h.router.details == ["repo-0006"])
    }
}

@Suite("Store changes in a burst")
@MainActor
struct StoreBurstTests {
    @Test("However many snapshots arrive while the UI thread is busy, only the latest is applied, once")
    func latestOnly() throws {
        let interactor = FakeInteractor(stored: Sample.snapshot(30))
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoListView()
        let presenter = RepoListPresenter(interactor: interactor, router: SpyRouter(), dispatcher: dispatcher,
                                          scheduler: ManualScheduler(), isDemo: false, isOffline: true,
                                          now: { Sample.now })
        presenter.view = view
        presenter.viewDidLoad()
        dispatcher.runPending()
        let deliver = try #require(interactor.observer.withLock { $0 })
        for count in 31...230 { deliver(Sample.snapshot(count)) }
        #expect(dispatcher.pendingCount == 1, "one delivery waits, not 200 lists")
        let before = view.states.count
        dispatcher.runPending()
        #expect(view.states.count == before + 1)
        #expect(view.last?.position == "1/230")
    }
}
