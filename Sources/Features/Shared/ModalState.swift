import GitHubAPI
import TerminalKit

/// An action a screen's modal layer needs to tell apart: quit works even over a message or help,
/// and some actions press a message's [ OK ].
protocol ModalAction: Equatable {
    /// Quits the app (even with a message or help shown).
    var isQuit: Bool { get }
    /// Presses the message box's [ OK ] (Enter, Esc…).
    var closesMessage: Bool { get }
}

/// What a screen shows over itself: a message box, or the help overlay. While either is shown it
/// takes every key first: a message closes on its [ OK ] keys, help closes on any key, and quit
/// always quits.
struct ModalState: Sendable, Equatable {
    var message: MessageBox?
    var showsHelp = false

    /// What `intercept` did with an action.
    enum Outcome: Equatable {
        /// No message and no help: the screen handles the action itself.
        case notIntercepted
        /// The modal layer took the action (and may have closed): publish.
        case handled
        /// The action quits.
        case quit
    }

    /// Whether a message or the help overlay is shown (clicks and scrolling are then ignored).
    var isActive: Bool { message != nil || showsHelp }

    /// Lets the message or the help overlay take `action` first.
    mutating func intercept<Action: ModalAction>(_ action: Action) -> Outcome {
        if message != nil {
            if action.isQuit { return .quit }
            if action.closesMessage { message = nil }
            return .handled
        }
        if showsHelp {
            if action.isQuit { return .quit }
            showsHelp = false
            return .handled
        }
        return .notIntercepted
    }

    /// Shows `error` to the user in an "Error" message box (sanitized: it may quote the server).
    mutating func show(_ error: GitHubError) {
        message = .error(Sanitizer.line(error.localizedMessage))
    }

    /// The help overlay's entries from `table` while help is shown, else nil.
    func help<Action>(from table: KeyTable<Action>) -> [HelpEntry]? {
        showsHelp ? table.helpList : nil
    }
}
