import GitHubEntities
import TerminalKit

// A tab of the repository view at a glance. The view's presenter (`RepoDetailPresenter`) knows its tabs
// only through `RepoTabModule`: it lays them out, routes each action to the current one first, asks it
// for its window and its footer, and holds no branch on which tab it is. Each tab is a folder beside
// `RepoView/` (value state, pure builder, thin presenter); `RepoTabs.make` builds them, in the order the
// tab bar shows them. Adding a tab: a folder with a presenter conforming to `RepoTabModule`, its
// `RepoTab` constant, and one line in `RepoTabs.make`.

/// What a tab draws inside the frame: one shape for every tab.
struct TabWindow: Equatable {
    /// The visible lines, already laid out at the panel's width.
    var lines: [DetailLine]
    /// "12–30/400" on the bottom frame when the content is taller than the panel (else empty).
    var position = ""
    var canScrollUp = false
    var canScrollDown = false
    /// Added to the frame's title after the tab's name ("#12", a commit's short SHA).
    var titleSuffix: String?
    /// A line for the status bar while nothing else is said ("3/7 matches").
    var status: String?
    /// The tab's search field while it is edited (the frame's key table switches to the field's).
    var searchField: TextField?
    /// A menu the tab shows over the panel (the branch picker).
    var menu: CopyMenuState?
}

/// How the footer shows one of the view's keys on a tab.
enum FooterKey: Equatable {
    /// As the key table says.
    case shown
    /// With other words ("back" for Esc in an open commit).
    case shownAs(String)
    case hidden
}

/// One tab of the repository view, as its frame sees it (RIBs' child, lazygit's context).
@MainActor
protocol RepoTabModule: AnyObject {
    /// Which tab this is: its name in the tab bar, and how links and the list name it.
    var tab: RepoTab { get }
    /// The frame: the status line, messages, and the one way to say "changed" (it repaints).
    var host: (any RepoViewHost)? { get set }
    /// A request of the tab is in flight (the spinner turns meanwhile).
    var isLoading: Bool { get }
    /// The tab bar's count ("24", "50+"); nil where unknown.
    var tabCount: String? { get }
    /// The view's key that shows this tab from any other (and from it, the first tab); nil for none.
    var jumpAction: RepoDetailAction? { get }
    /// The tab is shown (the first time: it loads), also when its view is on top again.
    func didAppear()
    /// Another tab is shown, another screen covers the view, or the view closed: what the tab does only
    /// while seen (watching a run) stops until `didAppear`.
    func didDisappear()
    /// The panel's content area: `width` columns, `height` rows.
    func layout(width: Int, height: Int)
    /// The tab's meaning of an action; false when the frame's own applies.
    func handle(_ action: RepoDetailAction) -> Bool
    /// The mouse wheel: `lines` to scroll (negative: up).
    func scroll(by lines: Int)
    /// What the frame draws now.
    func window(spinner: String) -> TabWindow
    /// Whether and how the footer shows the key of `action` on this tab.
    func footer(for action: RepoDetailAction) -> FooterKey
    /// `r`: load again what failed.
    func reload()
    /// What `y` offers to copy of commits on this tab; nil: the repository's latest.
    var commitsToCopy: [Commit]? { get }
    /// Opens the issue or pull request `number` in this tab; false when this tab does not show such
    /// threads. `onClose` runs when the user closes it (Esc).
    func open(_ reference: IssueReference, isCurrent: Bool, onClose: @escaping () -> Void) -> Bool
    /// Opens `place` (the view was opened at it); false when this tab does not show such things. `onClose`
    /// runs when the user closes it (Esc), where the tab has a way back of its own.
    func show(_ place: RepoPlace, onClose: @escaping () -> Void) -> Bool
    /// Opens the workflow run (and job) a link names in this tab; false when this tab does not show
    /// runs. `onClose` runs when the user closes it (Esc).
    func open(_ run: RunReference, onClose: @escaping () -> Void) -> Bool
}

/// A thing inside a repository the view opens at (the inbox's Enter, a link to another repository's
/// issue): an issue or pull request thread (at a comment, when known), a release, a commit's diff. Each is
/// on its tab, which opens it (`RepoTabModule.show`).
public enum RepoPlace: Sendable, Equatable {
    /// Issue or pull request `number`, scrolled to comment `commentID` (its latest, for a notification)
    /// once that is read; at its top when nil.
    case thread(number: Int, isPullRequest: Bool, commentID: Int64?)
    /// The release with GitHub's id `id`, opened once the tab has read it.
    case release(id: Int)
    /// A commit's diff.
    case commit(sha: String)
    /// The README, searched for `match` and scrolled to its first place (a local search's hit).
    case readme(match: String)

    /// The tab it is on.
    public var tab: RepoTab {
        switch self {
        case .thread(_, let isPullRequest, _): isPullRequest ? .pulls : .issues
        case .release: .releases
        case .commit: .commits
        case .readme: .readme
        }
    }
}

extension RepoTabModule {
    func didDisappear() {}
    var tabCount: String? { nil }
    var jumpAction: RepoDetailAction? { nil }
    func reload() {}
    var commitsToCopy: [Commit]? { nil }
    func open(_ reference: IssueReference, isCurrent: Bool, onClose: @escaping () -> Void) -> Bool { false }
    func show(_ place: RepoPlace, onClose: @escaping () -> Void) -> Bool { false }
    func open(_ run: RunReference, onClose: @escaping () -> Void) -> Bool { false }

    /// The keys every tab shows; a tab's own keys are shown by the tab that has them.
    func footer(for action: RepoDetailAction) -> FooterKey {
        RepoDetailAction.tabSpecific.contains(action) ? .hidden : .shown
    }
}

extension RepoDetailAction {
    /// Keys that mean something on some tabs only: the footer shows them where a tab says so.
    static let tabSpecific: Set<RepoDetailAction> = [
        .startSearch, .toggleSource, .download, .nextLink, .confirm, .pickBranch, .cycleState, .nextFile,
        .toggleFold, .toggleTimestamps, .nextThread, .selectLine, .submitReview, .resolveThread,
    ]
}

extension DocumentScroll {
    /// The view's scrolling keys on a document of `lineCount` lines shown `height` at a time; false for
    /// any other action.
    mutating func apply(_ action: RepoDetailAction, lineCount: Int, height: Int) -> Bool {
        let page = max(1, height - 1)
        let target: Int
        switch action {
        case .scrollUp: target = offset - 1
        case .scrollDown: target = offset + 1
        case .pageUp: target = offset - page
        case .pageDown: target = offset + page
        case .home: target = 0
        case .end: target = lineCount
        default: return false
        }
        scroll(to: target, lineCount: lineCount, height: height)
        return true
    }
}
