import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// The inbox drawn at 80 and 120 columns: recorded and made-up threads with wide characters, emoji and
/// hostile text; unread in bold (and marked ●), so it reads without colour.
@Suite("Inbox rendering")
@MainActor
struct InboxViewTests {
    func render(width: Int, height: Int, authenticated: Bool = true, grouped: Bool = true, sections: NeedsYou? = nil,
                configure: (InboxPresenter) -> Void = { _ in }) async throws -> Buffer {
        let interactor = FakeInboxInteractor(authenticated: authenticated)
        if let sections { interactor.needsYouAnswers.withLock { $0 = [.loaded(sections)] } }
        let threads = try InboxSample.threads()
        interactor.pages.withLock {
            $0 = [.loaded(NotificationsPage(threads: threads, lastModified: "LM", pollInterval: 60))]
        }
        let dispatcher = CollectingDispatcher()
        let presenter = InboxPresenter(interactor: interactor, router: SpyInboxRouter(), dispatcher: dispatcher,
                                       scheduler: ManualScheduler(), now: { InboxSample.now })
        let view = InboxView(presenter: presenter)
        presenter.view = view
        var scratch = Buffer(width: width, height: height)
        view.render(into: &scratch)
        if !grouped { presenter.handle(.toggleGrouping) }
        view.viewDidAppear()
        while !presenter.pendingCalls.isEmpty {
            for task in presenter.pendingCalls { await task.value }
            dispatcher.runPending()
        }
        configure(presenter)
        var buffer = Buffer(width: width, height: height)
        view.render(into: &buffer)
        return buffer
    }

    @Test("80×24 grouped by repository: headings, kind and reason words, ages; hostile text made harmless")
    func grouped80() async throws {
        let buffer = try await render(width: 80, height: 24)
        assertScreenSnapshot(buffer.snapshot(), named: "inbox-80x24-grouped")
        assertScreenSnapshot(buffer.attributeMask(.bold), named: "inbox-80x24-grouped-bold")
        #expect(!buffer.snapshot().contains("\u{1B}"))
    }

    @Test("120×30 flat: the repository beside each thread; the filter field open")
    func flat120() async throws {
        let buffer = try await render(width: 120, height: 30, grouped: false) { presenter in
            presenter.handle(.startFilter)
            presenter.filterDidEdit(.insert("o"))
        }
        assertScreenSnapshot(buffer.snapshot(), named: "inbox-120x30-flat-filter")
    }

    @Test("100×30 with Needs you: its sections above the notifications, checks in words, each item's repository and number")
    func needsYou100() async throws {
        let buffer = try await render(width: 100, height: 30, sections: InboxPresenterTests.sections)
        assertScreenSnapshot(buffer.snapshot(), named: "inbox-100x30-needs-you")
        #expect(buffer.snapshot().contains("Review requested from you · 1"))
    }

    @Test("80×24 without a token: what is needed, and no request")
    func noToken() async throws {
        let buffer = try await render(width: 80, height: 24, authenticated: false)
        assertScreenSnapshot(buffer.snapshot(), named: "inbox-80x24-no-token")
    }

    @Test("80×24 help lists every key of the table")
    func help() async throws {
        let buffer = try await render(width: 80, height: 24) { $0.handle(.toggleHelp) }
        assertScreenSnapshot(buffer.snapshot(), named: "inbox-80x24-help")
    }
}
