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
public enum SearchFocus: Sendable, Equatable {
    case field, results
}

/// What the user can ask of the search screen: the two key tables map keys to these.
public enum SearchAction: Hashable, Sendable {
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
    case toggleHelp
    /// Esc: close help or a message; in the field, clear its text; otherwise go back.
    case back
    case quit
}

/// The passive view: it draws whatever state it is given.
@MainActor
public protocol SearchViewProtocol: AnyObject {
    func display(_ state: SearchViewState)
}

/// The presenter: turns keys and search pages into view state.
@MainActor
public protocol SearchPresenterProtocol: AnyObject {
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
public struct SearchResultsPage: Sendable, Equatable {
    public var totalCount: Int
    public var incompleteResults: Bool
    public var items: [Repository]
    public var next: URL?
    /// GitHub refused to go further (422): only the first 1,000 results of a search can be read.
    public var reachedCap: Bool

    public init(totalCount: Int, incompleteResults: Bool = false, items: [Repository], next: URL? = nil,
                reachedCap: Bool = false) {
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.items = items
        self.next = next
        self.reachedCap = reachedCap
    }
}

/// The interactor: the search's use cases.
public protocol SearchInteractorProtocol: AnyObject, Sendable {
    /// Why `query` cannot be searched (shown as is), or nil. No request is made.
    func validationError(for query: String) -> String?
    /// GET /search/repositories?q=… (the first page).
    func search(query: String) async -> LoadOutcome<SearchResultsPage>
    /// A further page, from a `Link` URL.
    func nextPage(_ url: URL) async -> LoadOutcome<SearchResultsPage>
}

/// Navigation out of the search screen.
@MainActor
public protocol SearchRouterProtocol: AnyObject {
    func showRepositoryDetail(_ repository: Repository)
    func showProfile(login: String)
    /// Goes back (dismisses the search screen).
    func close()
    func quit()
}
