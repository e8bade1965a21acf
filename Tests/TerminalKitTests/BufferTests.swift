import Testing
@testable import TerminalKit

@Suite("Cell buffer")
struct BufferTests {
    @Test("Writing text fills cells and returns the columns used")
    func write() {
        var buffer = Buffer(width: 10, height: 2)
        #expect(buffer.write("hello", x: 1, y: 0) == 5)
        #expect(buffer.line(0) == " hello    ")
    }

    @Test("A reset buffer equals a new one, at the same size or another")
    func reset() {
        var buffer = Buffer(width: 6, height: 2)
        buffer.write("日本x", x: 0, y: 1, style: .bold)
        var shared = buffer
        shared.reset(width: 6, height: 2)
        #expect(shared == Buffer(width: 6, height: 2))
        #expect(buffer.line(1) == "日本x ")   // a copy sharing the cells is not changed
        buffer.reset(width: 3, height: 4)
        #expect(buffer == Buffer(width: 3, height: 4))
        buffer.reset(width: -1, height: 2)
        #expect(buffer == Buffer(width: 0, height: 2))
    }

    @Test("A wide character takes its cell and a continuation cell")
    func wideCell() {
        var buffer = Buffer(width: 6, height: 1)
        #expect(buffer.write("日本", x: 0, y: 0) == 4)
        #expect(buffer[0, 0].width == 2)
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer.line(0) == "日本  ")
    }

    @Test("A wide character that does not fit at the edge becomes a space")
    func wideAtEdge() {
        var buffer = Buffer(width: 5, height: 1)
        #expect(buffer.write("ab日本", x: 0, y: 0) == 5)
        #expect(buffer.line(0) == "ab日 ")
        var limited = Buffer(width: 8, height: 1)
        limited.write("日本語", x: 0, y: 0, maxWidth: 3)
        #expect(limited.line(0) == "日      ")
    }

    @Test("Printable ASCII (written in one pass) leaves the same cells as placing each character, over wide characters and at the edges")
    func asciiRunMatchesCellByCell() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<2000 {
            var fast = Buffer(width: 9, height: 1)
            for _ in 0..<3 {
                fast.write(["日本", "語a", "é日", "xy"][Int(generator.next() % 4)], x: Int(generator.next() % 9), y: 0,
                           style: Style(foreground: .red))
            }
            var reference = fast
            let length = Int(generator.next() % 6)
            let text = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(0x21 + generator.next() % 90))) })
            let x = Int(generator.next() % 12) - 2
            let maxWidth: Int? = generator.next() % 2 == 0 ? nil : Int(generator.next() % 5)
            let used = fast.write(text, x: x, y: 0, maxWidth: maxWidth, style: .bold)
            // The reference: one `put` per character, within the same limit.
            let limit = min(maxWidth ?? (9 - x), 9 - x)
            var column = x
            for character in text where column < x + limit {
                if column >= 0 { reference.put(Cell(character.unicodeScalars.first!, style: .bold), x: column, y: 0) }
                column += 1
            }
            #expect(fast == reference, "\(text) at \(x), max \(String(describing: maxWidth))")
            #expect(used == max(0, column - x) || limit <= 0)
        }
    }

    @Test("Drawing a buffer onto another (narrow rows copied in one piece) leaves the same cells as putting each cell")
    func drawMatchesCellByCell() {
        var generator = SplitMix(seed: 11)
        let pieces = ["ab", "日本", "x語", "cd", "é", "★ 1"]
        for _ in 0..<2000 {
            var target = Buffer(width: 8, height: 2)
            var source = Buffer(width: Int(generator.next() % 6) + 1, height: Int(generator.next() % 3) + 1)
            for _ in 0..<3 {
                target.write(pieces[Int(generator.next() % 6)], x: Int(generator.next() % 8), y: Int(generator.next() % 2))
                source.write(pieces[Int(generator.next() % 6)], x: Int(generator.next() % 6), y: Int(generator.next() % 3),
                             style: .bold)
            }
            let x = Int(generator.next() % 12) - 3, y = Int(generator.next() % 4) - 1
            var reference = target
            for sy in 0..<source.height {
                for sx in 0..<source.width where !source[sx, sy].isContinuation {
                    let tx = x + sx
                    // Clipped as `draw` clips: columns of the source that land on the target.
                    guard tx >= 0, tx < reference.width else { continue }
                    reference.put(source[sx, sy], x: tx, y: y + sy)
                }
            }
            target.draw(source, atX: x, y: y)
            #expect(target == reference)
        }
    }

    @Test("Overwriting half of a wide character blanks all of it")
    func overwriteHalf() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.write("日本語", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(buffer.line(0) == " x本語")
        buffer.write("y", x: 2, y: 0)
        #expect(buffer.line(0) == " xy 語")
    }

    @Test("Control characters that slipped through take no cell; clipping is safe")
    func clipping() {
        var buffer = Buffer(width: 4, height: 1)
        #expect(buffer.write("abc", x: -2, y: 0) == 3)
        #expect(buffer.line(0) == "c   ")
        #expect(buffer.write("zzz", x: 0, y: 5) == 0)
        #expect(buffer.write("e\u{301}", x: 0, y: 0) == 1)
    }

    @Test("Boxes, centred text and attribute masks")
    func boxAndMask() {
        var buffer = Buffer(width: 12, height: 4)
        buffer.drawBox(Rect(x: 0, y: 0, width: 12, height: 4), title: "T")
        buffer.writeCentered("hi", in: Rect(x: 0, y: 0, width: 12, height: 4), y: 1, style: .reverse)
        #expect(buffer.snapshot() == """
        ╭─ T ──────╮
        │    hi    │
        │          │
        ╰──────────╯
        """)
        #expect(buffer.attributeMask(.reverse) == "\n     ^^\n\n")
    }

    @Test("A message box wraps its text and reports where its button is")
    func messageBox() {
        var buffer = Buffer(width: 70, height: 9)
        let box = MessageBox(title: "Error", message: "User not found. Please enter another name.")
        let button = box.render(into: &buffer, area: buffer.bounds)
        #expect(buffer.snapshot().contains("User not found. Please enter another name."))
        #expect(buffer.line(button.y).contains("[ OK ]"))
        #expect(buffer.attributeMask(.reverse).split(separator: "\n", omittingEmptySubsequences: false)[button.y].contains("^^^^^^"))
    }
}

@Suite("Key table")
struct KeyTableTests {
    enum Action: Hashable, Sendable { case up, quit }

    @Test("The table decodes keys and generates footer and help from the same data")
    func table() {
        let table = KeyTable<Action>([
            KeyBinding([.up, .character("k")], .up, help: "move up", footer: ("↑", "up")),
            KeyBinding([.character("q"), .control("c")], .quit, help: "quit"),
        ])
        #expect(table.action(for: .character("k")) == .up)
        #expect(table.action(for: .control("c")) == .quit)
        #expect(table.action(for: .character("x")) == nil)
        #expect(table.footerHints.map(\.keys) == ["↑"])
        #expect(table.helpEntries.map(\.keys) == ["↑/k", "q/Ctrl-C"])
    }

    @Test("Key labels")
    func labels() {
        #expect(Key.character(" ").label == "Space")
        #expect(Key.pageDown.label == "PgDn")
        #expect(Key.function(5).label == "F5")
    }
}

