import Foundation
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// Choosing where a line comment goes in an open pull request's diff: `v` puts a line cursor on the
/// diff (the first patch line on screen), ↑↓ move it over every line (the threads' too), `V` marks a
/// range's first line, Esc stops. The cursor and the range are drawn reversed; `chosenTarget` is the
/// place the rendering says the cursor is on; `threadAtHand` the review thread Enter, Space (a resolved
/// one folds) and `D` (resolve) act on.
extension IssueThreadState {
    var isChoosingLine: Bool { pane.cursor != nil }

    /// `v`: the cursor on the first patch line at or below the top of the screen (else the first one);
    /// false when the diff has no line yet.
    mutating func startChoosingLine() -> Bool {
        guard let lines = rendered?.diffLines, !lines.isEmpty else { return false }
        let keys = lines.keys.sorted()
        let start = keys.first { $0 >= pane.offset } ?? keys[0]
        rangeStart = nil
        pane.setCursor(start)
        return true
    }

    mutating func stopChoosingLine() {
        rangeStart = nil
        pane.setCursor(nil)
    }

    /// `V`: the range starts at the cursor (again on it: no range). The status line's words.
    mutating func markRangeStart() -> String {
        guard let cursor = pane.cursor, rendered?.diffLines[cursor] != nil else { return tr("review.notADiffLine") }
        rangeStart = rangeStart == cursor ? nil : cursor
        return tr("review.rangeStart")
    }

    /// What `C` writes where the cursor is: a reply in the review thread it is on, else a comment on the
    /// diff line (or range) it is on; or the words that say why neither.
    func chosen() -> Result<ReviewChoice, ChoiceRefusal> {
        if let cursor = pane.cursor, rendered?.diffLines[cursor] == nil, let root = threadRoot(at: cursor) {
            return .success(.reply(to: root))
        }
        return chosenTarget().map(ReviewChoice.line)
    }

    /// The first comment of the review thread drawn at line `index`, nil when the line is not in one (nor
    /// in a pending comment).
    func threadRoot(at index: Int) -> Int64? {
        guard let rendered, let at = rendered.threadStarts.lastIndex(where: { $0 <= index }),
              rendered.threadRoots.indices.contains(at) else { return nil }
        let start = rendered.threadStarts[at]
        // The block ended before the line: a patch line or a file's header came between.
        guard index - start < 5_000, !(start...index).contains(where: { rendered.diffLines[$0] != nil }),
              !rendered.fileStarts.contains(where: { $0 > start && $0 <= index }) else { return nil }
        return rendered.threadRoots[at]
    }

    /// The review thread the keys act on (its first comment's id): the one the cursor is in, else the one
    /// `}`/`{` went to while it is on screen, else the first one starting on screen; nil when there is none
    /// (a pending comment is none).
    func threadAtHand() -> Int64? {
        if let cursor = pane.cursor { return threadRoot(at: cursor) }
        guard let rendered else { return nil }
        let top = pane.offset, end = pane.offset + pane.height
        if let jumped = threadJumpedTo, jumped >= top, jumped < end, let at = rendered.threadStarts.firstIndex(of: jumped),
           rendered.threadRoots.indices.contains(at), let root = rendered.threadRoots[at] {
            return root
        }
        guard var index = rendered.threadStarts.firstIndex(where: { $0 >= top }) else { return nil }
        while index < rendered.threadStarts.count, rendered.threadStarts[index] < end, rendered.threadRoots.indices.contains(index) {
            if let root = rendered.threadRoots[index] { return root }
            index += 1
        }
        return nil
    }

    /// What GraphQL said of the thread at hand, with its first comment's id; nil without a thread at hand.
    func threadStatusAtHand() -> (root: Int64, status: ReviewThreadStatus?)? {
        threadAtHand().map { ($0, thread?.changes?.threadStatus(root: $0)) }
    }

    /// Whether Enter or Space folds or unfolds a thread: `action` is one of them (Enter only while no link
    /// is being chosen: no number typed, none selected on screen), and the thread at hand is resolved. Its
    /// first comment's id, else nil.
    func threadToFold(for action: RepoDetailAction) -> Int64? {
        guard pane.searchField == nil, action == .toggleFold || action == .confirm else { return nil }
        if action == .confirm {
            guard pane.linkKeys.typed.isEmpty, pane.selectedLink.map({ !pane.linksOnScreen.contains($0) }) ?? true else { return nil }
        }
        guard let (root, status) = threadStatusAtHand(), status?.isResolved == true else { return nil }
        return root
    }

    /// The place the cursor (and the range marked) is on, or the words that say why there is none.
    func chosenTarget() -> Result<ReviewTarget, ChoiceRefusal> {
        guard let cursor = pane.cursor, let line = rendered?.diffLines[cursor],
              case .success(let list)? = thread?.changes?.files, list.files.indices.contains(line.file) else {
            return .failure(ChoiceRefusal(message: tr("review.notADiffLine")))
        }
        let (number, side) = Self.place(line)
        var target = ReviewTarget(path: list.files[line.file].filename, line: number, side: side)
        if let rangeStart, rangeStart != cursor, let first = rendered?.diffLines[rangeStart] {
            guard first.file == line.file else { return .failure(ChoiceRefusal(message: tr("review.rangeOtherFile"))) }
            let (start, startSide) = Self.place(first)
            // Marked below the cursor: the range is the other way round.
            if rangeStart > cursor {
                target = ReviewTarget(path: target.path, line: start, side: startSide, startLine: number, startSide: side)
            } else {
                target.startLine = start
                target.startSide = startSide
            }
        }
        return .success(target)
    }

    /// A patch line's number and side as GitHub counts them: the head's for an added or unchanged line,
    /// the base's for a removed one.
    static func place(_ line: DiffLineRef) -> (Int, String) {
        if let new = line.newLine { return (new, "RIGHT") }
        return (line.oldLine ?? 0, "LEFT")
    }

    /// The window's lines with the cursor and the range marked drawn reversed.
    func markingChoice(_ lines: [StyledLine], top: Int) -> [StyledLine] {
        guard let cursor = pane.cursor else { return lines }
        let range = min(rangeStart ?? cursor, cursor)...max(rangeStart ?? cursor, cursor)
        return lines.enumerated().map { index, line in
            guard range.contains(top + index) else { return line }
            var marked = line
            if marked.spans.isEmpty { marked.spans = [Span(" ")] }
            for at in marked.spans.indices { marked.spans[at].style = marked.spans[at].style.adding(.reverse) }
            return marked
        }
    }
}

/// Why no line comment can be written where the cursor is.
struct ChoiceRefusal: Error, Equatable {
    let message: String
}

/// What a comment written where the cursor is goes to: a diff line (or range) in the pending review, or
/// a reply in a review thread (posted at once, as GitHub has it).
enum ReviewChoice: Equatable, Sendable {
    case line(ReviewTarget)
    case reply(to: Int64)
}
