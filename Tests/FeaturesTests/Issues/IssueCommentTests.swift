import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// `C` on an issue: the file the comment is written in and the comment read back (pure), and the tab
/// with a fake editor and a scripted service: posted, shown at the thread's end and stored; empty is
/// cancelled; without a token nothing opens; a failed post stays stored as the next draft.
@Suite("Issues: commenting in the user's editor")
@MainActor
struct IssueCommentTests {
    /// An editor that answers what `answer` makes of the text it was given (handed to `keep` first, as
    /// the real one does; a file it could not keep is reported as left in `/fake`), and remembers the texts.
    final class FakeEditor: TextEditing {
        var answer: (String) -> EditorOutcome
        private(set) var texts: [String] = []
        private(set) var fileNames: [String] = []

        init(_ answer: @escaping (String) -> EditorOutcome) { self.answer = answer }

        func edit(_ text: String, fileName: String, keep: (EditorOutcome) -> Bool) -> EditorOutcome {
            texts.append(text)
            fileNames.append(fileName)
            var outcome = answer(text)
            if !keep(outcome) { outcome.folderKept = "/fake" }
            return outcome
        }
    }

    // MARK: The file

    @Test("the template: a blank line to write on, the scissors line, what to do, the issue's title sanitized")
    func template() {
        let text = CommentDraft.template(draft: "", number: 7, repository: "o/r", title: "Evil \u{1B}[31mtitle")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "")
        #expect(lines[2] == CommentDraft.scissors)
        #expect(lines.contains("# Write your comment on #7 above this line (Markdown)."))
        #expect(lines.contains { $0.hasPrefix("# o/r#7: Evil ") && !$0.contains("\u{1B}") })
        let drafted = CommentDraft.template(draft: "kept from before", number: 7, repository: "o/r", title: "t")
        #expect(drafted.hasPrefix("kept from before\n\n" + CommentDraft.scissors + "\n"))
    }

    @Test("the comment is what is above the scissors line, trimmed; Markdown headings and #123 at a line's start stay")
    func commentAboveScissors() {
        let template = CommentDraft.template(draft: "", number: 7, repository: "o/r", title: "t")
        let written = "\n\n# Heading\n#123 is related\n\n  indented code\n\n" + template
        #expect(CommentDraft.comment(from: written, template: template) == "# Heading\n#123 is related\n\n  indented code")
        // CRLF line ends (an editor on another system) and the scissors line with trailing spaces.
        let crlf = "Fine.\r\n\r\n" + CommentDraft.scissors + "  \r\n# anything\r\n"
        #expect(CommentDraft.comment(from: crlf, template: template) == "Fine.")
        // The scissors line deleted: the template's lines go, the user's own # lines stay.
        let noScissors = template.replacingOccurrences(of: CommentDraft.scissors + "\n", with: "") + "# mine\n"
        #expect(CommentDraft.comment(from: "Yes\n" + noScissors, template: template) == "Yes\n\n\n# mine")
    }

    @Test("empty (only blanks, or only the template) is refused as empty; over GitHub's 65,536 characters as too long")
    func refusals() {
        let template = CommentDraft.template(draft: "", number: 7, repository: "o/r", title: "t")
        #expect(CommentDraft.refusal(for: CommentDraft.comment(from: template, template: template)) == .empty)
        #expect(CommentDraft.refusal(for: CommentDraft.comment(from: " \n\t\n" + template, template: template)) == .empty)
        #expect(CommentDraft.refusal(for: CommentDraft.comment(from: "", template: template)) == .empty)
        #expect(CommentDraft.refusal(for: String(repeating: "é", count: 65_537)) == .tooLong(65_537))
        #expect(CommentDraft.refusal(for: String(repeating: "é", count: 65_536)) == nil)
    }

    // MARK: The tab

    @MainActor
    struct Harness {
        let store: SQLiteStore
        let issues: ScriptedIssueService
        let editor: FakeEditor
        let view = SpyRepoDetailView()
        let dispatcher = CollectingDispatcher()
        let presenter: RepoDetailPresenter

        /// `store`: the one a run before used (a relaunch), else a new one.
        init(token: Bool, editor: FakeEditor, commentError: GitHubError? = nil, store: SQLiteStore? = nil) throws {
            var script = ScriptedIssueService.Script()
            let recorded = try IssuesTabTests.recordedIssues()
            script.issuePages = [recorded]
            script.issues = [recorded[0].number: recorded[0]]
            script.commentPages = [[IssueComment(id: 9, author: "first", body: "An earlier comment")]]
            script.isAuthenticated = token
            script.commentError = commentError
            issues = ScriptedIssueService(script)
            self.store = try store ?? SQLiteStore.inMemory()
            self.editor = editor
            let service = CommitsGitHubService(commits: .success([]))
            service.script.withLock { $0.isAuthenticated = token }
            let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: self.store,
                                                  opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                                  environment: [:], issueService: issues, now: { DetailSample.now })
            presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), editor: editor, now: { DetailSample.now })
            presenter.view = view
            presenter.viewDidChangeContentSize(width: 100, height: 20)
            presenter.viewDidLoad()
            presenter.didSelectTab(RepoTab.issues.rawValue)
        }

        var tab: IssuesTabPresenter { presenter.issueTabs[.issues]! }
        var status: String? { view.last?.status }

        func settle() async {
            for _ in 0..<5 {
                await tab.pageTask?.value
                await tab.threadTask?.value
                await tab.moreTask?.value
                await tab.issueActions.commentTask?.value
                dispatcher.runPending()
            }
        }
    }

    @Test("with a token, C in an open issue opens the editor; the comment is posted, shown at the end and stored")
    func postsComment() async throws {
        let editor = FakeEditor { .edited("Thanks, fixed in #2750.\n\n" + $0) }
        let h = try Harness(token: true, editor: editor)
        await h.settle()
        h.presenter.handle(.confirm)
        await h.settle()
        #expect(h.tab.thread?.thread?.comments.map(\.author) == ["first"])
        h.presenter.handle(.comment)
        #expect(editor.fileNames == ["COMMENT_EDITMSG.md"])
        #expect(editor.texts.first?.contains("# octocat/github-tui#2746: including Mongoid::Autoinc") == true)
        #expect(h.status == "posting a comment on #2746…")
        await h.settle()
        #expect(h.status == "Commented on #2746")
        #expect(h.issues.recorded.contains("comment octocat/github-tui#2746"))
        let comments = try #require(h.tab.thread?.thread?.comments)
        #expect(comments.map(\.body) == ["An earlier comment", "Thanks, fixed in #2750."])
        let stored = try h.store.commentList(repository: "octocat/github-tui", number: 2746)
        #expect(stored?.items.map(\.body) == ["An earlier comment", "Thanks, fixed in #2750."])
        // The view scrolled to the new comment, which is on screen.
        #expect(h.view.last?.lines.contains { line in
            if case .markdown(let styled) = line { return styled.text.contains("Thanks, fixed in #2750[1].") }
            return false
        } == true)
    }

    @Test("C on a list row comments on that issue; an empty comment is cancelled and nothing is sent")
    func emptyIsCancelled() async throws {
        let editor = FakeEditor { .edited($0) }
        let h = try Harness(token: true, editor: editor)
        await h.settle()
        h.presenter.handle(.comment)
        #expect(editor.texts.count == 1)
        #expect(h.status == "Comment cancelled: empty")
        await h.settle()
        #expect(!h.issues.recorded.contains { $0.hasPrefix("comment ") })
    }

    @Test("without a token C says why and opens no editor; an editor that fails says so and sends nothing")
    func noTokenAndEditorFailure() async throws {
        let editor = FakeEditor { _ in .failed("the editor ended with status 1") }
        let without = try Harness(token: false, editor: editor)
        await without.settle()
        without.presenter.handle(.comment)
        #expect(without.status == "Commenting needs a token: set GH_TOKEN or run gh auth login")
        #expect(editor.texts.isEmpty)
        let with = try Harness(token: true, editor: editor)
        await with.settle()
        with.presenter.handle(.comment)
        #expect(with.status == "Comment not sent: the editor ended with status 1")
        await with.settle()
        #expect(!with.issues.recorded.contains { $0.hasPrefix("comment ") })
    }

    @Test("a comment GitHub did not take is kept: the next C starts from it")
    func failedPostIsTheNextDraft() async throws {
        let editor = FakeEditor { .edited("Please look.\n" + $0) }
        let h = try Harness(token: true, editor: editor, commentError: .network)
        await h.settle()
        h.presenter.handle(.comment)
        await h.settle()
        #expect(h.status?.hasPrefix("Comment not posted (") == true)
        #expect(try h.store.draft(repository: "octocat/github-tui", number: 2746, kind: .comment)?.text == "Please look.")
        #expect(h.tab.issueActions.hasDraft(2746))
        editor.answer = { _ in .edited("") }
        h.presenter.handle(.comment)
        #expect(editor.texts.last?.hasPrefix("Please look.\n\n" + CommentDraft.scissors) == true)
        #expect(h.status == "Comment cancelled: empty")
        #expect(try h.store.draft(repository: "octocat/github-tui", number: 2746, kind: .comment) == nil)
        #expect(!h.tab.issueActions.hasDraft(2746))
    }
}
