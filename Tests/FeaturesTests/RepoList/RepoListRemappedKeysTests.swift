import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// What a person sees with a remapped table: the list's help overlay and footer.
@Suite("Key remapping: the list's help and footer")
@MainActor
struct KeyRemappingSnapshotTests {
    /// Keeps the last state and passes it on to the real view.
    final class CapturingView: RepoListViewProtocol {
        var last: RepoListViewState?
        let view: RepoListView
        init(_ view: RepoListView) { self.view = view }
        func display(_ state: RepoListViewState) {
            last = state
            view.display(state)
        }
    }

    @Test("Help overlay and footer show remapped keys (x favourite, Ctrl-S filter, search disabled, quit on Ctrl-Q)")
    func helpAndFooter() throws {
        let remapping = KeyRemapping(everywhere: ["toggleFavourite": .init(keys: [.character("x")]),
                                                  "quit": .init(keys: [.control("q")]),
                                                  "startFilter": .init(keys: [.control("s")])],
                                     screens: ["list": ["search": .init(keys: [])]])
        let table = KeyTable(RepoListKeys.table.defaultBindings, remapping: remapping)
        // The real presenter's state, with the help and footer the remapped table generates.
        let presenter = RepoListPresenter(interactor: FakeInteractor(stored: RepoListViewSnapshotTests.mixed()), router: SpyRouter(),
                                          dispatcher: CollectingDispatcher(), scheduler: ManualScheduler(), isDemo: false,
                                          isOffline: false, now: { Sample.now.addingTimeInterval(300) })
        let view = RepoListView(presenter: presenter)
        let capture = CapturingView(view)
        presenter.view = capture
        view.handle(.resize(width: 80, height: 24))
        view.viewDidAppear()
        presenter.handle(.toggleHelp)
        var state = try #require(capture.last)
        #expect(state.help == RepoListStateBuilder.help, "the presenter shows the table's help")
        state.help = table.helpList
        state.footer = table.footerList
        view.display(state)
        var buffer = Buffer(width: 80, height: 24)
        view.render(into: &buffer)
        assertSnapshot(buffer.snapshot(), named: "list-80x24-help-remapped")
    }
}
