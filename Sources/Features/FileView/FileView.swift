import MarkdownRendering
import TerminalKit

/// Draws an open file (`FileWindow`) into a rectangle: the title line, then the rows — line numbers
/// dim, the cursor's line reversed, lines holding the search's text underlined — or the note.
enum FileView {
    static func draw(_ window: FileWindow, in rect: Rect, buffer: inout Buffer) {
        guard rect.width > 0, rect.height > 0 else { return }
        buffer.fill(rect)
        let title = window.position.isEmpty ? window.title : window.title + "  " + window.position
        _ = buffer.write(title.truncated(toWidth: rect.width), x: rect.x, y: rect.y, maxWidth: rect.width, style: .bold)
        if let note = window.note {
            for (offset, line) in note.wrapped(toWidth: rect.width).prefix(rect.height - 1).enumerated() {
                _ = buffer.write(line, x: rect.x, y: rect.y + 1 + offset, maxWidth: rect.width, style: .dim)
            }
            return
        }
        for (offset, row) in window.rows.prefix(rect.height - 1).enumerated() {
            let y = rect.y + 1 + offset
            var x = rect.x
            if !row.number.isEmpty {
                x += buffer.write(row.number, x: x, y: y, maxWidth: rect.width, style: .dim)
                x += buffer.write(" ", x: x, y: y, maxWidth: rect.x + rect.width - x)
            }
            for span in row.spans where x < rect.x + rect.width {
                var style = span.style
                if row.isMatch { style = style.adding(.underline) }
                x += buffer.write(span.text, x: x, y: y, maxWidth: rect.x + rect.width - x, style: style)
            }
            if row.isCursor { buffer.addAttributes(.reverse, in: Rect(x: rect.x, y: y, width: rect.width, height: 1)) }
        }
    }
}
