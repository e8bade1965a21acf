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
        let needle = Array(Sanitizer.line(query)).map(fold)
        guard !needle.isEmpty else { return [] }
        var found: [TextMatch] = []
        for (index, line) in lines.enumerated() {
            guard let line else { continue }
            let characters = Array(line.text)
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
