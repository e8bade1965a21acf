import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Repository detail rendering")
@MainActor
struct RepoDetailViewTests {
    final class PresenterSpy: RepoDetailPresenterProtocol {
        var actions: [RepoDetailAction] = []
        var sizes: [String] = []
        var closeClicks = 0
        var scrolls: [Int] = []
        func viewDidLoad() {}
        func viewDidDisappear() {}
        func viewDidReappear() {}
        func viewDidChangeContentSize(width: Int, height: Int) { sizes.append("\(width)x\(height)") }
        func handle(_ action: RepoDetailAction) { actions.append(action) }
        func didClickClose() { closeClicks += 1 }
        var selectedTabs: [Int] = []
        func didSelectTab(_ index: Int) { selectedTabs.append(index) }
        func didScroll(by lines: Int) { scrolls.append(lines) }
    }

    /// The list screen as it is under the overlay.
    func listView(width: Int, height: Int) -> RepoListView {
        let list = RepoListPresenter(interactor: FakeInteractor(stored: RepoListViewSnapshotTests.mixed()), router: SpyRouter(),
                                     dispatcher: CollectingDispatcher(), scheduler: ManualScheduler(), isDemo: false,
                                     isOffline: false, now: { Sample.now.addingTimeInterval(300) })
        let listView = RepoListView(presenter: list)
        list.view = listView
        listView.handle(.resize(width: width, height: height))
        listView.viewDidAppear()
        return listView
    }

    /// The list, then the overlay drawn over it (as the app's stack renders them), with the real
    /// presenter after its commits arrived.
    func render(width: Int = 80, height: Int = 24, repository: Repository = DetailSample.repository,
                environment: [String: String] = ["PATH": "/usr/bin"],
                configure: (RepoDetailPresenter, CollectingDispatcher) async -> Void = { _, _ in },
                service configureService: (ScriptedGitHubService) -> Void = { _ in }) async throws -> Buffer {
        let listView = listView(width: width, height: height)
        let dispatcher = CollectingDispatcher()
        let service = CommitsGitHubService.detail()
        configureService(service)
        let interactor = RepoDetailInteractor(repository: repository, service: service,
                                              store: try SQLiteStore.inMemory(), opener: SpyURLOpener(),
                                              clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: environment, now: { DetailSample.now })
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
        let view = RepoDetailView(presenter: presenter)
        presenter.view = view
        view.handle(.resize(width: width, height: height))
        view.viewDidAppear()
        await presenter.loadTask?.value
        dispatcher.runPending()
        await configure(presenter, dispatcher)
        var buffer = Buffer(width: width, height: height)
        listView.render(into: &buffer)
        view.render(into: &buffer)
        return buffer
    }

    @Test("80×24: the panel over the list with [×], the details, the scroll position, the key hints")
    func overlay80x24() async throws {
        let buffer = try await render()
        assertScreenSnapshot(buffer.snapshot(), named: "detail-80x24")
    }

    @Test("80×24: the copy menu over the panel, numbered, the first entry selected")
    func copyMenu() async throws {
        let buffer = try await render { presenter, _ in
            presenter.handle(.copy)
            presenter.handle(.scrollDown)
        }
        assertScreenSnapshot(buffer.snapshot(), named: "detail-80x24-copy-menu")
        assertScreenSnapshot(buffer.attributeMask(.reverse), named: "detail-80x24-copy-menu-reverse")
    }

    @Test("80×24, a favourite with a long description, scrolled to the end: the position in the frame")
    func overlayScrolled() async throws {
        var repository = DetailSample.repository
        repository.description = (DetailSample.repository.description ?? "") + "\n\n" + String(repeating: "More words to wrap. ", count: 12)
        let buffer = try await render(repository: repository) { presenter, _ in
            presenter.handle(.toggleFavourite)
            presenter.handle(.end)
        }
        assertScreenSnapshot(buffer.snapshot(), named: "detail-80x24-end-favourite")
    }

    @Test("160×48: a centred panel, the list all around it")
    func overlay160x48() async throws {
        var repository = DetailSample.repository
        repository.isArchived = true
        repository.isFork = true
        let buffer = try await render(width: 160, height: 48, repository: repository)
        assertScreenSnapshot(buffer.snapshot(), named: "detail-160x48")
    }

    @Test("80×24: without a browser the address is in the status line")
    func noBrowser() async throws {
        let buffer = try await render { presenter, dispatcher in
            presenter.handle(.openInBrowser)
            await presenter.openTask?.value
            dispatcher.runPending()
        }
        assertScreenSnapshot(buffer.snapshot(), named: "detail-80x24-no-browser")
    }

    @Test("Outside the panel the list is untouched")
    func listAround() async throws {
        var list = Buffer(width: 80, height: 24)
        listView(width: 80, height: 24).render(into: &list)
        let buffer = try await render()
        let panel = RepoDetailView.panel(in: buffer.bounds)
        #expect(panel == Rect(x: 2, y: 1, width: 76, height: 22))
        #expect(buffer.line(0) == list.line(0))
        #expect(buffer.line(23) == list.line(23))
        for y in 1..<23 {
            #expect(buffer.line(y).prefix(2) == list.line(y).prefix(2))
        }
    }

    @Test("The view turns keys, the wheel and a click on [×] into presenter calls")
    func input() {
        let spy = PresenterSpy()
        let view = RepoDetailView(presenter: spy)
        view.handle(.resize(width: 80, height: 24))
        view.handle(.resize(width: 80, height: 24))
        view.handle(.resize(width: 200, height: 60))
        #expect(spy.sizes == ["72x18", "96x36"])
        for key: Key in [.escape, .down, .character("k"), .pageDown, .character(" "), .home, .character("G"),
                         .character("f"), .character("o"), .character("?"), .character("q"), .control("c"), .character("Z")] {
            view.handle(.key(key))
        }
        // Space folds a log's step; where nothing folds the presenter makes it a page down.
        #expect(spy.actions == [.close, .scrollDown, .scrollUp, .pageDown, .toggleFold, .home, .end,
                                .toggleFavourite, .openInBrowser, .toggleHelp, .quit, .quit])
        spy.actions = []
        view.display(RepoDetailViewState(title: "octo/repo", lines: [.text("one")]))
        var buffer = Buffer(width: 80, height: 24)
        view.render(into: &buffer)
        let row = buffer.line(1)
        #expect(row.hasSuffix("[×]─╮  "))
        let column = row.distance(from: row.startIndex, to: row.range(of: "[×]")!.lowerBound)
        view.handle(.mouse(MouseEvent(.press, x: column - 1, y: 1)))
        view.handle(.mouse(MouseEvent(.press, x: column + 1, y: 2)))
        #expect(spy.closeClicks == 0)
        view.handle(.mouse(MouseEvent(.press, x: column, y: 1)))
        view.handle(.mouse(MouseEvent(.click, x: column + 2, y: 1)))
        #expect(spy.closeClicks == 2)
        view.handle(.mouse(MouseEvent(.wheelDown, x: 10, y: 10)))
        view.handle(.mouse(MouseEvent(.wheelUp, x: 10, y: 10)))
        #expect(spy.scrolls == [3, -3])
        // The tab bar under the top edge: a click on a tab selects it; → and ← switch too.
        view.display(RepoDetailViewState(title: "octo/repo", tabs: TabBarState(items: [.init(title: "Overview"), .init(title: "README"), .init(title: "Commits")], current: 0, hint: "←→"),
                                          lines: [.text("one")]))
        view.render(into: &buffer)
        #expect(buffer.line(2).hasPrefix("  │  Overview   README "))
        view.handle(.mouse(MouseEvent(.press, x: 15, y: 2)))
        view.handle(.mouse(MouseEvent(.press, x: 6, y: 2)))
        view.handle(.mouse(MouseEvent(.press, x: 24, y: 2)))
        #expect(spy.selectedTabs == [1, 0, 2])
        view.handle(.key(.right))
        view.handle(.key(.left))
        view.handle(.key(.character("[")))
        #expect(spy.actions == [.nextTab, .previousTab, .previousFile])
        spy.actions = []
        // With help open, a click closes the help, not the overlay.
        view.display(RepoDetailViewState(help: [HelpEntry(keys: "q", help: "quit")]))
        view.handle(.mouse(MouseEvent(.press, x: column + 1, y: 1)))
        #expect(spy.actions == [.close])
        #expect(spy.closeClicks == 2)
    }

    @Test("Every line fits at any size, wide characters included", arguments: [(40, 12), (41, 10), (57, 20), (80, 24), (133, 41), (20, 6)])
    func linesFit(width: Int, height: Int) async throws {
        var repository = DetailSample.repository
        repository.description = String(repeating: "全角文字と emoji 🚀 ", count: 20)
        repository.fullName = String(repeating: "日本", count: 40)
        let buffer = try await render(width: width, height: height, repository: repository)
        for y in 0..<height { #expect(buffer.line(y).displayWidth == width) }
    }
}
