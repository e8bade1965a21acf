/// The control sequences a terminal understands, as bytes: read from its terminfo entry by the live
/// backend, made up (and easy to read) in tests.
public struct TerminalControls {
    /// Moves the cursor to a row and column (0-based).
    public var moveCursor: (_ row: Int, _ column: Int) -> [UInt8]
    /// Switches to drawing in `style` from whatever was in effect (so it starts with a reset).
    public var setStyle: (Style) -> [UInt8]
    /// Back to the terminal's plain style.
    public var resetStyle: [UInt8]
    /// Limits scrolling to rows `top...bottom`; nil when the terminal cannot (frames are then never
    /// scrolled, only repainted).
    public var setScrollRegion: ((_ top: Int, _ bottom: Int) -> [UInt8])?
    /// Scrolls the region's lines up one, the cursor being on its last row (terminfo `ind`).
    public var scrollUp: [UInt8]
    /// Scrolls the region's lines down one, the cursor being on its first row (terminfo `ri`).
    public var scrollDown: [UInt8]
    /// Writing the screen's last cell scrolls it (auto margins without the "newline glitch" xterm
    /// has): that cell is then left alone.
    public var lastCellScrolls: Bool

    public init(moveCursor: @escaping (Int, Int) -> [UInt8], setStyle: @escaping (Style) -> [UInt8], resetStyle: [UInt8],
                setScrollRegion: ((Int, Int) -> [UInt8])?, scrollUp: [UInt8], scrollDown: [UInt8], lastCellScrolls: Bool) {
        self.moveCursor = moveCursor
        self.setStyle = setStyle
        self.resetStyle = resetStyle
        self.setScrollRegion = setScrollRegion
        self.scrollUp = scrollUp
        self.scrollDown = scrollDown
        self.lastCellScrolls = lastCellScrolls
    }
}

/// Turns a frame into the bytes that bring a terminal from the previous frame to it: the changed
/// runs of cells (`BufferDiff`), each reached with one cursor movement, styles switched only where
/// they change, a scrolled band sent as a scroll of the terminal's lines. Pure apart from its style
/// cache, so tests run it into a model terminal.
///
/// What reaches the terminal is always safe: a control character in a cell (none should get there)
/// is written as `?`, so no text can make the terminal do anything. After a wide character the
/// cursor is placed again before narrow text, so a terminal that measures an emoji differently
/// misplaces at most that character.
public final class FrameEncoder {
    public let controls: TerminalControls
    private var styles: [Style: [UInt8]] = [:]

    public init(controls: TerminalControls) {
        self.controls = controls
    }

    /// Whether the terminal can scroll a band of lines (else `encode` is never given a shift).
    public var canScroll: Bool { controls.setScrollRegion != nil }

    /// Appends to `output` what turns a screen showing `previous` (nil: unknown, everything is
    /// written) into `current`, `shift`'s band scrolled first. Leaves the style plain and the cursor
    /// at the top left, so other output (curses leaving, a clone's banner) starts from a known state.
    public func encode(from previous: Buffer?, to current: Buffer, shift: LineShift? = nil, into output: inout [UInt8]) {
        let width = current.width, height = current.height
        guard width > 0, height > 0 else { return }
        let start = output.count
        var shift = shift
        if let found = shift, let previous, previous.width == width, previous.height == height,
           let setScrollRegion = controls.setScrollRegion {
            let top = max(0, found.top), bottom = min(height - 1, found.bottom)
            if top < bottom, found.by != 0, abs(found.by) <= bottom - top {
                output += setScrollRegion(top, bottom)
                output += controls.moveCursor(found.by > 0 ? bottom : top, 0)
                for _ in 0..<abs(found.by) { output += found.by > 0 ? controls.scrollUp : controls.scrollDown }
                output += setScrollRegion(0, height - 1)
            } else {
                shift = nil
            }
        } else {
            shift = nil
        }
        var cursor: (row: Int, column: Int)?
        var style: Style?
        var afterWide = false
        current.cells.withUnsafeBufferPointer { cells in
            BufferDiff.forEachChangedRun(from: previous, to: current, shift: shift) { y, columns in
                let row = y * width
                for x in columns {
                    let cell = cells[row + x]
                    if cell.isContinuation { continue }
                    let cellWidth = x + 1 < width ? max(1, Int(cell.width)) : 1
                    if controls.lastCellScrolls, y == height - 1, x + cellWidth >= width { break }
                    if afterWide, cellWidth == 1 { cursor = nil }
                    if cursor?.row != y || cursor?.column != x { output += controls.moveCursor(y, x) }
                    if style != cell.style {
                        output += styleBytes(cell.style)
                        style = cell.style
                    }
                    Self.appendText(of: cell, to: &output)
                    afterWide = cellWidth == 2
                    // At the last column the terminal waits to wrap: where the cursor is, is not said.
                    cursor = x + cellWidth < width ? (y, x + cellWidth) : nil
                }
            }
        }
        guard output.count > start else { return }
        if style != nil { output += controls.resetStyle }
        output += controls.moveCursor(0, 0)
    }

    private func styleBytes(_ style: Style) -> [UInt8] {
        if let known = styles[style] { return known }
        let bytes = controls.setStyle(style)
        if styles.count >= 256 { styles.removeAll(keepingCapacity: true) }
        styles[style] = bytes
        return bytes
    }

    /// The cell's scalars in UTF-8 (a blank for an empty cell), controls as `?`.
    @inline(__always)
    static func appendText(of cell: Cell, to output: inout [UInt8]) {
        let count = cell.scalarCount
        if count == 0 {
            output.append(0x20)
            return
        }
        for index in 0..<count {
            let value = cell.scalarValue(at: index)
            if value < 0x80 {
                output.append(value < 0x20 || value == 0x7F ? UInt8(ascii: "?") : UInt8(value))
            } else if value < 0xA0 {
                output.append(UInt8(ascii: "?"))   // C1 controls (CSI is 0x9B)
            } else if value < 0x800 {
                output.append(UInt8(0xC0 | (value >> 6)))
                output.append(UInt8(0x80 | (value & 0x3F)))
            } else if value < 0x10000 {
                output.append(UInt8(0xE0 | (value >> 12)))
                output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
                output.append(UInt8(0x80 | (value & 0x3F)))
            } else {
                output.append(UInt8(0xF0 | (value >> 18)))
                output.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
                output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
                output.append(UInt8(0x80 | (value & 0x3F)))
            }
        }
    }
}
