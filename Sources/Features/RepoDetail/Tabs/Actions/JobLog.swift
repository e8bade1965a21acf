import Foundation
import GitHubEntities
import MarkdownRendering
import Locking
import TerminalKit

/// A job's log, read in one pass when it arrives (pure): where each line is in the bytes, its leading
/// timestamp (kept, for the timestamps key) and the second it names, its workflow-command marker
/// (`##[group]`, `##[endgroup]`, `##[error]`, `##[warning]`, `##[notice]`, `##[debug]`, `[command]`), and
/// whether it has escape sequences. A line's text is made when it is asked for (drawn, searched, copied):
/// its SGR colours turned into styles and every other control sequence dropped
/// (`Sanitizer.styledPieces`), starting from the colour the lines before left on, found by looking back
/// to the last line that resets it (`Sanitizer.styleEffect`). So a first screen costs the pass and the
/// screen's lines, not the log's styling. Lines end at LF; a CR before it (CRLF) goes, and a line a
/// program redrew with CR shows what was drawn last. Bounded: the bytes are kept as they came (at most
/// the client's log bound), a line past `maximumLineBytes` is cut, and at most `maximumLines` lines are
/// read (the rest is counted).
struct JobLog: Sendable, Equatable {
    /// What a line is, by its marker.
    enum Kind: UInt8, Sendable, Equatable {
        case output
        /// `[command]…`: a command the runner ran (drawn dim).
        case command
        case error, warning, notice, debug
        /// `##[group]Title`: a foldable group starts (its title is the line's text).
        case groupStart
        case groupEnd

        /// A group's start or end: the colour carried from line to line starts again there.
        var isGroupMarker: Bool { self == .groupStart || self == .groupEnd }
    }

    /// One line as it is drawn.
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

    /// Where a line is in the log's bytes and what the one pass read of it (24 bytes a line).
    struct Entry: Sendable, Equatable {
        /// The line's first byte (after a CR that redrew it): where its timestamp is.
        var start: Int32
        /// The text's first byte, after the timestamp and the marker.
        var textStart: Int32
        /// After the text's last byte (a CR before the LF and a cut part left out).
        var end: Int32
        /// The timestamp's length in bytes (0: none).
        var stampLength: UInt8
        var kind: Kind
        /// The text has an ESC or a C1 control: it may carry a colour to the next line.
        var hasEscapes: Bool
        var isCut: Bool
        /// The second its timestamp names, seconds since 1970; `Int64.min` when none.
        var second: Int64
    }

    /// A line longer than this (in bytes) is cut: a 1 MB line of minified output costs 16 KiB.
    static let maximumLineBytes = 16 * 1024
    /// The most lines kept (GitHub's own viewer stops sooner).
    static let maximumLines = 500_000
    /// Lines between the carried colours remembered for a log with no resets (`Storage.colour`).
    static let colourStride = 1_024

    /// The bytes, the entries and the colours found so far, shared by every copy of the log.
    private final class Storage: Sendable {
        let bytes: Data
        let entries: [Entry]
        let linesLeftOut: Int
        /// Only the log's first lines were read (`parse(_:firstLines:)`); the rest is still to come.
        let isFirstLines: Bool
        /// The colour carried into every `colourStride`-th line, as found (a log that never resets).
        let colours = Mutex<[Int: Style]>([:])

        init(bytes: Data, entries: [Entry], linesLeftOut: Int, isFirstLines: Bool) {
            self.bytes = bytes
            self.entries = entries
            self.linesLeftOut = linesLeftOut
            self.isFirstLines = isFirstLines
        }
    }

    private let storage: Storage

    /// Lines past `maximumLines`, not kept.
    var linesLeftOut: Int { storage.linesLeftOut }
    /// Only the first lines of a longer log (a first screen while the whole is read).
    var isFirstLines: Bool { storage.isFirstLines }
    /// The bytes as they came (the whole log, also when only its first lines were read).
    var bytes: Data { storage.bytes }
    var count: Int { storage.entries.count }
    /// Every line, each made when read (`lines[i]` styles line i).
    var lines: Lines { Lines(log: self) }

    func kind(at index: Int) -> Kind { storage.entries[index].kind }

    /// The second line `index`'s timestamp names, nil when it has none.
    func second(at index: Int) -> Date? {
        let second = storage.entries[index].second
        return second == .min ? nil : Date(timeIntervalSince1970: TimeInterval(second))
    }

    /// Line `index`'s text, as `y` copies it and `/` finds it (cheaper than its `Line`: no colours).
    func text(at index: Int) -> String {
        let entry = storage.entries[index]
        return withText(of: entry) { bytes in
            if !entry.hasEscapes, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
            return Sanitizer.styledPieces(String(decoding: bytes, as: UTF8.self)).pieces.map(\.text).joined()
        }
    }

    /// Line `index` as it is drawn, in the colour the lines before it left on.
    func line(at index: Int) -> Line {
        let entry = storage.entries[index]
        let entering = entry.kind.isGroupMarker ? Style.plain : colour(enteringLine: index)
        let pieces = withText(of: entry) { Sanitizer.styledPieces(String(decoding: $0, as: UTF8.self), from: entering).pieces }
        let timestamp = storage.bytes.withUnsafeBytes { raw in
            String(decoding: UnsafeRawBufferPointer(rebasing: raw[Int(entry.start)..<(Int(entry.start) + Int(entry.stampLength))]),
                   as: UTF8.self)
        }
        return Line(timestamp: timestamp, second: second(at: index), kind: entry.kind, pieces: pieces,
                    text: pieces.map(\.text).joined(), isCut: entry.isCut)
    }

    private func withText<Result>(of entry: Entry, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.bytes.withUnsafeBytes { raw in
            body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[Int(entry.textStart)..<Int(entry.end)]))
        }
    }

    // MARK: The colour carried from line to line

    /// The colour line `index` starts in: the lines before it applied, from the last one that reset it
    /// (or a group marker, or the start) — a line or two back in a log that resets at each line's end.
    /// A log that never resets looks back to the nearest remembered colour (every `colourStride` lines).
    func colour(enteringLine index: Int) -> Style {
        let checkpoint = index / Self.colourStride * Self.colourStride
        if let (style, from) = lastReset(before: index, notBefore: checkpoint) { return applying(from..<index, to: style) }
        return applying(checkpoint..<index, to: colour(atCheckpoint: checkpoint))
    }

    /// The colour entering line `checkpoint` (a multiple of `colourStride`), remembered once found.
    private func colour(atCheckpoint checkpoint: Int) -> Style {
        if checkpoint == 0 { return .plain }
        if let known = storage.colours.withLock({ $0[checkpoint] }) { return known }
        // Down to the nearest colour known or found, then up again, remembering each checkpoint.
        var lower = checkpoint
        var style = Style.plain
        var from = 0
        while lower > 0 {
            if let known = storage.colours.withLock({ $0[lower] }) { style = known; from = lower; break }
            if let (found, after) = lastReset(before: lower, notBefore: lower - Self.colourStride) { style = found; from = after; break }
            lower -= Self.colourStride
        }
        var next = (from / Self.colourStride + 1) * Self.colourStride
        while next <= checkpoint {
            style = applying(from..<next, to: style)
            let reached = style
            storage.colours.withLock { $0[next] = reached }
            from = next
            next += Self.colourStride
        }
        return style
    }

    /// The colour after the last line in `lower..<index` whose colour does not depend on the lines before
    /// (a group marker, a line with an SGR 0), and the line after it; nil when there is none.
    private func lastReset(before index: Int, notBefore lower: Int) -> (Style, Int)? {
        var line = index - 1
        while line >= lower {
            let entry = storage.entries[line]
            if entry.kind.isGroupMarker { return (.plain, line + 1) }
            if entry.hasEscapes {
                let effect = withText(of: entry) { Sanitizer.styleEffect($0, from: .plain) }
                if effect.resets { return (effect.style, line + 1) }
            }
            line -= 1
        }
        return nil
    }

    /// `style` carried through the lines of `range`.
    private func applying(_ range: Range<Int>, to style: Style) -> Style {
        var style = style
        for line in range {
            let entry = storage.entries[line]
            if entry.kind.isGroupMarker { style = .plain; continue }
            if entry.hasEscapes { style = withText(of: entry) { Sanitizer.styleEffect($0, from: style).style } }
        }
        return style
    }

    static func == (lhs: JobLog, rhs: JobLog) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.storage.entries == rhs.storage.entries && lhs.storage.bytes == rhs.storage.bytes
                && lhs.linesLeftOut == rhs.linesLeftOut)
    }

    /// A log's lines as a collection: each made when read.
    struct Lines: RandomAccessCollection {
        let log: JobLog
        var startIndex: Int { 0 }
        var endIndex: Int { log.count }
        subscript(position: Int) -> Line { log.line(at: position) }
    }

    // MARK: The one pass

    /// Reads a log as GitHub serves it (UTF-8; invalid bytes are replaced when a line is made); with
    /// `firstLines`, only that many lines (`isFirstLines` when there are more: a first screen).
    /// `isCutShort`: `data` is only the log's first bytes — its last line, not ended, is left for the whole.
    static func parse(_ data: Data, firstLines: Int? = nil, isCutShort: Bool = false) -> JobLog {
        // Offsets are 32-bit: a log is bounded far below that (`GitHubClient.maximumLogBytes`).
        let data = data.count > Int(Int32.max) ? data.prefix(Int(Int32.max)) : data
        var entries: [Entry] = []
        var leftOut = 0
        var isFirstLines = isCutShort
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            entries.reserveCapacity(min(firstLines ?? maximumLines, maximumLines, count / 64 + 16))
            var start = 0
            // A byte-order mark at the start of the file (GitHub writes one).
            if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            // The next LF, CR, ESC and C2 (the lead byte of a C1 control) at or after a line's start,
            // each found with memchr and kept until the lines pass it.
            func next(_ byte: UInt8, from offset: Int) -> Int {
                guard offset < count, let found = memchr(base + offset, Int32(byte), count - offset) else { return count }
                return base.distance(to: UnsafeRawPointer(found))
            }
            var nextCR = -1, nextEscape = -1, nextC1 = -1
            var minutes = MinuteCache()
            while start < count {
                if let firstLines, entries.count >= firstLines { isFirstLines = true; break }
                let end = next(0x0A, from: start)
                if isCutShort, end == count { break }
                if entries.count >= maximumLines {
                    leftOut += 1
                } else {
                    if nextCR < start { nextCR = next(0x0D, from: start) }
                    if nextEscape < start { nextEscape = next(0x1B, from: start) }
                    if nextC1 < start { nextC1 = next(0xC2, from: start) }
                    var lineStart = start, lineEnd = end
                    if nextCR < end {
                        // CRLF, and a line redrawn with CR: what a terminal would show last.
                        if bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                        var carriage = lineEnd - 1
                        while carriage >= lineStart, bytes[carriage] != 0x0D { carriage -= 1 }
                        if carriage >= lineStart { lineStart = carriage + 1 }
                    }
                    entries.append(entry(bytes, start: lineStart, end: lineEnd, minutes: &minutes,
                                         escapes: (nextEscape < end && nextEscape >= lineStart) || (nextC1 < end && nextC1 >= lineStart)
                                            || containsEscape(bytes, lineStart..<lineEnd, after: nextEscape, nextC1)))
                }
                start = end + 1
            }
        }
        return JobLog(storage: Storage(bytes: data, entries: entries, linesLeftOut: leftOut, isFirstLines: isFirstLines))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// Whether a line holds an ESC or C2 byte the searches ahead of it passed (a line redrawn with CR
    /// starts after them): only looked at in that rare case.
    private static func containsEscape(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, after escape: Int, _ c1: Int) -> Bool {
        guard escape < range.lowerBound || c1 < range.lowerBound else { return false }
        return bytes[range].contains { $0 == 0x1B || $0 == 0xC2 }
    }

    /// One line's entry from its bytes (without CR and LF).
    private static func entry(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, minutes: inout MinuteCache,
                              escapes: Bool) -> Entry {
        var end = end
        var isCut = false
        if end - start > maximumLineBytes {
            end = start + maximumLineBytes
            while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            isCut = true
        }
        let (stampLength, second) = timestamp(bytes, start: start, end: end, minutes: &minutes)
        var textStart = start + stampLength
        if stampLength > 0, textStart < end { textStart += 1 }
        let (kind, markerLength) = marker(bytes, start: textStart, end: end)
        textStart += markerLength
        return Entry(start: Int32(start), textStart: Int32(textStart), end: Int32(end), stampLength: UInt8(stampLength),
                     kind: kind, hasEscapes: escapes, isCut: isCut, second: second ?? .min)
    }

    /// `2024-01-01T00:00:00.1234567Z ` at the start: the timestamp's length (0: none) and the second it names.
    private static func timestamp(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, minutes: inout MinuteCache)
        -> (Int, Int64?) {
        guard end - start >= 20, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 10] == UInt8(ascii: "T"),
              bytes[start + 13] == UInt8(ascii: ":"), bytes[start + 16] == UInt8(ascii: ":") else { return (0, nil) }
        var stampEnd = start + 19
        while stampEnd < end, bytes[stampEnd] != UInt8(ascii: " ") { stampEnd += 1 }
        guard stampEnd - start <= 40, bytes[stampEnd - 1] == UInt8(ascii: "Z") else { return (0, nil) }
        return (stampEnd - start, minutes.secondsSince1970(bytes, at: start))
    }

    /// The minute of the line before ("YYYY-MM-DDThh:mm", 16 bytes) and the seconds since 1970 it starts
    /// at: a log's lines share their minute for thousands of lines, so its date is worked out once.
    struct MinuteCache {
        private var key: (UInt64, UInt64) = (0, 0)
        /// nil: no minute yet, or the last one was not a valid date.
        private var start: Int64?

        /// "YYYY-MM-DDThh:mm:ss" at `offset` (at least 19 bytes there) as seconds since 1970 (UTC); nil when
        /// it is not a valid date.
        mutating func secondsSince1970(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int64? {
            guard let base = bytes.baseAddress, let second = JobLog.number(bytes, offset + 17, 2), second < 60 else { return nil }
            let raw = UnsafeRawPointer(base + offset)
            let minute = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if minute != key || start == nil {
                key = minute
                start = JobLog.minuteStart(bytes, at: offset)
            }
            return start.map { $0 + Int64(second) }
        }
    }

    /// The digits at `offset..<offset + length` as a number; nil when one is not a digit.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ length: Int) -> Int? {
        var value = 0
        for index in offset..<offset + length {
            let digit = Int(bytes[index]) &- 0x30
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// "YYYY-MM-DDThh:mm" at `start` as the seconds since 1970 (UTC) the minute starts at; nil when it is
    /// not a valid date.
    static func minuteStart(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int64? {
        guard let year = number(bytes, start, 4), let month = number(bytes, start + 5, 2), let day = number(bytes, start + 8, 2),
              bytes[start + 7] == UInt8(ascii: "-"), let hour = number(bytes, start + 11, 2),
              let minute = number(bytes, start + 14, 2), (1...12).contains(month), hour < 24, minute < 60 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthDays[month - 1]).contains(day) else { return nil }
        // Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Int64(days * 86_400 + hour * 3_600 + minute * 60)
    }

    /// The workflow-command marker at `start`: its kind and length (0: none).
    private static func marker(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> (Kind, Int) {
        guard start < end, bytes[start] == UInt8(ascii: "#") || bytes[start] == UInt8(ascii: "[") else { return (.output, 0) }
        for (prefix, kind) in markers where end - start >= prefix.count {
            if zip(prefix, bytes[start..<(start + prefix.count)]).allSatisfy({ $0 == $1 }) { return (kind, prefix.count) }
        }
        return (.output, 0)
    }

    private static let markers: [([UInt8], Kind)] = ([
        ("##[group]", .groupStart), ("##[endgroup]", .groupEnd), ("##[error]", .error), ("##[warning]", .warning),
        ("##[notice]", .notice), ("##[debug]", .debug), ("##[command]", .command), ("[command]", .command),
    ] as [(String, Kind)]).map { (Array($0.0.utf8), $0.1) }
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
            for index in 0..<log.count {
                guard let second = log.second(at: index) else { continue }
                var next = current + 1
                while next < ordered.count {
                    guard let start = ordered[next].startedAt else { next += 1; continue }
                    let ended = ordered[current].completedAt.map { $0 < second } ?? false
                    guard start <= second, ended || log.kind(at: index) == .groupStart else { break }
                    current = next
                    first[current] = index
                    next = current + 1
                }
            }
            var end = log.count
            for step in stride(from: ordered.count - 1, through: 0, by: -1) {
                if let start = first[step] { starts[step] = start; end = start } else { starts[step] = end }
            }
        }
        var sections: [Section] = []
        let count = max(1, ordered.count)
        for index in 0..<count {
            let lower = starts[index]
            let upper = index + 1 < count ? max(lower, starts[index + 1]) : log.count
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
            switch log.kind(at: index) {
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
