import Foundation
import SyntaxHighlighting

/// A stretch of an open file's lines for the highlighter: made on the UI thread (`nextHighlight`), run
/// off it (`run`), its answer taken back on it (`receive`).
struct HighlightRequest: Sendable, Equatable {
    /// Lines of a stretch asked for in the background, when the window has its colours.
    static let chunk = 5_000

    var lines: [String]
    var range: Range<Int>
    var language: String

    /// Highlights the stretch: slow (about 10 ms for 1,000 lines of Ruby), so never on the UI thread.
    func run() -> HighlightAnswer {
        let (runs, outcome) = SourceHighlighter.runs(of: lines, in: range, language: language)
        return HighlightAnswer(range: range, runs: runs, outcome: outcome)
    }
}

/// The highlighter's answer for a stretch of lines.
struct HighlightAnswer: Sendable, Equatable {
    var range: Range<Int>
    var runs: [[HighlightRun]]
    var outcome: HighlightedText.Outcome
}

/// An open file's colours, a stretch at a time: the lines on screen (and a screen either side) first,
/// then the rest in stretches of `HighlightRequest.chunk` lines from the window on, then from the top.
/// A stretch is highlighted from `SourceHighlighter.leadIn` lines before it, so only a construct longer
/// than that (a comment of 200 lines) can start a stretch with the wrong colours.
extension FileViewState {
    /// What to highlight next, nil when nothing is left (or the file has no colours to get).
    func nextHighlight() -> HighlightRequest? {
        guard case .text(let text) = body, text.outcome == .pending, let language else { return nil }
        let count = text.lines.count
        let screen = max(1, pane.height)
        let window = top..<min(count, top + screen)
        if let missing = window.first(where: { !highlightedLines.contains($0) }) {
            let start = max(0, min(missing, top - screen))
            return request(text, language: language, range: start..<min(count, window.upperBound + screen))
        }
        guard let missing = firstMissing(from: window.upperBound, count: count) ?? firstMissing(from: 0, count: count) else {
            return nil
        }
        return request(text, language: language, range: missing..<min(count, missing + HighlightRequest.chunk))
    }

    private func request(_ text: HighlightedText, language: String, range: Range<Int>) -> HighlightRequest {
        // Only the lines not yet highlighted at its start are asked for again.
        var start = range.lowerBound
        while start < range.upperBound, highlightedLines.contains(start) { start += 1 }
        return HighlightRequest(lines: text.lines, range: start..<range.upperBound, language: language)
    }

    /// The first line at or after `line` without its runs.
    private func firstMissing(from line: Int, count: Int) -> Int? {
        guard line < count else { return nil }
        var candidate = line
        for known in highlightedLines.rangeView where known.upperBound > candidate {
            if known.lowerBound > candidate { break }
            candidate = known.upperBound
        }
        return candidate < count ? candidate : nil
    }
}
