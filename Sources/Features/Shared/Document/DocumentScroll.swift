/// Where a scrolling document is: its first visible line, kept so that the last screen is full. Also
/// the one home of the position text ("12–30/400") every scrolling pane shows on its bottom edge.
struct DocumentScroll: Sendable, Equatable {
    /// The first visible line.
    private(set) var offset = 0

    /// Scrolls to `line`, clamped to a document of `lineCount` lines shown `height` at a time.
    mutating func scroll(to line: Int, lineCount: Int, height: Int) {
        offset = max(0, min(line, lineCount - max(1, height)))
    }

    /// The lines of `lines` on screen at `height` rows (the first is line `top`), with the position
    /// text and whether more lies above or below. Costs the window, not the document.
    func window<Line>(_ lines: [Line], height: Int) -> (lines: [Line], top: Int, position: String, canScrollUp: Bool, canScrollDown: Bool) {
        let height = max(1, height)
        let top = min(offset, max(0, lines.count - height))
        let end = min(lines.count, top + height)
        let shown = top < end ? Array(lines[top..<end]) : []
        return (shown, top, Self.position(top: top, shown: end - top, count: lines.count), top > 0, end < lines.count)
    }

    /// "12–30/400": lines (or rows) `top`+1 to `top`+`shown` of `count`, and "+" when more pages follow;
    /// empty when everything is shown.
    static func position(top: Int, shown: Int, count: Int, more: Bool = false) -> String {
        guard count > shown, shown > 0 else { return "" }
        return "\(top + 1)–\(top + shown)/\(count)\(more ? "+" : "")"
    }
}
