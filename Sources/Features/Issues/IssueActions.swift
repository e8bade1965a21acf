import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// What an Issues tab does to one issue or pull request (the selected row or the open thread): `o` its
/// page, `y` its URL or number, and with a token `X` closes or reopens it and `C` comments (written in
/// the user's editor, like `git commit`; a comment GitHub did not take is the next one's draft).
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
    private let dispatcher: any UIDispatcher
    private let webHost: String
    private let editor: (any TextEditing)?
    /// Comments GitHub did not take, by issue number: the next `C` on it starts from them.
    private(set) var drafts: [Int: String] = [:]
    /// The close/reopen in flight (tests await it).
    private(set) var stateTask: Task<Void, Never>?
    /// The comment being posted (tests await it).
    private(set) var commentTask: Task<Void, Never>?

    init(issues: RepositoryIssues?, actions: RepoActions, dispatcher: any UIDispatcher, webHost: String,
         editor: (any TextEditing)?) {
        self.issues = issues
        self.editor = editor
        self.actions = actions
        self.dispatcher = dispatcher
        self.webHost = webHost
    }

    isolated deinit {
        stateTask?.cancel()
        commentTask?.cancel()
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
        stateTask = dispatcher.background { () -> Result<Issue, GitHubError>? in
            do { return .success(try await issues.setOpen(open, number: number)) }
            catch is CancellationError { return nil }
            catch { return .failure(error as? GitHubError ?? .network) }
        } then: { [weak self] result in
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
            host?.setStatus(tr("issues.stateFailed", error.shortReason))
        case nil: break
        }
        host?.changed()
    }

    /// `C`: the user writes a comment in their editor (the terminal handed over meanwhile), then it is
    /// posted; an empty one is not. Needs a token.
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
        let number = issue.number
        let template = CommentDraft.template(draft: drafts[number] ?? "", number: number,
                                             repository: issues.owner + "/" + issues.name, title: issue.title)
        let body: String
        switch editor.edit(template, fileName: CommentDraft.fileName) {
        case .failed(let reason):
            host?.setStatus(tr("comment.editorFailed", Sanitizer.line(reason)))
            return
        case .edited(let text):
            body = CommentDraft.comment(from: text, template: template)
        }
        switch CommentDraft.refusal(for: body) {
        case .empty?:
            drafts[number] = nil
            host?.setStatus(tr("comment.cancelled"))
            return
        case .tooLong(let length)?:
            drafts[number] = body
            host?.setStatus(tr("comment.tooLong", Formatting.grouped(length), Formatting.grouped(GitHubClient.maximumCommentLength)))
            return
        case nil: break
        }
        host?.setStatus(tr("comment.posting", number))
        commentTask = dispatcher.background { () -> Result<IssueComment, GitHubError>? in
            do { return .success(try await issues.comment(number: number, body: body)) }
            catch is CancellationError { return nil }
            catch { return .failure(error as? GitHubError ?? .network) }
        } then: { [weak self] result in
            self?.commentDidPost(result, number: number, body: body)
        }
    }

    func commentDidPost(_ result: Result<IssueComment, GitHubError>?, number: Int, body: String) {
        commentTask = nil
        switch result {
        case .success(let comment):
            drafts[number] = nil
            commentAdded?(number, comment)
            host?.setStatus(tr("comment.posted", number))
        case .failure(let error):
            drafts[number] = body
            host?.setStatus(tr("comment.failed", error.shortReason))
        case nil: break
        }
        host?.changed()
    }

    private func webPage(_ issue: Issue) -> String {
        issues.map { IssueReference.webPage(of: issue, owner: $0.owner, name: $0.name, host: webHost) } ?? ""
    }
}
