/// One screen cell: the grapheme it shows and its style.
///
/// A plain-old-data value (no reference-counted fields), so copying, comparing and filling cells
/// costs no allocation and no retain/release: the scalars drawn are stored inline, the base scalar
/// and up to four combining marks (ncurses' `CCHARW_MAX` is 5; `DisplayWidth.renderedScalars`
/// never gives more). An unused scalar slot is 0.
///
/// A wide character occupies its cell and a *continuation* cell to its right (width 0, no scalars).
public struct Cell: Sendable, Hashable {
    /// Most scalars one cell holds (the base and four marks).
    public static let maxScalars = DisplayWidth.maxRenderedScalars

    @usableFromInline var s0: UInt32
    @usableFromInline var s1: UInt32 = 0
    @usableFromInline var s2: UInt32 = 0
    @usableFromInline var s3: UInt32 = 0
    @usableFromInline var s4: UInt32 = 0
    /// 1, or 2 for a wide character, 0 for a continuation cell.
    public var width: UInt8
    public var style: Style

    /// A cell showing `text`'s first five scalars (use `Buffer.write` to measure and clip text).
    public init(text: String = " ", width: UInt8 = 1, style: Style = .plain) {
        s0 = 0
        self.width = width
        self.style = style
        for scalar in text.unicodeScalars {
            guard append(scalar) else { break }
        }
    }

    /// A cell showing one scalar: the fast way to build a cell.
    @inlinable
    public init(_ scalar: Unicode.Scalar, width: UInt8 = 1, style: Style = .plain) {
        s0 = scalar.value
        self.width = width
        self.style = style
    }

    /// A blank (a space) of a style.
    @inlinable
    public init(style: Style) {
        self.init(" ", width: 1, style: style)
    }

    /// The right half of a wide character drawn in `style`.
    @inlinable
    public static func continuation(style: Style) -> Cell {
        var cell = Cell(" ", width: 0, style: style)
        cell.s0 = 0
        return cell
    }

    public static let blank = Cell(" ")

    /// Whether a cell is exactly 32 bytes with no padding, so equal cells have equal bytes (the
    /// buffer diff compares whole rows with `memcmp` then).
    @inlinable
    public static var hasPlainLayout: Bool {
        MemoryLayout<Cell>.size == 32 && MemoryLayout<Cell>.stride == 32 && MemoryLayout<Style>.size == 11
    }

    @inlinable
    public var isContinuation: Bool { width == 0 }

    /// How many scalars the cell holds (0 for a continuation cell).
    @inlinable
    public var scalarCount: Int {
        s0 == 0 ? 0 : s1 == 0 ? 1 : s2 == 0 ? 2 : s3 == 0 ? 3 : s4 == 0 ? 4 : 5
    }

    /// The `index`th scalar's value (`0..<scalarCount`), 0 past the end.
    @inlinable
    public func scalarValue(at index: Int) -> UInt32 {
        switch index {
        case 0: return s0
        case 1: return s1
        case 2: return s2
        case 3: return s3
        case 4: return s4
        default: return 0
        }
    }

    /// Adds a scalar after the ones held; false (and nothing added) when the cell is full.
    @inlinable
    @discardableResult
    public mutating func append(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        guard v != 0 else { return true }
        if s0 == 0 { s0 = v } else if s1 == 0 { s1 = v } else if s2 == 0 { s2 = v }
        else if s3 == 0 { s3 = v } else if s4 == 0 { s4 = v } else { return false }
        return true
    }

    /// The scalars drawn in this cell; `""` for the right half of a wide character.
    public var text: String {
        get {
            if s1 == 0, s0 < 0x80 { return s0 == 0 ? "" : String(Character(Unicode.Scalar(UInt8(s0)))) }
            var view = String.UnicodeScalarView()
            for index in 0..<scalarCount {
                if let scalar = Unicode.Scalar(scalarValue(at: index)) { view.append(scalar) }
            }
            return String(view)
        }
        set {
            s0 = 0; s1 = 0; s2 = 0; s3 = 0; s4 = 0
            for scalar in newValue.unicodeScalars {
                guard append(scalar) else { break }
            }
        }
    }

    /// Compares the cells' bytes when the layout has no padding (32 bytes: five scalars, the width
    /// and an 11-byte style; each value has one representation), else field by field. Style's
    /// synthesized `==` is not inlined across modules, and this runs for every cell of every draw.
    @inlinable
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        if hasPlainLayout {
            return withUnsafeBytes(of: lhs) { a in
                withUnsafeBytes(of: rhs) { b in
                    a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                        && a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        && a.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                        && a.loadUnaligned(fromByteOffset: 24, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                }
            }
        }
        return lhs.s0 == rhs.s0 && lhs.width == rhs.width && lhs.style == rhs.style
            && lhs.s1 == rhs.s1 && lhs.s2 == rhs.s2 && lhs.s3 == rhs.s3 && lhs.s4 == rhs.s4
    }
}

/// An in-memory grid of cells that widgets render into. Nothing here talks to a terminal:
/// a backend copies the buffer to the screen, tests compare it with text snapshots.
public struct Buffer: Sendable, Equatable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// Real pictures laid over some cells (`drawPicture`), for terminals with a graphics protocol.
    public internal(set) var pictures: [PicturePlacement] = []

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// This frame as a terminal shows it after scrolling `shift`'s rows: the band's content moved, and
    /// the rows the scroll uncovered filled with cells unlike any a frame holds, so a diff against the
    /// result repaints them whole.
    public func scrolled(_ shift: LineShift) -> Buffer {
        var result = self
        let width = width
        let top = max(0, shift.top), bottom = min(height - 1, shift.bottom)
        guard top <= bottom, shift.by != 0 else { return result }
        let uncovered = Cell(" ", width: 3)   // no cell is 3 columns wide
        self.cells.withUnsafeBufferPointer { original in
            result.cells.withUnsafeMutableBufferPointer { cells in
                guard let from = original.baseAddress, let to = cells.baseAddress else { return }
                for y in top...bottom {
                    let source = y + shift.by
                    if source >= top, source <= bottom {
                        (to + y * width).update(from: from + source * width, count: width)
                    } else {
                        (to + y * width).update(repeating: uncovered, count: width)
                    }
                }
            }
        }
        return result
    }

    /// Marks `rect`'s cells as unknown (cells unlike any a frame holds): a diff from this buffer
    /// writes them again. For a previous frame whose cells the terminal no longer shows as they were
    /// (a picture's pixels lay over them).
    public mutating func markUnknown(_ rect: Rect) {
        let clipped = clip(rect)
        guard !clipped.isEmpty else { return }
        let unknown = Cell(" ", width: 3)   // no cell is 3 columns wide
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { cells[y * width + x] = unknown }
        }
    }

    /// Blanks every cell, at a new size if it differs: the same as a new buffer, in the cells this one
    /// has when the size is the same (and nothing else shares them).
    public mutating func reset(width: Int, height: Int) {
        let width = max(0, width), height = max(0, height)
        pictures.removeAll()
        guard width == self.width, height == self.height else {
            self = Buffer(width: width, height: height)
            return
        }
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: .blank) }
    }

    @inlinable
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
    }

    /// Fills a rectangle with blanks of a style.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let clipped = clip(rect)
        guard !clipped.isEmpty else { return }
        let blank = Cell(style: style)
        let width = width
        cells.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress else { return }
            for y in clipped.y..<clipped.maxY {
                let row = y * width
                // A wide character cut by either edge of the rectangle is blanked out whole.
                if cells[row + clipped.x].isContinuation, clipped.x > 0 {
                    cells[row + clipped.x - 1] = Cell(style: cells[row + clipped.x - 1].style)
                }
                if cells[row + clipped.maxX - 1].width == 2, clipped.maxX < width {
                    cells[row + clipped.maxX] = Cell(style: cells[row + clipped.maxX].style)
                }
                (base + row + clipped.x).update(repeating: blank, count: clipped.width)
            }
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
        let end = x + limit   // <= width: every column in 0..<end is on the row
        let width = width
        let row = y * width
        if x >= 0, let used = writePrintableASCII(text, x: x, row: row, limit: limit, style: style) { return used }
        var utf8 = text
        utf8.withUTF8 { bytes in
            cells.withUnsafeMutableBufferPointer { cells in
                var i = 0
                while i < bytes.count, column < end {
                    // Printable ASCII followed by ASCII (or nothing) is a one-column cluster drawn as itself.
                    let byte = bytes[i]
                    if byte >= 0x20, byte < 0x7F, i + 1 == bytes.count || bytes[i + 1] < 0x80 {
                        if column >= 0 {
                            Self.place(Cell(Unicode.Scalar(byte), width: 1, style: style), x: column, row: row, width: width, in: cells)
                        }
                        column += 1
                        i += 1
                        continue
                    }
                    let cluster = DisplayWidth.cluster(in: bytes, at: i, of: text)
                    i = cluster.end
                    let w = cluster.width
                    if w == 0 { continue }
                    if column + w > end {
                        // A wide character that would not fit whole: a space in the last column.
                        if column >= 0 {
                            Self.place(Cell(style: style), x: column, row: row, width: width, in: cells)
                            column += 1
                        }
                        break
                    }
                    if column >= 0 {
                        // The scalars drawn (the base and its marks) go into the cell itself: no allocation.
                        var cell = Cell.continuation(style: style)
                        cell.width = UInt8(w)
                        DisplayWidth.forEachRenderedScalar(cluster.scalars) { cell.append($0) }
                        Self.place(cell, x: column, row: row, width: width, in: cells)
                    }
                    column += w
                }
            }
        }
        return column - x
    }

    /// `write` for text that is all printable ASCII (most of what a screen shows): one cell per byte in
    /// one pass. Of the wide characters it may overwrite, only those cut by the run's two ends need
    /// blanking, as `place` would do cell by cell. Nil, and nothing written, for any other text.
    private mutating func writePrintableASCII(_ text: String, x: Int, row: Int, limit: Int, style: Style) -> Int? {
        var text = text
        let width = width
        return text.withUTF8 { bytes -> Int? in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            let count = min(bytes.count, limit)
            guard count > 0 else { return 0 }
            cells.withUnsafeMutableBufferPointer { cells in
                let first = row + x, last = first + count - 1
                if cells[first].isContinuation, x > 0 { cells[first - 1] = Cell(style: cells[first - 1].style) }
                if cells[last].width == 2, x + count < width { cells[last + 1] = Cell(style: cells[last + 1].style) }
                for offset in 0..<count {
                    cells[first + offset] = Cell(Unicode.Scalar(bytes[offset]), width: 1, style: style)
                }
            }
            return count
        }
    }

    /// Places one cell, keeping wide characters whole: a wide character that is partly overwritten
    /// is blanked out entirely.
    public mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, y < height, x < width else { return }
        let width = width
        cells.withUnsafeMutableBufferPointer { Self.place(cell, x: x, row: y * width, width: width, in: $0) }
    }

    /// `put` for a column known to be on the row that starts at `row`.
    @inline(__always)
    private static func place(_ cell: Cell, x: Int, row: Int, width: Int, in cells: UnsafeMutableBufferPointer<Cell>) {
        let index = row + x
        // Break up any wide character we overlap.
        if cells[index].isContinuation, x > 0 { cells[index - 1] = Cell(style: cells[index - 1].style) }
        if cell.width == 2, x + 1 < width {
            if cells[index + 1].width == 2, x + 2 < width { cells[index + 2] = Cell(style: cells[index + 2].style) }
            cells[index] = cell
            cells[index + 1] = .continuation(style: cell.style)
        } else {
            if cells[index].width == 2, x + 1 < width { cells[index + 1] = Cell(style: cells[index + 1].style) }
            // A wide cell at the last column does not fit: a blank instead.
            cells[index] = cell.width == 2 ? Cell(style: cell.style) : cell
        }
    }

    /// Copies another buffer onto this one at (x, y), clipped.
    public mutating func draw(_ other: Buffer, atX ox: Int, y oy: Int) {
        let x0 = max(0, -ox), x1 = min(other.width, width - ox)
        guard x0 < x1 else { return }
        let width = width, height = height
        cells.withUnsafeMutableBufferPointer { cells in
            other.cells.withUnsafeBufferPointer { source in
                for y in 0..<other.height where oy + y >= 0 && oy + y < height {
                    let from = y * other.width, row = (oy + y) * width
                    // Narrow cells over narrow cells (most rows): one copy of the whole span.
                    var narrow = true
                    for x in x0..<x1 where source[from + x].width != 1 || cells[row + ox + x].width != 1 {
                        narrow = false
                        break
                    }
                    if narrow, let target = cells.baseAddress, let origin = source.baseAddress {
                        (target + row + ox + x0).update(from: origin + from + x0, count: x1 - x0)
                        continue
                    }
                    for x in x0..<x1 {
                        let cell = source[from + x]
                        if cell.isContinuation { continue }
                        // One narrow cell over another is a plain copy; anything wide is placed as `put` does.
                        if cell.width == 1, cells[row + ox + x].width == 1 {
                            cells[row + ox + x] = cell
                        } else {
                            Self.place(cell, x: ox + x, row: row, width: width, in: cells)
                        }
                    }
                }
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
