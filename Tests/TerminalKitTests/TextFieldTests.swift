import Testing
@testable import TerminalKit

@Suite("Text field")
struct TextFieldTests {
    func typed(_ text: String) -> TextField {
        var field = TextField()
        for character in text { field.apply(.insert(String(character))) }
        return field
    }

    func draw(_ field: TextField, width: Int, showsCursor: Bool = true) -> Buffer {
        var buffer = Buffer(width: width + 2, height: 1)
        field.render(into: &buffer, x: 1, y: 0, width: width, showsCursor: showsCursor)
        return buffer
    }

    @Test("Typing inserts at the cursor; left/right/home/end move it by characters")
    func typingAndMoving() {
        var field = typed("octo")
        #expect(field.text == "octo")
        #expect(field.cursor == 4)
        field.apply(.moveLeft)
        field.apply(.moveLeft)
        field.apply(.insert("-"))
        #expect(field.text == "oc-to")
        #expect(field.cursor == 3)
        field.apply(.moveHome)
        #expect(field.cursor == 0)
        #expect(field.apply(.moveLeft) == false)
        field.apply(.insert("x"))
        #expect(field.text == "xoc-to")
        field.apply(.moveEnd)
        #expect(field.cursor == 6)
        #expect(field.apply(.moveRight) == false)
    }

    @Test("Backspace, delete and clear")
    func deleting() {
        var field = typed("abcd")
        field.apply(.deleteBackward)
        #expect(field.text == "abc")
        field.apply(.moveHome)
        #expect(field.apply(.deleteBackward) == false)
        field.apply(.deleteForward)
        #expect(field.text == "bc")
        #expect(field.cursor == 0)
        field.apply(.moveEnd)
        #expect(field.apply(.deleteForward) == false)
        field.apply(.clear)
        #expect(field.text == "")
        #expect(field.cursor == 0)
        #expect(field.isEmpty)
    }

    @Test("Wide characters and emoji are one step each")
    func wideCharacters() {
        var field = typed("日本🎉x")
        #expect(field.cursor == 4)
        field.apply(.moveLeft)
        field.apply(.deleteBackward)
        #expect(field.text == "日本x")
        field.apply(.moveHome)
        field.apply(.deleteForward)
        #expect(field.text == "本x")
    }

    @Test("A combining mark typed after a letter joins it")
    func combining() {
        var field = typed("e")
        field.apply(.insert("\u{301}"))
        #expect(field.text == "é")
        #expect(field.cursor == 1)
        field.apply(.deleteBackward)
        #expect(field.text.isEmpty)
    }

    @Test("Pasted text is sanitized to one line and inserted at the cursor")
    func paste() {
        var field = typed("ab")
        field.apply(.moveLeft)
        field.apply(.insert("x\u{1B}[31my\nz\tw"))
        #expect(field.text == "ax[31my z wb")
        #expect(field.cursor == 11)
        let initial = TextField(text: "line\r\nbreak\u{07}")
        #expect(initial.text == "line break")
        #expect(initial.cursor == 10)
        field.apply(.insert("\u{1B}\u{07}"))
        #expect(field.text == "ax[31my z wb")
    }

    @Test("Text is cut at the maximum length")
    func maxLength() {
        var field = TextField(maxLength: 5)
        field.apply(.insert("abcdefgh"))
        #expect(field.text == "abcde")
        #expect(field.apply(.insert("z")) == false)
        field.apply(.moveHome)
        field.apply(.deleteForward)
        field.apply(.insert("xyz"))
        #expect(field.text == "xbcde")
    }

    @Test("Short text is drawn from the left with the cursor cell reversed after it")
    func drawShort() {
        let buffer = draw(typed("octo"), width: 10)
        #expect(buffer.line(0) == " octo       ")
        #expect(buffer.attributeMask(.reverse) == "     ^")
        let hidden = draw(typed("octo"), width: 10, showsCursor: false)
        #expect(hidden.attributeMask(.reverse) == "")
    }

    @Test("The cursor on a character reverses that character")
    func cursorOnCharacter() {
        var field = typed("日本x")
        field.apply(.moveHome)
        field.apply(.moveRight)
        let buffer = draw(field, width: 10)
        #expect(buffer.line(0) == " 日本x      ")
        #expect(buffer.attributeMask(.reverse) == "   ^^")
    }

    @Test("Long text scrolls so the cursor is always visible")
    func scrolling() {
        var field = typed("abcdefghijklmnop")
        var buffer = draw(field, width: 6)
        #expect(buffer.line(0) == " lmnop  ")
        #expect(buffer.attributeMask(.reverse) == "      ^")
        field.apply(.moveHome)
        buffer = draw(field, width: 6)
        #expect(buffer.line(0) == " abcdef ")
        #expect(buffer.attributeMask(.reverse) == " ^")
        for _ in 0..<8 { field.apply(.moveRight) }
        buffer = draw(field, width: 6)
        #expect(buffer.line(0) == " defghi ")
        #expect(buffer.attributeMask(.reverse) == "      ^")
    }

    @Test("Wide characters are never split at either edge, at any width", arguments: 1...12)
    func wideNeverSplit(width: Int) {
        var field = typed("日本語のテキストです")
        for position in 0...field.text.count {
            field.apply(.moveHome)
            for _ in 0..<position { field.apply(.moveRight) }
            let buffer = draw(field, width: width)
            // No half characters: every cell is a whole character, a continuation of one, or blank.
            for x in 0..<buffer.width where buffer[x, 0].isContinuation {
                #expect(x > 0 && buffer[x - 1, 0].width == 2)
            }
            // Nothing is drawn outside the field.
            #expect(buffer[0, 0] == .blank)
            #expect(buffer[width + 1, 0] == .blank)
            #expect(buffer.line(0).displayWidth == width + 2)
            // The cursor is visible whenever the field is wide enough for its cell.
            if width >= 2 { #expect(buffer.attributeMask(.reverse).contains("^")) }
        }
    }

    @Test("A wide character that does not fit at the right edge is left out whole")
    func wideAtRightEdge() {
        var field = typed("ab日本")
        field.apply(.moveHome)
        let buffer = draw(field, width: 5)
        #expect(buffer.line(0) == " ab日  ")
    }

    @Test("Editing keys come from one binding list; characters are typed")
    func keys() {
        let table = KeyTable(TextField.editingBindings { $0 })
        #expect(table.action(for: .left) == .moveLeft)
        #expect(table.action(for: .control("a")) == .moveHome)
        #expect(table.action(for: .control("e")) == .moveEnd)
        #expect(table.action(for: .end) == .moveEnd)
        #expect(table.action(for: .backspace) == .deleteBackward)
        #expect(table.action(for: .delete) == .deleteForward)
        #expect(table.action(for: .control("u")) == .clear)
        #expect(table.action(for: .character("q")) == nil)
        #expect(TextField.typedEdit(for: .character("q")) == .insert("q"))
        #expect(TextField.typedEdit(for: .enter) == nil)
        #expect(TextField.typedEdit(for: .paste("gem\nfj")) == .insert("gem\nfj"))
    }

    @Test("A pasted key goes in whole at the cursor, one line (its breaks and tabs become spaces), cut at the limit")
    func pasteKey() {
        var field = TextField(text: "ab", maxLength: 12)
        field.apply(.moveLeft)
        let changed = field.apply(TextField.typedEdit(for: .paste("gem\r\nfj\tx"))!)
        #expect(changed)
        #expect(field.text == "agem fj xb")
        #expect(field.cursor == 9)
        field.apply(TextField.typedEdit(for: .paste("\n12345"))!)
        #expect(field.text == "agem fj x 1b")
        #expect(field.cursor == 11)
    }
}
