import Foundation
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// Which of a log's steps and groups are unfolded.
struct LogFolds: Sendable, Equatable {
    var openSections: Set<Int> = []
    /// Groups by the line of their header.
    var openGroups: Set<Int> = []

    /// As a log opens: the failing step unfolded (its groups stay folded), the rest folded; a log
    /// of one section (no steps known) unfolded.
    init(outline: LogOutline) {
        if outline.sections.count == 1 {
            openSections = [0]
        } else if let failing = outline.failingSection {
            openSections = [failing]
        }
    }

    /// As a log opens on step `number` (chosen in the run): that step unfolded too.
    init(outline: LogOutline, steps: [WorkflowStep], opening number: Int?) {
        self.init(outline: outline)
        if let number, let index = steps.sorted(by: { $0.number < $1.number }).firstIndex(where: { $0.number == number }),
           outline.sections.indices.contains(index) {
            openSections.insert(index)
        }
    }

    init() {}
}

/// One row the log pane shows: a step's header, a group's header, or a line of the log.
enum LogRow: Sendable, Equatable {
    case section(Int)
    case group(section: Int, header: Int)
    /// A line of the log; `nested`: inside a group (drawn further in).
    case line(Int, nested: Bool)
}

/// A row of a log as the log's pane holds it: styled when it is drawn (or searched), never before, so a
/// step of 100,000 lines unfolded costs the rows on screen, not its lines.
struct JobLogLine: DocumentLine {
    /// What the rows of one layout share: the log, its outline and folds, whether times are shown, the width.
    final class Layout: Sendable {
        let log: JobLog
        let outline: LogOutline
        let folds: LogFolds
        let timestamps: Bool
        let width: Int

        init(log: JobLog, outline: LogOutline, folds: LogFolds, timestamps: Bool, width: Int) {
            self.log = log
            self.outline = outline
            self.folds = folds
            self.timestamps = timestamps
            self.width = width
        }
    }

    let row: LogRow
    let layout: Layout
    /// Drawn as this instead (a match highlighted).
    var drawn: StyledLine?

    init(row: LogRow, layout: Layout) {
        self.row = row
        self.layout = layout
    }

    var styled: StyledLine? {
        drawn ?? JobLogDocument.styled(row, log: layout.log, outline: layout.outline, folds: layout.folds,
                                       timestamps: layout.timestamps, width: layout.width)
    }

    func restyled(_ styled: StyledLine) -> JobLogLine {
        var line = self
        line.drawn = styled
        return line
    }

    static func == (lhs: JobLogLine, rhs: JobLogLine) -> Bool {
        lhs.row == rhs.row && lhs.layout === rhs.layout && lhs.drawn == rhs.drawn
    }
}

/// Pure: a parsed log, its outline and folds → the rows shown (costing the rows unfolded, never the folded
/// ones: a 100,000-line log folded is a row per step) and a row's styled line (`JobLogLine` asks for the
/// rows drawn).
enum JobLogDocument {
    /// The rows shown: each step's header, and inside an unfolded step its lines, a group's header
    /// standing for its lines while it is folded (`##[endgroup]` lines are not shown).
    static func rows(_ log: JobLog, outline: LogOutline, folds: LogFolds) -> [LogRow] {
        var rows: [LogRow] = []
        rows.reserveCapacity(outline.sections.count + outline.sections.indices.reduce(0) { count, index in
            folds.openSections.contains(index) ? count + outline.sections[index].lines.count : count
        })
        for (index, section) in outline.sections.enumerated() {
            rows.append(.section(index))
            guard folds.openSections.contains(index) else { continue }
            // The section's groups are in order of their headers: walked beside its lines.
            var groups = section.groups[...]
            var line = section.lines.lowerBound
            while line < section.lines.upperBound {
                while let group = groups.first, group.header < line { groups = groups.dropFirst() }
                if let group = groups.first, group.header == line {
                    rows.append(.group(section: index, header: line))
                    if folds.openGroups.contains(line) {
                        for inner in group.body where log.kind(at: inner) != .groupEnd { rows.append(.line(inner, nested: true)) }
                    }
                    line = max(line + 1, group.body.upperBound)
                } else {
                    if log.kind(at: line) != .groupEnd { rows.append(.line(line, nested: false)) }
                    line += 1
                }
            }
        }
        return rows
    }

    /// The row's line at `width`. `timestamps`: each line starts with its time of day.
    static func styled(_ row: LogRow, log: JobLog, outline: LogOutline, folds: LogFolds, timestamps: Bool,
                       width: Int) -> StyledLine {
        let glyphs = Glyphs.current
        var spans: [Span]
        switch row {
        case .section(let index):
            let section = outline.sections[index]
            let mark = folds.openSections.contains(index) ? glyphs.expanded : glyphs.collapsed
            spans = [Span(mark + " ")]
            if let state = section.state { spans += [RunStateText.badge(state), Span(" ")] }
            spans.append(Span(section.title.isEmpty ? tr("actions.log.whole") : section.title, style: .bold))
            if let duration = section.duration { spans.append(Span("  " + RunStateText.duration(duration), style: .dim)) }
            if section.errors > 0 {
                spans.append(Span("  " + tr("actions.log.errors", section.errors), style: Style(foreground: .red, attributes: .bold)))
            }
            if section.warnings > 0 {
                spans.append(Span("  " + tr("actions.log.warnings", section.warnings), style: Style(foreground: .yellow)))
            }
        case .group(_, let header):
            let mark = folds.openGroups.contains(header) ? glyphs.expanded : glyphs.collapsed
            let line = log.line(at: header)
            spans = [Span("  " + mark + " ")] + pieces(line, style: .plain)
            if timestamps { spans.insert(timestamp(line), at: 0) }
        case .line(let index, let nested):
            let line = log.line(at: index)
            let indent = nested ? "      " : "    "
            spans = [Span(indent)]
            if timestamps { spans.insert(timestamp(line), at: 0) }
            switch line.kind {
            case .error:
                spans.append(Span(tr("actions.log.error") + " ", style: Style(foreground: .red, attributes: .bold)))
                spans += pieces(line, style: Style(foreground: .red))
            case .warning:
                spans.append(Span(tr("actions.log.warning") + " ", style: Style(foreground: .yellow, attributes: .bold)))
                spans += pieces(line, style: Style(foreground: .yellow))
            case .notice:
                spans.append(Span(tr("actions.log.notice") + " ", style: Style(foreground: .cyan, attributes: .bold)))
                spans += pieces(line, style: .plain)
            case .command, .debug:
                spans += pieces(line, style: .dim).map { Span($0.text, style: $0.style.adding(.dim)) }
            case .output, .groupStart, .groupEnd:
                spans += pieces(line, style: .plain)
            }
            if line.isCut { spans.append(Span(" " + tr("actions.log.cut"), style: .dim)) }
        }
        return StyledLine(FileViewRenderer.clip(spans, from: 0, width: max(1, width)))
    }

    /// A line's own pieces; where the log sets no colour, `style`.
    private static func pieces(_ line: JobLog.Line, style: Style) -> [Span] {
        line.pieces.map { Span($0.text, style: $0.style == .plain ? style : $0.style) }
    }

    /// "10:20:30 " from the line's timestamp (blank where it has none), dim.
    private static func timestamp(_ line: JobLog.Line) -> Span {
        let stamp = line.timestamp
        guard stamp.count >= 19 else { return Span(String(repeating: " ", count: 9)) }
        let time = stamp.dropFirst(11).prefix(8)
        return Span(String(time) + " ", style: .dim)
    }

    /// The plain text a row stands for, as `y` copies it: a line's text; a group's or a step's lines.
    static func copiedText(_ row: LogRow, log: JobLog, outline: LogOutline) -> String {
        let range: Range<Int>
        switch row {
        case .line(let index, _): return log.text(at: index)
        case .group(let section, let header):
            range = outline.sections[section].groups.first { $0.header == header }.map { ($0.header)..<$0.body.upperBound } ?? header..<(header + 1)
        case .section(let index): range = outline.sections[index].lines
        }
        return range.filter { log.kind(at: $0) != .groupEnd }.map { log.text(at: $0) }.joined(separator: "\n")
    }

    /// The next line marked `##[error]` or `##[warning]` after line `after` (before it, backwards),
    /// wrapping; nil when the log has none.
    static func problem(in log: JobLog, after: Int, forward: Bool) -> Int? {
        let count = log.count
        guard count > 0 else { return nil }
        for step in 1...count {
            let index = ((after + (forward ? step : -step)) % count + count) % count
            let kind = log.kind(at: index)
            if kind == .error || kind == .warning { return index }
        }
        return nil
    }

    /// The lines of the log whose text holds `query` (as the document's search matches: case folded),
    /// in order.
    static func matchingLines(of query: String, in log: JobLog) -> [Int] {
        var lines: [Int] = []
        for match in DocumentSearch.matches(of: query, inTexts: (0..<log.count).lazy.map { log.text(at: $0) }) where lines.last != match.line {
            lines.append(match.line)
        }
        return lines
    }

    /// The first of `lines` (in order) after `line` (forward) or the last before it, wrapping; nil when
    /// `lines` is empty.
    static func next(in lines: [Int], after line: Int, forward: Bool) -> Int? {
        guard let first = lines.first, let last = lines.last else { return nil }
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] <= line { low = middle + 1 } else { high = middle }
        }
        // `low`: the first line after `line`.
        if forward { return low < lines.count ? lines[low] : first }
        let before = lines[..<low].last { $0 < line }
        return before ?? last
    }

    /// The folds with line `line` shown: its step and its group unfolded.
    static func reveal(_ line: Int, outline: LogOutline, folds: LogFolds) -> LogFolds {
        var folds = folds
        for (index, section) in outline.sections.enumerated() where section.lines.contains(line) {
            folds.openSections.insert(index)
            if let group = section.groups.first(where: { $0.body.contains(line) }) { folds.openGroups.insert(group.header) }
        }
        return folds
    }
}
