import GitHubAPI
import MarkdownRendering
import SyntaxHighlighting
import TerminalKit

/// One drawn line of an open file: its number (source only), its spans clipped to the window,
/// whether the cursor is on it and whether it holds the search's text.
struct FileRow: Equatable {
    var number: String
    var spans: [Span]
    var isCursor: Bool
    var isMatch: Bool
}

/// What the file view draws: a title, the visible rows, or a note instead (loading, binary, too large,
/// failed), and the position ("L42/318").
struct FileWindow: Equatable {
    var title: String
    var rows: [FileRow]
    var note: String?
    var position: String
}

/// Pure: an open file's state → the rows on screen at a width and height. Source lines get line
/// numbers and the highlighter's colours; long lines are clipped at the horizontal scroll.
enum FileViewRenderer {
    /// The colour of each highlighted kind. Attributes carry the difference when colours are off
    /// (`NO_COLOR`, the mono theme): keywords bold, comments dim.
    static func style(_ kind: HighlightKind) -> Style {
        switch kind {
        case .keyword: Style(foreground: .magenta, attributes: .bold)
        case .type: Style(foreground: .cyan)
        case .string: Style(foreground: .green)
        case .comment: Style(foreground: .blue, attributes: .dim)
        case .number, .special: Style(foreground: .yellow)
        case .preprocessor, .function: Style(foreground: .blue)
        case .variable: Style(foreground: .cyan)
        case .symbol, .other: .plain
        }
    }

    /// Why a file could not be read. A 404 is about the file (the tree named it: moved or deleted
    /// since), not the repository; a file that is not there to show (410, the demo's "not in the demo
    /// data") in the server's words alone.
    static func failure(_ error: GitHubError) -> String {
        error == .notFound ? tr("files.file.notFound") : error.goneNote ?? tr("files.file.failed", error.shortReasonOrMessage)
    }

    static func window(_ state: FileViewState, width: Int, height: Int) -> FileWindow {
        let title = Sanitizer.line(state.entry.path)
        let note: String? = switch state.body {
        case .loading: tr("files.file.loading")
        case .binary(let size, let type): tr("files.file.binary", Sanitizer.line(type), Formatting.bytes(size))
        case .tooLarge(let size): tr("files.file.tooLarge", Formatting.bytes(size))
        case .failed(let error): failure(error)
        case .image(_, let size, let type): tr("files.file.image", Sanitizer.line(type), Formatting.bytes(size))
        case .text, .markdown: nil
        }
        let count = state.lineCount
        var position = count == 0 ? "" : "L\(state.cursor + 1)/\(count)"
        if case .text(let text) = state.body, case .unavailable = text.outcome {
            // The plugin beside the binary is missing or broken: say why the file has no colours.
            position = tr("files.file.noHighlighter") + (position.isEmpty ? "" : " · " + position)
        }
        guard note == nil else { return FileWindow(title: title, rows: [], note: note, position: "") }
        // The pane's window: the lines on screen with the search's matches marked.
        let window = state.pane.window()
        let matchLines = state.pane.matchLines(in: window.top..<(window.top + window.lines.count))
        let numberWidth = String(count).count
        // Source lines are numbered (a Markdown file's too until it is rendered).
        let numbered: Bool = if case .markdown(_, nil, _) = state.body { true } else { state.showsSource }
        let rows = window.lines.enumerated().map { offset, line in
            let index = window.top + offset
            let spans = line.styled?.spans ?? []
            guard numbered else {
                return FileRow(number: "", spans: clip(spans, from: 0, width: width), isCursor: index == state.cursor,
                               isMatch: matchLines.contains(index))
            }
            let number = String(index + 1)
            let padded = String(repeating: " ", count: max(0, numberWidth - number.count)) + number
            return FileRow(number: padded, spans: clip(spans, from: state.left, width: max(0, width - numberWidth - 1)),
                           isCursor: index == state.cursor, isMatch: matchLines.contains(index))
        }
        _ = height
        return FileWindow(title: title, rows: rows, note: nil, position: position)
    }

    /// A line cut into spans at its runs' byte offsets (runs are on character boundaries of clean text).
    static func spans(of line: String, runs: [HighlightRun]) -> [Span] {
        guard !runs.isEmpty else { return [Span(line)] }
        let utf8 = Array(line.utf8)
        var spans: [Span] = []
        var at = 0
        for run in runs where run.bytes.lowerBound >= at && run.bytes.upperBound <= utf8.count {
            if run.bytes.lowerBound > at { spans.append(Span(String(decoding: utf8[at..<run.bytes.lowerBound], as: UTF8.self))) }
            spans.append(Span(String(decoding: utf8[run.bytes], as: UTF8.self), style: style(run.kind)))
            at = run.bytes.upperBound
        }
        if at < utf8.count { spans.append(Span(String(decoding: utf8[at...], as: UTF8.self))) }
        return spans
    }

    /// The window as the frame draws it: the title (bold), then each row — its number dim, the
    /// cursor's line reversed across the width, lines holding the search's text underlined.
    static func styledLines(_ window: FileWindow, width: Int, height: Int) -> [StyledLine] {
        var lines = [StyledLine([Span(window.title, style: .bold)])]
        for row in window.rows.prefix(max(0, height - 1)) {
            var spans: [Span] = row.number.isEmpty ? [] : [Span(row.number, style: .dim), Span(" ")]
            spans += row.spans.map { Span($0.text, style: row.isMatch ? $0.style.adding(.underline) : $0.style) }
            lines.append(StyledLine(row.isCursor ? reversed(spans, width: width) : spans))
        }
        return lines
    }

    /// The spans reversed and padded to the width: a selected row, the cursor's line.
    static func reversed(_ spans: [Span], width: Int) -> [Span] {
        let used = spans.reduce(0) { $0 + $1.width }
        return (spans + [Span(String(repeating: " ", count: max(0, width - used)))]).map { Span($0.text, style: $0.style.adding(.reverse)) }
    }

    /// The part of the spans from display column `from`, at most `width` columns wide (a wide
    /// character cut by either edge is left out).
    static func clip(_ spans: [Span], from: Int, width: Int) -> [Span] {
        var out: [Span] = []
        var column = 0
        let end = from + width
        for span in spans {
            var kept = ""
            for character in span.text {
                let w = DisplayWidth.of(character)
                if column >= from && column + w <= end { kept.append(character) }
                column += w
                if column >= end { break }
            }
            if !kept.isEmpty { out.append(Span(kept, style: span.style)) }
            if column >= end { break }
        }
        return out
    }
}
