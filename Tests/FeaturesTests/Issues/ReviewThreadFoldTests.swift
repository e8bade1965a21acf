import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TestSupport
@testable import Features

/// Resolved review threads: GraphQL's threads matched to the REST ones by their first comment, a resolved
/// thread drawn folded to one line (a rendered snapshot), Enter and Space unfolding it, `D` resolving
/// and unresolving through the service; the threads' links numbered in the thread's one series.
@Suite("Review threads: resolved, folded, resolve and unresolve")
@MainActor
struct ReviewThreadFoldTests {
    typealias Placement = ReviewThreadPlacementTests
    static let file = Placement.file

    static func comment(_ id: Int64, line: Int?, replyTo: Int64? = nil, author: String = "ada", body: String = "") -> ReviewComment {
        var comment = Placement.comment(id, line: line, replyTo: replyTo, body: body)
        comment.author = author
        return comment
    }

    /// Thread 1 (line 3, a reply) resolved by kim; thread 5 (line 12, a link in its body) open.
    static let comments = [comment(1, line: 3, body: "Why **two**?"), comment(2, line: 3, replyTo: 1, author: "bob", body: "Because."),
                           comment(5, line: 12, body: "See [the guide](https://example.com/guide) and #9.")]
    static let statuses = [ReviewThreadStatus(id: "PRRT_1", isResolved: true, resolvedBy: "kim", firstCommentID: 1),
                           ReviewThreadStatus(id: "PRRT_5", isResolved: false, firstCommentID: 5)]

    @Test("GraphQL's threads are matched by their first comment's id: a reply's id or none matches nothing, the first of two wins")
    func matching() {
        let byRoot = ReviewThreadPlacement.statusesByRoot(Self.statuses + [
            ReviewThreadStatus(id: "PRRT_dup", isResolved: false, firstCommentID: 1),
            ReviewThreadStatus(id: "PRRT_none", isResolved: true, firstCommentID: nil),
            ReviewThreadStatus(id: "PRRT_2", isResolved: true, firstCommentID: 2),
        ])
        let threads = ReviewThreadPlacement.threads(Self.comments, statuses: byRoot)
        #expect(threads.map(\.root.id) == [1, 5])
        #expect(threads.map(\.status?.id) == ["PRRT_1", "PRRT_5"])
        #expect(threads.map(\.isResolved) == [true, false])
        let placed = ReviewThreadPlacement.place(Self.comments, in: [Self.file], statuses: byRoot)
        #expect(placed[0]?.underLine[4]?.first?.status?.resolvedBy == "kim")
        // Without GraphQL's word, nothing is resolved.
        #expect(ReviewThreadPlacement.threads(Self.comments).allSatisfy { !$0.isResolved })
    }

    static func thread(unfolded: Set<Int64> = [], statuses: [ReviewThreadStatus] = statuses) -> IssueThread {
        let issue = GitHubEntities.Issue(number: 5, title: "A pull request", isPullRequest: true)
        var thread = IssueThread(issue: issue, pull: PullRequest(issue: issue, baseRef: "main", headLabel: "o:topic"),
                                 comments: [IssueComment(id: 70, author: "sam", body: "Related: [a link](https://example.com/one)")])
        thread.changes = PullRequestChanges(files: .success(PullRequestFileList(files: [Self.file])), commits: .success([]),
                                            reviews: .success([]), checks: nil,
                                            reviewComments: .success(ReviewCommentList(comments: Self.comments)),
                                            threadStatuses: .success(statuses))
        thread.unfoldedThreads = unfolded
        return thread
    }

    @Test("80 columns: the resolved thread folded to one line under its line, the open one whole; its links numbered after the comments'")
    func foldedSnapshot() throws {
        let rendered = IssueDetailRenderer.render(Self.thread(), width: 80, now: Placement.now, labelsInColour: false)
        let text = IssueDetailRenderingTests.text(rendered, width: 80)
        assertScreenSnapshot(text, named: "pull-review-threads-folded-80")
        let lines = rendered.lines.map(\.text)
        let added = try #require(lines.firstIndex(of: "+C"))
        #expect(lines[added + 1] == "  ▸ resolved by kim · 2 comments · line 3 · Enter shows it")
        #expect(lines[added + 2] == " d")
        #expect(!lines.contains { $0.contains("Why two?") })
        #expect(rendered.threadStarts.count == 2)
        // The open thread's link: [2] after the comment's [1], followed as the document's link 2.
        #expect(lines.contains("  │ See the guide[2] and #9."))
        #expect(rendered.links.map(\.number) == [1, 2])
        #expect(rendered.links.last?.url == "https://example.com/guide")
    }

    @Test("unfolded, the resolved thread is whole and says who resolved it; without GraphQL every thread is whole and nothing is said")
    func unfolded() throws {
        let lines = IssueDetailRenderer.render(Self.thread(unfolded: [1]), width: 80, now: Placement.now, labelsInColour: false).lines.map(\.text)
        let header = try #require(lines.first { $0.hasPrefix("  ┌─ ada") && $0.contains("line 3") })
        #expect(header.hasSuffix("· resolved by kim"))
        #expect(lines.contains("  │ Why two?"))
        var unread = Self.thread()
        unread.changes?.threadStatuses = .failure(.http(status: 400, message: "Field 'reviewThreads' doesn't exist"))
        let plain = IssueDetailRenderer.render(unread, width: 80, now: Placement.now, labelsInColour: false).lines.map(\.text)
        #expect(plain.contains("  │ Why two?"))
        #expect(!plain.contains { $0.contains("resolved") || $0.contains("reviewThreads") })
    }

    @Test("a hostile resolver's login and wide characters: sanitized, the folded line fitted to the width")
    func hostile() throws {
        let statuses = [ReviewThreadStatus(id: "PRRT_1", isResolved: true, resolvedBy: "\u{1B}[31mev\u{7}il\u{4E2D}\u{6587}\u{6587}\u{6587}",
                                           firstCommentID: 1)] + Self.statuses.dropFirst()
        let rendered = IssueDetailRenderer.render(Self.thread(statuses: statuses), width: 40, now: Placement.now, labelsInColour: false)
        let folded = try #require(rendered.lines.first { $0.text.hasPrefix("  ▸ resolved by") })
        #expect(!folded.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(folded.width <= 40)
        #expect(rendered.lines.allSatisfy { $0.width <= 40 })
    }

    @Test("a thread growing by a comment with a link: the review threads' links move after it, as a whole rendering numbers them")
    func growing() throws {
        let before = Self.thread()
        var after = before
        after.comments.append(IssueComment(id: 71, author: "kim", body: "And [another](https://example.com/two)."))
        let context = IssueDetailRenderer.Context(width: 80, now: Placement.now, labelsInColour: false)
        var grown = IssueDetailRenderer.render(before, context)
        #expect(IssueDetailRenderer.update(&grown, from: before, to: after, context))
        let whole = IssueDetailRenderer.render(after, context)
        #expect(grown.lines == whole.lines)
        #expect(grown.links == whole.links)
        #expect(whole.links.map(\.url) == ["https://example.com/one", "https://example.com/two", "https://example.com/guide"])
        #expect(whole.lines.map(\.text).contains("  │ See the guide[3] and #9."))
    }

    // MARK: The keys

    @MainActor
    struct Harness {
        let issues: ScriptedIssueService
        let store: SQLiteStore
        let view = SpyRepoDetailView()
        let dispatcher = CollectingDispatcher()
        let presenter: RepoDetailPresenter

        init(token: Bool = true, resolveError: GitHubError? = nil, replyDraftOn root: Int64? = nil) throws {
            var script = ScriptedIssueService.Script()
            let issue = GitHubEntities.Issue(number: 5, title: "A pull request", isPullRequest: true)
            let pull = PullRequest(issue: issue, baseRef: "main", headLabel: "o:topic")
            script.pullPages = [[pull]]
            script.pulls = [5: pull]
            script.files = [ReviewThreadFoldTests.file]
            script.reviewComments = ReviewThreadFoldTests.comments
            script.threadStatuses = ReviewThreadFoldTests.statuses
            script.isAuthenticated = token
            script.resolveError = resolveError
            issues = ScriptedIssueService(script)
            let service = CommitsGitHubService(commits: .success([]))
            service.script.withLock { $0.isAuthenticated = token }
            store = try SQLiteStore.inMemory()
            if let root {
                try store.saveDraft("Half a reply", repository: "octocat/github-tui", number: 5, kind: .reply(to: root), updatedAt: DetailSample.now)
            }
            let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: store,
                                                  opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                                  environment: [:], issueService: issues, now: { DetailSample.now })
            presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
            presenter.view = view
            presenter.viewDidChangeContentSize(width: 100, height: 20)
            presenter.viewDidLoad()
            presenter.didSelectTab(RepoTab.pulls.rawValue)
        }

        var tab: IssuesTabPresenter { presenter.issueTabs[.pulls]! }
        var status: String? { view.last?.status }
        var lines: [String] { tab.thread?.rendered?.lines.map(\.text) ?? [] }
        var unfolded: Set<Int64> { tab.thread?.thread?.unfoldedThreads ?? [] }

        func settle() async {
            for _ in 0..<5 {
                await tab.pageTask?.value
                await tab.threadTask?.value
                await tab.moreTask?.value
                await tab.reviewActions.resolveTask?.value
                dispatcher.runPending()
            }
        }

        /// The pull request open, its diff read.
        func open() async {
            await settle()
            presenter.handle(.confirm)
            await settle()
        }
    }

    @Test("} then Enter unfolds the resolved thread, Enter folds it again; Space does the same; Enter with a link chosen follows it")
    func enterAndSpace() async throws {
        let h = try Harness()
        await h.open()
        #expect(h.issues.recorded.contains("review threads octocat/github-tui#5"))
        #expect(h.lines.contains { $0.hasPrefix("  ▸ resolved by kim") })
        h.presenter.handle(.nextThread)
        h.presenter.handle(.confirm)
        #expect(h.unfolded == [1])
        #expect(h.lines.contains("  │ Why two?"))
        h.presenter.handle(.confirm)
        #expect(h.unfolded.isEmpty)
        h.presenter.handle(.toggleFold)
        #expect(h.unfolded == [1])
        h.presenter.handle(.toggleFold)
        #expect(h.unfolded.isEmpty)
        // The open thread at hand: Enter does nothing to it (no link is chosen).
        h.presenter.handle(.nextThread)
        let offset = h.tab.thread?.offset
        h.presenter.handle(.confirm)
        #expect(h.unfolded.isEmpty)
        #expect(h.tab.thread?.offset == offset)
    }

    @Test("D resolves the open thread at hand (folded at once) and unresolves it again; the cursor's thread with v")
    func resolveKey() async throws {
        let h = try Harness()
        await h.open()
        h.presenter.handle(.nextThread)
        h.presenter.handle(.nextThread)
        h.presenter.handle(.resolveThread)
        #expect(h.status == "Resolving the review thread…")
        await h.settle()
        #expect(h.issues.recorded.contains("resolve thread PRRT_5"))
        #expect(h.status == "Thread resolved: folded to one line (Enter or Space shows it)")
        #expect(h.lines.contains { $0.hasPrefix("  ▸ resolved by me · 1 comment · line 12") })
        // With the cursor on the folded line: D unresolves it, and it is whole again.
        h.presenter.handle(.selectLine)
        let folded = try #require(h.lines.firstIndex { $0.hasPrefix("  ▸ resolved by me") })
        let cursor = try #require(h.tab.thread?.pane.cursor)
        for _ in 0..<abs(folded - cursor) { h.presenter.handle(folded > cursor ? .scrollDown : .scrollUp) }
        #expect(h.tab.thread?.pane.cursor == folded)
        h.presenter.handle(.resolveThread)
        await h.settle()
        #expect(h.issues.recorded.contains("unresolve thread PRRT_5"))
        #expect(h.status == "Thread unresolved")
        #expect(h.lines.contains { $0.contains("See the guide") })
    }

    @Test("with the line cursor, } and { put the cursor on a thread's first line: C there replies, D there resolves")
    func cursorJumps() async throws {
        let h = try Harness()
        await h.open()
        h.presenter.handle(.selectLine)
        let starts = try #require(h.tab.thread?.rendered?.threadStarts)
        h.presenter.handle(.nextThread)
        #expect(h.tab.thread?.pane.cursor == starts.first)
        h.presenter.handle(.nextThread)
        #expect(h.tab.thread?.pane.cursor == starts.last)
        #expect(h.tab.thread?.chosen() == .success(.reply(to: 5)))
        h.presenter.handle(.previousThread)
        #expect(h.tab.thread?.pane.cursor == starts.first)
        #expect(h.tab.thread?.chosen() == .success(.reply(to: 1)))
    }

    @Test("} onto a thread with a reply kept as a draft says so; onto one without, nothing")
    func replyDraftSaid() async throws {
        let h = try Harness(replyDraftOn: 5)
        await h.open()
        h.presenter.handle(.nextThread)
        #expect(h.status != "A reply to this thread is kept as a draft: v, ↑↓ onto the thread, then C continues it")
        h.presenter.handle(.nextThread)
        #expect(h.status == "A reply to this thread is kept as a draft: v, ↑↓ onto the thread, then C continues it")
    }

    @Test("D said plainly: nowhere near a thread, without a token, GitHub's 403")
    func resolveRefused() async throws {
        let h = try Harness(resolveError: .http(status: 403, message: "Resource not accessible by integration"))
        await h.open()
        // The cursor on a line of the diff, not a thread's.
        h.presenter.handle(.selectLine)
        h.presenter.handle(.resolveThread)
        #expect(h.status == "No review thread here: } goes to the next one (or v, then ↑↓ onto one)")
        h.presenter.handle(.close)
        #expect(h.tab.thread?.isChoosingLine == false)
        h.presenter.handle(.nextThread)
        h.presenter.handle(.nextThread)
        h.presenter.handle(.resolveThread)
        await h.settle()
        #expect(h.status?.hasPrefix("Thread not resolved: GitHub forbids it") == true)
        #expect(h.lines.contains { $0.contains("See the guide") })

        let noToken = try Harness(token: false)
        await noToken.open()
        // Without a token GraphQL is not asked: every thread whole, nothing alarming.
        #expect(!noToken.issues.recorded.contains { $0.hasPrefix("review threads") })
        #expect(noToken.lines.contains("  │ Why two?"))
        noToken.presenter.handle(.nextThread)
        noToken.presenter.handle(.resolveThread)
        #expect(noToken.status == "Reviewing needs a token: set GH_TOKEN or run gh auth login")
    }
}
