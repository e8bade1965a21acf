import Foundation
import GitHubAPI
import TerminalKit

/// Pure: the file a comment is written in, and the comment read back out of it. As with `git commit
/// --cleanup=scissors`, the explanation sits below a scissors line and everything from that line down
/// is left out (so a Markdown heading or a `#123` at the start of a line stays in the comment).
enum CommentDraft {
    /// The line that starts what is left out.
    static let scissors = "# ------------------------ >8 ------------------------"
    /// The file's name: `.md` so editors highlight Markdown.
    static let fileName = "COMMENT_EDITMSG.md"
    /// Why a comment is not sent.
    enum Refusal: Error, Equatable {
        case empty
        case tooLong(Int)
    }

    /// The file's text: a draft (the stored one, else empty) above the scissors line and the
    /// explanation; `title` is untrusted and sanitized.
    static func template(draft: String, number: Int, repository: String, title: String) -> String {
        let head = draft.isEmpty ? "\n" : draft + (draft.hasSuffix("\n") ? "" : "\n")
        let explanation = [
            scissors,
            "# " + tr("comment.template.write", number),
            "# " + tr("comment.template.cut"),
            "# " + tr("comment.template.cancel"),
            "#",
            "# " + Sanitizer.line(repository) + "#\(number): " + Sanitizer.line(String(title.prefix(200))),
        ]
        return head + "\n" + explanation.joined(separator: "\n") + "\n"
    }

    /// The comment in what the editor left: the text above the scissors line (or, without that line,
    /// the text without the explanation's lines), without blank lines around it.
    static func comment(from text: String, template: String) -> String {
        // "\r\n" is one Character in Swift: made "\n" first, so lines split wherever they end.
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        var kept: [Substring]
        if let cut = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == scissors }) {
            kept = Array(lines[..<cut])
        } else {
            let explanation = Set(template.split(separator: "\n").filter { $0.hasPrefix("#") })
            kept = lines.filter { !explanation.contains($0) }
        }
        while let first = kept.first, first.allSatisfy(\.isWhitespace) { kept.removeFirst() }
        while let last = kept.last, last.allSatisfy(\.isWhitespace) { kept.removeLast() }
        return kept.joined(separator: "\n")
    }

    /// Why `comment` is not sent: empty, or longer than GitHub takes; nil when it can go.
    static func refusal(for comment: String) -> Refusal? {
        if comment.isEmpty { return .empty }
        let length = comment.count
        return length > GitHubClient.maximumCommentLength ? .tooLong(length) : nil
    }

    /// What the status line says when `comment` is not sent (cancelled, too long); nil when it can go.
    static func refusalStatus(for comment: String) -> String? {
        switch refusal(for: comment) {
        case .empty?: tr("comment.cancelled")
        case .tooLong(let length)?:
            tr("comment.tooLong", Formatting.grouped(length), Formatting.grouped(GitHubClient.maximumCommentLength))
        case nil: nil
        }
    }
}
