import Testing
@testable import TerminalKit

@Suite("Buffer diff: changed runs per row")
struct BufferDiffTests {
    func buffer(_ lines: [String], width: Int = 10) -> Buffer {
        var buffer = Buffer(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { buffer.write(line, x: 0, y: y) }
        return buffer
    }

    @Test("Without a previous frame, or after a resize, every row is one full run")
    func full() {
        let current = buffer(["abc", "def"])
        #expect(BufferDiff.changedRuns(from: nil, to: current)
                == [ChangedRun(y: 0, x: 0, width: 10), ChangedRun(y: 1, x: 0, width: 10)])
        let smaller = buffer(["abc", "def"], width: 9)
        #expect(BufferDiff.changedRuns(from: smaller, to: current).count == 2)
    }

    @Test("Equal frames have no runs; changed cells form runs of adjacent columns")
    func runs() {
        let before = buffer(["hello world", "same", "abcdefghij"])
        #expect(BufferDiff.changedRuns(from: before, to: before).isEmpty)
        var after = before
        after.write("J", x: 0, y: 0)
        after.write("xy", x: 6, y: 0)
        after.write("XYZ", x: 7, y: 2)
        #expect(BufferDiff.changedRuns(from: before, to: after)
                == [ChangedRun(y: 0, x: 0, width: 1), ChangedRun(y: 0, x: 6, width: 2), ChangedRun(y: 2, x: 7, width: 3)])
    }

    @Test("A style change alone is a change")
    func style() {
        let before = buffer(["abc"])
        var after = before
        after.addAttributes(.bold, in: Rect(x: 1, y: 0, width: 1, height: 1))
        #expect(BufferDiff.changedRuns(from: before, to: after) == [ChangedRun(y: 0, x: 1, width: 1)])
        var coloured = before
        coloured.put(Cell("b", style: Style(foregroundRGB: RGB(1, 2, 3))), x: 1, y: 0)
        #expect(BufferDiff.changedRuns(from: before, to: coloured) == [ChangedRun(y: 0, x: 1, width: 1)])
    }

    @Test("A wide character is redrawn whole: its run covers its continuation cell")
    func wide() {
        let before = buffer(["a日b"])
        var after = before
        after.write("本", x: 1, y: 0)
        #expect(BufferDiff.changedRuns(from: before, to: after) == [ChangedRun(y: 0, x: 1, width: 2)])
        // Narrow characters replacing a wide one: both columns change.
        var narrow = before
        narrow.write("xy", x: 1, y: 0)
        #expect(BufferDiff.changedRuns(from: before, to: narrow) == [ChangedRun(y: 0, x: 1, width: 2)])
        // A change only in the continuation's style still redraws the wide character.
        var styled = before
        styled.addAttributes(.reverse, in: Rect(x: 2, y: 0, width: 1, height: 1))
        #expect(BufferDiff.changedRuns(from: before, to: styled) == [ChangedRun(y: 0, x: 1, width: 2)])
    }

    @Test("A run reaching the last column ends at the width")
    func toTheEdge() {
        let before = buffer(["0123456789"])
        var after = before
        after.write("xyz", x: 7, y: 0)
        #expect(BufferDiff.changedRuns(from: before, to: after) == [ChangedRun(y: 0, x: 7, width: 3)])
    }

    @Test("Replaying the runs onto the previous frame gives the current one (random edits)")
    func replay() {
        var generator = SplitMix(seed: 42)
        let alphabet = ["a", "b", "日", "é", " ", "本"]
        for _ in 0..<200 {
            var before = Buffer(width: 12, height: 3)
            var after = Buffer(width: 12, height: 3)
            for y in 0..<3 {
                for x in 0..<12 {
                    let text = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                    before.write(text, x: x, y: y)
                    if generator.next() % 3 == 0 {
                        after.write(text, x: x, y: y, style: .bold)
                    } else {
                        after.write(alphabet[Int(generator.next() % UInt64(alphabet.count))], x: x, y: y)
                    }
                }
            }
            var replayed = before
            for run in BufferDiff.changedRuns(from: before, to: after) {
                for x in run.columns where !after[x, run.y].isContinuation {
                    replayed.put(after[x, run.y], x: x, y: run.y)
                }
            }
            #expect(replayed == after)
        }
    }
}

@Suite("Buffer diff: rows that scrolled")
struct LineShiftTests {
    func buffer(_ lines: [String], width: Int = 8) -> Buffer {
        var buffer = Buffer(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { buffer.write(line, x: 0, y: y) }
        return buffer
    }

    let list = (0..<12).map { "row \($0)" }

    @Test("A list scrolled down by one row under a fixed header and footer is found, and the scrolled frame differs from the new one only in the new row")
    func oneRow() throws {
        let before = buffer(["header"] + Array(list[0..<8]) + ["footer"])
        let after = buffer(["header"] + Array(list[1..<9]) + ["footer"])
        let shift = try #require(BufferDiff.verticalShift(from: before, to: after))
        #expect(shift == LineShift(top: 1, bottom: 8, by: 1))
        let scrolled = before.scrolled(shift)
        #expect(BufferDiff.changedRuns(from: scrolled, to: after) == [ChangedRun(y: 8, x: 0, width: 8)])
    }

    @Test("Up by three rows (a wheel notch), with the selected row changed too")
    func threeRowsBack() throws {
        let rows = (0..<20).map { "row \($0)" }
        let before = buffer(["header"] + Array(rows[4..<16]) + ["footer"])
        var after = buffer(["header"] + Array(rows[1..<13]) + ["footer"])
        after.write(">", x: 7, y: 5)
        let shift = try #require(BufferDiff.verticalShift(from: before, to: after))
        #expect(shift == LineShift(top: 1, bottom: 12, by: -3))
        // The three uncovered rows and the changed one are painted.
        let painted = Set(BufferDiff.changedRuns(from: before.scrolled(shift), to: after).map(\.y))
        #expect(painted == [1, 2, 3, 5])
    }

    @Test("No shift when too little would be saved, between different sizes, or when nothing moved")
    func none() {
        let before = buffer(Array(list[0..<6]))
        #expect(BufferDiff.verticalShift(from: before, to: before) == nil)
        #expect(BufferDiff.verticalShift(from: before, to: buffer(Array(list[0..<6]), width: 9)) == nil)
        // Only two rows would be saved (three moved, one uncovered).
        let small = buffer(["a", "b", "c", "x", "y", "z"])
        #expect(BufferDiff.verticalShift(from: small, to: buffer(["b", "c", "d", "x", "y", "z"])) == nil)
        // Page down: nothing in common.
        #expect(BufferDiff.verticalShift(from: before, to: buffer(Array(list[6..<12]))) == nil)
    }

    @Test("Scrolled frames agree with moving the rows by hand, for every band and distance")
    func scrolledMatchesRows() {
        let before = buffer(Array(list[0..<6]))
        for top in 0..<6 {
            for bottom in top..<6 {
                for by in -3...3 where by != 0 {
                    let scrolled = before.scrolled(LineShift(top: top, bottom: bottom, by: by))
                    for y in 0..<6 {
                        let source = y + by
                        let expected: String? = y < top || y > bottom ? before.line(y)
                            : (top...bottom).contains(source) ? before.line(source) : nil
                        if let expected {
                            #expect(scrolled.line(y) == expected)
                        } else {
                            #expect((0..<8).allSatisfy { scrolled[$0, y] != before[$0, y] && scrolled[$0, y].width == 3 })
                        }
                    }
                }
            }
        }
    }
}

@Suite("Buffer diff: scrolled rows compared in place")
struct ShiftedDiffTests {
    @Test("The diff given a shift equals the diff against the scrolled copy: random frames with wide characters, every band and distance")
    func equalsScrolledCopy() {
        var random = SplitMix(seed: 42)
        let pieces = ["a", "日", "本", "😀", " ", "é", "語", "x"]
        func frame() -> Buffer {
            var buffer = Buffer(width: 9, height: 7)
            for y in 0..<7 {
                let line = (0..<6).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
                buffer.write(line, x: Int(random.next() % 3), y: y)
            }
            return buffer
        }
        for _ in 0..<20 {
            let before = frame(), after = frame()
            for top in 0..<7 {
                for bottom in top..<7 {
                    for by in -3...3 {
                        let shift = LineShift(top: top, bottom: bottom, by: by)
                        #expect(BufferDiff.changedRuns(from: before, to: after, shift: shift)
                                == BufferDiff.changedRuns(from: before.scrolled(shift), to: after), "\(shift)")
                    }
                }
            }
        }
    }

    @Test("A list scrolled by one row: only the new row is changed")
    func oneRow() throws {
        var before = Buffer(width: 8, height: 10), after = Buffer(width: 8, height: 10)
        for y in 0..<10 {
            before.write(y == 0 ? "header" : y == 9 ? "footer" : "row \(y - 1)", x: 0, y: y)
            after.write(y == 0 ? "header" : y == 9 ? "footer" : "row \(y)", x: 0, y: y)
        }
        let shift = try #require(BufferDiff.verticalShift(from: before, to: after))
        #expect(BufferDiff.changedRuns(from: before, to: after, shift: shift) == [ChangedRun(y: 8, x: 0, width: 8)])
    }
}

/// A small deterministic random generator for tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
