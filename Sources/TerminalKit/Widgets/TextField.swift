/// One editing step of a `TextField`: what a key (or a paste) asks of it.
public enum TextEdit: Hashable, Sendable {
    /// Typed or pasted text; sanitized to one line before it goes in.
    case insert(String)
    case moveLeft, moveRight, moveHome, moveEnd
    /// Backspace: removes the character before the cursor.
    case deleteBackward
    /// Delete: removes the character under the cursor.
    case deleteForward
    /// Ctrl-U: empties the field.
    case clear
}

/// A single-line text field as a value: its text and a cursor, edited by `TextEdit`s and drawn into a
/// `Buffer` at any width.
///
/// The cursor counts characters (grapheme clusters), so a wide character or an accented letter is one
/// step. Drawing scrolls horizontally so the cursor cell is always visible; wide characters are never
/// split (one that does not fit at the right edge is left out); the cursor cell is drawn in reverse
/// video. Nothing but one line of sanitized text ever gets in: pasted line breaks and tabs become
/// spaces, control characters and escape sequences vanish.
public struct TextField: Sendable, Equatable {
    public private(set) var text: String
    /// Characters before the cursor, `0...text.count`.
    public private(set) var cursor: Int
    /// At most this many characters are kept (a paste is cut there).
    public let maxLength: Int

    public init(text: String = "", maxLength: Int = 256) {
        self.maxLength = max(1, maxLength)
        let clean = String(Sanitizer.line(text).prefix(self.maxLength))
        self.text = clean
        cursor = clean.count
    }

    public var isEmpty: Bool { text.isEmpty }

    /// Applies one edit; returns whether the text or the cursor changed.
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> Bool {
        let before = (text, cursor)
        switch edit {
        case .insert(let typed): insert(typed)
        case .moveLeft: cursor = max(0, cursor - 1)
        case .moveRight: cursor = min(text.count, cursor + 1)
        case .moveHome: cursor = 0
        case .moveEnd: cursor = text.count
        case .deleteBackward:
            guard cursor > 0 else { break }
            let index = text.index(text.startIndex, offsetBy: cursor - 1)
            text.remove(at: index)
            cursor -= 1
        case .deleteForward:
            guard cursor < text.count else { break }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .clear:
            text = ""
            cursor = 0
        }
        return before != (text, cursor)
    }

    /// Inserts text at the cursor (typed or pasted), sanitized to one line and cut at `maxLength`.
    public mutating func insert(_ typed: String) {
        let clean = Sanitizer.line(typed)
        guard !clean.isEmpty else { return }
        let split = text.index(text.startIndex, offsetBy: cursor)
        let head = String(text[..<split])
        let tail = String(text[split...])
        let room = maxLength - text.count
        guard room > 0 else { return }
        let inserted = String(clean.prefix(room))
        // Counted after joining: a combining mark typed after a letter becomes part of it.
        let newHead = head + inserted
        text = newHead + tail
        cursor = min(newHead.count, text.count)
    }

    // MARK: Drawing

    /// Draws the field into one row of `buffer`, `width` columns from `x`. The area is filled with
    /// `style`; when `showsCursor`, the cursor cell is drawn reversed.
    public func render(into buffer: inout Buffer, x: Int, y: Int, width: Int, style: Style = .plain,
                       showsCursor: Bool = true) {
        guard width > 0 else { return }
        buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: style)
        let characters = Array(text)
        let window = visibleWindow(width: width)
        var column = x
        for index in window.start..<characters.count {
            let w = DisplayWidth.of(characters[index])
            let isCursor = showsCursor && index == cursor
            if w == 0 {
                if isCursor { buffer.write(" ", x: column, y: y, style: style.adding(.reverse)); column += 1 }
                continue
            }
            if column + w > x + width { break }
            buffer.write(String(characters[index]), x: column, y: y, style: isCursor ? style.adding(.reverse) : style)
            column += w
        }
        if showsCursor, cursor == characters.count, window.cursorColumn < width {
            buffer.write(" ", x: x + window.cursorColumn, y: y, style: style.adding(.reverse))
        }
    }

    /// The first character drawn and the cursor's column (from the field's left edge) at `width`.
    ///
    /// The window starts at the beginning of the text unless the cursor would fall off the right edge;
    /// then it starts as late as needed for the cursor cell to be the last one shown.
    public func visibleWindow(width: Int) -> (start: Int, cursorColumn: Int) {
        let characters = Array(text)
        let widths = characters.map { DisplayWidth.of($0) }
        let cursorWidth = cursor < characters.count ? max(1, widths[cursor]) : 1
        var used = cursorWidth
        var start = cursor
        while start > 0, used + widths[start - 1] <= width {
            used += widths[start - 1]
            start -= 1
        }
        let column = widths[start..<cursor].reduce(0, +)
        return (start, column)
    }
}

extension TextField {
    /// The standard editing keys as bindings for a module's key table: `wrap` makes the module's action.
    /// Typed characters are not in a table (there are too many): see `typedEdit(for:)`.
    public static func editingBindings<Action: Hashable & Sendable>(_ wrap: (TextEdit) -> Action) -> [KeyBinding<Action>] {
        [
            KeyBinding([.left], wrap(.moveLeft), help: "cursor left"),
            KeyBinding([.right], wrap(.moveRight), help: "cursor right"),
            KeyBinding([.home, .control("a")], wrap(.moveHome), help: "start of the text"),
            KeyBinding([.end, .control("e")], wrap(.moveEnd), help: "end of the text"),
            KeyBinding([.backspace], wrap(.deleteBackward), help: "delete before the cursor"),
            KeyBinding([.delete, .control("d")], wrap(.deleteForward), help: "delete under the cursor"),
            KeyBinding([.control("u")], wrap(.clear), help: "clear the text"),
        ]
    }

    /// A key that types text: a printable character, or a paste (inserted whole; its line breaks
    /// and tabs become spaces, as every insert's do).
    public static func typedEdit(for key: Key) -> TextEdit? {
        switch key {
        case .character(let character): .insert(String(character))
        case .paste(let text): .insert(text)
        default: nil
        }
    }
}
