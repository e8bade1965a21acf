import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// Commits numbered from the newest: "c000", "c001"…
enum HistorySample {
    static func commits(_ range: Range<Int>) -> [Commit] {
        range.map { Commit(sha: String(format: "c%03d", $0) + "aaaaaaa", message: "Change \($0)", authorName: "Ann",
                           date: DetailSample.now.addingTimeInterval(-Double($0) * 3600)) }
    }

    static let detail = CommitDetail(
        sha: "c000aaaaaaa", message: "Change 0\n\nThe body", author: .init(name: "Ann"), committer: .init(name: "Ann"),
        parentSHAs: ["c001aaaaaaa"], stats: .init(additions: 2, deletions: 1, total: 3),
        files: [.init(filename: "a.swift", status: "modified", additions: 1, deletions: 1, changes: 2, patch: "@@ -1 +1 @@\n-old\n+new"),
                .init(filename: "b.swift", status: "added", additions: 1, changes: 1, patch: "@@ -0,0 +1 @@\n+more")])
}

@Suite("Repository view: the Commits tab")
@MainActor
struct CommitsTabTests {
    typealias Harness = RepoDetailPresenterTests.Harness

    /// A harness whose default branch has three pages of 30 commits, the first commit in full, two branches.
    static func harness(store: SQLiteStore? = nil, height: Int = 12) -> Harness {
        let h = Harness(store: store, height: height)
        h.service.script.withLock {
            $0.historyPages = [HistorySample.commits(0..<30), HistorySample.commits(30..<60), HistorySample.commits(60..<90)]
            $0.commitDetails = [HistorySample.detail.sha: HistorySample.detail]
            $0.branches = .success([Branch(name: "main", commitSHA: "c000aaaaaaa"), Branch(name: "feature/ü", commitSHA: "f")])
        }
        h.presenter.viewDidLoad()
        return h
    }

    static func finishPage(_ h: Harness) async {
        await h.presenter.pageTask?.value
        h.dispatcher.runPending()
    }

    @Test("The history loads when the tab is first shown, and pages on by Link as the selection nears the end")
    func history() async throws {
        let h = Self.harness()
        #expect(h.service.recorded("history") == [])
        h.presenter.didSelectTab(RepoTab.commits.rawValue)
        #expect(h.text.first == "⌥ main · loading history…")
        await Self.finishPage(h)
        #expect(h.service.recorded("history") == ["history octocat/github-tui -"])
        #expect(h.text.first == "⌥ main")
        #expect(h.text[1].hasPrefix("> c000aaa Change 0 — Ann"))
        #expect(h.state.position == "1–11/30+")
        for _ in 0..<20 { h.presenter.handle(.scrollDown) }
        #expect(h.presenter.pageTask != nil, "within ten of the end: the next page")
        await Self.finishPage(h)
        #expect(h.service.recorded("history") == ["history octocat/github-tui -", "history page 1"])
        #expect(h.state.position.hasSuffix("/60+"))
        h.presenter.handle(.end)
        await Self.finishPage(h)
        h.presenter.handle(.end)
        #expect(h.state.position.hasSuffix("/90"), "the last page has no next link")
        #expect(h.text.last?.hasPrefix("> c089aaa Change 89") == true)
    }

    @Test("Enter opens the selected commit's diff; ]/[ jump between files; Esc walks back to the history, then closes")
    func openCommit() async throws {
        let h = Self.harness(height: 4)
        h.presenter.didSelectTab(RepoTab.commits.rawValue)
        await Self.finishPage(h)
        h.presenter.handle(.confirm)
        #expect(h.text == ["loading commits…"])
        await h.presenter.commitTask?.value
        h.dispatcher.runPending()
        #expect(h.state.title == "octocat/github-tui · Commits · c000aaa")
        #expect(h.text.contains { $0.contains("c000aaa") })
        #expect(h.state.footer.contains { $0.keys == "[]" })
        h.presenter.handle(.nextFile)
        #expect(h.text.first?.contains("a.swift") == true)
        h.presenter.handle(.nextFile)
        #expect(h.text.contains { $0.contains("b.swift") }, "the last file: scrolled as far as it goes")
        h.presenter.handle(.previousFile)
        #expect(h.text.first?.contains("a.swift") == true)
        h.presenter.handle(.close)
        #expect(h.router.closeCount == 0)
        #expect(h.state.title == "octocat/github-tui · Commits")
        #expect(h.text.first == "⌥ main")
        h.presenter.handle(.close)
        #expect(h.router.closeCount == 1)
    }

    @Test("Opened at a commit (a notification's): the Commits tab shows its diff at once; Esc goes to the history")
    func openedAtACommit() async throws {
        let h = Harness(height: 12)
        h.service.script.withLock {
            $0.historyPages = [HistorySample.commits(0..<30)]
            $0.commitDetails = [HistorySample.detail.sha: HistorySample.detail]
        }
        h.presenter.initialPlace = .commit(sha: HistorySample.detail.sha)
        h.presenter.viewDidLoad()
        #expect(h.presenter.tab == .commits)
        await h.presenter.commitTask?.value
        h.dispatcher.runPending()
        #expect(h.state.title == "octocat/github-tui · Commits · c000aaa")
        #expect(h.text.contains { $0.contains("The body") })
        h.presenter.handle(.close)
        #expect(h.state.title == "octocat/github-tui · Commits" && h.router.closeCount == 0)
    }

    @Test("A commit read once opens from the store, with no request; the history is there offline")
    func storedOffline() async throws {
        let store = try SQLiteStore.inMemory()
        do {
            let h = Self.harness(store: store)
            h.presenter.didSelectTab(RepoTab.commits.rawValue)
            await Self.finishPage(h)
            h.presenter.handle(.confirm)
            await h.presenter.commitTask?.value
            h.dispatcher.runPending()
        }
        let h = Self.harness(store: store)
        h.service.script.withLock { $0.historyErrors = [0: .network] }
        h.presenter.didSelectTab(RepoTab.commits.rawValue)
        #expect(h.text[1].hasPrefix("> c000aaa"), "the stored history at once")
        await Self.finishPage(h)
        #expect(h.text.count > 2)
        #expect(h.text.contains { $0.contains("Could not load the history") })
        h.presenter.handle(.confirm)
        await h.presenter.commitTask?.value
        h.dispatcher.runPending()
        #expect(h.text.contains { $0.contains("The body") }, "read from the store, off the UI thread")
        #expect(h.service.recorded("commit") == [])
    }

    @Test("b lists the branches (asked once); Enter on one loads its history, Esc closes the picker")
    func branches() async throws {
        let h = Self.harness()
        h.presenter.didSelectTab(RepoTab.commits.rawValue)
        await Self.finishPage(h)
        h.presenter.handle(.pickBranch)
        #expect(h.state.status == "loading branches…")
        await h.presenter.commits.branchesTask?.value
        h.dispatcher.runPending()
        let menu = try #require(h.state.menu)
        #expect(menu.items == ["main ✓ · default branch", "feature/ü"])
        #expect(menu.selected == 0)
        #expect(menu.title == "Branches")
        h.presenter.handle(.close)
        #expect(h.state.menu == nil)
        #expect(h.router.closeCount == 0)
        h.presenter.handle(.pickBranch)
        #expect(h.service.recorded("branches").count == 1)
        h.presenter.handle(.scrollDown)
        h.presenter.handle(.confirm)
        #expect(h.state.menu == nil)
        #expect(h.text.first == "⌥ feature/ü · loading history…")
        await Self.finishPage(h)
        #expect(h.service.recorded("history").last == "history octocat/github-tui feature/ü")
        #expect(h.state.status == nil)
        // A number picks at once.
        h.presenter.handle(.pickBranch)
        h.presenter.handle(.choose(1))
        #expect(h.state.menu == nil)
        #expect(h.text.first == "⌥ main · loading history…")
    }

    @Test("An answer for a branch left meanwhile is dropped")
    func staleAnswer() async throws {
        let h = Self.harness()
        h.presenter.didSelectTab(RepoTab.commits.rawValue)
        await h.presenter.pageTask?.value        // main's first page answered, not delivered
        h.presenter.commits.branchesDidLoad(.success([Branch(name: "main", commitSHA: "a"), Branch(name: "dev", commitSHA: "b")]))
        h.service.script.withLock { $0.historyPages = [HistorySample.commits(100..<101)] }
        h.presenter.handle(.scrollDown)
        h.presenter.handle(.confirm)             // dev
        #expect(h.text.first == "⌥ dev · loading history…")
        await h.presenter.pageTask?.value
        h.dispatcher.runPending()                // main's answer (dropped), then dev's
        #expect(h.text[1].hasPrefix("> c100aaa"))
        #expect(!h.text.contains { $0.contains("c000aaa") })
    }

    @Test("A commit that failed to load is asked again with r")
    func retryCommit() async throws {
        let h = Self.harness()
        h.presenter.didSelectTab(RepoTab.commits.rawValue)
        await Self.finishPage(h)
        h.presenter.handle(.scrollDown)          // c001: not known to the server
        h.presenter.handle(.confirm)
        await h.presenter.commitTask?.value
        h.dispatcher.runPending()
        #expect(h.text.first == "GitHub does not have this commit (404) — Esc goes back")
        h.service.script.withLock { $0.commitDetails["c001aaaaaaa"] = HistorySample.detail }
        h.presenter.handle(.reloadCommits)
        await h.presenter.commitTask?.value
        h.dispatcher.runPending()
        #expect(h.text.contains { $0.contains("The body") })
        #expect(h.service.recorded("commit").count == 2)
    }

    @Test("80×24: a commit's diff in the view, over the list")
    func diffSnapshot() async throws {
        let buffer = try await RepoDetailViewTests().render(width: 80, height: 24) { presenter, dispatcher in
            presenter.didSelectTab(RepoTab.commits.rawValue)
            await presenter.pageTask?.value
            dispatcher.runPending()
            presenter.handle(.confirm)
            await presenter.commitTask?.value
            dispatcher.runPending()
        } service: { service in
            service.script.withLock { $0.commitDetails = [DetailSample.commits[0].sha: HistorySample.detail] }
        }
        assertScreenSnapshot(buffer.snapshot(), named: "detail-80x24-commit-diff")
    }

    @Test("y on the Commits tab offers the selected commit's SHA")
    func copySelected() async throws {
        let h = Self.harness()
        h.presenter.didSelectTab(RepoTab.commits.rawValue)
        await Self.finishPage(h)
        h.presenter.handle(.scrollDown)
        h.presenter.handle(.copy)
        let menu = try #require(h.state.menu)
        #expect(menu.items.last == "SHA of c001aaa Change 1")
    }

    @Test("The view, presenter and every tab's module are released when the view is dismissed from the Commits tab")
    func noLeaks() async throws {
        weak var weakPresenter: RepoDetailPresenter?
        weak var weakView: RepoDetailView?
        weak var weakOverview: OverviewPresenter?
        weak var weakReadme: ReadmePresenter?
        weak var weakCommits: CommitsTabPresenter?
        weak var weakActions: RepoActions?
        let navigator = SpyNavigator()
        do {
            let dispatcher = CollectingDispatcher()
            let service = CommitsGitHubService.detail()
            let view = RepoDetailBuilder.build(
                RepoDetailDependencies(repository: DetailSample.repository,
                                       services: ScreenServices(service: service, dispatcher: dispatcher,
                                                                 scheduler: ManualScheduler(), now: { DetailSample.now }),
                                       store: try SQLiteStore.inMemory(), opener: SpyURLOpener(), clipboard: SpyClipboard(),
                                       cloner: SpyCloner(), environment: [:]),
                navigator: navigator)
            view.handle(.resize(width: 80, height: 24))
            view.viewDidAppear()
            let presenter = try #require(Mirror(reflecting: view).descendant("presenter") as? RepoDetailPresenter)
            view.handle(.key(.right))
            view.handle(.key(.right))
            await presenter.pageTask?.value
            await presenter.readmeTask?.value
            dispatcher.runPending()
            view.handle(.key(.enter))            // the commit's request is in flight when the view goes
            view.handle(.key(.escape))           // back to the history
            view.handle(.key(.escape))
            #expect(navigator.dismissed == [ObjectIdentifier(view)])
            weakPresenter = presenter
            weakView = view
            weakOverview = presenter.overview
            weakReadme = presenter.readme
            weakCommits = presenter.commits
            weakActions = presenter.actions
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
        #expect(weakOverview == nil)
        #expect(weakReadme == nil)
        #expect(weakCommits == nil)
        #expect(weakActions == nil)
    }
}
