import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// One commit as a line shows it: short SHA, first line of the message, author and age, formatted
/// and sanitized for the terminal.
struct CommitLineState: Sendable, Equatable {
    var sha: String
    var summary: String
    var author: String
    /// "3 h ago" (empty when the commit has no date).
    var age: String

    init(sha: String, summary: String, author: String, age: String) {
        self.sha = sha
        self.summary = summary
        self.author = author
        self.age = age
    }

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
    /// Draws the line on row `y` from column `x` up to `endX` (exclusive): the sha (yellow), the
    /// summary, and "author · age" flush right (dim) in at most `rightWidth` columns. The one drawing
    /// of a commit line: the list's expansion, the overlay and the history of the Commits tab.
    /// `base` is the row's style (reverse for a selected history row).
    func draw(into buffer: inout Buffer, x: Int, y: Int, endX: Int, rightWidth: Int, base: Style = .plain) {
        var cx = x
        cx += buffer.write(sha, x: cx, y: y, maxWidth: max(0, endX - x), style: base.foreground(.yellow))
        cx += 2
        let right = [author, age].filter { !$0.isEmpty }.joined(separator: " · ")
        let rightText = right.truncated(toWidth: max(0, rightWidth))
        let rightX = endX - rightText.displayWidth
        buffer.write(summary.truncated(toWidth: max(0, rightX - cx - 1)), x: cx, y: y, style: base)
        if rightX > cx { buffer.write(rightText, x: rightX, y: y, style: base.adding(.dim)) }
    }
}
