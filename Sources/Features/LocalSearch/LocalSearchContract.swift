import Foundation
import GitHubEntities
import Persistence
import TerminalKit

// The local search at a glance: a full screen over the store's full-text index, reached by Ctrl-K from
// every screen. Results as the user types (the store is asked off the UI thread; only the newest query's
// answer is shown), grouped by kind, each with its repository and a snippet with the match marked; Enter
// opens the hit in the app at the match, from the store when offline. GitHub's own search stays `S`.
//
// Ownership: the screen stack holds the View strongly; View → Presenter strong; Presenter → View
// weak; Presenter → Interactor and Router strong; Router → navigator and screen weak.

/// Where keys go: the query field (text) or the results (commands).
enum LocalSearchFocus: Sendable, Equatable {
    case field, results
}

/// What the user can ask of the local search screen.
enum LocalSearchAction: Hashable, Sendable {
    /// Typing, moving the cursor, deleting (field focus).
    case edit(TextEdit)
    /// Enter: the selected hit (the first, from the field) opened at its match.
    case open
    /// `S` on the results: GitHub's search with the query's words.
    case searchGitHub
    case focusResults, focusField
    case moveUp, moveDown, pageUp, pageDown, home, end
    case toggleHelp
    /// Esc: close help; in the field, clear its text; otherwise go back.
    case back
    case quit
}

extension LocalSearchAction: ModalAction {
    var isQuit: Bool { self == .quit }
    var closesMessage: Bool { self == .open || self == .back }
}

/// The passive view: it draws whatever state it is given.
typealias LocalSearchViewProtocol = StateView<LocalSearchViewState>

/// The presenter: turns keys and the store's answers into view state.
@MainActor
protocol LocalSearchPresenterProtocol: AnyObject {
    /// A key's action, a click on the line at `index` of the visible window, the wheel.
    func handle(_ action: LocalSearchAction)
    func didClickLine(atVisibleIndex index: Int)
    func didScroll(by rows: Int)
    /// The screen is shown (the index's size is asked for), and how many result lines it has room for.
    func viewDidLoad()
    func viewDidChangeListHeight(_ rows: Int)
}

/// What a query found, and how big the index is.
struct LocalSearchAnswer: Sendable, Equatable {
    var hits: [SearchHit]
    var status: SearchIndexStatus?
}

/// The interactor: the store's search, off the UI thread.
protocol LocalSearchInteractorProtocol: AnyObject, Sendable {
    func search(_ query: SearchQuery) async -> LocalSearchAnswer
    /// The repository a hit is in: as stored, else what the hit says of it.
    func repository(of hit: SearchHit) async -> Repository
}

/// Navigation out of the local search screen.
@MainActor
protocol LocalSearchRouterProtocol: AnyObject {
    func showRepositoryDetail(_ repository: Repository, tab: RepoTab)
    func show(_ place: RepoPlace, in repository: Repository)
    func showSearch(query: String)
    func close()
    func quit()
}
