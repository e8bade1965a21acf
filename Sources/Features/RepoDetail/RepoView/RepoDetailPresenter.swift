import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The repository view's frame: which tab is shown, help and messages, the status line, the copy menu.
/// It knows its tabs only through `RepoTabModule` (built by `RepoTabs.make`): each action goes to the
/// current tab first, then to the frame's own meaning; it holds no branch on which tab is shown.
@MainActor
final class RepoDetailPresenter: RepoDetailPresenterProtocol, RepoViewHost {
    /// Lines scrolled by one turn of the mouse wheel.
    static let wheelLines = 3

    weak var view: (any RepoDetailViewProtocol)?
    private let interactor: any RepoDetailInteractorProtocol
    private let router: any RepoDetailRouterProtocol
    private let spinner: Spinner
    let tabs: RepoTabs

    /// The index in `tabs.all` of the tab shown.
    private var current = 0
    /// The tab shown when the view loads, or the place opened on its own tab (Esc in an issue opened so
    /// closes the view).
    var initialTab: RepoTab = .overview
    var initialPlace: RepoPlace?
    private var status: String?
    private var modal = ModalState()

    init(interactor: any RepoDetailInteractorProtocol, router: any RepoDetailRouterProtocol, tabs: RepoTabs,
         scheduler: any Scheduler) {
        self.interactor = interactor
        self.router = router
        self.tabs = tabs
        spinner = Spinner(scheduler: scheduler)
        tabs.actions.host = self
        tabs.links.host = self
        tabs.links.openIssue = { [weak self] reference in self?.openIssue(reference) ?? false }
        tabs.links.openRun = { [weak self] reference in self?.openRun(reference) ?? false }
        for tab in tabs.all { tab.host = self }
    }

    /// The view with its tabs made here (tests and previews).
    convenience init(interactor: any RepoDetailInteractorProtocol, router: any RepoDetailRouterProtocol,
                     dispatcher: any UIDispatcher, scheduler: any Scheduler, showsPhotos: Bool = false,
                     editor: (any TextEditing)? = nil, now: @escaping () -> Date = Date.init) {
        self.init(interactor: interactor, router: router,
                  tabs: RepoTabs.make(interactor: interactor, router: router, dispatcher: dispatcher, scheduler: scheduler,
                                      showsPhotos: showsPhotos, editor: editor, now: now),
                  scheduler: scheduler)
    }

    /// The tab shown.
    var tab: RepoTab { tabs.all[current].tab }
    private var shown: any RepoTabModule { tabs.all[current] }

    // The tabs and shared parts by name, for tests.
    var actions: RepoActions { tabs.actions }
    var links: LinkFollower { tabs.links }
    var overview: OverviewPresenter { tabs.overview }
    var readme: ReadmePresenter { tabs.readme }
    var commits: CommitsTabPresenter { tabs.commits }
    var issueTabs: [RepoTab: IssuesTabPresenter] { [.issues: tabs.issues, .pulls: tabs.pulls] }
    var files: FilesTabPresenter { tabs.files }
    var releases: ReleasesTabPresenter { tabs.releases }

    // Requests in flight, for tests to await.
    var loadTask: Task<Void, Never>? { overview.loadTask }
    var photoTask: Task<Void, Never>? { overview.photoTask }
    var readmeTask: Task<Void, Never>? { readme.readmeTask }
    var followTask: Task<Void, Never>? { links.followTask }
    var starTask: Task<Void, Never>? { actions.starTask }
    var openTask: Task<Void, Never>? { actions.openTask }
    var selectedLink: Int? { readme.state.selectedLink }
    var pageTask: Task<Void, Never>? { commits.pageTask }
    var commitTask: Task<Void, Never>? { commits.commitTask }

    // MARK: RepoDetailPresenterProtocol

    func viewDidLoad() {
        tabs.start()
        let first = initialPlace?.tab ?? initialTab
        select(tabs.all.firstIndex { $0.tab == first } ?? 0, force: true)
        if let initialPlace { _ = shown.show(initialPlace, onClose: { [weak router] in router?.close() }) }
        changed()
    }

    func viewDidDisappear() {
        shown.didDisappear()
    }

    func viewDidReappear() {
        shown.didAppear()
        changed()
    }

    func viewDidChangeContentSize(width: Int, height: Int) {
        for tab in tabs.all { tab.layout(width: max(1, width), height: max(1, height)) }
        publish()
    }

    func handle(_ action: RepoDetailAction) {
        status = nil
        switch modal.intercept(action) {
        case .quit: router.quit(); return
        case .handled: publish(); return
        case .notIntercepted: break
        }
        if actions.state.copyMenu != nil {
            if action == .quit { router.quit(); return }
            actions.handleMenu(action)
            publish()
            return
        }
        if shown.handle(action) {
            changed()
            return
        }
        switch action {
        case .toggleFavourite: actions.toggleFavourite()
        case .openInBrowser: actions.openInBrowser()
        case .reloadCommits: for tab in tabs.all { tab.reload() }
        case .localSearch: router.showLocalSearch(); return
        case .toggleHelp: modal.showsHelp = true
        case .toggleReadme, .toggleActions: jump(by: action)
        case .toggleFold:
            // Space where nothing folds: a page down, as it always was.
            if shown.handle(.pageDown) {
                changed()
                return
            }
        case .nextTab: select((current + 1) % tabs.all.count)
        case .previousTab: select((current + tabs.all.count - 1) % tabs.all.count)
        case .copy: actions.openCopyMenu(commits: shown.commitsToCopy ?? actions.latestCommits)
        case .clone: actions.clone()
        case .toggleStar: actions.toggleStar()
        case .close: router.close(); return
        case .quit: router.quit(); return
        case .scrollUp, .scrollDown, .pageUp, .pageDown, .home, .end, .confirm, .choose, .editSearch, .submitSearch,
             .cancelSearch, .nextLink, .previousLink, .startSearch, .nextMatch, .previousMatch, .pickBranch, .nextFile,
             .previousFile, .nextThread, .previousThread, .selectLine, .markRange, .submitReview, .resolveThread, .cycleState, .toggleOpen, .comment, .toggleSource, .download, .toggleTimestamps: break
        }
        changed()
    }

    func didClickClose() {
        router.close()
    }

    func didSelectTab(_ index: Int) {
        guard !modal.isActive, actions.state.copyMenu == nil, tabs.all.indices.contains(index) else { return }
        status = nil
        select(index)
        changed()
    }

    func didScroll(by lines: Int) {
        guard !modal.isActive, actions.state.copyMenu == nil else { return }
        shown.scroll(by: lines)
        changed()
    }

    /// An issue or pull request of this repository a link names: the tab that shows such threads (the
    /// current one first), the thread open; Esc in it comes back to where the link was.
    private func openIssue(_ reference: IssueReference) -> Bool {
        let repository = interactor.repository
        guard reference.owner.lowercased() == repository.ownerLogin.lowercased(),
              reference.name.lowercased() == repository.name.lowercased() else { return false }
        if shown.open(reference, isCurrent: true, onClose: {}) { return true }
        let from = current
        for index in tabs.all.indices where index != current {
            let onClose = { [weak self] () -> Void in self?.select(from) }
            if tabs.all[index].open(reference, isCurrent: false, onClose: onClose) {
                select(index)
                return true
            }
        }
        return false
    }

    /// A workflow run of this repository a link names (a pull request's check): the tab that shows runs,
    /// on it; Esc there comes back to where the link was.
    private func openRun(_ reference: RunReference) -> Bool {
        let repository = interactor.repository
        guard reference.isOf(owner: repository.ownerLogin, name: repository.name) else { return false }
        let from = current
        for index in tabs.all.indices {
            let onClose: () -> Void = index == current ? {} : { [weak self] in self?.select(from) }
            if tabs.all[index].open(reference, onClose: onClose) {
                select(index)
                return true
            }
        }
        return false
    }

    /// Shows the tab at `index`, where it was scrolled to.
    /// A tab's own key (`R`: the README) shows that tab, and from it goes back to the first.
    private func jump(by action: RepoDetailAction) {
        guard let target = tabs.all.firstIndex(where: { $0.jumpAction == action }) else { return }
        select(current == target ? 0 : target)
    }

    private func select(_ index: Int, force: Bool = false) {
        guard force || index != current else { return }
        if index != current { shown.didDisappear() }
        current = index
        shown.didAppear()
    }

    // MARK: RepoViewHost

    func setStatus(_ text: String?) { status = text }

    func showMessage(_ message: MessageBox) { modal.message = message }

    /// Something changed: the spinner turns while a request is in flight, and the view is painted.
    func changed() {
        if tabs.all.contains(where: \.isLoading) {
            spinner.start { [weak self] in self?.publish() }
        } else {
            spinner.stop()
        }
        publish()
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    func makeState() -> RepoDetailViewState {
        let window = shown.window(spinner: spinner.symbol)
        var title = Sanitizer.line(interactor.repository.fullName)
        if current > 0 { title += " · " + tab.title }
        if let suffix = window.titleSuffix { title += " · " + suffix }
        let table = window.searchField != nil ? RepoDetailKeys.searchField : RepoDetailKeys.table
        return RepoDetailViewState(
            title: title,
            tabs: TabBarState(items: tabs.all.map { .init(title: $0.tab.title, count: $0.tabCount) },
                              current: current, hint: RepoDetailKeys.tabHint),
            isFavourite: actions.state.isFavourite,
            lines: window.lines,
            position: window.position,
            canScrollUp: window.canScrollUp,
            canScrollDown: window.canScrollDown,
            status: status ?? window.status,
            footer: table.bindings.compactMap { binding in
                binding.footer.flatMap { footer in
                    switch shown.footer(for: binding.action) {
                    case .shown: HelpEntry(keys: footer.keys, help: footer.help)
                    case .shownAs(let help): HelpEntry(keys: footer.keys, help: help)
                    case .hidden: nil
                    }
                }
            },
            help: modal.showsHelp ? RepoDetailKeys.table.helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } : nil,
            message: modal.message,
            menu: actions.state.copyMenu ?? window.menu,
            searchField: window.searchField
        )
    }
}

extension RepoDetailAction: ModalAction {
    var isQuit: Bool { self == .quit }
    /// Enter and Esc press a message's [ OK ].
    var closesMessage: Bool { self == .confirm || self == .close }
}
