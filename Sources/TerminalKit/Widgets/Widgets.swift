/// Box-drawing characters for frames.
public enum BoxStyle {
    case single, rounded, heavy

    var corners: (tl: Unicode.Scalar, tr: Unicode.Scalar, bl: Unicode.Scalar, br: Unicode.Scalar) {
        switch self {
        case .single: return ("┌", "┐", "└", "┘")
        case .rounded: return ("╭", "╮", "╰", "╯")
        case .heavy: return ("┏", "┓", "┗", "┛")
        }
    }

    var horizontal: Unicode.Scalar { self == .heavy ? "━" : "─" }
    var vertical: Unicode.Scalar { self == .heavy ? "┃" : "│" }
}

extension Buffer {
    /// Draws a frame around `rect` with an optional title in its top edge; the inside is cleared.
    public mutating func drawBox(_ rect: Rect, title: String? = nil, style: Style = .plain, box: BoxStyle = .rounded) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        fill(rect, style: style)
        // Box-drawing characters are one column wide: each is one cell, put directly.
        let c = box.corners
        put(Cell(c.tl, style: style), x: rect.x, y: rect.y)
        put(Cell(c.tr, style: style), x: rect.maxX - 1, y: rect.y)
        put(Cell(c.bl, style: style), x: rect.x, y: rect.maxY - 1)
        put(Cell(c.br, style: style), x: rect.maxX - 1, y: rect.maxY - 1)
        let horizontal = Cell(box.horizontal, style: style), vertical = Cell(box.vertical, style: style)
        for x in (rect.x + 1)..<(rect.maxX - 1) {
            put(horizontal, x: x, y: rect.y)
            put(horizontal, x: x, y: rect.maxY - 1)
        }
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            put(vertical, x: rect.x, y: y)
            put(vertical, x: rect.maxX - 1, y: y)
        }
        if let title, rect.width > 4 {
            write(" \(title) ".truncated(toWidth: rect.width - 4), x: rect.x + 2, y: rect.y, style: style.adding(.bold))
        }
    }

    /// Writes `text` centred in a row of `rect`.
    public mutating func writeCentered(_ text: String, in rect: Rect, y: Int, style: Style = .plain) {
        let fitted = text.truncated(toWidth: rect.width)
        let x = rect.x + max(0, (rect.width - fitted.displayWidth) / 2)
        write(fitted, x: x, y: y, style: style)
    }
}

/// A message box with one `[ OK ]` button, drawn over whatever is under it.
public struct MessageBox: Sendable, Equatable {
    public var title: String
    public var message: String
    public var button: String

    public init(title: String, message: String, button: String = "OK") {
        self.title = title
        self.message = message
        self.button = button
    }

    /// The button's label as drawn.
    public var buttonLabel: String { "[ \(button) ]" }

    /// Draws the box centred in `area` and returns the button's rectangle (for mouse clicks).
    @discardableResult
    public func render(into buffer: inout Buffer, area: Rect) -> Rect {
        let maxInner = max(10, min(60, area.width - 6))
        let lines = message.wrapped(toWidth: maxInner)
        let inner = min(maxInner, max(lines.map(\.displayWidth).max() ?? 0, buttonLabel.displayWidth, title.displayWidth + 2))
        let rect = area.centered(width: inner + 4, height: lines.count + 4)
        buffer.drawBox(rect, title: title, box: .rounded)
        for (i, line) in lines.enumerated() where rect.y + 1 + i < rect.maxY - 2 {
            buffer.write(line, x: rect.x + 2, y: rect.y + 1 + i, maxWidth: rect.width - 4)
        }
        let buttonY = rect.maxY - 2
        let bx = rect.x + max(2, (rect.width - buttonLabel.displayWidth) / 2)
        buffer.write(buttonLabel, x: bx, y: buttonY, maxWidth: rect.width - 4, style: .reverse)
        return Rect(x: bx, y: buttonY, width: buttonLabel.displayWidth, height: 1)
    }
}
