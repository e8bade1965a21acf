import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Persistence
import TerminalKit

/// Renders a review thread as the diff shows it under its line (pure): a bar down its left, each
/// comment's author, date and where it is (a line, a range, outdated, resolved), its body rendered as
/// Markdown; an outdated thread first shows the end of the hunk it was written on; a resolved one, unless
/// unfolded, is one line (who resolved it, how many comments). Every string is untrusted and sanitized
/// here. The thread's links are numbered from 1 over its comments (`DiffNote.links`): the diff numbers
/// them again in the document's series where it draws the thread.
enum ReviewThreadRenderer {
    enum Styles {
        static let bar = Style(foreground: .magenta)
        static let author = Style(foreground: .cyan, attributes: .bold)
        static let label = Style.dim
        static let outdated = Style(foreground: .yellow, attributes: .bold)
        static let pending = Style(foreground: .yellow)
        static let pendingWord = Style(foreground: .yellow, attributes: [.bold, .reverse])
        static let refusal = Style(foreground: .red, attributes: .bold)
        static let resolved = Style(foreground: .green)
    }

    /// A comment of the review being written, drawn under its line: marked pending, with where it goes
    /// and, when GitHub refused the review, why.
    static func pendingLines(_ comment: PendingReviewComment, width: Int) -> [StyledLine] {
        let width = max(width, 20)
        var lines: [StyledLine] = []
        func add(_ spans: [Span]) { lines.append(CommitDetailRenderer.fitted(StyledLine(spans), width: width)) }
        var header = [Span("  ┌─ ", style: Styles.pending), Span(" " + tr("review.pending") + " ", style: Styles.pendingWord)]
        if let placeText = place(comment.asReviewComment) { header.append(Span(" · " + placeText, style: Styles.label)) }
        add(header)
        if let refusal = comment.refusal {
            add([Span("  │ ", style: Styles.pending), Span(tr("review.refused", Sanitizer.line(refusal)), style: Styles.refusal)])
        }
        for line in MarkdownDocument.render(markdown: Sanitizer.text(comment.body), width: max(10, width - 4)).lines.prefix(500) {
            var spans = line.spans
            for at in spans.indices { spans[at].link = nil }
            add([Span("  │ ", style: Styles.pending)] + spans)
        }
        add([Span("  └─", style: Styles.pending)])
        return lines
    }

    /// Lines of the hunk shown above an outdated thread at most.
    static let hunkLines = 4

    /// The thread as the diff draws it: folded to one line when it is resolved and not `unfolded`, else whole.
    static func note(_ thread: ReviewThread, width: Int, now: Date, unfolded: Bool) -> DiffNote {
        if thread.isResolved, !unfolded { return DiffNote(id: thread.root.id, lines: [folded(thread, width: width)]) }
        let drawn = rendered(thread, width: width, now: now)
        return DiffNote(id: thread.root.id, lines: drawn.lines, links: drawn.links)
    }

    /// A resolved thread folded: "▸ resolved by kim · 3 comments · line 12 · Enter shows it".
    static func folded(_ thread: ReviewThread, width: Int) -> StyledLine {
        let count = thread.comments.count
        var spans = [Span("  " + Glyphs.current.collapsed + " ", style: Styles.bar), Span(resolvedWords(thread.status), style: Styles.resolved),
                     Span(" · " + (count == 1 ? tr("review.thread.comments.one") : tr("review.thread.comments.other", count)),
                          style: Styles.label)]
        if thread.isOutdated {
            spans.append(Span(" · " + tr("review.thread.outdated"), style: Styles.outdated))
        } else if let placeText = place(thread.root) {
            spans.append(Span(" · " + placeText, style: Styles.label))
        }
        spans.append(Span(" · " + tr("review.thread.unfold"), style: Styles.label))
        return CommitDetailRenderer.fitted(StyledLine(spans), width: max(width, 20))
    }

    /// "resolved by kim", or "resolved" when GitHub did not say who.
    private static func resolvedWords(_ status: ReviewThreadStatus?) -> String {
        guard let who = status?.resolvedBy.map(Sanitizer.line), !who.isEmpty else { return tr("review.thread.resolved") }
        return tr("review.thread.resolvedBy", who)
    }

    /// The whole thread's lines (tests read them).
    static func lines(_ thread: ReviewThread, width: Int, now: Date) -> [StyledLine] {
        rendered(thread, width: width, now: now).lines
    }

    /// The whole thread: its lines, and its links numbered from 1 in reading order.
    static func rendered(_ thread: ReviewThread, width: Int, now: Date) -> (lines: [StyledLine], links: [MarkdownLink]) {
        let width = max(width, 20)
        var lines: [StyledLine] = []
        var links: [MarkdownLink] = []
        func add(_ spans: [Span]) { lines.append(CommitDetailRenderer.fitted(StyledLine(spans), width: width)) }
        let root = thread.root
        var location: [Span] = []
        if thread.isOutdated {
            location.append(Span(" · " + tr("review.thread.outdated"), style: Styles.outdated))
            if let line = root.originalLine { location.append(Span(" " + tr("review.thread.wasLine", line), style: Styles.label)) }
        } else if let placeText = place(root) {
            location.append(Span(" · " + placeText, style: Styles.label))
        }
        if thread.isResolved { location.append(Span(" · " + resolvedWords(thread.status), style: Styles.resolved)) }
        if thread.isOutdated, !root.diffHunk.isEmpty {
            let hunk = PatchParser.parse(root.diffHunk, maximumLines: 200).lines.suffix(hunkLines)
            for patchLine in hunk { add([Span("  │ ", style: Styles.bar)] + CommitDetailRenderer.styled(patchLine).spans) }
        }
        for (index, comment) in thread.comments.enumerated() {
            let corner = index == 0 ? "  ┌─ " : "  ├─ "
            var header = [Span(corner, style: Styles.bar), Span(Sanitizer.line(comment.author), style: Styles.author)]
            if let created = comment.createdAt {
                header.append(Span(" · " + CommitDetailRenderer.absolute(created) + " (" + Formatting.relative(created, now: now) + ")",
                                   style: Styles.label))
            }
            if index == 0 { header += location }
            add(header)
            let drawn = body(comment.body, replacing: thread.rangeLines, width: width, linksBefore: links.count)
            links += drawn.links
            for line in drawn.lines.prefix(500) { add([Span("  │ ", style: Styles.bar)] + line.spans) }
        }
        add([Span("  └─", style: Styles.bar)])
        return (lines, links)
    }

    /// A comment's body's lines, its links numbered from 1 (tests read them).
    static func body(_ text: String, replacing replaced: [String], width: Int) -> [StyledLine] {
        body(text, replacing: replaced, width: width, linksBefore: 0).lines
    }

    /// A comment's body: its Markdown rendered, its links numbered after the `linksBefore` before it, and
    /// each ```` ```suggestion ```` block drawn as the change it proposes: `replaced` (the commented lines)
    /// removed, its lines added.
    static func body(_ text: String, replacing replaced: [String], width: Int,
                     linksBefore: Int) -> (lines: [StyledLine], links: [MarkdownLink]) {
        var lines: [StyledLine] = []
        var links: [MarkdownLink] = []
        func markdown(_ part: [Substring]) {
            let joined = part.joined(separator: "\n")
            guard !joined.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
            let drawn = IssueDetailRenderer.renumbered(MarkdownDocument.render(markdown: joined, width: max(10, width - 4)),
                                                       after: linksBefore + links.count, width: max(10, width - 4))
            lines += drawn.lines
            links += drawn.links
        }
        let all = Sanitizer.text(text).replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        var before: [Substring] = []
        var index = 0
        while index < all.count {
            let fence = all[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```suggestion") || fence.hasPrefix("~~~suggestion"),
                  let end = all[(index + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(String(fence.prefix(3))) })
            else {
                before.append(all[index])
                index += 1
                continue
            }
            markdown(before)
            before = []
            lines.append(StyledLine([Span(tr("review.suggestion"), style: Styles.label)]))
            for old in replaced { lines.append(StyledLine([Span("-" + old, style: CommitDetailRenderer.Styles.removed)])) }
            for new in all[(index + 1)..<end] {
                let safe = PatchParser.parse("@@ -1,0 +1,1 @@\n+" + new).lines.last.map(addedText) ?? ""
                lines.append(StyledLine([Span("+" + safe, style: CommitDetailRenderer.Styles.added)]))
            }
            index = end + 1
        }
        markdown(before)
        return (lines, links)
    }

    /// An added line's text as the patch parser made it safe to draw (tabs expanded, long lines cut).
    private static func addedText(_ line: PatchLine) -> String {
        if case .added(let text, _) = line { return text }
        return ""
    }

    /// "line 12", "lines 12–15", "line 3 (base)": where a thread that is not outdated is.
    static func place(_ comment: ReviewComment) -> String? {
        guard let line = comment.line ?? comment.originalLine else { return nil }
        var text = if let start = comment.startLine, start != line {
            tr("review.thread.lines", start, line)
        } else {
            tr("review.thread.line", line)
        }
        if comment.side == .left { text += " " + tr("review.thread.base") }
        return text
    }
}

extension PendingReviewComment {
    /// The comment as a review comment at its place (its id made negative), to be placed and described
    /// as GitHub's are.
    var asReviewComment: ReviewComment {
        ReviewComment(id: -id, path: path, line: line, side: ReviewComment.Side(rawValue: side) ?? .right, startLine: startLine,
                      startSide: startSide.flatMap(ReviewComment.Side.init(rawValue:)), body: body)
    }
}
