import Foundation
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Repository list: the header on another GitHub host")
@MainActor
struct RepoListHostHeaderTests {
    /// The real presenter and view, the list refreshed from `interactor`.
    func header(_ interactor: FakeInteractor, width: Int = 100) -> String {
        let dispatcher = CollectingDispatcher()
        let presenter = RepoListPresenter(interactor: interactor, router: SpyRouter(), dispatcher: dispatcher,
                                          scheduler: ManualScheduler(), isDemo: false, isOffline: false, now: { Date() })
        let view = RepoListView(presenter: presenter)
        presenter.view = view
        view.handle(.resize(width: width, height: 20))
        view.viewDidAppear()
        dispatcher.runPending()
        presenter.refreshDidFinish(.refreshed)
        var buffer = Buffer(width: width, height: 20)
        view.render(into: &buffer)
        return buffer.snapshot().split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test("The host is named when it is not github.com; a host answering without rate limits says so instead of counting")
    func hostAndNoRateLimit() {
        let dotCom = FakeInteractor(stored: OwnerListSnapshot())
        #expect(!header(dotCom).contains("github.com"))
        #expect(!header(dotCom).contains("no rate limit"))
        let corp = FakeInteractor(stored: OwnerListSnapshot())
        corp.host.withLock { $0 = ("github.example.com", true) }
        let line = header(corp)
        #expect(line.contains(" github.example.com"), "\(line)")
        #expect(line.contains("no rate limit"), "\(line)")
    }
}
