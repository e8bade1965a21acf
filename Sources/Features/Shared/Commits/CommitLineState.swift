import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// One commit as a line shows it: short SHA, first line of the message, author and age, formatted
/// and sanitized for the terminal.
struct CommitLineState: Sendable, Equatable {
    var sha: String
    var summary: String
    var author: String
    /// "3 h ago" (empty when the commit has no date).
    var age: String
}

extension CommitLineState {
    /// The line for `commit`, its age counted to `now`.
    init(_ commit: Commit, now: Date) {
        self.init(
            sha: Sanitizer.line(commit.shortSHA),
            summary: Sanitizer.line(commit.summary),
            author: Sanitizer.line(commit.authorName),
            age: commit.date.map { Formatting.relative($0, now: now) } ?? "")
    }
}

extension CommitLineState {
    /// The line in `width` columns as styled spans: the sha (yellow), two spaces, the summary, and
    /// "author · age" flush right (dim) in at most `rightWidth` columns. The one layout of a commit line:
    /// the list's expansion, the overlay, the history of the Commits tab and a pull request's commits.
    /// `base` is the row's style (reverse for a selected history row).
    func spans(width: Int, rightWidth: Int, base: Style = .plain) -> [Span] {
        let shownSHA = sha.truncated(toWidth: max(0, width))
        var spans = [Span(shownSHA, style: base.foreground(.yellow))]
        let start = shownSHA.displayWidth + 2
        guard start < width else { return spans }
        let right = [author, age].filter { !$0.isEmpty }.joined(separator: " · ")
        let rightText = right.truncated(toWidth: max(0, min(rightWidth, width - start)))
        let rightX = width - rightText.displayWidth
        let shownSummary = summary.truncated(toWidth: max(0, rightX - start - 1))
        spans.append(Span("  " + shownSummary, style: base))
        if rightX > start {
            let gap = rightX - start - shownSummary.displayWidth
            spans.append(Span(String(repeating: " ", count: max(0, gap)), style: base))
            spans.append(Span(rightText, style: base.adding(.dim)))
        }
        return spans
    }

    /// Draws `spans(width:rightWidth:base:)` on row `y` from column `x` up to `endX` (exclusive).
    func draw(into buffer: inout Buffer, x: Int, y: Int, endX: Int, rightWidth: Int, base: Style = .plain) {
        var cx = x
        for span in spans(width: max(0, endX - x), rightWidth: rightWidth, base: base) {
            cx += buffer.write(span.text, x: cx, y: y, maxWidth: max(0, endX - cx), style: span.style)
        }
    }
}
