import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

// The owner prompt ("GitHub user or organization") at a glance: a box over the current screen with a
// text field; Enter looks the owner up and opens it, Esc cancels. `HOST/owner` opens an owner on another
// GitHub host; opened with `H`, the hosts gh knows are listed under the field (↑↓ choose one).
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
    /// ↑/↓: the previous/next of the hosts gh knows, written into the field as `HOST/user`.
    case previousHost, nextHost
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
    /// What the field's text asks for: an owner on this host, an owner on another, or why neither (shown
    /// as is). No request is made.
    func target(of text: String) -> OwnerPromptTarget
    /// GET /users/{login}: the owner as GitHub spells it.
    func lookUp(login: String) async -> LoadOutcome<Owner>
}

/// Navigation out of the prompt.
@MainActor
protocol OwnerPromptRouterProtocol: AnyObject {
    /// Opens the owner's repositories and closes the prompt.
    func open(ownerLogin: String)
    /// Opens the owner's repositories on another GitHub host (its client and store) and closes the prompt.
    func open(ownerLogin: String, on host: GitHubHost)
    /// Closes the prompt.
    func close()
    func quit()
}

/// What the prompt's text names.
enum OwnerPromptTarget: Equatable, Sendable {
    /// An owner on the host the app is on (looked up before it opens).
    case here(String)
    /// An owner on another host (`HOST/owner`): opened there, where its list looks it up.
    case elsewhere(String, on: GitHubHost)
    /// Not something to open: why (shown under the field).
    case problem(String)
}
