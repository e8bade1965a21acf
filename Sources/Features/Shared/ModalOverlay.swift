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
}
