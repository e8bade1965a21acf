import CNcursesw
import Testing
import TerminalKit
@testable import TerminalNcurses

@Suite("Key and mouse decoding")
struct KeyDecoderTests {
    @Test("Function key codes map to keys", arguments: [
        (KEY_UP, Key.up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
        (KEY_HOME, .home), (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
        (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_ENTER, .enter), (KEY_BTAB, .backTab),
    ])
    func functionKeys(code: Int32, key: Key) {
        #expect(KeyDecoder.decode(UInt32(code), isKeyCode: true) == key)
    }

    @Test("F-keys")
    func fKeys() {
        #expect(KeyDecoder.decode(UInt32(tui_key_f(5)), isKeyCode: true) == .function(5))
    }

    @Test("Characters, control keys and the keys that arrive as characters")
    func characters() {
        #expect(KeyDecoder.decode(0x71, isKeyCode: false) == .character("q"))
        #expect(KeyDecoder.decode(0x65E5, isKeyCode: false) == .character("日"))
        #expect(KeyDecoder.decode(0x1F389, isKeyCode: false) == .character("🎉"))
        #expect(KeyDecoder.decode(0x0D, isKeyCode: false) == .enter)
        #expect(KeyDecoder.decode(0x0A, isKeyCode: false) == .enter)
        #expect(KeyDecoder.decode(0x1B, isKeyCode: false) == .escape)
        #expect(KeyDecoder.decode(0x7F, isKeyCode: false) == .backspace)
        #expect(KeyDecoder.decode(0x09, isKeyCode: false) == .tab)
        #expect(KeyDecoder.decode(0x03, isKeyCode: false) == .control("c"))
        #expect(KeyDecoder.decode(0x00, isKeyCode: false) == nil)
        #expect(KeyDecoder.decode(0x9B, isKeyCode: false) == nil) // C1 CSI never becomes a key
    }

    @Test("Mouse reports")
    func mouse() {
        #expect(MouseDecoder.decode(buttonState: tui_button4_pressed(), x: 3, y: 4) == MouseEvent(.wheelUp, x: 3, y: 4))
        #expect(MouseDecoder.decode(buttonState: tui_button5_pressed(), x: 0, y: 0)?.kind == .wheelDown)
        #expect(MouseDecoder.decode(buttonState: tui_button1_pressed(), x: 1, y: 2)?.kind == .press)
        #expect(MouseDecoder.decode(buttonState: tui_button1_released(), x: 1, y: 2)?.kind == .release)
        #expect(MouseDecoder.decode(buttonState: tui_button1_clicked(), x: 1, y: 2)?.kind == .click)
        #expect(MouseDecoder.decode(buttonState: 0, x: 1, y: 2) == nil)
    }
}
