import TerminalKit

/// Collects the inline content of one block: styled spans, split into segments at hard breaks,
/// with the style stack of emphasis, links and HTML tags, and image alt text.
struct InlineBuilder {
    /// The content so far, one segment per hard break (at least one, maybe empty).
    private(set) var segments: [[Span]] = [[]]
    private var styles: [(style: Style, tag: String?)]
    private var linkOpen = false
    private var linkNumber: Int?
    private var imageDepth = 0
    private var altText = ""

    init(base: Style = .plain) {
        styles = [(base, nil)]
    }

    /// The style text appended now gets.
    var current: Style { styles[styles.count - 1].style }

    /// Whether a link is open (its text carries its number; images inside are not numbered).
    var isInLink: Bool { linkOpen }

    mutating func append(_ text: String, style: Style? = nil) {
        if imageDepth > 0 {
            altText += text
            return
        }
        SpanLayout.append(text, style: style ?? current, link: linkNumber, to: &segments[segments.count - 1])
    }

    mutating func hardBreak() {
        if imageDepth > 0 {
            altText += " "
            return
        }
        segments.append([])
    }

    mutating func push(_ style: Style, tag: String? = nil) {
        styles.append((style, tag))
    }

    /// Ends the innermost style (the base style stays).
    mutating func pop() {
        if styles.count > 1 { styles.removeLast() }
    }

    /// Ends an HTML tag's style when it is the innermost one (stray closing tags are ignored).
    mutating func pop(tag: String) {
        if styles.count > 1, styles[styles.count - 1].tag == tag { styles.removeLast() }
    }

    /// Starts a link's text; `number` nil for a destination that cannot be followed.
    mutating func beginLink(number: Int?, style: Style) {
        linkOpen = true
        linkNumber = number
        push(style, tag: "a")
    }

    /// Ends a link's text, followed by its `[number]`.
    mutating func endLink(numberStyle: Style) {
        guard linkOpen else { return }
        if styles.count > 1, styles[styles.count - 1].tag == "a" { styles.removeLast() }
        let number = linkNumber
        linkOpen = false
        linkNumber = nil
        if let number { append("[\(number)]", style: numberStyle, link: number) }
    }

    private mutating func append(_ text: String, style: Style, link: Int?) {
        SpanLayout.append(text, style: style, link: link, to: &segments[segments.count - 1])
    }

    /// Starts an image: its content is its alt text.
    mutating func beginImage() {
        if imageDepth == 0 { altText = "" }
        imageDepth += 1
    }

    /// Ends an image: `[image: alt]`, then its `[number]` when it has one of its own.
    mutating func endImage(number: Int?, style: Style, numberStyle: Style) {
        guard imageDepth > 0 else { return }
        imageDepth -= 1
        guard imageDepth == 0 else { return }
        let alt = altText.trimmingSpaces
        append(alt.isEmpty ? "[image]" : "[image: \(alt)]", style: current.merging(style))
        if let number { append("[\(number)]", style: numberStyle, link: number) }
    }
}

/// The cells of a GFM table, laid out to a width when it ends.
struct TableBuilder {
    var alignments: [SpanLayout.Alignment]
    var rows: [[[Span]]] = []
    var headerRows = 0

    /// Narrowest a column is squeezed to (when the width allows); past that, columns are left out.
    static let minimumColumnWidth = 3

    /// The table in a box, columns shrunk to fit `width` (cells cut with …), rightmost columns left
    /// out (and counted in a note) when even the narrowest columns do not fit.
    func layout(width: Int, theme: MarkdownTheme) -> [[Span]] {
        let columnCount = max(alignments.count, rows.map(\.count).max() ?? 0)
        guard columnCount > 0, !rows.isEmpty else { return [] }
        guard width >= 1 + 3 + Self.minimumColumnWidth else {
            // Too narrow for a box: one line per row, cells separated by bars.
            return rows.map { row in
                var line: [Span] = []
                for (index, cell) in row.enumerated() {
                    if index > 0 { line.append(Span(" | ", style: theme.border)) }
                    line += cell
                }
                return SpanLayout.truncate(line, toWidth: width)
            }
        }
        var shown = columnCount
        while shown > 1, 1 + shown * (3 + Self.minimumColumnWidth) > width { shown -= 1 }
        var natural = [Int](repeating: 1, count: shown)
        for row in rows {
            for (index, cell) in row.prefix(shown).enumerated() { natural[index] = max(natural[index], SpanLayout.width(cell)) }
        }
        let available = width - 1 - 3 * shown
        var widths = natural
        if natural.reduce(0, +) > available {
            // Fair shares: narrow columns keep their width, the rest split what is left evenly.
            var remaining = available
            var left = shown
            for index in natural.indices.sorted(by: { natural[$0] < natural[$1] }) {
                let share = max(1, remaining / left)
                widths[index] = min(natural[index], share)
                remaining -= widths[index]
                left -= 1
            }
        }

        func rule(_ left: String, _ middle: String, _ right: String) -> [Span] {
            [Span(left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right,
                  style: theme.border)]
        }
        var lines: [[Span]] = [rule("┌", "┬", "┐")]
        for (rowIndex, row) in rows.enumerated() {
            var line = [Span("│", style: theme.border)]
            for column in 0..<shown {
                let cell = column < row.count ? row[column] : []
                let alignment = column < alignments.count ? alignments[column] : .left
                line.append(Span(" "))
                line += SpanLayout.fit(cell, toWidth: widths[column], alignment: alignment)
                line.append(Span(" "))
                line.append(Span("│", style: theme.border))
            }
            lines.append(line)
            if rowIndex + 1 == headerRows, rows.count > headerRows { lines.append(rule("├", "┼", "┤")) }
        }
        lines.append(rule("└", "┴", "┘"))
        if shown < columnCount {
            let hidden = columnCount - shown
            lines.append(SpanLayout.truncate([Span("(\(hidden) more column\(hidden == 1 ? "" : "s") not shown)", style: theme.note)],
                                             toWidth: width))
        }
        return lines
    }
}
