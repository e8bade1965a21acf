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
