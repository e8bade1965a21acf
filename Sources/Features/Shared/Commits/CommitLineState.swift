import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// One commit as a line shows it: short SHA, first line of the message, author and age, formatted
/// and sanitized for the terminal.
public struct CommitLineState: Sendable, Equatable {
    public var sha: String
    public var summary: String
    public var author: String
    /// "3 h ago" (empty when the commit has no date).
    public var age: String

    public init(sha: String, summary: String, author: String, age: String) {
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

    /// The one way a commit line is drawn (the list's expansion, the Overview, the Commits tab): the
    /// SHA in yellow, the summary, and "author · age" dim at the right end of `width` columns
    /// (at most a third of them).
    func draw(into buffer: inout Buffer, x: Int, y: Int, width: Int, style: Style = .plain) {
        guard width > 0 else { return }
        var cx = x
        cx += buffer.write(sha, x: cx, y: y, maxWidth: width, style: style.foreground(.yellow))
        cx += 2
        let right = [author, age].filter { !$0.isEmpty }.joined(separator: " · ")
        let rightText = right.truncated(toWidth: max(0, width / 3))
        let rightX = x + width - rightText.displayWidth
        buffer.write(summary.truncated(toWidth: max(0, rightX - cx - 1)), x: cx, y: y, style: style)
        if rightX > cx { buffer.write(rightText, x: rightX, y: y, style: style.adding(.dim)) }
    }
}
