/// One screen cell: the grapheme it shows and its style.
///
/// A wide character occupies its cell and a *continuation* cell to its right (empty `text`).
public struct Cell: Sendable, Hashable {
    /// The scalars drawn in this cell; `""` for the right half of a wide character.
    public var text: String
    /// 1, or 2 for a wide character, 0 for a continuation cell.
    public var width: UInt8
    public var style: Style

    public init(text: String = " ", width: UInt8 = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell()
    public var isContinuation: Bool { width == 0 }
}

/// An in-memory grid of cells that widgets render into. Nothing here talks to a terminal:
/// a backend copies the buffer to the screen, tests compare it with text snapshots.
public struct Buffer: Sendable, Equatable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
    }

    /// Fills a rectangle with blanks of a style.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let clipped = clip(rect)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { put(Cell(style: style), x: x, y: y) }
        }
    }

    /// Applies extra attributes to every cell of a rectangle, keeping their text.
    public mutating func addAttributes(_ attributes: Attributes, in rect: Rect) {
        let clipped = clip(rect)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { cells[y * width + x].style.attributes.formUnion(attributes) }
        }
    }

    /// Writes text from (x, y) on one line, at most `maxWidth` columns (default: to the edge).
    /// The text is drawn as given (sanitize untrusted text first); zero-width clusters are skipped and
    /// a wide character that would not fit whole is replaced by a space. Returns the columns used.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(maxWidth ?? (width - x), width - x)
        guard limit > 0 else { return 0 }
        var column = x
        let end = x + limit
        for character in text {
            // Fast path: printable ASCII is one column and drawn as itself (no allocation).
            if let ascii = character.asciiValue, ascii >= 0x20, ascii != 0x7F {
                guard column < end else { break }
                if column >= 0 { put(Cell(text: String(character), width: 1, style: style), x: column, y: y) }
                column += 1
                continue
            }
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if column + w > end {
                if column < end, column >= 0 { put(Cell(style: style), x: column, y: y); column += 1 }
                break
            }
            if column >= 0 {
                let scalars = DisplayWidth.renderedScalars(character)
                var rendered = String.UnicodeScalarView()
                rendered.append(contentsOf: scalars)
                put(Cell(text: String(rendered), width: UInt8(w), style: style), x: column, y: y)
            }
            column += w
        }
        return column - x
    }

    /// Places one cell, keeping wide characters whole: a wide character that is partly overwritten
    /// is blanked out entirely.
    public mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, y < height, x < width else { return }
        var cell = cell
        if cell.width == 2, x + 1 >= width { cell = Cell(style: cell.style) }
        let span = max(1, Int(cell.width))
        // Break up any wide character we overlap.
        for cx in x..<min(width, x + span) {
            let index = y * width + cx
            if cells[index].isContinuation, cx > 0 { cells[index - 1] = Cell(style: cells[index - 1].style) }
            if cells[index].width == 2, cx + 1 < width { cells[index + 1] = Cell(style: cells[index + 1].style) }
        }
        cells[y * width + x] = cell
        if span == 2 { cells[y * width + x + 1] = Cell(text: "", width: 0, style: cell.style) }
    }

    /// Copies another buffer onto this one at (x, y), clipped.
    public mutating func draw(_ other: Buffer, atX ox: Int, y oy: Int) {
        for y in 0..<other.height where oy + y >= 0 && oy + y < height {
            for x in 0..<other.width where ox + x >= 0 && ox + x < width {
                let cell = other[x, y]
                if cell.isContinuation { continue }
                put(cell, x: ox + x, y: oy + y)
            }
        }
    }

    /// The text of row `y` (continuation cells skipped), as a person would read it.
    public func line(_ y: Int) -> String {
        var result = ""
        for x in 0..<width {
            let cell = self[x, y]
            if !cell.isContinuation { result += cell.text }
        }
        return result
    }

    /// All rows as text, trailing spaces trimmed: the form text snapshots compare.
    public func snapshot() -> String {
        (0..<height).map { y in
            var line = line(y)
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// Per-row runs of a style attribute, as `^` marks under the text, for snapshots where style matters.
    public func attributeMask(_ attributes: Attributes) -> String {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation {
                let marked = self[x, y].style.attributes.isSuperset(of: attributes)
                line += String(repeating: marked ? "^" : " ", count: max(1, Int(self[x, y].width)))
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    private func clip(_ rect: Rect) -> Rect {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.maxX), y1 = min(height, rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
