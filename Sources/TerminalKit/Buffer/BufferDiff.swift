#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Columns `x..<x + width` of row `y` that changed between two frames.
public struct ChangedRun: Sendable, Hashable, CustomStringConvertible {
    public var y: Int
    public var x: Int
    public var width: Int

    public init(y: Int, x: Int, width: Int) {
        self.y = y
        self.x = x
        self.width = width
    }

    public var columns: Range<Int> { x..<(x + width) }
    public var description: String { "y\(y) x\(x)+\(width)" }
}

/// What a backend must redraw to turn the previous frame into the current one: per row, the runs of
/// adjacent columns whose cells changed. Pure, so it is tested without a terminal.
///
/// A wide character counts as changed when its cell or its continuation changed, and a run always
/// holds it whole. Continuation cells inside a run are left to the backend to skip (drawing the wide
/// character covers them). Without a previous frame of the same size every row is one full run.
public enum BufferDiff {
    /// Calls `body` with each changed run, rows top to bottom, runs left to right. Allocates nothing:
    /// unchanged rows are skipped with one `memcmp` (cells are plain bytes, see `Cell.hasPlainLayout`).
    ///
    /// With `shift`, the terminal's lines were scrolled first: each row of the band is compared with
    /// the previous frame's row it came from, and the rows the scroll uncovered are changed whole (as
    /// against `previous.scrolled(shift)`, without making that copy).
    public static func forEachChangedRun(from previous: Buffer?, to current: Buffer, shift: LineShift? = nil,
                                         _ body: (_ y: Int, _ columns: Range<Int>) -> Void) {
        let width = current.width, height = current.height
        guard width > 0 else { return }
        guard let previous, previous.width == width, previous.height == height else {
            for y in 0..<height { body(y, 0..<width) }
            return
        }
        let plain = Cell.hasPlainLayout
        let band = shift.flatMap { shift -> (top: Int, bottom: Int, by: Int)? in
            let top = max(0, shift.top), bottom = min(height - 1, shift.bottom)
            return top <= bottom && shift.by != 0 ? (top, bottom, shift.by) : nil
        }
        current.cells.withUnsafeBufferPointer { cells in
            previous.cells.withUnsafeBufferPointer { before in
                guard let now = cells.baseAddress, let then = before.baseAddress else { return }
                for y in 0..<height {
                    let row = y * width
                    var previousRow = row
                    if let band, y >= band.top, y <= band.bottom {
                        let source = y + band.by
                        guard source >= band.top, source <= band.bottom else {
                            body(y, 0..<width)
                            continue
                        }
                        previousRow = source * width
                    }
                    if plain, memcmp(now + row, then + previousRow, width * MemoryLayout<Cell>.stride) == 0 { continue }
                    var x = 0
                    var runStart = -1
                    while x < width {
                        let cell = cells[row + x]
                        if cell.isContinuation { x += 1; continue }
                        let index = row + x, previousIndex = previousRow + x
                        let span = x + 1 < width ? Int(cell.width) : 1
                        let same = before[previousIndex] == cell && (span < 2 || before[previousIndex + 1] == cells[index + 1])
                        if same {
                            if runStart >= 0 { body(y, runStart..<x); runStart = -1 }
                        } else if runStart < 0 {
                            runStart = x
                        }
                        x += span
                    }
                    if runStart >= 0 { body(y, runStart..<width) }
                }
            }
        }
    }

    /// The changed runs as values (for tests and tools; backends use `forEachChangedRun`).
    public static func changedRuns(from previous: Buffer?, to current: Buffer, shift: LineShift? = nil) -> [ChangedRun] {
        var runs: [ChangedRun] = []
        forEachChangedRun(from: previous, to: current, shift: shift) { y, columns in
            runs.append(ChangedRun(y: y, x: columns.lowerBound, width: columns.count))
        }
        return runs
    }
}

/// A band of rows whose content moved up or down together between two frames: a list scrolled by a
/// row or a few. A backend can scroll those lines on the terminal and repaint only what is new.
public struct LineShift: Sendable, Hashable, CustomStringConvertible {
    /// The first and last row (inclusive) of the band that scrolls, in screen rows.
    public var top: Int
    public var bottom: Int
    /// Rows the band's content moved: up when positive (the terminal scrolls its lines up), down when negative.
    public var by: Int

    public init(top: Int, bottom: Int, by: Int) {
        self.top = top
        self.bottom = bottom
        self.by = by
    }

    public var description: String { "rows \(top)...\(bottom) by \(by)" }
}

extension BufferDiff {
    /// The largest scroll looked for, in rows (a held arrow key moves one, a mouse wheel notch three).
    public static let maxShift = 3

    /// The scroll that leaves the fewest rows to repaint, when it saves at least `minimumRows`. For each
    /// distance up to `maxShift` either way, the band runs from the first to the last row whose content
    /// is the previous frame's moved by that distance; scrolling it saves the rows in the band that
    /// changed where they are but not once moved, and costs those it spoils (unchanged where they are,
    /// changed once moved) and the rows the scroll uncovers.
    public static func verticalShift(from previous: Buffer, to current: Buffer, minimumRows: Int = 3) -> LineShift? {
        let width = current.width, height = current.height
        guard width > 0, previous.width == width, previous.height == height, height > 1 else { return nil }
        var best: (shift: LineShift, saved: Int)?
        current.cells.withUnsafeBufferPointer { cells in
            previous.cells.withUnsafeBufferPointer { before in
                func same(_ y: Int, _ previousY: Int) -> Bool {
                    let a = y * width, b = previousY * width
                    if Cell.hasPlainLayout, let now = cells.baseAddress, let then = before.baseAddress {
                        return memcmp(now + a, then + b, width * MemoryLayout<Cell>.stride) == 0
                    }
                    return (0..<width).allSatisfy { cells[a + $0] == before[b + $0] }
                }
                // Rows that are the same where they are (kept on the stack; screens are rarely taller).
                withUnsafeTemporaryAllocation(of: Bool.self, capacity: height) { unchanged in
                    var changed = 0
                    for y in 0..<height {
                        unchanged[y] = same(y, y)
                        if !unchanged[y] { changed += 1 }
                    }
                    guard changed > minimumRows else { return }
                    for step in 0..<(2 * min(maxShift, height - 1)) {
                        let distance = step / 2 + 1, by = step % 2 == 0 ? distance : -distance
                        // One pass over the rows y whose content may have been at y + by: the band runs
                        // from the first to the last that was; `saved` is counted up to the last.
                        var first = -1, last = -1, running = 0, saved = 0
                        for y in max(0, -by)..<min(height, height - by) {
                            if same(y, y + by) {
                                if first < 0 { first = y }
                                if !unchanged[y] { running += 1 }
                                last = y
                                saved = running
                            } else if first >= 0, unchanged[y] {
                                running -= 1
                            }
                        }
                        saved -= distance   // the rows the scroll uncovers are painted whole
                        guard first >= 0, saved >= minimumRows, saved > (best?.saved ?? 0) else { continue }
                        let shift = by > 0 ? LineShift(top: first, bottom: last + by, by: by)
                                           : LineShift(top: first + by, bottom: last, by: by)
                        best = (shift, saved)
                    }
                }
            }
        }
        return best?.shift
    }
}
