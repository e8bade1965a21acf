import MarkdownRendering
import TerminalKit

/// One occurrence of the search query in a laid-out document: its line, and the columns it covers.
struct TextMatch: Equatable, Sendable {
    var line: Int
    var column: Int
    var width: Int
}

/// Search in a document as drawn (`/`, then `n`/`N`; `DocumentPane` keeps the query and its matches):
/// case-insensitive, over the rendered (sanitized) text, measured in columns, so wide characters and
/// marks are highlighted exactly where they are. Pure.
enum DocumentSearch {
    /// Every occurrence of `query` in `lines` (not overlapping), in reading order. An empty query
    /// matches nothing.
    static func matches(of query: String, in lines: some Sequence<StyledLine?>) -> [TextMatch] {
        matches(of: query, inTexts: lines.lazy.map { $0?.text })
    }

    /// Every occurrence of `query` in lines of text (nil: a line without text), in reading order.
    static func matches(of query: String, inTexts lines: some Sequence<String?>) -> [TextMatch] {
        let needle = Array(Sanitizer.line(query)).map(fold)
        guard !needle.isEmpty else { return [] }
        // An ASCII query is looked for in each line's lowercased bytes first: a line without them has
        // no match (folding a character is lowercasing it), and most lines are passed over that way.
        let asciiNeedle = needle.allSatisfy { $0.utf8.count == 1 && $0.utf8.first.map { $0 < 0x80 } == true }
            ? Array(needle.joined().utf8) : nil
        var found: [TextMatch] = []
        for (index, text) in lines.enumerated() {
            guard let text else { continue }
            if let asciiNeedle {
                // Printable ASCII (most lines of source): a character is a byte and a column.
                var text = text
                let done = text.withUTF8 { bytes in asciiMatches(of: asciiNeedle, in: bytes, line: index, into: &found) }
                if done { continue }
                if !containsBytes(Array(text.lowercased().utf8), asciiNeedle) { continue }
            }
            let characters = Array(text)
            guard characters.count >= needle.count else { continue }
            let folded = characters.map(fold)
            let widths = characters.map { DisplayWidth.of($0) }
            var column = 0
            var i = 0
            while i < characters.count {
                if i + needle.count <= characters.count, folded[i] == needle[0],
                   folded[i..<(i + needle.count)].elementsEqual(needle) {
                    let width = widths[i..<(i + needle.count)].reduce(0, +)
                    found.append(TextMatch(line: index, column: column, width: width))
                    column += width
                    i += needle.count
                } else {
                    column += widths[i]
                    i += 1
                }
            }
        }
        return found
    }

    /// The occurrences (not overlapping) of a lowercase ASCII `needle` in a line, ignoring case, added
    /// to `found`; false (nothing added) when the line is not all printable ASCII.
    private static func asciiMatches(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, line: Int,
                                     into found: inout [TextMatch]) -> Bool {
        var k = 0
        while k < bytes.count {
            guard bytes[k] >= 0x20, bytes[k] <= 0x7E else { return false }
            k += 1
        }
        let first = needle[0], count = needle.count
        var i = 0
        while i + count <= bytes.count {
            guard lowercased(bytes[i]) == first else { i += 1; continue }
            var j = 1
            while j < count, lowercased(bytes[i + j]) == needle[j] { j += 1 }
            if j == count {
                found.append(TextMatch(line: line, column: i, width: count))
                i += count
            } else {
                i += 1
            }
        }
        return true
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }

    /// Whether `needle` occurs in `bytes`.
    private static func containsBytes(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    /// A character as compared: lowercased (ASCII without allocating).
    private static func fold(_ character: Character) -> String {
        if let ascii = character.asciiValue, (65...90).contains(ascii) { return String(UnicodeScalar(ascii + 32)) }
        return character.lowercased()
    }

    /// Highlights in a line: columns of matches (the current one stronger) and a selected link.
    struct Highlight: Equatable {
        var columns: Range<Int>
        var isCurrent: Bool
    }

    /// How a match is drawn; the current match and a selected link stand out more. Attributes only,
    /// so they read the same without colours.
    static let matchAttributes: Attributes = .reverse
    static let currentMatchAttributes: Attributes = [.reverse, .bold, .underline]
    static let selectedLinkAttributes: Attributes = [.reverse, .bold]

    /// `line` with its matches and the selected link's text restyled: spans are split where a
    /// highlight starts or ends (a style run), the text is unchanged.
    static func decorate(_ line: StyledLine, highlights: [Highlight], selectedLink: Int?) -> StyledLine {
        guard !highlights.isEmpty || (selectedLink != nil && line.spans.contains { $0.link == selectedLink }) else { return line }
        var spans: [Span] = []
        var column = 0
        for span in line.spans {
            let linkSelected = selectedLink != nil && span.link == selectedLink
            for character in span.text {
                let width = DisplayWidth.of(character)
                var style = span.style
                if linkSelected { style = style.adding(selectedLinkAttributes) }
                if let highlight = highlights.first(where: { $0.columns.contains(column) }) {
                    style = style.adding(highlight.isCurrent ? currentMatchAttributes : matchAttributes)
                }
                if let last = spans.last, last.style == style, last.link == span.link {
                    spans[spans.count - 1].text.append(character)
                } else {
                    spans.append(Span(String(character), style: style, link: span.link))
                }
                column += width
            }
        }
        return StyledLine(spans)
    }
}
