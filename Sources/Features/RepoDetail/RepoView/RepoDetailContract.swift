import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

// The repository view at a glance: a framed panel drawn over the list (which stays visible around
// it) with a [×] close control in its frame and a tab bar (`RepoTab`: Overview, README, Commits).
// Each tab is its own module (`Overview/`, `Readme/`, `Commits/`: value state, pure builder,
// presenter); the actions
// every tab offers (favourite, star, clone, copy, open) live in `Actions/RepoActions`. Content
// taller than the panel scrolls inside it; each tab keeps its own scroll position.
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
    /// `R`: the README tab, and back to the Overview.
    case toggleReadme
    /// → and ←: the next / previous tab (wrapping).
    case nextTab, previousTab
    /// `b` in the Commits tab: the branch picker.
    case pickBranch
    /// `e` in the Issues and Pull requests tabs: open → closed → all.
    case cycleState
    /// `X` on an issue or pull request: close it, or reopen it (needs a token).
    case toggleOpen
    /// `C` on an issue or pull request: write a comment in `$EDITOR`, then post it (needs a token).
    case comment
    /// `d` in an open release: download the selected asset (Esc cancels).
    case download
    /// `m` on a Markdown file (Files tab): its source ⇄ rendered.
    case toggleSource
    /// `]`/`[` in a commit: the next / previous file's diff; in a job's log: the next / previous error.
    case nextFile, previousFile
    /// `}`/`{` in a pull request: the next / previous review thread in its diff.
    case nextThread, previousThread
    /// `v` in a pull request: a cursor on its diff, to choose the line (`V` a range's start) that `C` comments.
    case selectLine, markRange
    /// `S` in a pull request: the review written in `$EDITOR` (approve, request changes, comment), then submitted.
    case submitReview
    /// `D` in a pull request's diff: resolve the review thread at hand, or unresolve a resolved one (needs a token).
    case resolveThread
    /// `a`: the Actions tab, and back to the Overview.
    case toggleActions
    /// Space: in a job's log, fold or unfold the step or group at the cursor; elsewhere a page down.
    case toggleFold
    /// `t` in a job's log: its lines' times shown or hidden.
    case toggleTimestamps
    /// `y`: the copy menu (URLs, clone command, owner/name, a commit's SHA).
    case copy
    /// `c`: `git clone` into the clone root (the terminal is handed to git meanwhile).
    case clone
    /// `*`: star or unstar on GitHub (needs a token).
    case toggleStar
    /// `1`…`9` in the copy menu; elsewhere `0`…`9` type a README link's number (Enter follows it).
    case choose(Int)
    /// `/` in the README: the search field opens.
    case startSearch
    /// Editing the search field (typed text, cursor, Backspace…).
    case editSearch(TextEdit)
    /// Enter in the search field: keep the query.
    case submitSearch
    /// Esc in the search field: clear the search.
    case cancelSearch
    /// `n`/`N`: the next / previous match, wrapping.
    case nextMatch, previousMatch
    /// Tab/Shift-Tab: select the next / previous link on screen (Enter follows it).
    case nextLink, previousLink
    /// Ctrl-K: the local search over what is stored.
    case localSearch
    case toggleHelp
    /// Esc, Backspace: close help or a message, a typed link number or the search, else close the
    /// overlay (back to the overlay or the screen under it).
    case close
    /// Enter: the message's [ OK ]; follows the link typed or selected.
    case confirm
    case quit
}

/// The passive view: it draws whatever state it is given.
typealias RepoDetailViewProtocol = StateView<RepoDetailViewState>

/// The presenter: turns keys, the store and loaded commits into view state.
@MainActor
protocol RepoDetailPresenterProtocol: AnyObject {
    func viewDidLoad()
    /// Covered by another screen, or closed.
    func viewDidDisappear()
    /// On top again.
    func viewDidReappear()
    /// The panel's content area changed: `width` columns, `height` rows.
    func viewDidChangeContentSize(width: Int, height: Int)
    func handle(_ action: RepoDetailAction)
    /// A click on the frame's [×].
    func didClickClose()
    /// A click on a tab of the tab bar (its index in `RepoTab.allCases`).
    func didSelectTab(_ index: Int)
    /// Mouse wheel: lines to scroll (negative: up).
    func didScroll(by lines: Int)
}

/// One thing `y` can copy: what the menu says, and the text that goes to the clipboard.
struct CopyChoice: Sendable, Equatable {
    var label: String
    var text: String
}

/// What GitHub said of a repository's README.
enum ReadmeOutcome: Sendable, Equatable {
    case markdown(String)
    /// The repository has none (404).
    case none
    case failed(GitHubError)
    case cancelled
}

/// How a star or unstar went.
enum StarOutcome: Sendable, Equatable {
    case starred(Bool)
    /// Starring needs a token: nothing was sent.
    case needsToken
    case failed(GitHubError)
}

/// A repository looked up for a link.
enum RepositoryLookup: Sendable, Equatable {
    case found(Repository)
    case failed(GitHubError)
    case cancelled
}

/// The interactor: the overlay's use cases. Its latest commits go through the list's `CommitLoader`
/// (`CommitSource`).
protocol RepoDetailInteractorProtocol: CommitSource {
    var repository: Repository { get }
    /// The history, branches and commits in full, for the Commits tab.
    var history: RepositoryHistory { get }
    /// The tree and files, for the Files tab.
    var files: RepositoryFiles { get }
    /// The releases, for the Releases tab.
    var releases: RepositoryReleases { get }
    /// Workflow runs, jobs and logs, for the Actions tab; nil where the app gives none.
    var actions: RepositoryActions? { get }
    /// The languages and the last year's commits, for the Overview's pictures; nil where none are read.
    var statistics: RepositoryStatistics? { get }
    /// Whether the repository is a favourite (false when the store cannot say).
    func isFavourite() -> Bool
    /// Stores the favourite mark.
    func setFavourite(_ on: Bool) throws
    /// Opens the repository's GitHub page in the browser.
    func openInBrowser() async -> URLOpenOutcome
    /// What `y` offers for this repository and these commits.
    func copyChoices(commits: [Commit]) -> [CopyChoice]
    /// Puts the text on the clipboard (on the UI thread: it writes to the terminal).
    @MainActor func copy(_ choice: CopyChoice) -> ClipboardOutcome
    /// Where `c` clones to, and whether a clone is already there.
    @MainActor func cloneDirectory() -> String
    @MainActor func isCloned() -> Bool
    /// Clones in the foreground (the terminal is git's meanwhile).
    @MainActor func clone() -> CloneOutcome
    /// The owner's photo as stored (no request): half blocks at most `blocks` pixels, and at most
    /// `fine` for a terminal with a graphics protocol.
    func storedOwnerPhoto(blocks: PixelSize, fine: PixelSize?) -> OwnerPicture?
    /// The owner's photo from GitHub (revalidated when stored).
    func ownerPhoto(blocks: PixelSize, fine: PixelSize?) async -> OwnerPicture?
    /// A README's picture from its own host (never with the token): stored bytes first, else fetched;
    /// nil when it cannot be had.
    func readmePicture(url: String) async -> Data?
    /// The README as stored (no request): raw Markdown.
    func storedReadme() -> String?
    /// The README from GitHub (revalidated when stored).
    func readme() async -> ReadmeOutcome
    /// A repository a link names: the stored one, else fetched from GitHub.
    func repository(owner: String, name: String) async -> RepositoryLookup
    /// Whether an owner exists (a link to it is followed only then).
    func ownerExists(_ login: String) async -> GitHubError?
    /// Opens a web address (a README's link) in the browser: http and https only.
    func open(_ address: String) async -> URLOpenOutcome
    /// Whether the app has a token (starring needs one).
    var canStar: Bool { get }
    /// Whether the user starred the repository (nil when unknown or without a token).
    func isStarred() async -> Bool?
    /// Stars or unstars the repository on GitHub.
    func setStarred(_ on: Bool) async -> StarOutcome
    /// The issues, pull requests and their threads, for the Issues and Pull requests tabs (nil when
    /// the service or the store cannot give them).
    var issues: RepositoryIssues? { get }
}

/// Navigation out of the overlay.
@MainActor
protocol RepoDetailRouterProtocol: AnyObject {
    /// The local search over what is stored (Ctrl-K).
    func showLocalSearch()
    /// Closes the overlay (the list under it is as it was).
    func close()
    func quit()
    /// Opens another repository's overlay over this one (Esc comes back here).
    func showRepositoryDetail(_ repository: Repository)
    /// Opens another repository's overlay over this one on its issue or pull request `number` (Esc in it
    /// comes back here).
    func showIssue(_ number: Int, isPullRequest: Bool, of repository: Repository)
    /// Shows an owner's repositories over this overlay (Esc on that list comes back here).
    func showOwner(_ login: String)
}
