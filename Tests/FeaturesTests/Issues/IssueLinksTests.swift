import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// Links in an issue's body and comments: numbered in one series over the thread (`#N` and `o/r#N`
/// too), followed with Tab and Enter or a typed number; this repository's issue opens in the thread
/// and Esc comes back to the one before as it was; another repository's opens that repository's view.
@Suite("Issues: links in bodies and comments")
@MainActor
struct IssueLinksTests {
    static let links = IssueReference.markdownLinks(owner: "octocat", name: "github-tui", host: .dotCom)

    @Test("the body's and the comments' links are numbered in one series; each [n] names its own URL")
    func numberedOverTheThread() {
        var issue = Issue(number: 1, title: "Links")
        issue.body = "See #5 and [the docs](https://example.com/docs)."
        let thread = IssueThread(issue: issue, comments: [
            IssueComment(id: 1, author: "a", body: "Also o/r#6."),
            IssueComment(id: 2, author: "b", body: "Again #5, and https://github.com/o/r/pull/7"),
        ])
        let rendered = IssueDetailRenderer.render(thread, width: 80, now: Date(timeIntervalSince1970: 0), labelsInColour: false,
                                                  textLinks: Self.links)
        #expect(rendered.links.map(\.number) == [1, 2, 3, 4, 5])
        #expect(rendered.links.map(\.url) == ["https://github.com/octocat/github-tui/issues/5", "https://example.com/docs",
                                              "https://github.com/o/r/issues/6", "https://github.com/octocat/github-tui/issues/5",
                                              "https://github.com/o/r/pull/7"])
        let text = rendered.lines.map(\.text)
        #expect(text.contains("See #5[1] and the docs[2]."))
        #expect(text.contains("Also o/r#6[3]."))
        #expect(text.contains("Again #5[4], and https://github.com/o/r/pull/7[5]"))
        #expect(text.contains { $0.hasPrefix("[5] https://github.com/o/r/pull/7") })
        // Every span's link number is one of the thread's, and no line is wider than asked.
        let numbers = Set(rendered.lines.flatMap { $0.spans.compactMap(\.link) })
        #expect(numbers == [1, 2, 3, 4, 5])
        let narrow = IssueDetailRenderer.render(thread, width: 20, now: Date(timeIntervalSince1970: 0), labelsInColour: false,
                                                textLinks: Self.links)
        #expect(narrow.lines.allSatisfy { $0.width <= 20 })
    }

    // Its time is measured where times belong (`scripts/bench depth`: a thread of 5,000 comments), not
    // here: a wall-clock bound failed on a loaded machine. The work is bounded by the line budget.
    @Test("a thread full of references renders within its line budget; its numbers run 1…n without a gap, each [n] naming its own")
    func manyLinks() {
        let text = (1...60).map { "#\($0)" }.joined(separator: " ") + " https://github.com/o/r/pull/1"
        let thread = IssueThread(issue: Issue(number: 1, title: "t", body: text),
                                 comments: (1...3_000).map { IssueComment(id: Int64($0), author: "a", body: text) })
        let rendered = IssueDetailRenderer.render(thread, width: 100, now: Date(timeIntervalSince1970: 0), labelsInColour: false,
                                                  textLinks: Self.links)
        #expect(rendered.lines.count <= IssueDetailRenderer.maximumLines + 10, "the budget, and the line saying what was left out")
        #expect(rendered.links.map(\.number) == Array(1...rendered.links.count))
        #expect(rendered.links.count > 1_000)
        #expect(rendered.lines.allSatisfy { $0.width <= 100 })
        #expect(rendered.commentsLeftOut > 0, "past the line budget comments are counted, not rendered")
    }

    @MainActor
    struct Harness {
        let issues: ScriptedIssueService
        let router = SpyRepoDetailRouter()
        let view = SpyRepoDetailView()
        let dispatcher = CollectingDispatcher()
        let presenter: RepoDetailPresenter

        init() throws {
            var first = try IssuesTabTests.recordedIssues()[0]
            first.body = "Duplicate of #2750; upstream rails/rails#1.\n\n" + String(repeating: "More.\n\n", count: 30)
            var script = ScriptedIssueService.Script()
            script.issuePages = [[first]]
            script.issues = [2746: first, 2750: Issue(number: 2750, title: "The other one", body: "Back to #2746.")]
            issues = ScriptedIssueService(script)
            let service = CommitsGitHubService(commits: .success([]))
            service.script.withLock {
                $0.repositories["rails/rails"] = Repository(id: 8514, name: "rails", fullName: "rails/rails", ownerLogin: "rails",
                                                            htmlURL: "https://github.com/rails/rails")
            }
            let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: try SQLiteStore.inMemory(),
                                                  opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                                  environment: [:], issueService: issues, now: { DetailSample.now })
            presenter = RepoDetailPresenter(interactor: interactor, router: router, dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
            presenter.view = view
            presenter.viewDidChangeContentSize(width: 90, height: 12)
            presenter.viewDidLoad()
            presenter.didSelectTab(RepoTab.issues.rawValue)
        }

        var tab: IssuesTabPresenter { presenter.issueTabs[.issues]! }

        func settle() async {
            for _ in 0..<5 {
                await tab.pageTask?.value
                await tab.threadTask?.value
                await tab.moreTask?.value
                await presenter.followTask?.value
                dispatcher.runPending()
            }
        }
    }

    @Test("Tab selects a link of the thread, Enter opens this repository's issue; Esc comes back to the thread as it was, then the list")
    func followWithinTheRepository() async throws {
        let h = try Harness()
        await h.settle()
        h.presenter.handle(.confirm)
        await h.settle()
        h.presenter.handle(.scrollDown)
        #expect(h.tab.thread?.offset == 1)
        h.presenter.handle(.nextLink)
        #expect(h.view.last?.status == "[1] https://github.com/octocat/github-tui/issues/2750 — Enter follows it")
        h.presenter.handle(.confirm)
        #expect(h.view.last?.title == "octocat/github-tui · Issues · #2750")
        await h.settle()
        #expect(h.issues.recorded.contains("issue octocat/github-tui#2750"))
        #expect(h.view.last?.lines.contains { line in
            if case .markdown(let styled) = line { return styled.text == "Back to #2746[1]." }
            return false
        } == true)
        h.presenter.handle(.close)
        #expect(h.view.last?.title == "octocat/github-tui · Issues · #2746")
        #expect(h.tab.thread?.offset == 1, "the thread as it was left")
        #expect(h.tab.thread?.thread?.issue.number == 2746)
        h.presenter.handle(.close)
        #expect(h.tab.isThreadOpen == false)
        #expect(h.presenter.tab == .issues)
    }

    @Test("A link followed before the thread had loaded: Esc comes back to it and GitHub is asked for it again")
    func followWhileLoading() async throws {
        let h = try Harness()
        await h.settle()
        h.presenter.handle(.confirm)
        await h.settle()
        h.presenter.handle(.close)
        // Opened again: the stored thread at once, GitHub's answer on its way when the link is followed
        // (and cancelled).
        h.presenter.handle(.confirm)
        #expect(h.tab.threadTask != nil)
        h.presenter.handle(.nextLink)
        h.presenter.handle(.confirm)
        #expect(h.view.last?.title == "octocat/github-tui · Issues · #2750")
        await h.settle()
        h.presenter.handle(.close)
        #expect(h.view.last?.title == "octocat/github-tui · Issues · #2746")
        #expect(h.tab.threadTask != nil, "GitHub asked for it again")
        await h.settle()
        #expect(h.issues.recorded.suffix(2).contains("issue octocat/github-tui#2746"))
        #expect(h.tab.thread?.thread?.issue.number == 2746)
        #expect(h.tab.thread?.isLoading == false)
    }

    @Test("A typed number follows another repository's issue: that repository is looked up and its view opened on it")
    func followToAnotherRepository() async throws {
        let h = try Harness()
        await h.settle()
        h.presenter.handle(.confirm)
        await h.settle()
        h.presenter.handle(.choose(2))
        #expect(h.view.last?.status == "Link [2] — Enter follows it, Esc cancels")
        h.presenter.handle(.confirm)
        #expect(h.view.last?.status == "Opening rails/rails#1…")
        await h.settle()
        #expect(h.router.shownIssues == ["rails/rails#1"])
        // Esc with a number typed cancels the number, not the thread.
        h.presenter.handle(.choose(7))
        h.presenter.handle(.close)
        #expect(h.tab.isThreadOpen)
        h.presenter.handle(.choose(9))
        h.presenter.handle(.confirm)
        #expect(h.view.last?.status == "No link [9]")
    }
}
