/// A key press, decoded from whatever the terminal sent.
public enum Key: Sendable, Hashable {
    case character(Character)
    /// Text the terminal delivered as one paste (bracketed paste): already sanitized (no escape
    /// sequence, no control character but `\n` and `\t`). It is text, never a command: no key table
    /// binds it, and only text fields take it (`TextField.typedEdit(for:)`); elsewhere it is ignored.
    case paste(String)
    /// Ctrl with a letter, e.g. `.control("c")`.
    case control(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, backspace, delete, insert, tab, backTab
    case function(Int)

    /// How the key is written in help and footers.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .paste: return "Paste"
        case .control(let c): return "Ctrl-\(c.uppercased())"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .function(let n): return "F\(n)"
        }
    }
}

/// A mouse report in screen cells (0-based).
public struct MouseEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case press, release, click, doubleClick, drag, wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// Everything the event loop delivers to the screen.
public enum Event: Sendable, Hashable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
}
