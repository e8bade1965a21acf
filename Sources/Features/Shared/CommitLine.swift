import Foundation
import GitHubEntities
import TerminalKit

/// One commit line (under an expanded row, in the overlay), formatted and sanitized.
struct CommitLineState: Sendable, Equatable {
    var sha: String
    var summary: String
    var author: String
    var age: String

    init(sha: String, summary: String, author: String, age: String) {
        self.sha = sha
        self.summary = summary
        self.author = author
        self.age = age
    }

    /// The commit as every screen shows it: short SHA, first line, author, age relative to `now`.
    init(_ commit: Commit, now: Date) {
        self.init(sha: Sanitizer.line(commit.shortSHA), summary: Sanitizer.line(commit.summary),
                  author: Sanitizer.line(commit.authorName),
                  age: commit.date.map { Formatting.relative($0, now: now) } ?? "")
    }
}
