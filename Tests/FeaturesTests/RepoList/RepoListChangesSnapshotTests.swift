import Foundation
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Repository list rendering: what changed")
@MainActor
struct RepoListChangesSnapshotTests {
    /// The real presenter with a baseline, through the real view.
    func render(width: Int, height: Int, changedOnly: Bool) async -> Buffer {
        let interactor = FakeInteractor(stored: RepoListChangesTests.snapshot())
        let dispatcher = CollectingDispatcher()
        let baselines = FakeBaselines(RepoListChangesTests.baseline())
        baselines.list.withLock { $0 = RepoListChangesTests.current() }
        let presenter = RepoListPresenter(interactor: interactor, router: SpyRouter(), dispatcher: dispatcher,
                                          scheduler: ManualScheduler(), isDemo: false, isOffline: false,
                                          changes: baselines, now: { RepoListChangesTests.now })
        let view = RepoListView(presenter: presenter)
        presenter.view = view
        view.handle(.resize(width: width, height: height))
        view.viewDidAppear()
        dispatcher.runPending()
        presenter.storeDidChange(RepoListChangesTests.snapshot())
        while let task = presenter.changeTracker.loadTask {
            await task.value
            dispatcher.runPending()
        }
        presenter.refreshDidFinish(.refreshed)
        if changedOnly { view.handle(.key(.character("c"))) }
        var buffer = Buffer(width: width, height: height)
        Glyphs.$override.withValue(.unicode) { view.render(into: &buffer) }
        return buffer
    }

    @Test("80×24: marked rows and the header's count")
    func marks80() async {
        assertSnapshot(await render(width: 80, height: 24, changedOnly: false).snapshot(), named: "list-changes-80x24")
    }

    @Test("80×24: c, the changed rows saying what changed, then the removed one")
    func changedOnly80() async {
        assertSnapshot(await render(width: 80, height: 24, changedOnly: true).snapshot(), named: "list-changes-only-80x24")
    }

    @Test("120×40: c, with forks and dates shown")
    func changedOnly120() async {
        assertSnapshot(await render(width: 120, height: 40, changedOnly: true).snapshot(), named: "list-changes-only-120x40")
    }
}
