import Foundation
import GitHubAPI
import TerminalKit

/// How the user's editor went, and what its file held when it ended.
public struct EditorOutcome: Sendable, Equatable {
    /// What the file held when the editor ended; nil when there was nothing to read (the file could not
    /// be made, was gone, or was over the size limit).
    public var text: String?
    /// Why the editor did not end well (it could not start, it ended with a failure status, its file
    /// could not be made or read); nil when it did.
    public var failure: String?
    /// The app was asked to end (a hang-up, SIGTERM) while the editor ran: what it left is to be kept,
    /// and nothing sent.
    public var appIsEnding: Bool
    /// The editor's folder, left where it is: what it held could not be kept, or the editor failed and
    /// left files of its own there (a swap file to recover from).
    public var folderKept: String?

    public init(text: String?, failure: String? = nil, appIsEnding: Bool = false, folderKept: String? = nil) {
        self.text = text
        self.failure = failure
        self.appIsEnding = appIsEnding
        self.folderKept = folderKept
    }

    /// The editor ended well, leaving `text`.
    public static func edited(_ text: String) -> EditorOutcome { EditorOutcome(text: text) }

    /// The editor did not end well, for `reason`; `text` is what its file held then.
    public static func failed(_ reason: String, text: String? = nil) -> EditorOutcome {
        EditorOutcome(text: text, failure: reason)
    }
}

/// Lets the user write text in their own editor on a temporary file, with the terminal handed over
/// meanwhile, like `git commit` (`ExternalEditor` in the app: `$VISUAL`, `$EDITOR`, else `vi`).
@MainActor
public protocol TextEditing: AnyObject {
    /// Opens `text` in the editor and waits for it; `fileName` names the file (its suffix tells the
    /// editor the syntax). Whatever way the editor ended, `keep` gets what it left before the file is
    /// removed, so the caller can store it first; when `keep` returns false (it could not), the file
    /// stays where it is (`EditorOutcome.folderKept`).
    func edit(_ text: String, fileName: String, keep: (EditorOutcome) -> Bool) -> EditorOutcome
}

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
}
