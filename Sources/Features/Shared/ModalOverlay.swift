import TerminalKit

/// The view's side of `ModalState`: draws the help overlay and the message box over the screen,
/// remembers where the message's [ OK ] button is, and says what a click means while either is shown.
struct ModalOverlay {
    /// What a click means.
    enum Click: Equatable {
        /// No message and no help: the click is the screen's.
        case screen
        /// The message's [ OK ] was clicked: press it (the screen's confirm action).
        case pressOK
        /// A click anywhere closes the help overlay.
        case closeHelp
        /// A click beside the message box: nothing happens.
        case ignored
    }

    /// What a mouse event means on a list screen.
    enum ListMouse: Equatable {
        /// The wheel: scroll by so many rows (the presenter ignores it under a message or help).
        case scroll(Int)
        /// A press or click the screen handles (no message or help is shown).
        case click(x: Int, y: Int)
        case pressOK
        case closeHelp
        /// Nothing to do.
        case ignored
    }

    /// Rows the mouse wheel scrolls per notch.
    static let wheelStep = 3

    /// Where the message's button was drawn last (nil when no message is shown).
    private(set) var messageButton: Rect?

    /// Draws `help` (if any) and then `message` (if any) over what is in `buffer`.
    mutating func render(help: [HelpEntry]?, message: MessageBox?, into buffer: inout Buffer) {
        if let help { ScreenChrome.renderHelp(help, into: &buffer) }
        messageButton = message.map { $0.render(into: &buffer, area: buffer.bounds) }
    }

    /// What a press or click at (`x`, `y`) means, the message first, then help.
    func click(x: Int, y: Int, showsMessage: Bool, showsHelp: Bool) -> Click {
        if showsMessage {
            if let messageButton, messageButton.contains(x: x, y: y) { return .pressOK }
            return .ignored
        }
        return showsHelp ? .closeHelp : .screen
    }

    /// What `mouse` means on a list screen: the wheel scrolls, a press or click goes to the message
    /// or help first, then to the screen.
    func listMouse(_ mouse: MouseEvent, showsMessage: Bool, showsHelp: Bool) -> ListMouse {
        switch mouse.kind {
        case .wheelUp: return .scroll(-Self.wheelStep)
        case .wheelDown: return .scroll(Self.wheelStep)
        case .press, .click:
            switch click(x: mouse.x, y: mouse.y, showsMessage: showsMessage, showsHelp: showsHelp) {
            case .screen: return .click(x: mouse.x, y: mouse.y)
            case .pressOK: return .pressOK
            case .closeHelp: return .closeHelp
            case .ignored: return .ignored
            }
        default:
            return .ignored
        }
    }
}

/// The number of rows a list screen's area holds, as last told to the presenter.
struct ListHeight {
    private(set) var rows: Int?

    /// Records `rows`; true when it differs from what was recorded (the presenter must be told).
    mutating func update(_ rows: Int) -> Bool {
        guard rows != self.rows else { return false }
        self.rows = rows
        return true
    }
}
