import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// What an issues or pull requests list draws: a heading (which list, how many, the filter, a note),
/// the visible rows as styled lines exactly `width` cells wide (the selected one reversed), and the
/// position. Everything from the API is sanitized here.
struct IssueListViewState: Equatable, Sendable {
    var heading: String
    var rows: [StyledLine]
    /// Index in `rows` of the selected row, nil when none is on screen.
    var selectedRow: Int?
    /// Loading, failed, empty, "stored list · 5 min ago", "loading more…".
    var note: String?
    var noteIsError: Bool
    /// "1–18/30" when there are more rows than fit (a `+` when more pages can be read).
    var position: String
}

/// One row's parts as the list shows them (a value: tests read it without drawing).
struct IssueRowState: Equatable, Sendable {
    var glyph: String
    var glyphStyle: Style
    /// "#2746"
    var number: String
    var title: String
    var labels: [Span]
    var author: String
    var comments: Int
    var updated: String
}

/// Pure: list state + `now` + width → what the list draws.
enum IssueListStateBuilder {
    /// The colours of GitHub's states (its web page's): open green, merged and closed issues purple,
    /// closed pull requests red, drafts grey. The glyph tells them apart without colour.
    static func glyph(for state: IssueDisplayState, isPullRequest: Bool) -> (String, Style) {
        let glyphs = Glyphs.current
        switch state {
        case .open: return (glyphs.issueOpen, Style(foreground: .green, attributes: .bold))
        case .closed: return (glyphs.issueClosed, Style(foreground: isPullRequest ? .red : .magenta, attributes: .bold))
        case .merged: return (glyphs.pullMerged, Style(foreground: .magenta, attributes: .bold))
        case .draft: return (glyphs.pullDraft, .dim)
        }
    }

    static func row(_ issue: Issue, now: Date, labelsInColour: Bool) -> IssueRowState {
        let (glyph, style) = glyph(for: issue.displayState, isPullRequest: issue.isPullRequest)
        return IssueRowState(
            glyph: glyph, glyphStyle: style, number: "#\(issue.number)", title: Sanitizer.line(issue.title),
            labels: issue.labels.prefix(maximumLabels).map { IssueLabelStyle.badge($0, inColour: labelsInColour, maximumWidth: 20) },
            author: Sanitizer.line(issue.author), comments: issue.commentCount,
            updated: (issue.updatedAt ?? issue.createdAt).map { Formatting.relative($0, now: now) } ?? "")
    }

    /// Labels shown on a row at most (the issue view shows them all).
    static let maximumLabels = 5

    /// The row as one line of exactly `width` cells: glyph, number, title (cut to what is left),
    /// labels (at most a quarter of the width), then author, comments and age on the right.
    static func line(_ row: IssueRowState, width: Int, numberWidth: Int, selected: Bool) -> StyledLine {
        let width = max(width, 20)
        let dim = Style.dim
        var right: [Span] = []
        if width >= 60 {
            right.append(Span("  " + row.author.truncated(toWidth: 14).fitted(toWidth: 14), style: dim))
        }
        let comments = row.comments > 0 ? "\(Glyphs.current.comments) \(Formatting.count(row.comments))" : ""
        right.append(Span("  " + comments.fitted(toWidth: 6)))
        right.append(Span(" " + row.updated.truncated(toWidth: 11).fitted(toWidth: 11), style: dim))
        let rightWidth = right.reduce(0) { $0 + $1.width }

        var left = [Span(row.glyph, style: row.glyphStyle), Span(" "),
                    Span(row.number.fitted(toWidth: numberWidth), style: dim), Span(" ")]
        let leftWidth = left.reduce(0) { $0 + $1.width }
        var labelBudget = width / 4
        var labels: [Span] = []
        for label in row.labels {
            guard label.width + 1 <= labelBudget else { break }
            labels += [Span(" "), label]
            labelBudget -= label.width + 1
        }
        let labelsWidth = labels.reduce(0) { $0 + $1.width }
        let titleWidth = max(1, width - leftWidth - labelsWidth - rightWidth)
        let title = row.title.truncated(toWidth: titleWidth)
        left.append(Span(title))
        left.append(Span(String(repeating: " ", count: max(0, titleWidth - title.displayWidth))))
        var spans = left + labels + right
        if selected { spans = spans.map { Span($0.text, style: $0.style.adding(.reverse)) } }
        return CommitDetailRenderer.fitted(StyledLine(spans), width: width)
    }

    static func build(_ state: IssueListState, now: Date, width: Int, labelsInColour: Bool) -> IssueListViewState {
        let rows = state.rows
        let top = min(state.viewport.top, rows.count)
        let end = min(rows.count, top + state.viewport.height)
        let numberWidth = (rows[top..<end].map { "#\($0.number)".count }.max() ?? 2)
        let lines = (top..<end).map {
            line(row(rows[$0], now: now, labelsInColour: labelsInColour), width: width, numberWidth: numberWidth,
                 selected: $0 == state.viewport.selection)
        }
        let note = state.load.note(isEmpty: rows.isEmpty, now: now, failed: { tr("issues.failed", $0) },
                                   loading: tr("issues.loading"),
                                   empty: state.textFilter.isEmpty ? tr("issues.empty") : tr("issues.noMatch"),
                                   loadingMore: tr("issues.loadingMore"), stored: { tr("issues.offline", $0) })
        let position = DocumentScroll.position(top: top, shown: lines.count, count: rows.count, more: state.list.hasMore)
        return IssueListViewState(heading: heading(state), rows: lines,
                                  selectedRow: (top..<end).contains(state.viewport.selection) ? state.viewport.selection - top : nil,
                                  note: note?.text, noteIsError: note?.isError ?? false, position: position)
    }

    /// "Open issues · 30" / "All pull requests · 12 of 40 · filter: bug".
    static func heading(_ state: IssueListState) -> String {
        let name: String = switch (state.kind, state.filter) {
        case (.issues, .open): tr("issues.heading.open")
        case (.issues, .closed): tr("issues.heading.closed")
        case (.issues, .all): tr("issues.heading.all")
        case (.pullRequests, .open): tr("pulls.heading.open")
        case (.pullRequests, .closed): tr("pulls.heading.closed")
        case (.pullRequests, .all): tr("pulls.heading.all")
        }
        var text = name
        if let query = state.searchQuery { text = tr("issues.search", Sanitizer.line(query)) }
        let loaded = state.list.count
        if loaded > 0 {
            let count = Formatting.grouped(loaded) + (state.list.hasMore ? "+" : "")
            text += " · " + (state.textFilter.isEmpty ? count : tr("issues.matching", Formatting.grouped(state.rows.count), count))
        }
        if !state.textFilter.isEmpty { text += " · " + tr("issues.filter", Sanitizer.line(state.textFilter)) }
        return text
    }

    /// Rows the list gets in `height` lines (the heading takes one, the note one).
    static func rowCount(height: Int) -> Int { max(1, height - 2) }
}

/// Draws an issues list into a rectangle: the heading, the rows, the note on the last line.
enum IssueListView {
    static func draw(_ state: IssueListViewState, into buffer: inout Buffer, in rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        buffer.fill(rect)
        var heading = state.heading
        if !state.position.isEmpty { heading += " · " + state.position }
        buffer.write(heading, x: rect.x, y: rect.y, maxWidth: rect.width, style: .bold)
        for (index, line) in state.rows.enumerated() where index + 1 < rect.height {
            MarkdownView.draw(line, into: &buffer, x: rect.x, y: rect.y + 1 + index, maxWidth: rect.width)
        }
        if let note = state.note, rect.height > 1 {
            buffer.write(note, x: rect.x, y: rect.y + rect.height - 1, maxWidth: rect.width,
                         style: state.noteIsError ? Style(foreground: .red) : .dim)
        }
    }
}
