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
        /// Not highlighted yet: the lines read plain until their runs arrive.
        case pending
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
        guard let language, let file = LanguageDefinitions.file(forLinguistName: language), data.count <= limits.bytes else {
            return HighlightedText(lines: lines, runs: Array(repeating: [], count: lines.count), outcome: .plain)
        }
        let (runs, outcome) = runs(of: lines[...], definition: file, limits: limits)
        return HighlightedText(lines: lines, runs: runs, outcome: outcome)
    }

    /// `data` as clean lines without runs: what is shown at once, before (or without) highlighting.
    /// `outcome` is `.pending` when the language has a definition (`runs(of:in:language:)` adds the
    /// colours later), else `.plain`.
    public static func plain(_ data: Data, language: String?, limits: Limits = Limits()) -> HighlightedText {
        let lines = cleanLines(data, maximumLines: limits.lines)
        let highlightable = language.flatMap(LanguageDefinitions.file(forLinguistName:)) != nil
        return HighlightedText(lines: lines, runs: Array(repeating: [], count: lines.count),
                               outcome: highlightable ? .pending : .plain)
    }

    /// Lines a stretch highlighted on its own starts that many lines early (`leadIn`), so that a construct
    /// opened shortly before it (a multi-line comment or string) is seen; their runs are dropped.
    public static let leadIn = 200

    /// The runs of `lines[range]` (one array per line of `range`) for `language`, highlighted from
    /// `leadIn` lines before the range (from line 0, exact, when the range starts within them). The
    /// outcome says how far it went (`.plain` when the language has no definition).
    public static func runs(of lines: [String], in range: Range<Int>, language: String?,
                            limits: Limits = Limits()) -> (runs: [[HighlightRun]], outcome: HighlightedText.Outcome) {
        let range = range.clamped(to: lines.indices)
        guard let language, let file = LanguageDefinitions.file(forLinguistName: language) else {
            return (Array(repeating: [], count: range.count), .plain)
        }
        let start = range.lowerBound <= leadIn ? 0 : range.lowerBound - leadIn
        var (runs, outcome) = runs(of: lines[start..<range.upperBound], definition: file, limits: limits)
        runs.removeFirst(range.lowerBound - start)
        if case .timedOut(let done) = outcome { outcome = .timedOut(lines: max(0, done - (range.lowerBound - start))) }
        return (runs, outcome)
    }

    /// Loads the plugin (off the UI thread: a `dlopen` of Source-highlight and its libraries, about
    /// 50 ms), so that the first file opened does not wait for it.
    public static func preload() {
        _ = tui_highlight_load()
    }

    /// The runs of each line of `lines` (line 0 is `lines.startIndex`) highlighted with `definition`.
    private static func runs(of lines: ArraySlice<String>, definition file: String,
                             limits: Limits) -> ([[HighlightRun]], HighlightedText.Outcome) {
        var runs = Array(repeating: [HighlightRun](), count: lines.count)
        let text = lines.joined(separator: "\n")
        var pointer: UnsafeMutablePointer<tui_hl_run>?
        var count = 0
        var done = 0
        let status = text.utf8CString.withUnsafeBufferPointer { buffer in
            tui_highlight(file, buffer.baseAddress, buffer.count - 1, limits.lineBytes, limits.lines, limits.milliseconds,
                          &pointer, &count, &done)
        }
        defer { tui_highlight_free(pointer) }
        if let pointer {
            let first = lines.startIndex
            for run in UnsafeBufferPointer(start: pointer, count: count) {
                let line = Int(run.line)
                guard runs.indices.contains(line), let kind = HighlightKind(rawValue: run.kind) else { continue }
                let start = Int(run.start)
                let end = min(start + Int(run.length), lines[first + line].utf8.count)
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
        return (runs, outcome)
    }

    /// The text cut at `\n` (a `\r` before it dropped), invalid UTF-8 replaced, tabs expanded,
    /// control and invisible formatting characters written `?`.
    static func cleanLines(_ data: Data, maximumLines: Int) -> [String] {
        var lines: [String] = []
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while lines.count < maximumLines {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var stop = end
                if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
                lines.append(clean(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<stop]), as: UTF8.self)))
                if end >= bytes.count - 1 { break }
                start = end + 1
            }
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
