import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import MarkdownRendering
import Persistence
import Testing
import TestSupport
@testable import Features

/// A long thread grows without being rendered again: a page of comments renders only its comments and
/// adds their lines, and the result is what a whole rendering gives; a thread read to its end reopens
/// from the store whole, its first comments at once and the rest off the UI thread, with no page read
/// again but the first.
@MainActor
@Suite("Issue thread: pages appended, reopened whole")
struct IssueThreadAppendTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_477_180_000)
    typealias Service = IssueCommentsPagingLoopTests.LoopingComments

    /// Comments with links (an address, `#N`), reactions and a few lines each.
    static func comments(_ ids: ClosedRange<Int64>) -> [IssueComment] {
        ids.map { id in
            var comment = IssueComment(id: id, author: "user\(id % 7)",
                                       body: "Comment \(id): see #\(id) and [the log](https://example.com/\(id)).\n\n- one\n- two",
                                       createdAt: now.addingTimeInterval(-Double(id) * 60))
            if id % 5 == 0 { comment.reactions = Reactions(counts: ["+1": Int(id)]) }
            return comment
        }
    }

    /// The texts the Markdown renderer hands to the link finder: what was rendered.
    final class RenderedTexts: Sendable {
        let texts = Mutex<[String]>([])
        var links: MarkdownTextLinks {
            let inner = IssueReference.markdownLinks(owner: "sferik", name: "rails_admin", host: .dotCom)
            return MarkdownTextLinks { [texts] text in
                texts.withLock { $0.append(text) }
                return inner.find(text)
            }
        }

        /// The comment numbers named by "Comment N:" in the texts rendered since the last call.
        func takeComments() -> Set<Int> {
            let taken = texts.withLock { texts in
                defer { texts.removeAll() }
                return texts
            }
            return Set(taken.compactMap { text -> Int? in
                guard text.hasPrefix("Comment "), let colon = text.firstIndex(of: ":") else { return nil }
                return Int(text[text.index(text.startIndex, offsetBy: 8)..<colon])
            })
        }
    }

    static func page(_ ids: ClosedRange<Int64>, next: Int?) -> Page<IssueComment> {
        Page(items: comments(ids), next: next.flatMap { URL(string: "https://api.test/comments/\($0)") })
    }

    @Test("a page's bodies rendered ahead, off the UI thread, are only added on it: the same lines; at another width, or for a changed body, rendered again")
    func bodiesRenderedAhead() throws {
        let texts = RenderedTexts()
        let issue = GitHubEntities.Issue(number: 5, title: "A long discussion", body: "The body, see #1.")
        var state = IssueThreadState(number: 5)
        state.show(IssueThread(issue: issue, comments: Self.comments(1...100), hasMoreComments: true))
        state.startComments(next: URL(string: "https://api.test/comments/1"))
        _ = state.render(width: 80, now: Self.now, labelsInColour: false, textLinks: texts.links)
        _ = texts.takeComments()

        // Page 2, its bodies rendered where it was read (at the thread's width): none is rendered again.
        let second = Self.page(101...200, next: 3)
        let ahead = IssueDetailRenderer.bodies(of: second.items, width: 80, textLinks: texts.links)
        #expect(texts.takeComments() == Set(101...200))
        state.receiveComments(second, bodies: ahead, width: 80)
        #expect(state.render(width: 80, now: Self.now, labelsInColour: false, textLinks: texts.links) == nil)
        #expect(texts.takeComments().isEmpty, "the page's bodies were rendered ahead")
        let whole = IssueDetailRenderer.render(try #require(state.thread), width: 80, now: Self.now, labelsInColour: false,
                                               textLinks: texts.links)
        _ = texts.takeComments()
        #expect(state.rendered == whole)
        #expect(state.pane.lineCount == whole.lines.count)

        // Page 3 rendered ahead at 60 columns while the thread is at 80: rendered again.
        let third = Self.page(201...300, next: 4)
        let aheadAt60 = IssueDetailRenderer.bodies(of: third.items, width: 60, textLinks: texts.links)
        _ = texts.takeComments()
        state.receiveComments(third, bodies: aheadAt60, width: 60)
        _ = state.render(width: 80, now: Self.now, labelsInColour: false, textLinks: texts.links)
        #expect(texts.takeComments() == Set(201...300), "rendered at another width: not used")

        // Page 4 rendered ahead, one body changed since: that one alone is rendered again.
        var fourth = Self.page(301...310, next: nil)
        let aheadAt80 = IssueDetailRenderer.bodies(of: fourth.items, width: 80, textLinks: texts.links)
        _ = texts.takeComments()
        fourth.items[0].body = "Comment 301: edited."
        state.receiveComments(fourth, bodies: aheadAt80, width: 80)
        _ = state.render(width: 80, now: Self.now, labelsInColour: false, textLinks: texts.links)
        #expect(texts.takeComments() == [301])
        #expect(state.rendered == IssueDetailRenderer.render(try #require(state.thread), width: 80, now: Self.now,
                                                            labelsInColour: false, textLinks: texts.links))
    }

    @Test("each page of comments renders only its own comments, and the lines are those of a whole rendering",
          arguments: [false, true])
    func appendOnly(pullRequest: Bool) throws {
        let texts = RenderedTexts()
        var issue = GitHubEntities.Issue(number: 5, title: "A long discussion", body: "The body, see #1.")
        var thread = IssueThread(issue: issue, comments: Self.comments(1...100), hasMoreComments: true)
        if pullRequest {
            issue.isPullRequest = true
            let file = CommitDetail.File(filename: "a.swift", status: "modified", additions: 1, deletions: 1, changes: 2,
                                         patch: "@@ -1 +1 @@\n-old\n+new")
            thread.pull = PullRequest(issue: issue, baseRef: "main", headLabel: "me:topic")
            thread.changes = PullRequestChanges(files: .success(PullRequestFileList(files: [file, file])), commits: .success([]),
                                                reviews: .success([]), checks: nil)
        }
        var state = IssueThreadState(number: 5)
        state.show(thread)
        state.startComments(next: URL(string: "https://api.test/comments/1"))
        let first = state.render(width: 80, now: Self.now, labelsInColour: false, textLinks: texts.links)
        #expect(first == nil)
        #expect(texts.takeComments() == Set(1...100))
        for (index, ids) in [101...200, 201...300, 301...350].enumerated() as EnumeratedSequence<[ClosedRange<Int64>]> {
            state.receiveComments(Self.page(ids, next: index < 2 ? index + 2 : nil))
            let job = state.render(width: 80, now: Self.now, labelsInColour: false, textLinks: texts.links)
            #expect(job == nil, "a page is rendered at once, on its own")
            #expect(texts.takeComments() == Set(Int(ids.lowerBound)...Int(ids.upperBound)), "only the page's comments")
            let whole = IssueDetailRenderer.render(try #require(state.thread), width: 80, now: Self.now, labelsInColour: false,
                                                   textLinks: texts.links)
            _ = texts.takeComments()
            #expect(state.rendered == whole)
            #expect(state.pane.lineCount == whole.lines.count)
        }
        #expect(state.rendered?.commentStarts.count == 350)
        #expect(state.rendered?.links.count == 1 + 350 * 2, "one series over the body and every comment")
        #expect(state.rendered?.fileStarts.count == (pullRequest ? 2 : 0))
        // The head changing (closed) renders the head alone.
        thread = try #require(state.thread)
        thread.issue.state = "closed"
        thread.issue.closedAt = Self.now
        if pullRequest { thread.pull?.issue = thread.issue }
        state.show(thread)
        let headJob = state.render(width: 80, now: Self.now, labelsInColour: false, textLinks: texts.links)
        #expect(headJob == nil)
        #expect(texts.takeComments().isEmpty)
        #expect(state.rendered == IssueDetailRenderer.render(thread, width: 80, now: Self.now, labelsInColour: false,
                                                             textLinks: texts.links))
    }

    @Test("comments past the line budget are counted the same way, appended or whole")
    func budget() throws {
        let long = String(repeating: "A line of the comment.\n\n", count: 300)
        let comments = (1...200).map { IssueComment(id: Int64($0), author: "a", body: "Comment \($0):\n\n" + long) }
        let issue = GitHubEntities.Issue(number: 5, title: "t")
        var state = IssueThreadState(number: 5)
        state.show(IssueThread(issue: issue, comments: Array(comments.prefix(50)), hasMoreComments: true))
        _ = state.render(width: 60, now: Self.now, labelsInColour: false)
        for start in stride(from: 50, to: 200, by: 50) {
            state.receiveComments(Page(items: Array(comments[start..<start + 50]),
                                       next: start + 50 < 200 ? URL(string: "https://api.test/comments/\(start)") : nil))
            _ = state.render(width: 60, now: Self.now, labelsInColour: false)
        }
        let whole = IssueDetailRenderer.render(IssueThread(issue: issue, comments: comments), width: 60, now: Self.now,
                                               labelsInColour: false)
        #expect(whole.commentsLeftOut > 0)
        #expect(state.rendered == whole)
    }

    @Test("a long thread rendered whole shows its first comments at once and the rest from the background")
    func longThreadInTheBackground() throws {
        var state = IssueThreadState(number: 5)
        let thread = IssueThread(issue: GitHubEntities.Issue(number: 5, title: "t"), comments: Self.comments(1...250))
        state.show(thread)
        let started = state.render(width: 80, now: Self.now, labelsInColour: false)
        let job = try #require(started)
        #expect(state.rendered?.commentStarts.count == IssueThreadState.renderedAtOnce)
        #expect(state.commentsPageToLoad(within: 1_000_000) == nil)
        // Scrolled meanwhile: the place stays when the rest comes.
        state.pane.resize(height: 10)
        state.pane.scroll(to: 40)
        let again = state.render(width: 80, now: Self.now, labelsInColour: false)
        #expect(again == nil, "the one running is awaited")
        let taken = state.finish(job, rendered: job.run())
        #expect(taken)
        #expect(state.rendered == IssueDetailRenderer.render(thread, width: 80, now: Self.now, labelsInColour: false))
        #expect(state.offset == 40)
        // Another width: the shown rendering stays until the new one comes; an older job is not taken.
        let widerJob = state.render(width: 100, now: Self.now, labelsInColour: false)
        let widestJob = state.render(width: 120, now: Self.now, labelsInColour: false)
        let wider = try #require(widerJob)
        let widest = try #require(widestJob)
        let olderTaken = state.finish(wider, rendered: wider.run())
        #expect(!olderTaken)
        #expect(state.pane.width == 80)
        let newestTaken = state.finish(widest, rendered: widest.run())
        #expect(newestTaken)
        #expect(state.pane.width == 120)
        #expect(state.rendered == IssueDetailRenderer.render(thread, width: 120, now: Self.now, labelsInColour: false))
    }

    /// Delivers every answer asked for so far, the background renderings too.
    static func settle(_ presenter: IssueThreadPresenter, _ dispatcher: CollectingDispatcher) async {
        for _ in 0..<4 {
            await presenter.threadTask?.value
            await presenter.moreTask?.value
            await presenter.saveTask?.value
            await presenter.storedTask?.value
            await presenter.renderTask?.value
            dispatcher.runPending()
        }
    }

    @Test("read to its end, a thread reopens from the store whole: every comment, only page 1 asked again, no paging")
    func reopenedWhole() async throws {
        let store = try SQLiteStore.inMemory()
        let pages = [Self.comments(1...100), Self.comments(101...200), Self.comments(201...250)]
        let service = Service(pages: pages, links: [1, 2, nil], commentCount: 250)
        let dispatcher = CollectingDispatcher()
        let issues = RepositoryIssues(owner: "sferik", name: "rails_admin", service: service, store: store, isOffline: false,
                                      now: { Self.now })
        do {
            let presenter = IssueThreadPresenter(issues: issues, dispatcher: dispatcher, labelsInColour: false, now: { Self.now })
            presenter.layout(width: 80, height: 10)
            presenter.open(number: 5)
            await Self.settle(presenter, dispatcher)
            for _ in 0..<5 {
                _ = presenter.handle(.end)
                await Self.settle(presenter, dispatcher)
            }
            #expect(presenter.state?.thread?.comments.count == 250)
            #expect(service.recorded == ["comments", "comments page 1", "comments page 2"])
        }
        let presenter = IssueThreadPresenter(issues: issues, dispatcher: dispatcher, labelsInColour: false, now: { Self.now })
        presenter.layout(width: 80, height: 10)
        presenter.open(number: 5)
        #expect(presenter.state?.rendered?.lines.first?.text == "#5 A long discussion", "the stored issue at once")
        #expect(presenter.storedTask != nil, "its 250 stored comments read in the background")
        #expect(presenter.handle(.scrollDown), "keys are answered meanwhile")
        await presenter.storedTask?.value
        dispatcher.runPending()
        #expect(presenter.state?.rendered?.commentStarts.count == IssueThreadState.renderedAtOnce, "the first comments at once")
        #expect(presenter.renderTask != nil, "the rest in the background")
        await Self.settle(presenter, dispatcher)
        for _ in 0..<5 {
            _ = presenter.handle(.end)
            await Self.settle(presenter, dispatcher)
        }
        let state = try #require(presenter.state)
        #expect(state.thread?.comments.map(\.id) == Array(1...250))
        #expect(state.rendered?.commentStarts.count == 250)
        #expect(state.thread?.hasMoreComments == false)
        #expect(state.comments.next == nil)
        #expect(service.recorded == ["comments", "comments page 1", "comments page 2", "comments"],
                "page 1 read again, no page after it")
        #expect(state.rendered == IssueDetailRenderer.render(try #require(state.thread), width: 80, now: Self.now, labelsInColour: false,
                                                             textLinks: IssueReference.markdownLinks(owner: "sferik", name: "rails_admin",
                                                                                                     host: .dotCom)))
    }

    /// Issue 5 of 250 comments in 3 pages, read to its end once (so the store holds it whole).
    static func threadReadToItsEnd() async throws -> (RepositoryIssues, CollectingDispatcher) {
        let store = try SQLiteStore.inMemory()
        let pages = [Self.comments(1...100), Self.comments(101...200), Self.comments(201...250)]
        let service = Service(pages: pages, links: [1, 2, nil], commentCount: 250)
        let dispatcher = CollectingDispatcher()
        let issues = RepositoryIssues(owner: "sferik", name: "rails_admin", service: service, store: store, isOffline: false,
                                      now: { Self.now })
        let presenter = IssueThreadPresenter(issues: issues, dispatcher: dispatcher, labelsInColour: false, now: { Self.now })
        presenter.layout(width: 80, height: 10)
        presenter.open(number: 5)
        await Self.settle(presenter, dispatcher)
        for _ in 0..<5 {
            _ = presenter.handle(.end)
            await Self.settle(presenter, dispatcher)
        }
        return (issues, dispatcher)
    }

    @Test("a comment posted while the rest of a long thread renders: its end is shown once every comment is rendered")
    func postedWhileRendering() async throws {
        let (issues, dispatcher) = try await Self.threadReadToItsEnd()
        let presenter = IssueThreadPresenter(issues: issues, dispatcher: dispatcher, labelsInColour: false, now: { Self.now })
        presenter.layout(width: 80, height: 10)
        presenter.open(number: 5)
        await presenter.threadTask?.value
        await presenter.storedTask?.value
        dispatcher.runPending()
        #expect(presenter.renderTask != nil, "the rest renders in the background")
        // Posted meanwhile (as IssuesTabPresenter.commentAdded does).
        let posted = IssueComment(id: 999, author: "me", body: "Posted just now", createdAt: Self.now)
        presenter.update(number: 5) { thread in
            thread.issue.commentCount += 1
            thread.comments.append(posted)
        }
        presenter.scrollToEnd(ofThread: 5)
        await Self.settle(presenter, dispatcher)
        let state = try #require(presenter.state)
        #expect(state.rendered?.commentStarts.count == 251)
        let last = try #require(state.rendered?.commentStarts.last)
        #expect((state.offset...(state.offset + 9)).contains(last), "the posted comment on screen: \(state.offset), \(last)")
        #expect(state.pane.window().lines.contains { $0.text.contains("Posted just now") })
    }

    @Test("opened at a comment (a notification's latest): scrolled to it once read, pages read on until it comes")
    func openedAtAComment() async throws {
        for (target, pagesRead) in [(Int64(42), 1), (Int64(150), 2)] {
            let pages = [Self.comments(1...100), Self.comments(101...200), Self.comments(201...250)]
            let service = Service(pages: pages, links: [1, 2, nil], commentCount: 250)
            let dispatcher = CollectingDispatcher()
            let issues = RepositoryIssues(owner: "sferik", name: "rails_admin", service: service, store: try SQLiteStore.inMemory(),
                                          isOffline: false, now: { Self.now })
            let presenter = IssueThreadPresenter(issues: issues, dispatcher: dispatcher, labelsInColour: false, now: { Self.now })
            presenter.layout(width: 80, height: 10)
            presenter.open(number: 5)
            presenter.reveal(commentID: target)
            for _ in 0..<4 { await Self.settle(presenter, dispatcher) }
            let state = try #require(presenter.state)
            let index = try #require(state.thread?.comments.firstIndex { $0.id == target })
            #expect(state.offset == state.rendered?.commentStarts[index], "comment \(target) at the top")
            #expect(service.recorded.filter { $0.hasPrefix("comments") }.count == pagesRead, "\(service.recorded)")
            // The reader's keys are the reader's again.
            #expect(presenter.handle(.home) && presenter.state?.offset == 0)
        }
    }

    @Test("reopened part of the way, paging goes on after the last page stored, its index counting the stored pages")
    func reopenedPartway() async throws {
        let store = try SQLiteStore.inMemory()
        let pages = [Self.comments(1...100), Self.comments(101...200), Self.comments(201...250)]
        let service = Service(pages: pages, links: [1, 2, nil])
        let dispatcher = CollectingDispatcher()
        let issues = RepositoryIssues(owner: "sferik", name: "rails_admin", service: service, store: store, isOffline: false,
                                      now: { Self.now })
        let (_, next, stored) = try await issues.fetchThread(number: 5)
        issues.saveComments(try await issues.fetchComments(page: try #require(next)), number: 5, pageIndex: 1)
        #expect(stored == 1)
        let (thread, nextAfter, pagesAfter) = try await issues.fetchThread(number: 5)
        #expect(thread.comments.count == 200, "the pages read before stay")
        #expect(thread.hasMoreComments)
        #expect(nextAfter?.lastPathComponent == "2")
        #expect(pagesAfter == 2)
        let presenter = IssueThreadPresenter(issues: issues, dispatcher: dispatcher, labelsInColour: false, now: { Self.now })
        presenter.layout(width: 80, height: 10)
        presenter.open(number: 5)
        await Self.settle(presenter, dispatcher)
        #expect(presenter.state?.nextCommentsPageIndex == 2)
        for _ in 0..<3 {
            _ = presenter.handle(.end)
            await Self.settle(presenter, dispatcher)
        }
        #expect(presenter.state?.thread?.comments.map(\.id) == Array(1...250))
        #expect(try store.commentList(repository: "sferik/rails_admin", number: 5)?.pages == 3)
        #expect(service.recorded.filter { $0 == "comments page 1" }.count == 1, "page 2 is never read again")
    }
}
