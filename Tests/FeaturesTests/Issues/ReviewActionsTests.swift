import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// Writing a review: a line comment written in the editor joins the pending review in the store at once
/// (an empty text removes it), survives a relaunch, and goes with the review submitted; what GitHub
/// refuses stays pending with the reason; without a token the keys say why.
@Suite("Review: pending comments and submitting")
@MainActor
struct ReviewActionsTests {
    typealias FakeEditor = IssueCommentTests.FakeEditor
    static let pull = Issue(number: 7, title: "A pull request", isPullRequest: true)
    static let target = ReviewTarget(path: "lib/a.rb", line: 12, side: "RIGHT", startLine: 10, startSide: "RIGHT")

    final class HostSpy: RepoViewHost {
        var statuses: [String?] = []
        func setStatus(_ text: String?) { statuses.append(text) }
        func showMessage(_ message: MessageBox) {}
        func changed() {}
    }

    @MainActor
    struct Harness {
        let store: SQLiteStore
        let service: ScriptedIssueService
        let editor: FakeEditor
        let host = HostSpy()
        let dispatcher = CollectingDispatcher()
        let actions: ReviewActions
        var pendingSeen: [[PendingReviewComment]] { pendingLog.value }
        private let pendingLog = Box()

        final class Box { var value: [[PendingReviewComment]] = [] }

        init(token: Bool = true, editor: FakeEditor, submitError: GitHubError? = nil, resolveError: GitHubError? = nil,
             threads: [ReviewThreadStatus] = [], store: SQLiteStore? = nil) throws {
            var script = ScriptedIssueService.Script()
            script.isAuthenticated = token
            script.submitError = submitError
            script.resolveError = resolveError
            script.threadStatuses = threads
            service = ScriptedIssueService(script)
            self.store = try store ?? SQLiteStore.inMemory()
            self.editor = editor
            let issues = RepositoryIssues(owner: "o", name: "r", service: service, store: self.store, isOffline: false,
                                          isAuthenticated: token, now: { Date(timeIntervalSince1970: 1_700_000_000) })
            actions = ReviewActions(issues: issues, dispatcher: dispatcher, editor: editor)
            actions.host = host
            let log = pendingLog
            actions.pendingChanged = { _, pending in log.value.append(pending) }
        }

        var status: String? { host.statuses.last ?? nil }

        func settle() async {
            await actions.submitTask?.value
            await actions.replyTask?.value
            await actions.resolveTask?.value
            dispatcher.runPending()
        }
    }

    @Test("a line comment is stored the moment the editor hands it back, at its place; C again starts from it; empty removes it")
    func pendingComment() throws {
        let editor = FakeEditor { .edited("Use a constant.\n" + $0) }
        let h = try Harness(editor: editor)
        h.actions.comment(at: Self.target, on: Self.pull)
        let stored = try h.store.pendingReviewComments(repository: "o/r", number: 7)
        #expect(stored.map(\.body) == ["Use a constant."])
        #expect(stored.first.map { ($0.path, $0.line, $0.side, $0.startLine, $0.startSide) } ?? ("", 0, "", nil, nil)
            == ("lib/a.rb", 12, "RIGHT", 10, "RIGHT"))
        #expect(h.status == "In your pending review (1 comments, kept until you submit): S submits it")
        #expect(h.pendingSeen.last?.count == 1)
        #expect(editor.texts.first?.contains("# o/r#7: lib/a.rb lines 10–12") == true)
        // Again at the same place: the editor starts from it, and the comment is replaced, not added.
        editor.answer = { text in .edited(text.replacingOccurrences(of: "Use a constant.", with: "Use a named constant.")) }
        h.actions.comment(at: Self.target, on: Self.pull)
        #expect(editor.texts.last?.hasPrefix("Use a constant.\n\n" + CommentDraft.scissors) == true)
        #expect(try h.store.pendingReviewComments(repository: "o/r", number: 7).map(\.body) == ["Use a named constant."])
        // Saved empty: removed.
        editor.answer = { _ in .edited("") }
        h.actions.comment(at: Self.target, on: Self.pull)
        #expect(try h.store.pendingReviewComments(repository: "o/r", number: 7).isEmpty)
        #expect(h.status == "Comment removed from your pending review")
    }

    @Test("the review approved goes with every pending comment (path, line, side, a range's start) and the text; then nothing is pending")
    func submitApproves() async throws {
        let editor = FakeEditor { .edited("Use a constant.\n" + $0) }
        let first = try Harness(editor: editor)
        first.actions.comment(at: Self.target, on: Self.pull)
        // A relaunch on the same store: the comment is still pending; S approves.
        let approve = FakeEditor { text in .edited("Approve\n\nLooks good.\n" + text.drop { $0 != "#" }) }
        let h = try Harness(editor: approve, store: first.store)
        #expect(h.actions.pending(number: 7).map(\.body) == ["Use a constant."])
        h.actions.submit(on: Self.pull)
        #expect(approve.texts.first?.hasPrefix("comment\n\n\n" + CommentDraft.scissors) == true)
        #expect(h.status == "Submitting the review of #7…")
        await h.settle()
        #expect(h.service.recorded.contains("submit review o/r#7 APPROVE"))
        let sent = h.service.script.withLock { $0.submitted }
        #expect(sent == [ReviewSubmission(event: .approve, body: "Looks good.", comments: [
            ReviewSubmission.Comment(path: "lib/a.rb", line: 12, side: "RIGHT", startLine: 10, startSide: "RIGHT", body: "Use a constant."),
        ])])
        #expect(h.status == "Review of #7 submitted")
        #expect(try h.store.pendingReviewComments(repository: "o/r", number: 7).isEmpty)
        #expect(try h.store.draft(repository: "o/r", number: 7, kind: .review) == nil)
        #expect(h.pendingSeen.last == [])
    }

    @Test("a review GitHub refuses (422, 403) keeps its comments pending with the reason, and its text as a draft")
    func refusedStaysPending() async throws {
        for (error, said) in [(GitHubError.http(status: 422, message: "Validation Failed"),
                               "Review not submitted, comments kept pending: GitHub refused it (a line outside the diff, or your own pull request?): Validation Failed"),
                              (GitHubError.http(status: 403, message: "Resource not accessible by integration"),
                               "Review not submitted, comments kept pending: GitHub forbids it (does the token have write access to pull requests?): Resource not accessible by integration")] {
            let editor = FakeEditor { .edited("Use a constant.\n" + $0) }
            let h = try Harness(editor: editor, submitError: error)
            h.actions.comment(at: Self.target, on: Self.pull)
            editor.answer = { text in .edited("request changes\n\nPlease fix.\n" + text.drop { $0 != "#" }) }
            h.actions.submit(on: Self.pull)
            await h.settle()
            #expect(h.status == said)
            let pending = try h.store.pendingReviewComments(repository: "o/r", number: 7)
            #expect(pending.map(\.body) == ["Use a constant."])
            #expect(pending.first?.refusal != nil)
            #expect(try h.store.draft(repository: "o/r", number: 7, kind: .review)?.text == "request changes\n\nPlease fix.")
        }
    }

    @Test("without a token the keys say why and no editor opens; a review that cannot go is said before any request")
    func refusedBeforeSending() async throws {
        let editor = FakeEditor { .edited("x\n" + $0) }
        let h = try Harness(token: false, editor: editor)
        h.actions.comment(at: Self.target, on: Self.pull)
        h.actions.submit(on: Self.pull)
        #expect(editor.texts.isEmpty)
        #expect(h.status == "Reviewing needs a token: set GH_TOKEN or run gh auth login")

        let other = try Harness(editor: FakeEditor { text in .edited("request changes\n" + text.drop { $0 != "#" }) })
        other.actions.submit(on: Self.pull)
        #expect(other.status == "Review not sent: requesting changes needs a text under the first line")
        #expect(!other.service.recorded.contains { $0.hasPrefix("submit") })
    }

    @Test("a reply in a thread: kept as a draft from the editor on, posted at once, the draft gone when GitHub took it, kept when not")
    func reply() async throws {
        let editor = FakeEditor { .edited("Thanks, fixed.\n" + $0) }
        let h = try Harness(editor: editor)
        var added: [ReviewComment] = []
        h.actions.replyAdded = { _, reply in added.append(reply) }
        h.actions.reply(to: 401_530, on: Self.pull)
        #expect(try h.store.draft(repository: "o/r", number: 7, kind: .reply(to: 401_530))?.text == "Thanks, fixed.")
        #expect(h.status == "Replying in a review thread of #7…")
        await h.settle()
        #expect(h.service.recorded.contains("reply o/r#7 to 401530"))
        #expect(added.map(\.inReplyTo) == [401_530])
        #expect(added.map(\.body) == ["Thanks, fixed."])
        #expect(h.status == "Replied in a review thread of #7")
        #expect(try h.store.draft(repository: "o/r", number: 7, kind: .reply(to: 401_530)) == nil)

        let refused = try Harness(editor: FakeEditor { .edited("Again.\n" + $0) }, submitError: .http(status: 422, message: "Validation Failed"))
        refused.actions.reply(to: 401_530, on: Self.pull)
        await refused.settle()
        #expect(refused.status?.hasPrefix("Reply not posted, kept as a draft") == true)
        #expect(try refused.store.draft(repository: "o/r", number: 7, kind: .reply(to: 401_530))?.text == "Again.")
    }

    @Test("one reply draft a thread: an editor killed keeps it and the next C on that thread offers it, another thread starts empty")
    func replyDraftPerThread() async throws {
        let killed = FakeEditor { .failed("the editor ended with status 137", text: "Half a reply\n" + $0) }
        let h = try Harness(editor: killed)
        h.actions.reply(to: 401_530, on: Self.pull)
        #expect(h.status == "Reply not sent: the editor ended with status 137; the draft is kept, C on the thread to continue")
        #expect(!h.service.recorded.contains { $0.hasPrefix("reply") })
        #expect(try h.store.draft(repository: "o/r", number: 7, kind: .reply(to: 401_530))?.text == "Half a reply")

        // The network down: the reply is refused, its draft stays; the next C on that thread starts from it.
        let offline = try Harness(editor: FakeEditor { $0.hasPrefix("Half a reply") ? .edited("Half a reply, finished.\n") : .edited($0) },
                                  submitError: .network, store: h.store)
        offline.actions.reply(to: 401_530, on: Self.pull)
        await offline.settle()
        #expect(offline.status?.hasPrefix("Reply not posted, kept as a draft") == true)
        #expect(try offline.store.draft(repository: "o/r", number: 7, kind: .reply(to: 401_530))?.text == "Half a reply, finished.")

        // Another thread of the same pull request: its own (empty) draft.
        let other = try Harness(editor: FakeEditor { .edited($0) }, store: h.store)
        other.actions.reply(to: 999, on: Self.pull)
        #expect(other.editor.texts.first?.hasPrefix("\n\n" + CommentDraft.scissors) == true)
        #expect(try other.store.draft(repository: "o/r", number: 7, kind: .reply(to: 401_530))?.text == "Half a reply, finished.")
    }

    static let unresolved = ReviewThreadStatus(id: "PRRT_1", isResolved: false, firstCommentID: 401_530)

    @Test("D on a thread: resolved through GitHub, the change handed on; unresolved again")
    func resolve() async throws {
        let h = try Harness(editor: FakeEditor { .edited($0) }, threads: [Self.unresolved])
        var changed: [ReviewThreadStatus] = []
        h.actions.threadStatusChanged = { number, status in
            #expect(number == 7)
            changed.append(status)
        }
        h.actions.toggleResolved(Self.unresolved, on: Self.pull)
        #expect(h.status == "Resolving the review thread…")
        await h.settle()
        #expect(h.service.recorded.contains("resolve thread PRRT_1"))
        #expect(changed.map(\.isResolved) == [true])
        #expect(h.status == "Thread resolved: folded to one line (Enter or Space shows it)")

        h.actions.toggleResolved(changed.last, on: Self.pull)
        await h.settle()
        #expect(h.service.recorded.contains("unresolve thread PRRT_1"))
        #expect(changed.map(\.isResolved) == [true, false])
        #expect(h.status == "Thread unresolved")
    }

    @Test("D refused: without a token, without GraphQL's word on the thread, not allowed, GitHub's 403 — each said plainly")
    func resolveRefused() async throws {
        let noToken = try Harness(token: false, editor: FakeEditor { .edited($0) })
        noToken.actions.toggleResolved(Self.unresolved, on: Self.pull)
        #expect(noToken.status == "Reviewing needs a token: set GH_TOKEN or run gh auth login")

        let h = try Harness(editor: FakeEditor { .edited($0) }, resolveError: .http(status: 403, message: "Resource not accessible by integration"))
        h.actions.toggleResolved(nil, on: Self.pull)
        #expect(h.status?.hasPrefix("GitHub did not say this thread's state") == true)
        var locked = Self.unresolved
        locked.viewerCanResolve = false
        h.actions.toggleResolved(locked, on: Self.pull)
        #expect(h.status == "GitHub does not let you resolve this thread (write access to the repository is needed)")
        #expect(!h.service.recorded.contains { $0.contains("resolve thread") })

        var changed = 0
        h.actions.threadStatusChanged = { _, _ in changed += 1 }
        h.actions.toggleResolved(Self.unresolved, on: Self.pull)
        await h.settle()
        #expect(h.service.recorded.contains("resolve thread PRRT_1"))
        #expect(changed == 0)
        #expect(h.status == "Thread not resolved: GitHub forbids it (does the token have write access to pull requests?): Resource not accessible by integration")
    }

    @Test("the verdict: its words in any case; a review with nothing to say is not sent")
    func verdicts() {
        #expect(ReviewDraft.verdict("APPROVE") == .approve)
        #expect(ReviewDraft.verdict("Request-Changes") == .requestChanges)
        #expect(ReviewDraft.verdict("comment") == .comment)
        #expect(ReviewDraft.verdict("lgtm") == nil)
        #expect(ReviewDraft.review(from: "lgtm", comments: []) == .failure(.noVerdict("lgtm")))
        #expect(ReviewDraft.review(from: "comment", comments: []) == .failure(.nothingToSend))
        #expect(ReviewDraft.review(from: "\n\napprove", comments: []) == .success(ReviewSubmission(event: .approve)))
    }
}
