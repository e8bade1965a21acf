import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// The Actions tab in the repository view, drawn whole (frame, tab bar, footer) at two sizes: the runs,
/// a run, a job's log; wide (日本語, emoji) and hostile text from the samples.
@MainActor
@Suite("Actions tab snapshots")
struct ActionsSnapshotTests {
    typealias S = ActionsSamples

    /// The view on its Actions tab after `steps` (keys to the tab), drawn into a buffer.
    func render(width: Int, height: Int, keys: [RepoDetailAction]) async throws -> Buffer {
        let store = try SQLiteStore.inMemory()
        let dispatcher = CollectingDispatcher()
        let service = ScriptedActionsService(S.script)
        let interactor = RepoDetailInteractor(
            repository: DetailSample.repository, service: CommitsGitHubService.detail(), store: store,
            sources: RepoDetailSources(historyStore: store, issues: nil, contentService: NoContentService(), contentStore: store,
                                       actions: (service, store)),
            opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(), environment: [:], now: { S.now })
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { S.now })
        let view = RepoDetailView(presenter: presenter)
        presenter.view = view
        view.handle(.resize(width: width, height: height))
        view.viewDidAppear()
        await presenter.loadTask?.value
        dispatcher.runPending()
        presenter.handle(.toggleActions)
        await S.settle(presenter.tabs.actionsTab, dispatcher)
        for key in keys {
            presenter.handle(key)
            await S.settle(presenter.tabs.actionsTab, dispatcher)
        }
        var buffer = Buffer(width: width, height: height)
        view.render(into: &buffer)
        return buffer
    }

    /// Enter on the second run (the failed one), then the cursor down to its `test` job, Enter.
    static let toLog: [RepoDetailAction] = [.scrollDown, .confirm] + Array(repeating: .scrollDown, count: 7) + [.confirm]

    @Test("The runs, 80×24 and 120×30")
    func runs() async throws {
        for (width, height) in [(80, 24), (120, 30)] {
            let buffer = try await render(width: width, height: height, keys: [])
            assertScreenSnapshot(buffer.snapshot(), named: "actions-runs-\(width)x\(height)")
        }
    }

    @Test("A run's jobs and steps, 80×24 and 120×30")
    func run() async throws {
        for (width, height) in [(80, 24), (120, 30)] {
            let buffer = try await render(width: width, height: height, keys: [.scrollDown, .confirm])
            assertScreenSnapshot(buffer.snapshot(), named: "actions-run-\(width)x\(height)")
        }
    }

    @Test("A job's log folded by step, the failing step open; with times; 80×24 and 120×30")
    func log() async throws {
        for (width, height) in [(80, 24), (120, 30)] {
            let buffer = try await render(width: width, height: height, keys: Self.toLog)
            assertScreenSnapshot(buffer.snapshot(), named: "actions-log-\(width)x\(height)")
            assertScreenSnapshot(buffer.attributeMask(.reverse), named: "actions-log-\(width)x\(height)-reverse")
        }
        let timed = try await render(width: 80, height: 24, keys: Self.toLog + [.toggleTimestamps])
        assertScreenSnapshot(timed.snapshot(), named: "actions-log-80x24-times")
    }
}
