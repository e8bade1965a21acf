import GitHubAPI
import TerminalKit

/// What an action means to a message box or the help overlay.
enum ModalIntent: Equatable {
    /// Closes the message ([ OK ], Esc…).
    case close
    case quit
    case other
}

/// The message box and the help overlay a screen can show over itself, and how they take keys
/// before the screen does: written once for every screen.
struct ModalState: Equatable {
    /// What `intercept` did with an action.
    enum Outcome: Equatable {
        /// Nothing modal is showing: the screen handles the action.
        case passed
        /// The modal took it (closed or ignored it).
        case consumed
        /// The user quits, whatever is showing.
        case quit
    }

    var message: MessageBox?
    var showsHelp = false

    /// A message or the help is on screen (clicks and scrolls below it are ignored).
    var isShowing: Bool { message != nil || showsHelp }

    /// A message shows the error as the user reads it.
    mutating func show(_ error: GitHubError) {
        message = MessageBox(title: "Error", message: Sanitizer.line(error.userMessage))
    }

    /// A message takes only its close and quit; the help closes on any key but quit.
    mutating func intercept(_ intent: ModalIntent) -> Outcome {
        if message != nil {
            switch intent {
            case .close: message = nil; return .consumed
            case .quit: return .quit
            case .other: return .consumed
            }
        }
        if showsHelp {
            if intent == .quit { return .quit }
            showsHelp = false
            return .consumed
        }
        return .passed
    }
}
