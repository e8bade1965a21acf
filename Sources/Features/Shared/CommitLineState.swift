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
}

/// What a repository's commit lines say instead of commits, on the list and in the detail overlay.
enum CommitNotes {
    static var loading: String { tr("commits.loading") }
    static var noCommits: String { tr("commits.none") }

    /// "Could not load commits (network error) — r retries".
    static func failed(_ error: GitHubError) -> String {
        tr("commits.failed", error.shortReason)
    }
}
