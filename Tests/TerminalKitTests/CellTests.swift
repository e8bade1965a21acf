import Testing
@testable import TerminalKit

@Suite("Plain-value cells")
struct CellTests {
    @Test("A cell is plain old data: no reference-counted fields")
    func pod() {
        #expect(_isPOD(Cell.self))
        #expect(_isPOD(Style.self))
    }

    @Test("Cells compare by their bytes: the layout has no padding, and equality is field by field")
    func equality() {
        #expect(MemoryLayout<Cell>.size == 5 * 4 + 1 + MemoryLayout<Style>.size)
        #expect(MemoryLayout<Style>.size == 11)
        #expect(MemoryLayout<Cell>.size == 32 && MemoryLayout<Cell>.stride == 32)
        #expect(Cell.hasPlainLayout)
        // A true colour set and then cleared must compare (and hash) as never set.
        var cleared = Style(foregroundRGB: RGB(1, 2, 3), backgroundRGB: RGB(0, 0, 0))
        cleared.foregroundRGB = nil
        cleared.backgroundRGB = nil
        let styles: [Style] = [.plain, .bold, Style(foreground: .black), Style(background: .black),
                               Style(foreground: .red, background: .black, attributes: [.dim, .reverse]),
                               Style(foregroundRGB: RGB(0, 0, 0)), Style(backgroundRGB: RGB(0, 0, 0)),
                               Style(foregroundRGB: RGB(0xFF, 0, 0x80), backgroundRGB: RGB(1, 2, 3)),
                               Style(foreground: .red, foregroundRGB: RGB(0xFF, 0, 0)), cleared]
        let cells = styles.flatMap { style in
            [Cell("a", style: style), Cell(text: "a\u{301}", style: style), Cell(text: "a\u{301}\u{302}\u{303}\u{304}", style: style),
             Cell("日", width: 2, style: style), .continuation(style: style)]
        }
        for a in cells {
            for b in cells {
                let fieldwise = a.text == b.text && a.width == b.width && a.style == b.style
                #expect((a == b) == fieldwise)
            }
        }
    }

    @Test("Combining marks are stored in the cell and read back through `text`")
    func combiningInline() {
        var buffer = Buffer(width: 4, height: 1)
        #expect(buffer.write("e\u{301}\u{323}x", x: 0, y: 0) == 2)
        #expect(buffer[0, 0].text == "e\u{301}\u{323}")
        #expect(buffer[0, 0].scalarCount == 3)
        #expect(buffer[0, 0].width == 1)
        #expect(buffer[1, 0].text == "x")
        #expect(buffer.line(0) == "e\u{301}\u{323}x  ")
    }

    @Test("At most five scalars are kept, the same ones `renderedScalars` gives")
    func fiveScalars() {
        let text = "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}"
        var buffer = Buffer(width: 2, height: 1)
        buffer.write(text, x: 0, y: 0)
        let expected = DisplayWidth.renderedScalars(Character(text))
        #expect(expected.count == 5)
        #expect(Array(buffer[0, 0].text.unicodeScalars) == expected)
        #expect(Cell(text: text).scalarCount == 5)
    }

    @Test("Joiners, selectors and modifiers are left out of a cell, as measured")
    func droppedScalars() {
        for text in ["👨‍👩‍👧", "❤️", "👍🏽", "🇯🇵", "e\u{301}"] {
            var buffer = Buffer(width: 4, height: 1)
            let used = buffer.write(text, x: 0, y: 0)
            #expect(used == text.displayWidth)
            #expect(Array(buffer[0, 0].text.unicodeScalars) == DisplayWidth.renderedScalars(Character(text)))
        }
    }

    @Test("Building cells: from text, from one scalar, blanks and continuations")
    func initializers() {
        #expect(Cell(text: "x", width: 1, style: .bold) == Cell("x", style: .bold))
        #expect(Cell.blank.text == " ")
        #expect(Cell.blank == Cell(style: .plain))
        #expect(Cell(text: "", width: 0).isContinuation)
        #expect(Cell(text: "", width: 0) == Cell.continuation(style: .plain))
        #expect(Cell.continuation(style: .plain).text == "")
        #expect(Cell("日", width: 2).text == "日")
        #expect(Cell("a") != Cell("a", style: .bold))
        #expect(Cell(text: "a\u{301}") != Cell("a"))
        var cell = Cell("a")
        cell.text = "b\u{302}"
        #expect(cell.text == "b\u{302}")
        #expect(Set([Cell("a"), Cell("a"), Cell("b")]).count == 2)
    }

    @Test("Filling a rectangle blanks a wide character cut by its left or right edge")
    func fillCutsWide() {
        var buffer = Buffer(width: 8, height: 2)
        buffer.write("日本語x", x: 0, y: 0)
        buffer.write("日本語x", x: 0, y: 1)
        // Columns 1..<3 cut 日 (0-1) on the left and 本 (2-3) on the right.
        buffer.fill(Rect(x: 1, y: 0, width: 2, height: 1), style: .bold)
        #expect(buffer.line(0) == "    語x ")
        #expect(buffer[0, 0] == Cell(style: .plain))
        #expect(buffer[3, 0] == Cell(style: .plain))
        #expect(buffer[1, 0] == Cell(style: .bold))
        #expect(!buffer[3, 0].isContinuation)
        // A rectangle on wide-character boundaries leaves its neighbours alone.
        buffer.fill(Rect(x: 2, y: 1, width: 2, height: 1))
        #expect(buffer.line(1) == "日  語x ")
        #expect(buffer[1, 1].isContinuation)
        #expect(buffer[5, 1].isContinuation)
    }

    @Test("Fill gives the same cells as putting blanks one by one")
    func fillMatchesPut() {
        let rows = ["日本語xyz", "a日b本c語", "🎉x🎉y🎉"]
        for rect in [Rect(x: 0, y: 0, width: 3, height: 3), Rect(x: 1, y: 1, width: 3, height: 2),
                     Rect(x: 4, y: 0, width: 9, height: 5), Rect(x: -2, y: -1, width: 4, height: 2)] {
            var fast = Buffer(width: 9, height: 3)
            for (y, row) in rows.enumerated() { fast.write(row, x: 0, y: y, style: .dim) }
            var slow = fast
            fast.fill(rect, style: .reverse)
            for y in max(0, rect.y)..<min(3, rect.maxY) {
                for x in max(0, rect.x)..<min(9, rect.maxX) { slow.put(Cell(style: .reverse), x: x, y: y) }
            }
            #expect(fast == slow, "\(rect)")
        }
    }

    @Test("Putting a narrow cell on either half of a wide one blanks the whole wide character")
    func putOnWideHalves() {
        var buffer = Buffer(width: 5, height: 1)
        buffer.write("日本", x: 0, y: 0, style: .bold)
        buffer.put(Cell("x"), x: 1, y: 0)
        #expect(buffer.line(0) == " x本 ")
        #expect(buffer[0, 0] == Cell(style: .bold))
        buffer.put(Cell("y"), x: 2, y: 0)
        #expect(buffer.line(0) == " xy  ")
        #expect(buffer[3, 0] == Cell(style: .bold))
        // A wide cell over the left half of another wide cell.
        buffer.write("日本", x: 1, y: 0)
        buffer.put(Cell("語", width: 2), x: 2, y: 0)
        #expect(buffer.line(0) == "  語 ")
        // A wide cell at the last column becomes a blank.
        buffer.put(Cell("語", width: 2, style: .dim), x: 4, y: 0)
        #expect(buffer[4, 0] == Cell(style: .dim))
    }

    @Test("Drawing a buffer onto another keeps wide characters whole at both edges")
    func drawOnto() {
        var card = Buffer(width: 4, height: 1)
        card.write("日本", x: 0, y: 0, style: .bold)
        var screen = Buffer(width: 6, height: 1)
        screen.write("abc語", x: 0, y: 0)
        screen.draw(card, atX: 3, y: 0)    // 本 does not fit: a blank; 語 under 日 is broken up
        #expect(screen.line(0) == "abc日 ")
        screen.draw(card, atX: -1, y: 0)   // the left half of 日 is off screen: its right half is skipped
        #expect(screen.line(0) == "a本日 ")
        var narrow = Buffer(width: 2, height: 1)
        narrow.write("xy", x: 0, y: 0)
        screen.draw(narrow, atX: 4, y: 0)
        #expect(screen.line(0) == "a本 xy")
        #expect(screen[3, 0] == Cell(style: .bold))
    }

    @Test("Box drawing puts one box character per cell")
    func box() {
        var buffer = Buffer(width: 5, height: 3)
        buffer.write("日本語", x: 0, y: 1)
        buffer.drawBox(Rect(x: 1, y: 0, width: 3, height: 3), style: .bold, box: .heavy)
        #expect(buffer.snapshot() == " ┏━┓\n ┃ ┃\n ┗━┛")
        #expect(buffer[2, 0] == Cell("━", style: .bold))
        #expect(buffer[0, 1] == Cell.blank)
    }
}
