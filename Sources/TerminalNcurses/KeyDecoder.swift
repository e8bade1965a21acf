import CNcursesw
import TerminalKit

/// Turns what `wget_wch` returned into a `Key`: pure, so it is tested without a terminal.
public enum KeyDecoder {
    /// - Parameters:
    ///   - code: the wide character or key code `wget_wch` stored.
    ///   - isKeyCode: whether `wget_wch` returned `KEY_CODE_YES` (a function key) rather than `OK`.
    public static func decode(_ code: UInt32, isKeyCode: Bool) -> Key? {
        if isKeyCode { return functionKey(Int32(bitPattern: code)) }
        switch code {
        case 0x0A, 0x0D: return .enter
        case 0x1B: return .escape
        case 0x7F, 0x08: return .backspace
        case 0x09: return .tab
        case 0x01...0x1A:
            return .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 0x00..<0x20: return nil
        default:
            guard let scalar = Unicode.Scalar(code), Sanitizer.isAllowed(scalar) else { return nil }
            return .character(Character(scalar))
        }
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME, KEY_FIND, KEY_A1: return .home
        case KEY_END, KEY_SELECT, KEY_C1: return .end
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        default:
            for n in 1...12 where code == tui_key_f(Int32(n)) { return .function(n) }
            return nil
        }
    }
}

/// Turns an ncurses mouse report into a `MouseEvent`.
public enum MouseDecoder {
    public static func decode(buttonState: mmask_t, x: Int, y: Int) -> MouseEvent? {
        if buttonState & tui_button4_pressed() != 0 { return MouseEvent(.wheelUp, x: x, y: y) }
        if buttonState & tui_button5_pressed() != 0 { return MouseEvent(.wheelDown, x: x, y: y) }
        if buttonState & tui_button1_pressed() != 0 { return MouseEvent(.press, x: x, y: y) }
        if buttonState & tui_button1_released() != 0 { return MouseEvent(.release, x: x, y: y) }
        if buttonState & tui_button1_clicked() != 0 { return MouseEvent(.click, x: x, y: y) }
        if buttonState & tui_button1_double_clicked() != 0 { return MouseEvent(.doubleClick, x: x, y: y) }
        if buttonState & tui_report_mouse_position() != 0 { return MouseEvent(.drag, x: x, y: y) }
        return nil
    }
}
