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
    public static func forEachChangedRun(from previous: Buffer?, to current: Buffer,
                                         _ body: (_ y: Int, _ columns: Range<Int>) -> Void) {
        let width = current.width, height = current.height
        guard width > 0 else { return }
        guard let previous, previous.width == width, previous.height == height else {
            for y in 0..<height { body(y, 0..<width) }
            return
        }
        let plain = Cell.hasPlainLayout
        current.cells.withUnsafeBufferPointer { cells in
            previous.cells.withUnsafeBufferPointer { before in
                guard let now = cells.baseAddress, let then = before.baseAddress else { return }
                for y in 0..<height {
                    let row = y * width
                    if plain, memcmp(now + row, then + row, width * MemoryLayout<Cell>.stride) == 0 { continue }
                    var x = 0
                    var runStart = -1
                    while x < width {
                        let cell = cells[row + x]
                        if cell.isContinuation { x += 1; continue }
                        let index = row + x
                        let span = x + 1 < width ? Int(cell.width) : 1
                        let same = before[index] == cell && (span < 2 || before[index + 1] == cells[index + 1])
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
    public static func changedRuns(from previous: Buffer?, to current: Buffer) -> [ChangedRun] {
        var runs: [ChangedRun] = []
        forEachChangedRun(from: previous, to: current) { y, columns in
            runs.append(ChangedRun(y: y, x: columns.lowerBound, width: columns.count))
        }
        return runs
    }
}
