import TerminalKit

/// One line of a file's patch, typed, its text already safe to draw (controls removed, tabs expanded).
enum PatchLine: Equatable, Sendable {
    /// `@@ -oldStart,oldCount +newStart,newCount @@ section`.
    case hunk(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, section: String)
    case added(String, newLine: Int)
    case removed(String, oldLine: Int)
    case context(String, oldLine: Int, newLine: Int)
    /// `\ No newline at end of file`.
    case noNewline
    /// Anything else (text before the first hunk, a line of unknown kind).
    case other(String)
}

/// A parsed patch: its lines, and whether the parser stopped at its bound.
struct ParsedPatch: Equatable, Sendable {
    var lines: [PatchLine]
    var isTruncated: Bool
}

/// Parses GitHub's per-file `patch` text (unified diff hunks without file headers). Pure; the text
/// is untrusted: every line is sanitized, long lines are cut, and the number of lines is bounded.
enum PatchParser {
    /// Lines kept from one patch at most.
    static let maximumLines = 10_000
    /// Characters kept from one line at most.
    static let maximumLineLength = 1_000
    /// Columns between tab stops.
    static let tabWidth = 8

    static func parse(_ patch: String, maximumLines: Int = PatchParser.maximumLines) -> ParsedPatch {
        var lines: [PatchLine] = []
        var oldLine = 0
        var newLine = 0
        var truncated = false
        var rest = Substring(patch)
        while !rest.isEmpty {
            guard lines.count < maximumLines else { truncated = true; break }
            // "\r\n" is one Character: a line ends at either.
            let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" } ?? rest.endIndex
            var raw = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[rest.endIndex...]
            if raw.hasSuffix("\r") { raw = raw.dropLast() }
            guard let first = raw.first else {
                // An empty line inside a hunk is a context line whose leading space was lost.
                if newLine > 0 || oldLine > 0 {
                    lines.append(.context("", oldLine: oldLine, newLine: newLine))
                    oldLine += 1
                    newLine += 1
                }
                continue
            }
            let body = raw.dropFirst()
            switch first {
            case "@" where raw.hasPrefix("@@"):
                if let hunk = hunkHeader(raw) {
                    lines.append(.hunk(oldStart: hunk.oldStart, oldCount: hunk.oldCount, newStart: hunk.newStart,
                                       newCount: hunk.newCount, section: clean(hunk.section)))
                    oldLine = hunk.oldStart
                    newLine = hunk.newStart
                } else {
                    lines.append(.other(clean(raw)))
                }
            case "+":
                lines.append(.added(clean(body), newLine: newLine))
                newLine += 1
            case "-":
                lines.append(.removed(clean(body), oldLine: oldLine))
                oldLine += 1
            case " ":
                lines.append(.context(clean(body), oldLine: oldLine, newLine: newLine))
                oldLine += 1
                newLine += 1
            case "\\":
                lines.append(.noNewline)
            default:
                lines.append(.other(clean(raw)))
            }
        }
        return ParsedPatch(lines: lines, isTruncated: truncated)
    }

    /// `@@ -1,12 +1,46 @@ section` (counts default to 1 when left out, as in `@@ -3 +3 @@`).
    static func hunkHeader(_ line: Substring) -> (oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, section: Substring)? {
        guard line.hasPrefix("@@ -") else { return nil }
        let afterOpen = line.dropFirst(4)
        guard let close = afterOpen.range(of: " @@") else { return nil }
        let ranges = afterOpen[..<close.lowerBound].split(separator: " ")
        guard ranges.count == 2, ranges[1].first == "+",
              let old = range(ranges[0]), let new = range(ranges[1].dropFirst()) else { return nil }
        var section = afterOpen[close.upperBound...]
        if section.first == " " { section = section.dropFirst() }
        return (old.start, old.count, new.start, new.count, section)
    }

    private static func range(_ text: Substring) -> (start: Int, count: Int)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts[0].count <= 9, let start = Int(parts[0]), start >= 0 else { return nil }
        guard parts.count == 2 else { return (start, 1) }
        guard parts[1].count <= 9, let count = Int(parts[1]), count >= 0 else { return nil }
        return (start, count)
    }

    /// A patch line made safe to draw: tabs expanded to the next stop (columns measured with
    /// `DisplayWidth`), every other control, escape introducer and bidi override removed (as
    /// `Sanitizer` decides), and the line cut after `maximumLineLength` scalars (with "…").
    static func clean(_ text: Substring) -> String {
        // Printable ASCII (most source code) has nothing to remove or expand.
        if text.utf8.count <= maximumLineLength, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(text) }
        var result = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maximumLineLength { result.append("…"); break }
            count += 1
            if scalar == "\t" {
                // Tabs are rare: the width so far is measured only when one comes.
                let column = DisplayWidth.of(String(result))
                result.append(contentsOf: String(repeating: " ", count: tabWidth - column % tabWidth).unicodeScalars)
            } else if scalar == "\u{2028}" || scalar == "\u{2029}" {
                result.append(" ")
            } else if Sanitizer.isAllowed(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
