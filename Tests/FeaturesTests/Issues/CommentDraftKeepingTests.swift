import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TestSupport
@testable import Features

/// What the user wrote is never lost: the comment is stored as a draft the moment the editor hands it
/// back (before the post), stays stored when GitHub refuses it, when the editor fails after saving or
/// when the app is asked to end meanwhile, and is offered again by the next `C`, in a later run too;
/// it goes only when GitHub takes it or the user saves it empty.
@Suite("Issues: drafts kept in the store")
@MainActor
struct CommentDraftKeepingTests {
    typealias Harness = IssueCommentTests.Harness
    typealias FakeEditor = IssueCommentTests.FakeEditor
    static let repository = "octocat/github-tui"
    static let number = 2746

    func stored(_ h: Harness) throws -> String? {
        try h.store.draft(repository: Self.repository, number: Self.number, kind: .comment)?.text
    }

    /// Opens issue 2746 in the harness's Issues tab.
    func openIssue(_ h: Harness) async {
        await h.settle()
        h.presenter.handle(.confirm)
        await h.settle()
    }

    @Test("the draft is stored before the post goes out, and removed only when GitHub took it")
    func storedUntilPosted() async throws {
        let editor = FakeEditor { .edited("On its way.\n" + $0) }
        let h = try Harness(token: true, editor: editor)
        await openIssue(h)
        h.presenter.handle(.comment)
        #expect(h.status == "posting a comment on #2746…")
        #expect(try stored(h) == "On its way.")
        #expect(h.tab.issueActions.hasDraft(Self.number))
        await h.settle()
        #expect(h.status == "Commented on #2746")
        #expect(try stored(h) == nil)
        #expect(!h.tab.issueActions.hasDraft(Self.number))
        #expect(h.tab.issueActions.draftNote(on: Self.number) == nil)
    }

    @Test("a comment GitHub refused stays stored: the thread says so, and after a relaunch C starts from it")
    func refusedSurvivesRelaunch() async throws {
        let editor = FakeEditor { .edited("Please look again.\n" + $0) }
        let first = try Harness(token: true, editor: editor, commentError: .http(status: 502, message: nil))
        await openIssue(first)
        first.presenter.handle(.comment)
        await first.settle()
        #expect(first.status == "Comment not posted (HTTP 502): the draft is kept, C to continue")
        #expect(try stored(first) == "Please look again.")
        #expect(first.tab.issueActions.draftNote(on: Self.number) == "Draft kept on #2746: C to continue, save it empty to discard")

        // The next run, on the same store: the draft is there before any editor opens.
        let later = FakeEditor { .edited("Third try.\n" + $0) }
        let second = try Harness(token: true, editor: later, store: first.store)
        await openIssue(second)
        #expect(second.tab.issueActions.hasDraft(Self.number))
        second.presenter.handle(.comment)
        #expect(later.texts.first?.hasPrefix("Please look again.\n\n" + CommentDraft.scissors) == true)
        await second.settle()
        #expect(second.status == "Commented on #2746")
        #expect(try stored(second) == nil)
    }

    @Test("an editor that failed after saving: what it saved is stored, nothing is sent; one that saved nothing discards nothing")
    func failedEditorKeepsSavedText() async throws {
        let editor = FakeEditor { .failed("the editor ended with status 129", text: "Half a thought\n" + $0) }
        let h = try Harness(token: true, editor: editor)
        await openIssue(h)
        h.presenter.handle(.comment)
        #expect(h.status == "Comment not sent: the editor ended with status 129; the draft is kept, C to continue")
        #expect(try stored(h) == "Half a thought")
        editor.answer = { _ in .failed("the editor ended with status 1", text: "") }
        h.presenter.handle(.comment)
        #expect(editor.texts.last?.hasPrefix("Half a thought\n\n" + CommentDraft.scissors) == true)
        #expect(try stored(h) == "Half a thought")
        editor.answer = { _ in EditorOutcome(text: nil, failure: "the editor ended with status 1", folderKept: "/tmp/github-tui-edit.x") }
        h.presenter.handle(.comment)
        #expect(h.status == "Comment not sent: the editor ended with status 1; its files stay in /tmp/github-tui-edit.x; the draft is kept, C to continue")
        await h.settle()
        #expect(!h.issues.recorded.contains { $0.hasPrefix("comment ") })
    }

    @Test("when the app is asked to end while the editor runs, the text is stored and nothing is posted")
    func appEndingStoresAndSendsNothing() async throws {
        let editor = FakeEditor { EditorOutcome(text: "Written as the terminal went away\n" + $0, appIsEnding: true) }
        let h = try Harness(token: true, editor: editor)
        await openIssue(h)
        h.presenter.handle(.comment)
        #expect(try stored(h) == "Written as the terminal went away")
        #expect(h.tab.issueActions.commentTask == nil)
        await h.settle()
        #expect(!h.issues.recorded.contains { $0.hasPrefix("comment ") })
    }

    @Test("saved empty, the stored draft is discarded; too long, it is kept")
    func emptyDiscardsTooLongKeeps() async throws {
        let editor = FakeEditor { .edited(String(repeating: "x", count: 65_537) + "\n" + $0) }
        let h = try Harness(token: true, editor: editor)
        await openIssue(h)
        h.presenter.handle(.comment)
        #expect(h.status?.hasPrefix("Comment not sent: 65,537 characters") == true)
        #expect(try stored(h)?.count == 65_537)
        editor.answer = { .edited($0.replacingOccurrences(of: String(repeating: "x", count: 65_537), with: "")) }
        h.presenter.handle(.comment)
        #expect(h.status == "Comment cancelled: empty")
        #expect(try stored(h) == nil)
        #expect(!h.tab.issueActions.hasDraft(Self.number))
    }

    @Test("a draft the store cannot take is not sent, and the editor's file stays where it is")
    func storeFailureKeepsTheFile() async throws {
        let editor = FakeEditor { .edited("Nowhere to go\n" + $0) }
        let h = try Harness(token: true, editor: editor)
        await openIssue(h)
        try h.store.close()
        h.presenter.handle(.comment)
        #expect(h.status == "Comment not sent: the draft could not be stored; the file stays in /fake")
        await h.settle()
        #expect(!h.issues.recorded.contains { $0.hasPrefix("comment ") })
    }
}
