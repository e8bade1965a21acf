import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// Whether the last word from the network was good.
enum Connectivity: Equatable { case unknown, online, offline }

/// Which part of the list screen has the keyboard.
enum RepoListFocus: Equatable { case carousel, list }

/// Everything the list screen shows, as the presenter holds it.
struct RepoListScreenState {
    var model = RepoListModel()
    var focus: RepoListFocus = .list
    var carouselIndex = 0
    /// The selection and the first displayed row on screen.
    var viewport = Viewport()
    /// Repositories whose latest commits are shown under their row.
    var expanded = Set<Int64>()
    /// The filter's field (`/`): the text and its cursor; the model filters by its text.
    var filterField = TextField(maxLength: RepoListScreenState.maximumFilterLength)
    static let maximumFilterLength = 200
    var commits: [Int64: CommitsState] = [:]
    /// Repositories on screen that have a clone in the clone root.
    var cloned = Set<Int64>()
    /// What changed since the user last looked (`ChangeTracker`).
    var changeMarks = ChangeMarks()

    var ownerLogin = ""
    /// The owner's own list or the owner's starred list.
    var listKind: RepositoryListID.Kind = .owner
    var isDemo = false
    /// The GitHub host the list is on when it is not github.com (named in the header).
    var hostName: String?
    var connectivity: Connectivity = .unknown
    /// `--offline`: the network is never asked, so `r` cannot fill an empty list.
    var isOfflineMode = false
    var isRefreshing = false
    var isLoadingMore = false
    var hasMorePages = false
    var rateLimit: RateLimit?
    /// The host answers without rate-limit headers: the header says "no rate limit" instead of counting.
    var hasNoRateLimit = false
    /// The inbox's unread count (`InboxWatch`), the header's first word when there are any.
    var inboxUnread: InboxUnread?
    /// Background commit loading is held back to save the hour's requests: the header says so.
    var commitsOnDemand = false
    var spinnerSymbol = Spinner.frames[0]

    var modal = ModalState()
    var notice: String?
    /// The last refresh or page failed: said in the header while there is a list to browse.
    var failure: GitHubError?

    /// A network answer failed. With rows to browse it is a line in the header (the keys stay the
    /// list's); a message box, which takes the keys until closed, only when there is nothing to show.
    mutating func networkFailed(_ error: GitHubError) {
        if error == .network { connectivity = .offline }
        if model.snapshot.repositories.isEmpty {
            modal.show(error)
        } else {
            failure = error
        }
    }

    /// Whether the list ends with the "loading more" row.
    var showsMoreRow: Bool { isLoadingMore || (model.filterText.isEmpty && hasMorePages) }

    /// The lines `displayed[index]` takes on screen: the row, its expansion, the "loading more" row.
    func linesTaken(by index: Int) -> Int {
        let displayed = model.displayed
        return 1 + expansionLineCount(for: displayed[index].id) + (index == displayed.count - 1 && showsMoreRow ? 1 : 0)
    }

    func expansionLineCount(for id: Int64) -> Int {
        guard expanded.contains(id) else { return 0 }
        if let shown = commits[id]?.commits, !shown.isEmpty { return shown.count }
        return 1
    }

    /// The displayed rows the screen can show from the top (at least; expansions may show fewer).
    var windowIDs: [Int64] {
        let displayed = model.displayed
        guard !displayed.isEmpty else { return [] }
        let end = min(displayed.count, viewport.top + viewport.height)
        return viewport.top < end ? displayed[viewport.top..<end].map(\.id) : []
    }

    // MARK: Selection, scrolling, carousel

    var selectedRepository: Repository? { model.repository(at: viewport.selection) }

    var focusedCard: Repository? {
        let cards = model.carouselRepositories
        return cards.indices.contains(carouselIndex) ? cards[carouselIndex] : nil
    }

    /// Selects displayed row `index` (clamped) and scrolls it into view.
    mutating func select(_ index: Int) {
        let lines = self
        viewport.select(index, count: model.displayed.count) { lines.linesTaken(by: $0) }
    }

    /// Scrolls as little as needed for the selected row, with its expansion, to be whole on screen.
    mutating func ensureSelectionVisible() {
        let lines = self
        viewport.ensureVisible(count: model.displayed.count) { lines.linesTaken(by: $0) }
    }

    mutating func focusCarousel() {
        guard !model.carouselRepositories.isEmpty else { return }
        focus = .carousel
        viewport.scrollToTop()
    }

    /// ←/→: the next or previous card, wrapping around.
    mutating func moveCarousel(by step: Int) {
        let count = model.carouselRepositories.count
        guard count > 0 else { return }
        focus = .carousel
        carouselIndex = Carousel.index(carouselIndex, movedBy: step, count: count)
    }

    /// Changes the model, keeping the selected repository selected (or going back to the top).
    mutating func changeModel(keepingSelection: Bool, _ change: (inout RepoListModel) -> Void) {
        let selectedID = keepingSelection ? selectedRepository?.id : nil
        change(&model)
        if let selectedID, let index = model.displayedIndex(of: selectedID) {
            viewport.reselect(index)
        } else if !keepingSelection {
            viewport.reset()
        }
        carouselIndex = min(carouselIndex, max(0, model.carouselRepositories.count - 1))
        if model.carouselRepositories.isEmpty { focus = .list }
        ensureSelectionVisible()
    }

    /// The rows around the window (a screen above, three below), read from the store in one go so
    /// scrolling asks the store once per few screens instead of on every key.
    var storeReadAheadIDs: [Int64] {
        let displayed = model.displayed
        guard !displayed.isEmpty else { return [] }
        let from = max(0, viewport.top - viewport.height), to = min(displayed.count, viewport.top + 4 * viewport.height)
        return from < to ? displayed[from..<to].map(\.id) : []
    }
}
