import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

// The repository detail overlay at a glance: a framed panel drawn over the list (which stays visible
// around it) with a [×] close control in its frame. It shows everything known of one repository,
// its latest commits (stored, else fetched on open), and offers `f` favourite and `o` open on GitHub.
// Content taller than the panel scrolls inside it.
//
// Ownership: the screen stack holds the View strongly; View → Presenter strong; Presenter → View
// weak; Presenter → Interactor and Router strong; Router → navigator and screen weak.

/// What the user can ask of the overlay: the key table maps keys to these.
enum RepoDetailAction: Hashable, Sendable {
    case scrollUp, scrollDown, pageUp, pageDown, home, end
    case toggleFavourite
    /// `o`: the repository's page in the browser (or its URL in the status line).
    case openInBrowser
    /// Load the latest commits again after a failure.
    case reloadCommits
    case toggleHelp
    /// Esc: close help or a message, else close the overlay.
    case close
    /// Enter: the message's [ OK ].
    case confirm
    case quit
}

/// The passive view: it draws whatever state it is given.
@MainActor
protocol RepoDetailViewProtocol: AnyObject {
    func display(_ state: RepoDetailViewState)
}

/// The presenter: turns keys, the store and loaded commits into view state.
@MainActor
protocol RepoDetailPresenterProtocol: AnyObject {
    func viewDidLoad()
    /// The panel's content area changed: `width` columns, `height` rows.
    func viewDidChangeContentSize(width: Int, height: Int)
    func handle(_ action: RepoDetailAction)
    /// A click on the frame's [×].
    func didClickClose()
    /// Mouse wheel: lines to scroll (negative: up).
    func didScroll(by lines: Int)
}

/// How `o` went.
public enum URLOpenOutcome: Sendable, Equatable {
    /// The browser was started (`program` is the command's name).
    case opened(program: String)
    /// Neither `$BROWSER` nor `xdg-open` is available.
    case noBrowser
    /// The program exists but could not be started, or the address is not a web address.
    case failed(String)
}

/// Opens web addresses in the user's browser. The live one spawns `$BROWSER` or `xdg-open`
/// (`SpawningURLOpener`); tests use a spy.
public protocol URLOpener: Sendable {
    /// Starts the browser on `url` without waiting for it; its output never reaches the terminal.
    func open(_ url: String, environment: [String: String]) -> URLOpenOutcome
}

/// The interactor: the overlay's use cases.
protocol RepoDetailInteractorProtocol: AnyObject, Sendable {
    var repository: Repository { get }
    /// Whether the repository is a favourite (false when the store cannot say).
    func isFavourite() -> Bool
    /// Stores the favourite mark.
    func setFavourite(_ on: Bool) throws
    /// The commits stored for the repository (for the first frame, before any request).
    func storedCommits() -> StoredCommits?
    /// Whether stored commits can be shown without asking the API (fetched after the last push, or fresh).
    func isCurrent(_ stored: StoredCommits) -> Bool
    /// The latest commits: the stored ones when fresh (no request), else fetched and stored.
    /// An empty repository (API 409) is `.empty`, not an error.
    func loadCommits() async -> CommitsOutcome
    /// Opens the repository's GitHub page in the browser.
    func openInBrowser() async -> URLOpenOutcome
}

/// Navigation out of the overlay.
@MainActor
protocol RepoDetailRouterProtocol: AnyObject {
    /// Closes the overlay (the list under it is as it was).
    func close()
    func quit()
}
