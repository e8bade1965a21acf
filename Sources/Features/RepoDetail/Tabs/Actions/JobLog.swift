import Foundation
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// A job's log, parsed once when it arrives (pure): each line's leading timestamp taken off (kept, for
/// the timestamps key), its workflow-command marker read (`##[group]`, `##[endgroup]`, `##[error]`,
/// `##[warning]`, `##[notice]`, `##[debug]`, `[command]`), its SGR colours turned into styles and every
/// other control sequence dropped (`Sanitizer.styledPieces`). Lines end at LF; a CR before it (CRLF)
/// goes, and a line a program redrew with CR shows what was drawn last. Bounded: a line past
/// `maximumLineBytes` is cut, and at most `maximumLines` lines are read (the rest is counted).
struct JobLog: Sendable, Equatable {
    /// What a line is, by its marker.
    enum Kind: Sendable, Equatable {
        case output
        /// `[command]…`: a command the runner ran (drawn dim).
        case command
        case error, warning, notice, debug
        /// `##[group]Title`: a foldable group starts (its title is the line's text).
        case groupStart
        case groupEnd
    }

    struct Line: Sendable, Equatable {
        /// The timestamp as written ("2024-01-01T00:00:00.1234567Z"), "" when the line has none.
        var timestamp: String
        /// The second it names (for matching lines to steps), nil when none.
        var second: Date?
        var kind: Kind
        /// The text without its marker, styled by its own colours, safe to draw.
        var pieces: [Sanitizer.StyledPiece]
        /// The text as a person copies it: no colours, no marker, no timestamp.
        var text: String
        /// The line was longer than `maximumLineBytes` and was cut.
        var isCut = false
    }

    /// A line longer than this (in bytes) is cut: a 1 MB line of minified output costs 16 KiB.
    static let maximumLineBytes = 16 * 1024
    /// The most lines kept (GitHub's own viewer stops sooner).
    static let maximumLines = 500_000

    private(set) var lines: [Line] = []
    /// Lines past `maximumLines`, not kept.
    private(set) var linesLeftOut = 0

    init(lines: [Line], linesLeftOut: Int = 0) {
        self.lines = lines
        self.linesLeftOut = linesLeftOut
    }

    /// Parses a log as GitHub serves it (UTF-8; invalid bytes are replaced).
    static func parse(_ data: Data) -> JobLog {
        var lines: [Line] = []
        var leftOut = 0
        var style = Style.plain
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            // A byte-order mark at the start of the file (GitHub writes one).
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                if lines.count >= maximumLines {
                    leftOut += 1
                } else {
                    lines.append(parseLine(UnsafeBufferPointer(rebasing: bytes[start..<end]), style: &style))
                }
                start = end + 1
            }
        }
        return JobLog(lines: lines, linesLeftOut: leftOut)
    }

    /// One line's bytes (without its LF); `style` carries the colour a line leaves on to the next.
    static func parseLine(_ bytes: UnsafeBufferPointer<UInt8>, style: inout Style) -> Line {
        var slice = bytes[...]
        if slice.last == 0x0D { slice = slice.dropLast() }
        // A line redrawn with CR: what the terminal would show at the end is the text after the last CR.
        if let carriage = slice.lastIndex(of: 0x0D) { slice = slice[(carriage + 1)...] }
        var isCut = false
        if slice.count > maximumLineBytes {
            var cut = slice.startIndex + maximumLineBytes
            while cut > slice.startIndex, slice[cut] & 0xC0 == 0x80 { cut -= 1 }
            slice = slice[..<cut]
            isCut = true
        }
        let (timestamp, second, rest) = splitTimestamp(slice)
        var text = String(decoding: UnsafeBufferPointer(rebasing: rest), as: UTF8.self)
        let kind = marker(&text)
        if kind == .groupStart || kind == .groupEnd { style = .plain }
        let parsed = Sanitizer.styledPieces(text, from: style)
        style = kind == .groupStart || kind == .groupEnd ? .plain : parsed.style
        return Line(timestamp: timestamp, second: second, kind: kind, pieces: parsed.pieces,
                    text: parsed.pieces.map(\.text).joined(), isCut: isCut)
    }

    /// `2024-01-01T00:00:00.1234567Z ` at the start: the timestamp, the second it names, the rest.
    private static func splitTimestamp(_ bytes: Slice<UnsafeBufferPointer<UInt8>>)
        -> (String, Date?, Slice<UnsafeBufferPointer<UInt8>>) {
        let start = bytes.startIndex
        guard bytes.count >= 20, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 10] == UInt8(ascii: "T"),
              bytes[start + 13] == UInt8(ascii: ":"), bytes[start + 16] == UInt8(ascii: ":") else { return ("", nil, bytes) }
        var end = start + 19
        while end < bytes.endIndex, bytes[end] != UInt8(ascii: " ") { end += 1 }
        guard end - start <= 40, bytes[end - 1] == UInt8(ascii: "Z") else { return ("", nil, bytes) }
        let stamp = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        let second = GitHubDate.parse(String(stamp.prefix(19)) + "Z")
        let rest = end < bytes.endIndex ? bytes[(end + 1)...] : bytes[end...]
        return (stamp, second, rest)
    }

    /// The workflow-command marker at the start of `text`, taken off.
    private static func marker(_ text: inout String) -> Kind {
        guard text.hasPrefix("##[") || text.hasPrefix("[command]") else { return .output }
        let markers: [(String, Kind)] = [
            ("##[group]", .groupStart), ("##[endgroup]", .groupEnd), ("##[error]", .error), ("##[warning]", .warning),
            ("##[notice]", .notice), ("##[debug]", .debug), ("##[command]", .command), ("[command]", .command),
        ]
        for (prefix, kind) in markers where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
            return kind
        }
        return .output
    }
}

/// A parsed log's structure: the job's steps (each line is matched to the step that ran when it was
/// written) and, inside each, the `##[group]` groups. Pure, built once per log.
struct LogOutline: Sendable, Equatable {
    struct Group: Sendable, Equatable {
        /// The line of its `##[group]` marker (the header, whose text is the title).
        var header: Int
        /// Its lines after the header, up to its `##[endgroup]` (not included).
        var body: Range<Int>
    }

    struct Section: Sendable, Equatable {
        var title: String
        /// The step's outcome, nil without the job's steps.
        var state: WorkflowState?
        var duration: TimeInterval?
        /// The log's lines of this section, in order.
        var lines: Range<Int>
        var groups: [Group]
        /// Lines marked `##[error]` and `##[warning]`.
        var errors: Int
        var warnings: Int
    }

    var sections: [Section]

    /// The sections of `log` for `job`'s steps; a log without steps (or a job not known) is one section.
    init(log: JobLog, steps: [WorkflowStep], now: Date) {
        let ordered = steps.sorted { $0.number < $1.number }
        var starts = Array(repeating: 0, count: max(1, ordered.count))
        if !ordered.isEmpty {
            // Each step's first line: a line moves to a later step once that step has started by its
            // second, and either its own step has ended before that second or the line opens a group
            // (a step's output starts with its `##[group]Run …`).
            var current = 0
            var first: [Int?] = Array(repeating: nil, count: ordered.count)
            first[0] = 0
            for (index, line) in log.lines.enumerated() {
                guard let second = line.second else { continue }
                var next = current + 1
                while next < ordered.count {
                    guard let start = ordered[next].startedAt else { next += 1; continue }
                    let ended = ordered[current].completedAt.map { $0 < second } ?? false
                    guard start <= second, ended || line.kind == .groupStart else { break }
                    current = next
                    first[current] = index
                    next = current + 1
                }
            }
            var end = log.lines.count
            for step in stride(from: ordered.count - 1, through: 0, by: -1) {
                if let start = first[step] { starts[step] = start; end = start } else { starts[step] = end }
            }
        }
        var sections: [Section] = []
        let count = max(1, ordered.count)
        for index in 0..<count {
            let lower = starts[index]
            let upper = index + 1 < count ? max(lower, starts[index + 1]) : log.lines.count
            let step = ordered.isEmpty ? nil : ordered[index]
            sections.append(Self.section(log, lines: lower..<upper, title: step.map { Sanitizer.line($0.name) } ?? "",
                                         state: step?.state, duration: step?.duration(now: now)))
        }
        self.sections = sections
    }

    private static func section(_ log: JobLog, lines: Range<Int>, title: String, state: WorkflowState?,
                                duration: TimeInterval?) -> Section {
        var groups: [Group] = []
        var open: Int?
        var errors = 0, warnings = 0
        for index in lines {
            switch log.lines[index].kind {
            case .groupStart:
                if let header = open { groups.append(Group(header: header, body: (header + 1)..<index)) }
                open = index
            case .groupEnd:
                if let header = open { groups.append(Group(header: header, body: (header + 1)..<index)) }
                open = nil
            case .error: errors += 1
            case .warning: warnings += 1
            default: break
            }
        }
        if let header = open { groups.append(Group(header: header, body: (header + 1)..<lines.upperBound)) }
        return Section(title: title, state: state, duration: duration, lines: lines, groups: groups, errors: errors,
                       warnings: warnings)
    }

    /// The section opened when the log is shown: the first failed step, else the first with an error;
    /// nil when none failed.
    var failingSection: Int? {
        sections.firstIndex { $0.state?.isFailure == true && $0.state != .cancelled }
            ?? sections.firstIndex { $0.errors > 0 }
    }
}
