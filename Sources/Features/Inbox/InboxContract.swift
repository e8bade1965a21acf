import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

// The notifications inbox at a glance: a full screen listing the threads of
// `GET /notifications` — what each is about (a kind word that reads without colour), why the user gets
// it, its title, repository and age, unread in bold —, grouped by repository or flat, filtered by
// unread/all, participating, reason and typed text. The stored inbox is shown at once, then refreshed and polled
// politely (`InboxPoller`: If-Modified-Since, never sooner than X-Poll-Interval). Enter opens the subject
// inside the app (an issue or pull request at its latest comment, a release, a commit's diff, a check
// suite's Actions tab) and marks it read; done, mark all read and unsubscribe act at once and
// are put back, with a message, when GitHub refuses. Above the notifications, Needs you: review requests,
// assignments and the user's own pull requests with their checks (one GraphQL query, stored, asked again
// with a changed list, `r`, or when old). While open, it tells the app-wide `InboxWatch` the unread count.
// Without a token it says what is needed and asks nothing.
//
// Ownership: the screen stack holds the View strongly; View → Presenter strong; Presenter → View
// weak; Presenter → Interactor, Router and Poller strong; Presenter → InboxWatch strong (the app owns it
// too); Router → navigator and screen weak.

/// What the user can ask of the inbox: the key table maps keys to these.
enum InboxAction: Hashable, Sendable {
    case moveUp, moveDown, pageUp, pageDown, home, end
    /// Enter: the thread's subject inside the app (`InboxDestination`), marked read.
    case open
    /// `m`: marks the thread read without opening it.
    case markRead
    /// `d`: marks the thread done (it leaves the inbox).
    case markDone
    /// `M`: marks every thread read.
    case markAllRead
    /// `U`: no more notifications of the thread.
    case unsubscribe
    /// `a`: unread only, or all.
    case toggleAll
    /// `P`: only threads the user takes part in, or all.
    case toggleParticipating
    /// `R`: only one reason (mention, review requested…), the next one each time, then every reason again.
    case cycleReason
    /// `v`: grouped by repository, or flat.
    case toggleGrouping
    /// `/`: filter by title or repository.
    case startFilter
    /// `r`: ask GitHub now (as soon as its poll interval allows).
    case refresh
    /// Ctrl-K: the local search over what is stored.
    case localSearch
    case toggleHelp
    /// Esc: close help, a message or the filter; otherwise back.
    case back
    case quit
}

extension InboxAction: ModalAction {
    var isQuit: Bool { self == .quit }
    var closesMessage: Bool { self == .open || self == .back }
}

/// The passive view: it draws whatever state it is given.
typealias InboxViewProtocol = StateView<InboxViewState>

/// The presenter: turns keys, stored and fetched inboxes and action outcomes into view state.
@MainActor
protocol InboxPresenterProtocol: AnyObject {
    func viewDidLoad()
    /// The screen is on top again (a thread opened from it was closed).
    func viewDidReappear()
    /// The number of list lines the view can show changed.
    func viewDidChangeListHeight(_ rows: Int)
    func handle(_ action: InboxAction)
    /// A click on line `index` of the visible list.
    func didClickLine(_ index: Int)
    func didScroll(by rows: Int)
    /// Whether the filter field has the keyboard.
    var isEditingFilter: Bool { get }
    func filterDidEdit(_ edit: TextEdit)
    /// Enter (keep) or Esc (clear) in the filter field.
    func filterDidEnd(keep: Bool)
}

/// The interactor: the inbox's use cases, over GitHub and the store.
protocol InboxInteractorProtocol: AnyObject, Sendable {
    /// Whether requests carry a token (without one the inbox asks nothing).
    var isAuthenticated: Bool { get }
    /// The inbox as stored for `filter`, nil when none is.
    func storedInbox(_ filter: NotificationFilter) -> StoredInbox?
    /// The first page of `filter`, conditional on `lastModified`; a new list is stored (a 304 stores nothing).
    func fetch(_ filter: NotificationFilter, lastModified: String?) async -> LoadOutcome<NotificationsPage>
    /// A further page, from a `Link` URL.
    func nextPage(_ url: URL) async -> LoadOutcome<NotificationsPage>
    /// Stores the list as now shown (after a page, an action GitHub took).
    func save(_ threads: [NotificationThread], filter: NotificationFilter, lastModified: String?, pollInterval: Int?)
    /// Carries out `change` on GitHub.
    func perform(_ change: InboxChange) async -> LoadOutcome<Void>
    /// The Needs-you sections as stored, and when they were read; nil when none are.
    func storedNeedsYou() -> (needsYou: NeedsYou, fetchedAt: Date)?
    /// Asks GitHub what needs the user (one GraphQL query); a new answer is stored.
    func fetchNeedsYou() async -> LoadOutcome<NeedsYou>
}

/// What the user asked GitHub to do to the inbox.
enum InboxChange: Sendable, Equatable {
    case read(threadID: String)
    case done(threadID: String)
    case allRead(at: Date)
    case unsubscribe(threadID: String)
}

/// Navigation out of the inbox.
@MainActor
protocol InboxRouterProtocol: AnyObject {
    /// The local search over what is stored (Ctrl-K).
    func showLocalSearch()
    /// The repository view at `place`: an issue or pull request at a comment (Esc in it comes back here),
    /// a release, a commit's diff.
    func show(_ place: RepoPlace, in repository: Repository)
    /// The repository view on `tab`.
    func showRepositoryDetail(_ repository: Repository, tab: RepoTab)
    /// Goes back (dismisses the inbox).
    func close()
    func quit()
}

/// What the inbox reads and keeps: GitHub's notifications, the store, and whose inbox it is.
public struct InboxSources: Sendable {
    var service: any NotificationService
    var store: any InboxStore
    /// The account the stored inbox belongs to (the API host and the token's identity, never the token).
    var account: String

    public init(service: any NotificationService, store: any InboxStore, account: String) {
        self.service = service
        self.store = store
        self.account = account
    }
}
