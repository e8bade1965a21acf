import Foundation
import GitHubAPI
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// `*` is never lost: a press while GitHub has not answered yet (is it starred? a star in flight) is
/// remembered as the wanted state and sent when the answer comes (released by hand here).
@Suite("Repository view: * while an answer is awaited")
@MainActor
struct StarQueueTests {
    @MainActor
    struct Harness {
        let service = ScriptedGitHubService.starring()
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoDetailView()
        let presenter: RepoDetailPresenter

        init(starred: Bool = false) throws {
            service.script.withLock { $0.starred = starred }
            let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service,
                                                  store: try SQLiteStore.inMemory(), opener: SpyURLOpener(),
                                                  clipboard: SpyClipboard(), cloner: SpyCloner(),
                                                  environment: [:], now: { DetailSample.now })
            presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
            presenter.view = view
            presenter.viewDidChangeContentSize(width: 72, height: 40)
        }

        /// Lets the request in flight finish and delivers its answer.
        func release() async {
            await presenter.starTask?.value
            dispatcher.runPending()
        }

        var starCalls: [String] { service.recorded.filter { $0.hasSuffix("star octocat/github-tui") } }
    }

    @Test("* pressed before GitHub says whether it is starred stars once the answer arrives")
    func pressDuringFirstQuestion() async throws {
        let h = try Harness()
        h.presenter.viewDidLoad()
        await h.presenter.starTask?.value           // answered, not delivered yet
        h.presenter.handle(.toggleStar)
        #expect(h.view.last?.status == "Starring…")
        #expect(h.starCalls == [])
        h.dispatcher.runPending()                   // "not starred" arrives: the star goes out
        #expect(h.presenter.starTask != nil)
        await h.release()
        #expect(h.starCalls == ["star octocat/github-tui"])
        #expect(h.view.last?.status == "★ Starred on GitHub")
        #expect(h.view.last?.lines.contains(.badges(["Starred on GitHub"])) == true)
    }

    @Test("* pressed before the answer on a starred repository sends nothing: it is already what was wanted")
    func pressOnAlreadyStarred() async throws {
        let h = try Harness(starred: true)
        h.presenter.viewDidLoad()
        await h.presenter.starTask?.value
        h.presenter.handle(.toggleStar)
        h.dispatcher.runPending()
        #expect(h.presenter.starTask == nil)
        #expect(h.starCalls == [])
        #expect(h.view.last?.status == "★ Starred on GitHub")
    }

    @Test("* twice while a star is in flight: the star, then the unstar after its answer")
    func pressesDuringStar() async throws {
        let h = try Harness()
        h.presenter.viewDidLoad()
        await h.release()
        h.presenter.handle(.toggleStar)             // star sent
        h.presenter.handle(.toggleStar)             // unstar wanted
        #expect(h.view.last?.status == "Unstarring…")
        #expect(h.starCalls.count <= 1, "one request at a time")
        await h.release()                           // star answered: the unstar goes out
        #expect(h.presenter.starTask != nil)
        #expect(h.view.last?.status == "Unstarring…")
        await h.release()
        #expect(h.starCalls == ["star octocat/github-tui", "unstar octocat/github-tui"])
        #expect(h.view.last?.status == "Unstarred on GitHub")
        #expect(h.presenter.starTask == nil)
    }

    @Test("Three presses before the first answer are one star")
    func threePresses() async throws {
        let h = try Harness()
        h.presenter.viewDidLoad()
        await h.presenter.starTask?.value
        for _ in 0..<3 { h.presenter.handle(.toggleStar) }
        h.dispatcher.runPending()
        await h.release()
        #expect(h.starCalls == ["star octocat/github-tui"])
    }
}
