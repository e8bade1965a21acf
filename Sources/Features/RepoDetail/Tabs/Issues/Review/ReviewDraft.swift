import Foundation
import GitHubAPI
import Persistence
import TerminalKit

/// Pure: the file a review is written in, and the review read back out of it. Its first line is the
/// verdict (`approve`, `request changes` or `comment`, as `git rebase -i` has its verbs); below it, the
/// review's text. The explanation sits below `CommentDraft`'s scissors line.
enum ReviewDraft {
    /// The verdict the file starts with.
    static let defaultVerdict = "comment"

    /// Why a review is not sent.
    enum Refusal: Error, Equatable {
        case noVerdict(String)
        case needsText
        case nothingToSend
        case tooLong(Int)

        var message: String {
            switch self {
            case .noVerdict(let line): tr("review.noVerdict", Sanitizer.line(String(line.prefix(40))))
            case .needsText: tr("review.needsText")
            case .nothingToSend: tr("review.nothingToSend")
            case .tooLong(let length): tr("comment.tooLong", Formatting.grouped(length), Formatting.grouped(GitHubClient.maximumCommentLength))
            }
        }
    }

    /// The file's text: the stored draft (verdict and text) or the default verdict, above the scissors
    /// line and the explanation; `title` is untrusted and sanitized.
    static func template(draft: String, number: Int, repository: String, title: String, pending: Int) -> String {
        let head = draft.isEmpty ? defaultVerdict + "\n\n" : draft + (draft.hasSuffix("\n") ? "" : "\n")
        let explanation = [
            CommentDraft.scissors,
            "# " + tr("review.template.verdict", number),
            "# " + tr("review.template.text"),
            "# " + tr("review.template.pending", pending),
            "# " + tr("comment.template.cut"),
            "# " + tr("review.template.cancel"),
            "#",
            "# " + Sanitizer.line(repository) + "#\(number): " + Sanitizer.line(String(title.prefix(200))),
        ]
        return head + "\n" + explanation.joined(separator: "\n") + "\n"
    }

    /// The verdict a line names, if it names one (any case; `request-changes` and `approved` too).
    static func verdict(_ line: String) -> ReviewSubmission.Event? {
        let words = line.lowercased().split { $0 == " " || $0 == "-" || $0 == "_" || $0 == "\t" }.joined(separator: " ")
        switch words {
        case "approve", "approved": return .approve
        case "request changes", "changes requested", "request change": return .requestChanges
        case "comment", "commented": return .comment
        default: return nil
        }
    }

    /// The review in what the editor left (`CommentDraft.comment` already applied), with the pending
    /// comments; or why it cannot go.
    static func review(from text: String, comments: [PendingReviewComment]) -> Result<ReviewSubmission, Refusal> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        guard let first = lines.first else { return .failure(.nothingToSend) }
        guard let event = verdict(first.trimmingCharacters(in: .whitespaces)) else { return .failure(.noVerdict(first)) }
        let body = lines.dropFirst().joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if body.count > GitHubClient.maximumCommentLength { return .failure(.tooLong(body.count)) }
        if event == .requestChanges, body.isEmpty { return .failure(.needsText) }
        if event == .comment, body.isEmpty, comments.isEmpty { return .failure(.nothingToSend) }
        let lineComments = comments.map { comment in
            ReviewSubmission.Comment(path: comment.path, line: comment.line, side: comment.side, startLine: comment.startLine,
                                     startSide: comment.startSide, body: comment.body)
        }
        return .success(ReviewSubmission(event: event, body: body, comments: lineComments))
    }

    /// What to say when GitHub refused a review, with what to do.
    static func refusalReason(_ error: GitHubError) -> String {
        switch error {
        case .unauthorized: tr("review.needsToken")
        case .http(422, let message): tr("review.refused422", Sanitizer.line(String((message ?? "Validation Failed").prefix(300))))
        case .http(403, let message): tr("review.refused403", Sanitizer.line(String((message ?? "Forbidden").prefix(300))))
        default: error.shortReason
        }
    }
}
