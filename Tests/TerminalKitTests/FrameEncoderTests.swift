import Testing
@testable import TerminalKit

/// A terminal as far as `FrameEncoder` uses one: cursor addressing, styles, a scrolling region with
/// line feed and reverse index, auto margins (with or without xterm's pending wrap). It reads the
/// readable sequences of `ModelTerminal.controls`, so a test sees what a frame's bytes make of a screen.
final class ModelTerminal {
    struct Slot: Equatable {
        var text: String = " "
        var style: Style = .plain
        var isContinuation = false
    }

    let width: Int, height: Int
    /// Whether writing the last column waits to wrap (xterm's `xenl`) instead of wrapping at once.
    let pendingWrap: Bool
    private(set) var grid: [[Slot]]
    private var row = 0, column = 0, wrapPending = false
    private var top = 0, bottom: Int
    private var style = Style.plain
    /// Styles named by number in `setStyle`'s readable sequence.
    private var styles: [Style] = []

    init(width: Int, height: Int, pendingWrap: Bool = true) {
        self.width = width
        self.height = height
        self.pendingWrap = pendingWrap
        bottom = height - 1
        grid = Array(repeating: Array(repeating: Slot(), count: width), count: height)
    }

    var controls: TerminalControls {
        TerminalControls(
            moveCursor: { row, column in Array("\u{1B}[\(row + 1);\(column + 1)H".utf8) },
            setStyle: { [unowned self] style in
                if !styles.contains(style) { styles.append(style) }
                return Array("\u{1B}[S\(styles.firstIndex(of: style)!)m".utf8)
            },
            resetStyle: Array("\u{1B}[0m".utf8),
            setScrollRegion: { top, bottom in Array("\u{1B}[\(top + 1);\(bottom + 1)r".utf8) },
            scrollUp: [0x0A], scrollDown: Array("\u{1B}M".utf8),
            lastCellScrolls: !pendingWrap)
    }

    /// Applies a frame's bytes. Unknown sequences fail the test.
    func apply(_ bytes: [UInt8]) {
        var text: [UInt8] = []
        var index = 0
        func flush() {
            for character in String(decoding: text, as: UTF8.self) { put(character) }
            text = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                flush()
                if bytes[index + 1] == UInt8(ascii: "M") {
                    reverseIndex()
                    index += 2
                    continue
                }
                #expect(bytes[index + 1] == UInt8(ascii: "["))
                var end = index + 2
                while !(bytes[end] >= 0x40 && bytes[end] <= 0x7E && bytes[end] != UInt8(ascii: "S")) { end += 1 }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                switch bytes[end] {
                case UInt8(ascii: "H"):
                    let numbers = parameters.split(separator: ";").map { Int($0)! }
                    row = numbers[0] - 1
                    column = numbers[1] - 1
                    wrapPending = false
                case UInt8(ascii: "r"):
                    let numbers = parameters.split(separator: ";").map { Int($0)! }
                    top = numbers[0] - 1
                    bottom = numbers[1] - 1
                    row = 0
                    column = 0
                    wrapPending = false
                case UInt8(ascii: "m"):
                    style = parameters.hasPrefix("S") ? styles[Int(parameters.dropFirst())!] : .plain
                default:
                    Issue.record("unknown sequence \(parameters)")
                }
                index = end + 1
            } else if byte == 0x0A {
                flush()
                lineFeed()
                index += 1
            } else {
                #expect(byte >= 0x20 && byte != 0x7F, "a control byte reached the terminal: \(byte)")
                text.append(byte)
                index += 1
            }
        }
        flush()
    }

    private func put(_ character: Character) {
        let characterWidth = max(1, DisplayWidth.of(character))
        if wrapPending || column + characterWidth > width {
            column = 0
            lineFeed()
            wrapPending = false
        }
        grid[row][column] = Slot(text: String(character), style: style)
        if characterWidth == 2 { grid[row][column + 1] = Slot(text: "", style: style, isContinuation: true) }
        column += characterWidth
        if column >= width {
            if pendingWrap {
                column = width - 1
                wrapPending = true
            } else {
                column = 0
                lineFeed()
            }
        }
    }

    private func lineFeed() {
        if row == bottom {
            grid.remove(at: top)
            grid.insert(Array(repeating: Slot(), count: width), at: bottom)
        } else if row < height - 1 {
            row += 1
        }
    }

    private func reverseIndex() {
        if row == top {
            grid.remove(at: bottom)
            grid.insert(Array(repeating: Slot(), count: width), at: top)
        } else if row > 0 {
            row -= 1
        }
    }

    /// What the screen shows, as the buffer it should equal would say it.
    func slots(of buffer: Buffer) -> [[Slot]] {
        (0..<buffer.height).map { y in
            (0..<buffer.width).map { x in
                let cell = buffer[x, y]
                return cell.isContinuation ? Slot(text: "", style: cell.style, isContinuation: true)
                    : Slot(text: cell.scalarCount == 0 ? " " : cell.text, style: cell.style)
            }
        }
    }
}

@Suite("Frame encoder: the bytes that bring a terminal to a frame")
struct FrameEncoderTests {
    static let pieces = ["a", "b", "日", "本", "😀", " ", "é", "語", "x", "👍🏽", "e\u{301}"]
    static let styles = [Style.plain, Style(attributes: .bold), Style(foreground: .red), Style(attributes: [.reverse, .dim]),
                         Style(foregroundRGB: RGB(hex: 0xF05138))]

    func randomFrame(_ random: inout SplitMix, width: Int = 12, height: Int = 8) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        for y in 0..<height {
            let line = (0..<8).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            buffer.write(line, x: Int(random.next() % 4), y: y, style: Self.styles[Int(random.next() % UInt64(Self.styles.count))])
        }
        return buffer
    }

    /// `before` with a band of rows moved by up to three and a few rows changed: what a scrolled list looks like.
    func scrolledFrame(_ before: Buffer, _ random: inout SplitMix) -> Buffer {
        var after = Buffer(width: before.width, height: before.height)
        let by = Int(random.next() % 7) - 3
        for y in 0..<before.height {
            let source = y + by
            guard y > 0, y < before.height - 1, source > 0, source < before.height - 1 else { continue }
            after.draw(rowOf(before, source), atX: 0, y: y)
        }
        var fresh = randomFrame(&random, width: before.width, height: before.height)
        for y in [0, before.height - 1, Int(random.next() % UInt64(before.height))] {
            after.draw(rowOf(fresh, y), atX: 0, y: y)
        }
        fresh = Buffer(width: 0, height: 0)
        return after
    }

    func rowOf(_ buffer: Buffer, _ y: Int) -> Buffer {
        var row = Buffer(width: buffer.width, height: 1)
        row.draw(buffer, atX: 0, y: -y)
        return row
    }

    @Test("Random frames with wide characters, emoji and marks, one after another, scrolled or not: the terminal shows each exactly")
    func framesOneAfterAnother() {
        var random = SplitMix(seed: 7)
        let terminal = ModelTerminal(width: 12, height: 8)
        let encoder = FrameEncoder(controls: terminal.controls)
        var previous: Buffer?
        var scrolls = 0
        for step in 0..<300 {
            let frame = previous.map { step % 3 == 0 ? randomFrame(&random) : scrolledFrame($0, &random) } ?? randomFrame(&random)
            let shift = previous.flatMap { BufferDiff.verticalShift(from: $0, to: frame, minimumRows: 1) }
            if shift != nil { scrolls += 1 }
            var bytes: [UInt8] = []
            encoder.encode(from: previous, to: frame, shift: shift, into: &bytes)
            terminal.apply(bytes)
            #expect(terminal.grid == terminal.slots(of: frame), "step \(step), shift \(String(describing: shift))")
            previous = frame
        }
        #expect(scrolls > 50, "the frames exercised scrolling")
    }

    @Test("A list scrolled by a row: one scroll of the band, then the new row; nothing else is written")
    func scrolledList() throws {
        var before = Buffer(width: 10, height: 10), after = Buffer(width: 10, height: 10)
        for y in 0..<10 {
            before.write(y == 0 ? "header" : y == 9 ? "footer" : "row \(y)", x: 0, y: y)
            after.write(y == 0 ? "header" : y == 9 ? "footer" : "row \(y + 1)", x: 0, y: y)
        }
        let terminal = ModelTerminal(width: 10, height: 10)
        let encoder = FrameEncoder(controls: terminal.controls)
        var bytes: [UInt8] = []
        encoder.encode(from: nil, to: before, into: &bytes)
        terminal.apply(bytes)
        let shift = try #require(BufferDiff.verticalShift(from: before, to: after))
        bytes = []
        encoder.encode(from: before, to: after, shift: shift, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self)
                == "\u{1B}[2;9r\u{1B}[9;1H\n\u{1B}[1;10r\u{1B}[9;1H\u{1B}[S0mrow 9     \u{1B}[0m\u{1B}[1;1H")
        terminal.apply(bytes)
        #expect(terminal.grid == terminal.slots(of: after))
    }

    @Test("Nothing changed: not a byte")
    func unchanged() {
        var frame = Buffer(width: 8, height: 3)
        frame.write("日本語", x: 0, y: 1)
        let encoder = FrameEncoder(controls: ModelTerminal(width: 8, height: 3).controls)
        var bytes: [UInt8] = []
        encoder.encode(from: frame, to: frame, into: &bytes)
        #expect(bytes.isEmpty)
    }

    @Test("Control characters in a cell reach the terminal as ?, never as themselves")
    func controlsAreHarmless() {
        var frame = Buffer(width: 6, height: 1)
        for (x, value) in [0x1B, 0x07, 0x9B, 0x7F, 0x0A, 0x41].enumerated() {
            frame.put(Cell(Unicode.Scalar(UInt32(value))!), x: x, y: 0)
        }
        let terminal = ModelTerminal(width: 6, height: 1)
        var bytes: [UInt8] = []
        FrameEncoder(controls: terminal.controls).encode(from: nil, to: frame, into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("?????A"), "\(text.debugDescription)")
        terminal.apply(bytes)
    }

    @Test("A terminal whose last cell scrolls the screen: that cell is left alone and nothing scrolls")
    func lastCell() {
        var frame = Buffer(width: 5, height: 2)
        frame.write("abcde", x: 0, y: 0)
        frame.write("fghij", x: 0, y: 1)
        let terminal = ModelTerminal(width: 5, height: 2, pendingWrap: false)
        var bytes: [UInt8] = []
        FrameEncoder(controls: terminal.controls).encode(from: nil, to: frame, into: &bytes)
        terminal.apply(bytes)
        var expected = frame
        expected.put(Cell(" "), x: 4, y: 1)
        #expect(terminal.grid == terminal.slots(of: expected))
    }

    @Test("Without scrolling regions a shift is ignored and the rows are written instead")
    func noScrollRegion() {
        var random = SplitMix(seed: 3)
        let terminal = ModelTerminal(width: 12, height: 8)
        var controls = terminal.controls
        controls.setScrollRegion = nil
        let encoder = FrameEncoder(controls: controls)
        #expect(!encoder.canScroll)
        let before = randomFrame(&random), after = scrolledFrame(before, &random)
        var bytes: [UInt8] = []
        encoder.encode(from: nil, to: before, into: &bytes)
        encoder.encode(from: before, to: after, shift: LineShift(top: 1, bottom: 6, by: 1), into: &bytes)
        terminal.apply(bytes)
        #expect(terminal.grid == terminal.slots(of: after))
    }
}
