import TerminalKit

/// Draws rendered Markdown into a region of a cell buffer, scrolled.
public enum MarkdownView {
    /// The largest useful scroll offset: the last line at the bottom of a region `height` rows tall.
    public static func maximumScrollOffset(lineCount: Int, height: Int) -> Int {
        max(0, lineCount - max(0, height))
    }

    /// Draws `lines` from `scrollOffset` (clamped) into `rect`, clearing the rest of it. Lines in
    /// `highlighted` (e.g. search matches) get `highlightAttributes` added. Returns the offset used.
    @discardableResult
    public static func draw(_ lines: [StyledLine], into buffer: inout Buffer, in rect: Rect, scrollOffset: Int,
                            highlighted: Set<Int> = [], highlightAttributes: Attributes = .reverse) -> Int {
        buffer.fill(rect)
        let offset = min(max(0, scrollOffset), maximumScrollOffset(lineCount: lines.count, height: rect.height))
        for row in 0..<rect.height {
            let index = offset + row
            guard index < lines.count else { break }
            draw(lines[index], into: &buffer, x: rect.x, y: rect.y + row, maxWidth: rect.width)
            if highlighted.contains(index) {
                buffer.addAttributes(highlightAttributes, in: Rect(x: rect.x, y: rect.y + row, width: min(rect.width, lines[index].width), height: 1))
            }
        }
        return offset
    }

    /// Draws one line at (x, y), at most `maxWidth` columns. Returns the columns used.
    @discardableResult
    public static func draw(_ line: StyledLine, into buffer: inout Buffer, x: Int, y: Int, maxWidth: Int) -> Int {
        var column = 0
        for span in line.spans {
            guard column < maxWidth else { break }
            column += buffer.write(span.text, x: x + column, y: y, maxWidth: maxWidth - column, style: span.style)
        }
        return column
    }
}
