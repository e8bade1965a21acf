import CSourceHighlight
import Foundation
import GitHubEntities
import TerminalKit

/// What a highlighted run is (Source-highlight's elements, folded into the kinds a theme colours).
public enum HighlightKind: UInt8, Sendable, Hashable, CaseIterable {
    case keyword = 1, type, string, comment, number, preprocessor, function, symbol, variable, special, other
}

/// A styled run of one line: `bytes` are UTF-8 offsets into the line's (cleaned) text.
public struct HighlightRun: Sendable, Hashable {
    public var bytes: Range<Int>
    public var kind: HighlightKind

    public init(bytes: Range<Int>, kind: HighlightKind) {
        self.bytes = bytes
        self.kind = kind
    }
}

/// A file's text cut into lines, safe to draw, with the highlighted runs of each line.
public struct HighlightedText: Sendable, Equatable {
    /// How far highlighting went.
    public enum Outcome: Sendable, Equatable {
        /// Every line was highlighted.
        case highlighted
        /// No language definition for the file (or too large to highlight): plain text.
        case plain
        /// The time budget ran out after `lines` lines; the rest is plain.
        case timedOut(lines: Int)
        /// Source-highlight failed; what it found before stays.
        case failed
        /// The highlighter plugin could not be loaded (the reason, e.g. dlopen's message): plain text.
        case unavailable(String)
    }

    /// The lines: valid Unicode, no control characters (tabs expanded, others written `?`).
    public var lines: [String]
    /// The runs of each line, in order (as many arrays as lines).
    public var runs: [[HighlightRun]]
    public var outcome: Outcome

    public init(lines: [String], runs: [[HighlightRun]], outcome: Outcome) {
        self.lines = lines
        self.runs = runs
        self.outcome = outcome
    }
}

/// Highlights a file's text with GNU Source-highlight (through `CSourceHighlight`), bounded: at most
/// `Limits.bytes` of text are highlighted (more stays plain), `Limits.lineBytes` of each line,
/// `Limits.lines` lines, for at most `Limits.milliseconds`. Nothing from the text reaches the terminal
/// raw: invalid UTF-8 becomes U+FFFD, tabs become spaces, other control characters `?`.
public enum SourceHighlighter {
    public struct Limits: Sendable, Equatable {
        public var bytes: Int
        public var lineBytes: Int
        public var lines: Int
        public var milliseconds: Double

        public init(bytes: Int = 1 << 20, lineBytes: Int = 4096, lines: Int = 100_000, milliseconds: Double = 1500) {
            self.bytes = bytes
            self.lineBytes = lineBytes
            self.lines = lines
            self.milliseconds = milliseconds
        }
    }

    /// Why the highlighter plugin (libgithub-tui-highlight.so, beside the binary) cannot be used, nil
    /// when it can. Loads the plugin when it is not yet loaded.
    public static var pluginProblem: String? {
        tui_highlight_load() == 1 ? nil : String(cString: tui_highlight_load_error())
    }

    /// Columns a tab advances to (GitHub shows tabs 8 wide).
    public static let tabWidth = 8

    /// `data` as lines with runs for `language` (a Linguist name, e.g. "Ruby"); plain when the
    /// language has no definition. Lines past `limits.lines` are left out.
    public static func highlight(_ data: Data, language: String?, limits: Limits = Limits()) -> HighlightedText {
        let lines = cleanLines(data, maximumLines: limits.lines)
        let empty = Array(repeating: [HighlightRun](), count: lines.count)
        guard let language, let file = LanguageDefinitions.file(forLinguistName: language), data.count <= limits.bytes else {
            return HighlightedText(lines: lines, runs: empty, outcome: .plain)
        }
        let text = lines.joined(separator: "\n")
        var runs = empty
        var pointer: UnsafeMutablePointer<tui_hl_run>?
        var count = 0
        var done = 0
        let status = text.utf8CString.withUnsafeBufferPointer { buffer in
            tui_highlight(file, buffer.baseAddress, buffer.count - 1, limits.lineBytes, limits.lines, limits.milliseconds,
                          &pointer, &count, &done)
        }
        defer { tui_highlight_free(pointer) }
        if let pointer {
            for run in UnsafeBufferPointer(start: pointer, count: count) {
                let line = Int(run.line)
                guard runs.indices.contains(line), let kind = HighlightKind(rawValue: run.kind) else { continue }
                let start = Int(run.start)
                let end = min(start + Int(run.length), lines[line].utf8.count)
                guard start < end, start >= (runs[line].last?.bytes.upperBound ?? 0) else { continue }
                // Source-highlight cuts one element into pieces (`#`, ` make one`): adjacent pieces of a kind are one run.
                if let last = runs[line].last, last.kind == kind, last.bytes.upperBound == start {
                    runs[line][runs[line].count - 1].bytes = last.bytes.lowerBound..<end
                } else {
                    runs[line].append(HighlightRun(bytes: start..<end, kind: kind))
                }
            }
        }
        let outcome: HighlightedText.Outcome = switch Int(status) {
        case Int(TUI_HL_OK.rawValue): .highlighted
        case Int(TUI_HL_TIMED_OUT.rawValue): .timedOut(lines: done)
        case Int(TUI_HL_NO_LANGUAGE.rawValue): .plain
        case Int(TUI_HL_UNAVAILABLE.rawValue): .unavailable(String(cString: tui_highlight_load_error()))
        default: .failed
        }
        return HighlightedText(lines: lines, runs: runs, outcome: outcome)
    }

    /// The text cut at `\n` (a `\r` before it dropped), invalid UTF-8 replaced, tabs expanded,
    /// control and invisible formatting characters written `?`.
    static func cleanLines(_ data: Data, maximumLines: Int) -> [String] {
        var lines: [String] = []
        var start = data.startIndex
        while start <= data.endIndex, lines.count < maximumLines {
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            var slice = data[start..<end]
            if slice.last == 0x0D { slice = slice.dropLast() }
            lines.append(clean(String(decoding: slice, as: UTF8.self)))
            if end == data.endIndex { break }
            start = end + 1
            if start == data.endIndex { break }
        }
        return lines
    }

    private static func clean(_ line: String) -> String {
        if line.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return line }
        var out = String.UnicodeScalarView()
        var column = 0
        for scalar in line.unicodeScalars {
            if scalar == "\t" {
                let spaces = tabWidth - column % tabWidth
                out.append(contentsOf: repeatElement(" ", count: spaces))
                column += spaces
            } else if Sanitizer.isAllowed(scalar) && scalar.properties.generalCategory != .format {
                out.append(scalar)
                column += 1
            } else {
                out.append("?")
                column += 1
            }
        }
        return String(out)
    }
}
