import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

// The owner prompt ("GitHub user or organization") at a glance: a box over the current screen with a
// text field; Enter looks the owner up and opens it, Esc cancels.
//
// Ownership: the screen stack holds the View strongly; View → Presenter strong; Presenter → View
// weak; Presenter → Interactor and Router strong; Router → navigator and screen weak.

/// What the user can ask of the prompt: the key table maps keys to these.
enum OwnerPromptAction: Hashable, Sendable {
    /// Typing, moving the cursor, deleting.
    case edit(TextEdit)
    /// Enter: look the owner up (or press the message's [ OK ]).
    case submit
    /// Esc: close the message, or cancel the prompt.
    case cancel
    case quit
}

extension OwnerPromptAction: ModalAction {
    var isQuit: Bool { self == .quit }
    /// Enter and Esc press a message's [ OK ].
    var closesMessage: Bool { self == .submit || self == .cancel }
}

/// The passive view: it draws whatever state it is given.
typealias OwnerPromptViewProtocol = StateView<OwnerPromptViewState>

/// The presenter: turns keys and the lookup's outcome into view state.
@MainActor
protocol OwnerPromptPresenterProtocol: AnyObject {
    func viewDidLoad()
    func handle(_ action: OwnerPromptAction)
}

/// The interactor: the prompt's use cases.
protocol OwnerPromptInteractorProtocol: AnyObject, Sendable {
    /// Why `login` cannot be a GitHub login (shown as is), or nil when it can. No request is made.
    func validationError(for login: String) -> String?
    /// GET /users/{login}: the owner as GitHub spells it.
    func lookUp(login: String) async -> LoadOutcome<Owner>
}

/// Navigation out of the prompt.
@MainActor
protocol OwnerPromptRouterProtocol: AnyObject {
    /// Opens the owner's repositories and closes the prompt.
    func open(ownerLogin: String)
    /// Closes the prompt.
    func close()
    func quit()
}
