import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

// The repository list module at a glance: its view, presenter, interactor and router contracts.
//
// Ownership: the screen stack holds the View strongly; View → Presenter strong; Presenter → View
// weak; Presenter → Interactor and Router strong; Router → navigator weak.

/// What the user can ask of the list: the key table maps keys to these.
enum RepoListAction: Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, home, end
    /// ←/→ in the carousel (wrapping).
    case moveLeft, moveRight
    /// Enter: expands/collapses a row, opens a carousel card.
    case toggleExpand
    case openDetail
    /// `i`: the repository view on its Issues tab.
    case openIssues
    /// `f`: the selected repository's local ★ on/off.
    case toggleFavourite
    /// `F`: only favourites, or everything again.
    case toggleFavouritesOnly
    case cycleSort
    case startFilter
    /// `u`: another owner; `H`: the hosts gh knows; `p`: this owner's profile; `S`: search all of GitHub.
    case ownerPrompt, hosts, profile, search
    /// `n`: the notifications inbox.
    case openInbox
    /// `t`: the repositories this owner starred, or back to the owner's own list.
    case toggleStarred
    case refresh
    /// `c`: only the rows that changed since the user last looked, saying what changed; `C`: every
    /// change marked seen.
    case toggleChangedOnly, dismissChanges
    /// Ctrl-K: the local search over what is stored.
    case localSearch
    case toggleHelp
    case dismiss
    case confirm
    case quit
}

/// The passive view: it draws whatever state it is given.
typealias RepoListViewProtocol = StateView<RepoListViewState>

/// The presenter: turns user intents and store changes into view state.
@MainActor
protocol RepoListPresenterProtocol: AnyObject {
    func viewDidLoad()
    /// The screen is on top again (an overlay closed).
    func viewDidReappear()
    /// Says something the app learnt after the screen was shown (the store's integrity check), in the
    /// footer until the next key.
    func showNotice(_ text: String)
    /// The number of list rows the view can show changed.
    func viewDidChangeListHeight(_ rows: Int)
    func handle(_ action: RepoListAction)
    /// A click on the list row at `index` of the visible window.
    /// A click on line `index` of the list area; `onToggle` when it hit the row's ▸.
    func didClickLine(_ index: Int, onToggle: Bool)
    /// A press on list line `index` followed by a release (or drag) at least 2 rows higher: opens
    /// that row's details.
    func didDragUp(fromLine index: Int)
    /// A click on the carousel card at `index` (0-based among the cards).
    func didClickCard(_ index: Int)
    func didScroll(by rows: Int)
    /// Whether the filter field has the keyboard (the presenter's word: the view's last state may
    /// be older while a burst of keys is handled).
    var isEditingFilter: Bool { get }
    /// An edit of the filter field while it is open (typed, pasted, deleted).
    func filterDidEdit(_ edit: TextEdit)
    /// Enter (keep) or Esc (clear) in the filter field.
    func filterDidEnd(keep: Bool)
    /// Events read together follow (`Screen.willHandleEvents`): the view state may wait for the end.
    func inputWillBegin()
    /// The events read together were handled: the held-back work is done now.
    func inputDidEnd()
}

/// The outcome of a refresh from the API.
enum RefreshOutcome: Sendable, Equatable {
    case refreshed
    case skippedOffline
    case failed(GitHubError)
    /// The answer arrived but could not be written to the store.
    case storeFailed(String)
    case cancelled
}

extension RepoListInteractorProtocol {
    var ownerLogin: String { list.ownerLogin }
}

/// The interactor: the use cases of the list. The store is the source of truth; the network only
/// writes to it.
protocol RepoListInteractorProtocol: CommitSource {
    /// The list shown: the owner's own repositories or the ones the owner starred.
    var list: RepositoryListID { get }
    /// The GitHub host the list is on when it is not github.com (the header names it); nil on github.com.
    var hostName: String? { get }
    /// What is stored now.
    func storedSnapshot() -> OwnerListSnapshot
    /// The first `limit` stored repositories in `order` with the owner and the list's size: the first
    /// frame, painted before the whole list has been read (the observation delivers it right after).
    func storedHead(order: RepositoryOrder, limit: Int) -> OwnerListSnapshot
    /// Observes the owner's stored list; `onChange` runs on a background queue.
    func observe(_ onChange: @escaping @Sendable (OwnerListSnapshot) -> Void) -> any StoreCancellable
    /// What the first screen asks for besides the list (`FirstScreenPlan`), for `rows` rows in `order`.
    func firstScreenPlan(rows: Int, order: RepoListSortOrder, storedCount: Int) -> FirstScreenPlan
    /// Fetches the owner and the first page of their repositories into the store; with a query, the
    /// first screen's commits at the same time (stored after the list).
    func refresh(firstScreen: FirstScreenPlan.Query?) async -> RefreshOutcome
    /// Whether the API said there are more pages than fetched so far.
    var hasMorePages: Bool { get }
    /// Fetches the next page; after the last one the stored list is replaced whole.
    func loadNextPage() async -> RefreshOutcome
    /// The API's rate limit as last reported, if known.
    func rateLimit() -> RateLimit?
    /// Whether the host answers without a rate limit (Enterprise with rate limiting off): nothing to count.
    var hasNoRateLimit: Bool { get }
    /// Whether commits may be fetched in the background now (not asked for by the user): false once
    /// the hour's remaining requests reach the reserve kept for what the user asks.
    func mayPrefetchCommits() -> Bool
    /// Stores repositories' favourite marks in one write (the observed snapshot's `favouriteIDs` follow).
    func setFavourites(_ marks: [Int64: Bool]) throws
}

/// Navigation out of the list.
@MainActor
protocol RepoListRouterProtocol: AnyObject {
    /// The local search over what is stored (Ctrl-K).
    func showLocalSearch()
    func quit()
    /// The repository view, on `tab`.
    func showRepositoryDetail(_ repository: Repository, tab: RepoTab)
    func showOwnerPrompt()
    /// The owner prompt with the hosts gh knows (`H`).
    func showHosts()
    func showProfile(login: String)
    func showSearch()
    /// The notifications inbox over the list.
    func showInbox()
    /// Replaces the list with another list (an owner's own or starred repositories).
    func showList(_ list: RepositoryListID)
    /// Goes back to the screen below (a list shown over others: `goesBackOnEscape`).
    func close()
}
