import Foundation
import Persistence

/// The reviews being written on one repository's pull requests, as the store keeps them: a comment is
/// written the moment the editor hands it back and removed only when GitHub took the review or the user
/// emptied it, so that no ending of the app loses one. A failed read counts as none; a failed write is
/// reported to the caller.
struct PendingReviews: Sendable {
    let store: any PendingReviewStore
    /// `owner/name`.
    let repository: String
    let now: @Sendable () -> Date

    /// Pull request `number`'s pending comments, oldest first.
    func comments(number: Int) -> [PendingReviewComment] {
        (try? store.pendingReviewComments(repository: repository, number: number)) ?? []
    }

    /// Keeps `body` as the comment at `target` (replacing the one there); whether it is stored.
    func keep(_ body: String, at target: ReviewTarget, number: Int) -> Bool {
        var comment = comments(number: number).first { target.holds($0) }
            ?? PendingReviewComment(path: target.path, line: target.line, side: target.side, startLine: target.startLine,
                                    startSide: target.startSide, body: body, updatedAt: now())
        comment.body = body
        comment.refusal = nil
        comment.updatedAt = now()
        return (try? store.savePendingReviewComment(comment, repository: repository, number: number)) != nil
    }

    /// Removes the comment at `target`; whether it is gone.
    @discardableResult
    func discard(at target: ReviewTarget, number: Int) -> Bool {
        guard let comment = comments(number: number).first(where: { target.holds($0) }) else { return true }
        return (try? store.removePendingReviewComment(id: comment.id, repository: repository, number: number)) != nil
    }

    /// Removes the whole pending review (GitHub took it); whether it is gone.
    @discardableResult
    func discardAll(number: Int) -> Bool {
        (try? store.removePendingReview(repository: repository, number: number)) != nil
    }

    /// Says why GitHub refused the review, on each of its comments.
    func refuse(_ reason: String, number: Int) {
        try? store.setPendingReviewRefusal(reason, repository: repository, number: number)
    }
}
