import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit
import TerminalKit

// The owner profile at a glance: a full screen with the owner's details (an avatar box with initials,
// name, login, type, bio, company, location, email, blog, followers/following, public repositories,
// created date) and their repositories below, loaded page by page as the selection nears the end.
//
// Ownership: the screen stack holds the View strongly; View → Presenter strong; Presenter → View
// weak; Presenter → Interactor and Router strong; Router → navigator and screen weak.

/// What the user can ask of the profile: the key table maps keys to these.
enum ProfileAction: Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, home, end
    /// Enter: the selected repository's details (or the message's [ OK ]).
    case open
    /// Load the profile again after a failure.
    case reload
    /// Ctrl-K: the local search over what is stored.
    case localSearch
    case toggleHelp
    /// Esc: close help or a message, else go back.
    case back
    case quit
}

extension ProfileAction: ModalAction {
    var isQuit: Bool { self == .quit }
    /// Enter and Esc press a message's [ OK ].
    var closesMessage: Bool { self == .open || self == .back }
}

/// The passive view: it draws whatever state it is given.
typealias ProfileViewProtocol = StateView<ProfileViewState>

/// The presenter: turns keys and loaded pages into view state.
@MainActor
protocol ProfilePresenterProtocol: AnyObject {
    func viewDidLoad()
    /// The number of repository rows the view can show changed.
    func viewDidChangeListHeight(_ rows: Int)
    func handle(_ action: ProfileAction)
    /// A click on the repository row at `index` of the visible window.
    func didClickRow(atVisibleIndex index: Int)
    func didScroll(by rows: Int)
}

/// The owner and the first page of their repositories.
struct ProfileContent: Sendable, Equatable {
    var owner: Owner
    var repositories: Page<Repository>
}

/// The interactor: the profile's use cases.
protocol ProfileInteractorProtocol: AnyObject, Sendable {
    var login: String { get }
    /// GET /users/{login} and the first page of /users/{login}/repos, together.
    func loadProfile() async -> LoadOutcome<ProfileContent>
    /// A further page of repositories, from a `Link` URL.
    func loadRepositories(page: URL) async -> LoadOutcome<Page<Repository>>
    /// The owner's photo as stored (no request): half blocks at most `blocks` pixels, and at most
    /// `fine` for a terminal with a graphics protocol.
    func storedPhoto(address: String, blocks: PixelSize, fine: PixelSize?) -> OwnerPicture?
    /// The owner's photo from GitHub (revalidated when stored).
    func photo(address: String, blocks: PixelSize, fine: PixelSize?) async -> OwnerPicture?
}

/// Navigation out of the profile.
@MainActor
protocol ProfileRouterProtocol: AnyObject {
    /// The local search over what is stored (Ctrl-K).
    func showLocalSearch()
    func showRepositoryDetail(_ repository: Repository)
    /// Goes back (dismisses the profile).
    func close()
    func quit()
}
