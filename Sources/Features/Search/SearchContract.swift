import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

// Repository search at a glance: a full screen with a query field (focused first) and the results of
// /search/repositories below it, loaded page by page by `Link` up to GitHub's 1,000-result cap.
//
// Ownership: the screen stack holds the View strongly; View → Presenter strong; Presenter → View
// weak; Presenter → Interactor and Router strong; Router → navigator and screen weak.

/// Where keys go: the query field (text) or the results list (commands).
enum SearchFocus: Sendable, Equatable {
    case field, results
}

/// What the user can ask of the search screen: the two key tables map keys to these.
enum SearchAction: Hashable, Sendable {
    /// Typing, moving the cursor, deleting (field focus).
    case edit(TextEdit)
    /// Enter in the field: search (or the message's [ OK ]).
    case search
    /// Enter on a result: its details (or the message's [ OK ]).
    case open
    /// `p` on a result: the owner's profile.
    case openProfile
    case focusResults, focusField
    case moveUp, moveDown, pageUp, pageDown, home, end
    /// Ctrl-K: the local search over what is stored.
    case localSearch
    case toggleHelp
    /// Esc: close help or a message; in the field, clear its text; otherwise go back.
    case back
    case quit
}

extension SearchAction: ModalAction {
    var isQuit: Bool { self == .quit }
    /// Enter and Esc press a message's [ OK ].
    var closesMessage: Bool { self == .search || self == .open || self == .back }
}

/// GitHub's limits on a search, which the presenter and the interactor both keep.
enum SearchLimits {
    /// GitHub's search API gives at most this many results per search.
    static let resultCap = 1000
    /// GitHub refuses queries longer than this.
    static let maxQueryLength = 256
}

/// The passive view: it draws whatever state it is given.
typealias SearchViewProtocol = StateView<SearchViewState>

/// The presenter: turns keys and search pages into view state.
@MainActor
protocol SearchPresenterProtocol: AnyObject {
    func viewDidLoad()
    /// The number of result rows the view can show changed.
    func viewDidChangeListHeight(_ rows: Int)
    func handle(_ action: SearchAction)
    /// A click on the result row at `index` of the visible window.
    func didClickRow(atVisibleIndex index: Int)
    /// A click on the query field.
    func didClickField()
    func didScroll(by rows: Int)
}

/// One page of search results as the screen uses it.
struct SearchResultsPage: Sendable, Equatable {
    var totalCount: Int
    var incompleteResults: Bool = false
    var items: [Repository]
    var next: URL?
    /// GitHub refused to go further (422): only the first 1,000 results of a search can be read.
    var reachedCap: Bool = false
}

/// The interactor: the search's use cases.
protocol SearchInteractorProtocol: AnyObject, Sendable {
    /// Why `query` cannot be searched (shown as is), or nil. No request is made.
    func validationError(for query: String) -> String?
    /// GET /search/repositories?q=… (the first page).
    func search(query: String) async -> LoadOutcome<SearchResultsPage>
    /// A further page, from a `Link` URL.
    func nextPage(_ url: URL) async -> LoadOutcome<SearchResultsPage>
}

/// Navigation out of the search screen.
@MainActor
protocol SearchRouterProtocol: AnyObject {
    /// The local search over what is stored (Ctrl-K).
    func showLocalSearch()
    func showRepositoryDetail(_ repository: Repository)
    func showProfile(login: String)
    /// Goes back (dismisses the search screen).
    func close()
    func quit()
}
