import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// What an Issues tab does to one issue or pull request (the selected row or the open thread): `o` its
/// page, `y` its URL or number, and with a token `X` closes or reopens it and `C` comments (written in
/// the user's editor, like `git commit`). What the user wrote is stored as a draft the moment the
/// editor hands it back, whatever way the editor ended, and stays stored until GitHub takes the comment
/// or the user saves it empty: the next `C` on that issue starts from it, in this run or a later one.
/// Without a token the keys say why they do nothing. What GitHub answers goes to `stateChanged` and
/// `commentAdded` (the list's row and the thread).
@MainActor
final class IssueActions {
    weak var host: (any RepoViewHost)?
    /// Issue N that GitHub closed or reopened, as it answered.
    var stateChanged: ((Int, Issue) -> Void)?
    /// A comment GitHub took on issue N.
    var commentAdded: ((Int, IssueComment) -> Void)?
    private let issues: RepositoryIssues?
    private let actions: RepoActions
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    private let webHost: GitHubHost
    private let editor: (any TextEditing)?
    /// The issue numbers with a stored draft, read from the store when first asked.
    private var numbersWithDrafts: Set<Int>?
    /// The close/reopen in flight (tests await it).
    private(set) var stateTask: Task<Void, Never>?
    /// The comment being posted (tests await it).
    private(set) var commentTask: Task<Void, Never>?

    init(issues: RepositoryIssues?, actions: RepoActions, dispatcher: any UIDispatcher, webHost: GitHubHost,
         editor: (any TextEditing)?) {
        self.issues = issues
        self.editor = editor
        self.actions = actions
        calls = BackgroundCalls(dispatcher)
        self.webHost = webHost
    }

    /// `o`: the issue's page in the browser.
    func open(_ issue: Issue) {
        actions.open(webPage(issue))
    }

    /// `y`: the copy menu (its URL, `#N`).
    func copy(_ issue: Issue) {
        actions.openCopyMenu(choices: [CopyChoice(label: tr("issues.copy.url"), text: webPage(issue)),
                                       CopyChoice(label: tr("issues.copy.number"), text: "#\(issue.number)")])
    }

    /// `X`: closes an open issue, reopens a closed one; without a token says why nothing happens.
    func toggleOpen(_ issue: Issue) {
        guard let issues, stateTask == nil else { return }
        guard issues.isAuthenticated else {
            host?.setStatus(tr("issues.needsToken"))
            return
        }
        guard !issue.isMerged else {
            host?.setStatus(tr("issues.merged", issue.number))
            return
        }
        let open = !issue.isOpen, number = issue.number
        host?.setStatus(open ? tr("issues.reopening", number) : tr("issues.closing", number))
        stateTask = calls.run { await .of { try await issues.setOpen(open, number: number) } } then: { [weak self] result in
            self?.stateDidChange(result, number: number, open: open)
        }
    }

    func stateDidChange(_ result: Result<Issue, GitHubError>?, number: Int, open: Bool) {
        stateTask = nil
        switch result {
        case .success(let changed):
            stateChanged?(number, changed)
            host?.setStatus(open ? tr("issues.reopened", number) : tr("issues.closed", number))
        case .failure(let error):
            host?.setStatus(tr("issues.stateFailed", error.goneNote ?? error.shortReason))
        case nil: break
        }
        host?.changed()
    }

    /// `C`: the user writes a comment in their editor (the terminal handed over meanwhile), starting
    /// from the stored draft; what the editor hands back is stored, then posted. Saved empty, the draft
    /// is discarded and nothing is sent; when the app was asked to end while the editor ran, it is kept
    /// and nothing is sent. Needs a token.
    func comment(on issue: Issue) {
        guard let issues, commentTask == nil else { return }
        guard issues.isAuthenticated else {
            host?.setStatus(tr("comment.needsToken"))
            return
        }
        guard let editor else {
            host?.setStatus(tr("comment.noEditor"))
            return
        }
        let number = issue.number, drafts = issues.drafts
        let template = CommentDraft.template(draft: drafts.text(number: number) ?? "", number: number,
                                             repository: issues.owner + "/" + issues.name, title: issue.title)
        var body = ""
        let outcome = editor.edit(template, fileName: CommentDraft.fileName) { left in
            guard let text = left.text else { return true }
            body = CommentDraft.comment(from: text, template: template)
            guard !body.isEmpty else {
                // Saved empty by an editor that ended well: the user discarded it. An editor that failed
                // discards nothing.
                if left.failure == nil { setDraft(nil, number: number, in: drafts) }
                return true
            }
            return setDraft(body, number: number, in: drafts)
        }
        if outcome.appIsEnding { return }
        if let failure = outcome.failure {
            let reason = Sanitizer.line(outcome.folderKept.map { tr("editor.filesKept", failure, $0) } ?? failure)
            host?.setStatus(hasDraft(number) ? tr("comment.editorFailedKept", reason) : tr("comment.editorFailed", reason))
            return
        }
        if let folder = outcome.folderKept {
            host?.setStatus(tr("comment.notKept", Sanitizer.line(folder)))
            return
        }
        if let refused = CommentDraft.refusalStatus(for: body) {
            host?.setStatus(refused)
            return
        }
        host?.setStatus(tr("comment.posting", number))
        let comment = body
        commentTask = calls.run { await .of { try await issues.comment(number: number, body: comment) } } then: { [weak self] result in
            self?.commentDidPost(result, number: number)
        }
    }

    /// GitHub's answer to a comment on issue `number`: taken, its draft goes; else the draft stays stored.
    func commentDidPost(_ result: Result<IssueComment, GitHubError>?, number: Int) {
        commentTask = nil
        switch result {
        case .success(let comment):
            if let drafts = issues?.drafts { setDraft(nil, number: number, in: drafts) }
            commentAdded?(number, comment)
            host?.setStatus(tr("comment.posted", number))
        case .failure(let error):
            host?.setStatus(tr("comment.failed", error.goneNote ?? error.shortReason))
        case nil: break
        }
        host?.changed()
    }

    /// Whether issue `number` has a stored draft.
    func hasDraft(_ number: Int) -> Bool {
        if let numbersWithDrafts { return numbersWithDrafts.contains(number) }
        let numbers = issues?.drafts.numbers() ?? []
        numbersWithDrafts = numbers
        return numbers.contains(number)
    }

    /// What the screen says while issue `number` (open, or selected in the list) has a stored draft.
    func draftNote(on number: Int) -> String? {
        hasDraft(number) ? tr("comment.draftKept", number) : nil
    }

    /// Stores `text` as issue `number`'s draft (nil removes it); whether the store did.
    @discardableResult
    private func setDraft(_ text: String?, number: Int, in drafts: CommentDrafts) -> Bool {
        _ = hasDraft(number)
        let done = text.map { drafts.keep($0, number: number) } ?? drafts.discard(number: number)
        if done {
            if text == nil { numbersWithDrafts?.remove(number) } else { numbersWithDrafts?.insert(number) }
        }
        return done
    }

    private func webPage(_ issue: Issue) -> String {
        issues.map { IssueReference.webPage(of: issue, owner: $0.owner, name: $0.name, host: webHost) } ?? ""
    }
}
