import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// What a pull request's thread does to its review: `C` on a chosen diff line (or range) writes a line
/// comment in the user's editor, which joins the pending review, stored the moment the editor hands it
/// back (the same draft machinery as a thread's comment: scissors line, an empty text removes it); `S`
/// writes the review's verdict and text in the editor and submits it with every pending comment. What
/// GitHub refuses stays pending with the reason; without a token the keys say why they do nothing.
@MainActor
final class ReviewActions {
    weak var host: (any RepoViewHost)?
    /// Pull request N's pending comments changed, as stored now.
    var pendingChanged: ((Int, [PendingReviewComment]) -> Void)?
    /// A review GitHub took on pull request N.
    var reviewSubmitted: ((Int, PullRequestReview) -> Void)?
    /// A reply GitHub took in a review thread of pull request N.
    var replyAdded: ((Int, ReviewComment) -> Void)?
    /// A review thread of pull request N that GitHub resolved or unresolved, as it answered.
    var threadStatusChanged: ((Int, ReviewThreadStatus) -> Void)?
    private let issues: RepositoryIssues?
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    private let editor: (any TextEditing)?
    /// The review being submitted (tests await it).
    private(set) var submitTask: Task<Void, Never>?
    /// The reply being posted (tests await it).
    private(set) var replyTask: Task<Void, Never>?
    /// A thread being resolved or unresolved (tests await it).
    private(set) var resolveTask: Task<Void, Never>?

    init(issues: RepositoryIssues?, dispatcher: any UIDispatcher, editor: (any TextEditing)?) {
        self.issues = issues
        self.editor = editor
        calls = BackgroundCalls(dispatcher)
    }

    /// Pull request `number`'s pending comments, as stored.
    func pending(number: Int) -> [PendingReviewComment] {
        issues?.pendingReviews.comments(number: number) ?? []
    }

    /// `C` on a chosen line: the comment at `target` written in the editor (starting from the one pending
    /// there), kept in the pending review; saved empty, it is removed.
    func comment(at target: ReviewTarget, on issue: Issue) {
        guard let issues, let editor = usableEditor(issues) else { return }
        let number = issue.number, pending = issues.pendingReviews
        let existing = pending.comments(number: number).first { target.holds($0) }
        let place = ReviewThreadRenderer.place(PendingReviewComment(path: target.path, line: target.line, side: target.side,
                                                                    startLine: target.startLine, body: "",
                                                                    updatedAt: Date(timeIntervalSinceReferenceDate: 0))
            .asReviewComment) ?? ""
        let template = CommentDraft.template(draft: existing?.body ?? "", number: number, repository: issues.owner + "/" + issues.name,
                                             title: Sanitizer.line(target.path) + " " + place)
        var body = ""
        var stored = true
        let outcome = editor.edit(template, fileName: CommentDraft.fileName) { left in
            guard let text = left.text else { return true }
            body = CommentDraft.comment(from: text, template: template)
            guard !body.isEmpty else {
                if left.failure == nil { pending.discard(at: target, number: number) }
                return true
            }
            stored = pending.keep(body, at: target, number: number)
            return stored
        }
        pendingChanged?(number, pending.comments(number: number))
        if outcome.appIsEnding { return }
        if let failure = outcome.failure {
            let reason = Sanitizer.line(outcome.folderKept.map { tr("editor.filesKept", failure, $0) } ?? failure)
            host?.setStatus(tr("review.editorFailed", reason))
        } else if let folder = outcome.folderKept, !stored {
            host?.setStatus(tr("comment.notKept", Sanitizer.line(folder)))
        } else if body.isEmpty {
            host?.setStatus(existing == nil ? tr("comment.cancelled") : tr("review.commentRemoved"))
        } else if case .tooLong(let length)? = CommentDraft.refusal(for: body) {
            host?.setStatus(tr("comment.tooLong", Formatting.grouped(length), Formatting.grouped(GitHubClient.maximumCommentLength)))
        } else {
            host?.setStatus(tr("review.commentPending", pending.comments(number: number).count))
        }
        host?.changed()
    }

    /// `C` on a review thread (`root` its first comment): a reply written in the editor (starting from the
    /// thread's reply draft, one a thread), stored as a draft the moment the editor hands it back, then
    /// posted; the draft goes only when GitHub took it, so an editor killed or a network down offers it
    /// again on the next `C` on that thread.
    func reply(to root: Int64, on issue: Issue) {
        guard let issues, replyTask == nil, let editor = usableEditor(issues) else { return }
        let number = issue.number, drafts = issues.drafts, kind = DraftKind.reply(to: root)
        let template = CommentDraft.template(draft: drafts.text(number: number, kind: kind) ?? "", number: number,
                                             repository: issues.owner + "/" + issues.name, title: issue.title)
        var body = ""
        let outcome = editor.edit(template, fileName: CommentDraft.fileName) { left in
            guard let text = left.text else { return true }
            body = CommentDraft.comment(from: text, template: template)
            if body.isEmpty {
                if left.failure == nil { drafts.discard(number: number, kind: kind) }
                return true
            }
            return drafts.keep(body, number: number, kind: kind)
        }
        if outcome.appIsEnding { return }
        if let failure = outcome.failure {
            let reason = Sanitizer.line(outcome.folderKept.map { tr("editor.filesKept", failure, $0) } ?? failure)
            host?.setStatus(drafts.text(number: number, kind: kind) != nil ? tr("review.replyEditorFailedKept", reason)
                                                                          : tr("review.editorFailed", reason))
            return
        }
        if let refused = CommentDraft.refusalStatus(for: body) {
            host?.setStatus(refused)
            return
        }
        host?.setStatus(tr("review.replying", number))
        let text = body
        replyTask = calls.run {
            await .of { try await issues.service.replyToReviewComment(id: root, body: text, ownerLogin: issues.owner,
                                                                      repository: issues.name, number: number) }
        } then: { [weak self] result in
            self?.replyDidPost(result, number: number, root: root)
        }
    }

    /// GitHub's answer to a reply in the thread `root` starts: taken, its draft goes; refused, the draft
    /// stays with the reason said.
    func replyDidPost(_ result: Result<ReviewComment, GitHubError>?, number: Int, root: Int64) {
        replyTask = nil
        switch result {
        case .success(let reply):
            issues?.drafts.discard(number: number, kind: .reply(to: root))
            replyAdded?(number, reply)
            host?.setStatus(tr("review.replied", number))
        case .failure(let error):
            host?.setStatus(tr("review.replyRefused", ReviewDraft.refusalReason(error)))
        case nil: break
        }
        host?.changed()
    }

    /// `D` on a review thread: resolves it, or unresolves a resolved one (GraphQL, needs a token), as far
    /// as GitHub said the thread's node id (`status`; nil: GraphQL was not read, or not for this thread).
    /// GitHub's answer goes to `threadStatusChanged`; a refusal is said plainly.
    func toggleResolved(_ status: ReviewThreadStatus?, on issue: Issue) {
        guard let issues, resolveTask == nil else { return }
        guard issues.isAuthenticated else {
            host?.setStatus(tr("review.needsToken"))
            return
        }
        guard let status else {
            host?.setStatus(tr("review.resolveUnknown"))
            return
        }
        let resolve = !status.isResolved, number = issue.number
        guard resolve ? status.viewerCanResolve : status.viewerCanUnresolve else {
            host?.setStatus(resolve ? tr("review.cannotResolve") : tr("review.cannotUnresolve"))
            return
        }
        host?.setStatus(resolve ? tr("review.resolving") : tr("review.unresolving"))
        let threadID = status.id
        resolveTask = calls.run { await .of { try await issues.service.setReviewThreadResolved(resolve, threadID: threadID) } } then: {
            [weak self] result in self?.resolvedDidChange(result, number: number, resolve: resolve)
        }
    }

    /// GitHub's answer to a resolve or an unresolve on pull request `number`.
    func resolvedDidChange(_ result: Result<ReviewThreadStatus, GitHubError>?, number: Int, resolve: Bool) {
        resolveTask = nil
        switch result {
        case .success(let status):
            threadStatusChanged?(number, status)
            host?.setStatus(status.isResolved ? tr("review.resolved") : tr("review.unresolved"))
        case .failure(let error):
            let reason = ReviewDraft.refusalReason(error)
            host?.setStatus(resolve ? tr("review.resolveFailed", reason) : tr("review.unresolveFailed", reason))
        case nil: break
        }
        host?.changed()
    }

    /// `S`: the review's verdict and text written in the editor (its first line says approve, request
    /// changes or comment), then submitted with every pending comment.
    func submit(on issue: Issue) {
        guard let issues, submitTask == nil, let editor = usableEditor(issues) else { return }
        let number = issue.number, drafts = issues.drafts, pending = issues.pendingReviews
        let comments = pending.comments(number: number)
        let template = ReviewDraft.template(draft: drafts.text(number: number, kind: .review) ?? "", number: number,
                                            repository: issues.owner + "/" + issues.name, title: issue.title, pending: comments.count)
        var text = ""
        let outcome = editor.edit(template, fileName: CommentDraft.fileName) { left in
            guard let written = left.text else { return true }
            text = CommentDraft.comment(from: written, template: template)
            if text.isEmpty {
                if left.failure == nil { drafts.discard(number: number, kind: .review) }
                return true
            }
            return drafts.keep(text, number: number, kind: .review)
        }
        if outcome.appIsEnding { return }
        if let failure = outcome.failure {
            host?.setStatus(tr("review.editorFailed", Sanitizer.line(failure)))
            return
        }
        let review: ReviewSubmission
        switch ReviewDraft.review(from: text, comments: comments) {
        case .success(let parsed): review = parsed
        case .failure(let refusal):
            host?.setStatus(refusal.message)
            return
        }
        host?.setStatus(tr("review.submitting", number))
        submitTask = calls.run {
            await .of { try await issues.service.submitReview(review, ownerLogin: issues.owner, repository: issues.name, number: number) }
        } then: { [weak self] result in
            self?.reviewDidSubmit(result, number: number, event: review.event)
        }
    }

    /// GitHub's answer to a review: taken, the pending comments and the review's draft go; refused, they
    /// stay with the reason.
    func reviewDidSubmit(_ result: Result<PullRequestReview, GitHubError>?, number: Int, event: ReviewSubmission.Event) {
        submitTask = nil
        guard let issues else { return }
        switch result {
        case .success(let review):
            issues.pendingReviews.discardAll(number: number)
            issues.drafts.discard(number: number, kind: .review)
            pendingChanged?(number, [])
            reviewSubmitted?(number, review)
            host?.setStatus(tr("review.submitted", number))
        case .failure(let error):
            let reason = ReviewDraft.refusalReason(error)
            issues.pendingReviews.refuse(reason, number: number)
            pendingChanged?(number, issues.pendingReviews.comments(number: number))
            host?.setStatus(tr("review.refusedKept", reason))
        case nil: break
        }
        host?.changed()
    }

    /// The editor, when a review can be written: with a token and an editor, else the status says why.
    private func usableEditor(_ issues: RepositoryIssues) -> (any TextEditing)? {
        guard issues.isAuthenticated else {
            host?.setStatus(tr("review.needsToken"))
            return nil
        }
        guard let editor else {
            host?.setStatus(tr("comment.noEditor"))
            return nil
        }
        return editor
    }
}
