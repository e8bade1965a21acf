import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The repository view's frame: which tab is shown, each tab's scroll position, help and messages,
/// the status line. It routes each intent to the shared actions or to the current tab's module
/// (`OverviewPresenter`, `ReadmePresenter`, `CommitsTabPresenter`) and publishes one view state.
@MainActor
final class RepoDetailPresenter: RepoDetailPresenterProtocol, RepoViewHost {
    /// Lines scrolled by one turn of the mouse wheel.
    static let wheelLines = 3

    weak var view: (any RepoDetailViewProtocol)?
    private let interactor: any RepoDetailInteractorProtocol
    private let router: any RepoDetailRouterProtocol
    private let spinner: Spinner
    private let showsPhotos: Bool
    let actions: RepoActions
    /// Follows the README's and the issues' links.
    let links: LinkFollower
    let overview: OverviewPresenter
    let readme: ReadmePresenter
    let commits: CommitsTabPresenter
    /// The Issues and Pull requests tabs (Features/Issues).
    let issueTabs: [RepoTab: IssuesTabPresenter]
    let files: FilesTabPresenter
    let releases: ReleasesTabPresenter

    private(set) var tab: RepoTab = .overview
    /// The tab shown when the view loads, and the issue opened on it (Esc in it closes the view).
    var initialTab: RepoTab = .overview
    var initialIssue: Int?
    /// Each tab's first visible line.
    private var offsets: [RepoTab: Int] = [:]
    private var width = 60
    private(set) var height = 10
    private var status: String?
    private var modal = ModalState()

    init(interactor: any RepoDetailInteractorProtocol, router: any RepoDetailRouterProtocol,
         dispatcher: any UIDispatcher, scheduler: any Scheduler, showsPhotos: Bool = false,
         editor: (any TextEditing)? = nil, now: @escaping () -> Date = Date.init) {
        self.interactor = interactor
        self.router = router
        self.showsPhotos = showsPhotos
        spinner = Spinner(scheduler: scheduler)
        actions = RepoActions(interactor: interactor, dispatcher: dispatcher)
        overview = OverviewPresenter(interactor: interactor, dispatcher: dispatcher, scheduler: scheduler, now: now)
        links = LinkFollower(interactor: interactor, router: router, actions: actions, dispatcher: dispatcher)
        readme = ReadmePresenter(interactor: interactor, router: router, actions: actions, links: links, dispatcher: dispatcher)
        commits = CommitsTabPresenter(history: interactor.history, repository: interactor.repository, dispatcher: dispatcher, now: now)
        let webHost = GitHubLink.host(ofWebPage: interactor.repository.htmlURL)
        issueTabs = [
            .issues: IssuesTabPresenter(kind: .issues, issues: interactor.issues, actions: actions, dispatcher: dispatcher,
                                        webHost: webHost, labelsInColour: showsPhotos, editor: editor, now: now),
            .pulls: IssuesTabPresenter(kind: .pullRequests, issues: interactor.issues, actions: actions, dispatcher: dispatcher,
                                       webHost: webHost, labelsInColour: showsPhotos, editor: editor, now: now),
        ]
        files = FilesTabPresenter(files: interactor.files, repository: interactor.repository, dispatcher: dispatcher,
                                  copy: { [actions] in actions.copy($0) }, open: { [actions] in actions.open($0) })
        releases = ReleasesTabPresenter(releases: interactor.releases, repository: interactor.repository, dispatcher: dispatcher, now: now)
        actions.host = self
        commits.host = self
        for tab in issueTabs.values {
            tab.host = self
            tab.threadPresenter.followLink = { [links] url in links.follow(url) }
        }
        commits.followLink = { [links] url in links.follow(url) }
        links.host = self
        links.openIssue = { [weak self] reference in self?.openIssue(reference) ?? false }
        files.changed = { [weak self] in self?.changed() }
        files.showsImages = showsPhotos
        releases.changed = { [weak self] in self?.changed() }
        overview.host = self
        readme.host = self
    }

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
        actions.start()
        overview.start(showsPhotos: showsPhotos)
        select(initialTab)
        if let number = initialIssue {
            issueTabs[tab]?.open(number: number, onClose: { [weak router] in router?.close() })
        }
        changed()
    }

    func viewDidChangeContentSize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        scroll(to: offset)
        readme.refreshMatches(width: self.width)
        commits.layout(width: self.width, height: self.height)
        for tab in issueTabs.values { tab.layout(width: self.width, height: self.height) }
        files.layout(width: self.width, height: self.height)
        releases.layout(width: self.width, height: self.height)
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
        if tab == .readme, readme.handle(action) {
            changed()
            return
        }
        if tab == .commits, commits.handle(action) {
            changed()
            return
        }
        if let issueTab = issueTabs[tab], issueTab.handle(action) {
            changed()
            return
        }
        if tab == .files, files.handle(action) { return }
        if tab == .releases, releases.handle(action) { return }
        switch action {
        case .scrollUp: scroll(to: offset - 1)
        case .scrollDown: scroll(to: offset + 1)
        case .pageUp: scroll(to: offset - max(1, height - 1))
        case .pageDown: scroll(to: offset + max(1, height - 1))
        case .home: scroll(to: 0)
        case .end: scroll(to: Int.max / 2)
        case .toggleFavourite: actions.toggleFavourite()
        case .openInBrowser: actions.openInBrowser()
        case .reloadCommits:
            overview.reload()
            if tab == .readme { readme.reload() }
        case .toggleHelp: modal.showsHelp = true
        case .toggleReadme: select(tab == .readme ? .overview : .readme)
        case .nextTab, .previousTab:
            let all = RepoTab.allCases
            let step = action == .nextTab ? 1 : all.count - 1
            select(all[(tab.rawValue + step) % all.count])
        case .copy:
            actions.openCopyMenu(commits: tab == .commits ? (commits.shownCommit.map { [$0] } ?? []) : overview.state.commits.commits)
        case .clone: actions.clone()
        case .toggleStar: actions.toggleStar()
        case .close: router.close(); return
        case .quit: router.quit(); return
        case .confirm, .choose, .editSearch, .submitSearch, .cancelSearch, .nextLink, .previousLink,
             .startSearch, .nextMatch, .previousMatch, .pickBranch, .nextFile, .previousFile, .cycleState, .toggleOpen, .comment,
             .toggleSource, .download: break
        }
        changed()
    }

    func didClickClose() {
        router.close()
    }

    func didSelectTab(_ index: Int) {
        guard !modal.isActive, actions.state.copyMenu == nil, let tab = RepoTab(rawValue: index) else { return }
        status = nil
        select(tab)
        changed()
    }

    func didScroll(by lines: Int) {
        guard !modal.isActive else { return }
        if tab == .files || tab == .releases {
            for _ in 0..<abs(lines) {
                let action: RepoDetailAction = lines < 0 ? .scrollUp : .scrollDown
                _ = tab == .files ? files.handle(action) : releases.handle(action)
            }
            return
        }
        if tab == .commits {
            // The history moves its selection (and pages on), a commit scrolls.
            guard commits.state.branchPicker == nil, actions.state.copyMenu == nil else { return }
            for _ in 0..<abs(lines) { _ = commits.handle(lines < 0 ? .scrollUp : .scrollDown) }
            changed()
            return
        }
        if let issueTab = issueTabs[tab], actions.state.copyMenu == nil {
            for _ in 0..<abs(lines) { _ = issueTab.handle(lines < 0 ? .scrollUp : .scrollDown) }
            changed()
            return
        }
        scroll(to: offset + lines)
        publish()
    }

    /// An issue or pull request of this repository a link names: its tab, the thread open; Esc in it
    /// comes back to where the link was (the README, the thread before).
    private func openIssue(_ reference: IssueReference) -> Bool {
        let repository = interactor.repository
        guard reference.owner.lowercased() == repository.ownerLogin.lowercased(),
              reference.name.lowercased() == repository.name.lowercased() else { return false }
        let target = reference.isPullRequest.map { $0 ? RepoTab.pulls : .issues } ?? (issueTabs[tab] != nil ? tab : .issues)
        if target == tab, let thread = issueTabs[tab]?.threadPresenter, thread.isOpen {
            thread.follow(number: reference.number)
            return true
        }
        let from = tab
        select(target)
        issueTabs[target]?.open(number: reference.number, onClose: { [weak self] in self?.select(from) })
        return true
    }

    /// Shows `tab`, where it was scrolled to.
    private func select(_ tab: RepoTab) {
        guard tab != self.tab else { return }
        self.tab = tab
        if tab == .readme {
            readme.didAppear()
            readme.refreshMatches(width: width)
        }
        if tab == .commits { commits.didAppear() }
        issueTabs[tab]?.didAppear()
        if tab == .files {
            // The tree of the branch the Commits tab's picker chose (the default branch until then).
            if let branch = commits.state.history.branch, branch != files.navigator.ref { files.show(ref: branch) }
            files.didAppear()
        }
        if tab == .releases { releases.didAppear() }
        scroll(to: offset)
    }

    // MARK: RepoViewHost

    func setStatus(_ text: String?) { status = text }

    func showMessage(_ message: MessageBox) { modal.message = message }

    var offset: Int { offsets[tab] ?? 0 }

    func scroll(to line: Int) {
        offsets[tab] = max(0, min(line, makeLines().count - height))
    }

    /// Something changed: the spinner turns while a request is in flight, and the view is painted.
    func changed() {
        if overview.isLoading || readme.isLoading || commits.isLoading || issueTabs.values.contains(where: \.isLoading)
            || files.isLoading || releases.isLoading {
            spinner.start { [weak self] in self?.publish() }
        } else {
            spinner.stop()
        }
        scroll(to: offset)
        publish()
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    /// Every line of the current tab at the current width.
    func makeLines() -> [DetailLine] {
        switch tab {
        case .overview: overview.lines(actions: actions.state, width: width, spinner: spinner.symbol)
        case .readme: readme.lines(width: width, spinner: spinner.symbol)
        case .commits: commits.window().lines
        case .issues, .pulls: issueTabs[tab]?.window().lines ?? []
        case .files: files.frameWindow(width: width, height: height).lines
        case .releases: releases.frameWindow(width: width, height: height).lines
        }
    }

    func makeState() -> RepoDetailViewState {
        var window: [DetailLine]
        var position = ""
        var title = Sanitizer.line(interactor.repository.fullName) + (tab == .overview ? "" : " · " + tab.title)
        var status = self.status
        var searchField: TextField?
        var canScrollUp = false, canScrollDown = false
        if tab == .commits {
            let commitsWindow = commits.window()
            window = commitsWindow.lines
            position = commitsWindow.position
            if let sha = commitsWindow.openCommit { title += " · " + sha }
            status = status ?? commitsWindow.searchStatus
            searchField = commits.searchField
        } else if let issueTab = issueTabs[tab] {
            let issueWindow = issueTab.window()
            window = issueWindow.lines
            position = issueWindow.position
            if let number = issueWindow.title { title += " · " + number }
            searchField = issueTab.searchField
        } else if tab == .files {
            (window, position) = files.frameWindow(width: width, height: height)
            searchField = files.field
        } else if tab == .releases {
            (window, position) = releases.frameWindow(width: width, height: height)
        } else {
            let lines = makeLines()
            let offset = offset
            let end = min(lines.count, offset + height)
            window = offset < end ? Array(lines[offset..<end]) : []
            if tab == .readme {
                window = readme.decorated(window, offset: offset)
                searchField = readme.state.searchField
            }
            position = lines.count > height ? "\(offset + 1)–\(end)/\(lines.count)" : ""
            canScrollUp = offset > 0
            canScrollDown = end < lines.count
        }
        let table = searchField != nil ? RepoDetailKeys.searchField : RepoDetailKeys.table
        return RepoDetailViewState(
            title: title,
            tabs: TabBarState(items: RepoTab.allCases.map { .init(title: $0.title, count: issueTabs[$0]?.tabCount ?? $0.count(in: interactor.repository)) },
                              current: tab.rawValue, hint: RepoDetailKeys.tabHint),
            isFavourite: actions.state.isFavourite,
            lines: window,
            position: position,
            canScrollUp: canScrollUp,
            canScrollDown: canScrollDown,
            status: status,
            footer: table.bindings.filter { shows($0.action) }.compactMap { binding in
                // Esc in an open commit goes back to the history.
                binding.footer.map { footer in
                    let help = binding.action == .close && (commitIsOpen || issueIsOpen) ? tr("keys.back")
                        : binding.action == .confirm && issueTabs[tab] != nil ? tr("detail.footer.openIssue") : footer.help
                    return HelpEntry(keys: footer.keys, help: help)
                }
            },
            help: modal.showsHelp ? RepoDetailKeys.table.helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } : nil,
            message: modal.message,
            menu: actions.state.copyMenu ?? commits.state.branchMenu,
            searchField: searchField
        )
    }

    private var commitIsOpen: Bool { tab == .commits && commits.state.commit != nil }
    private var issueIsOpen: Bool { issueTabs[tab]?.isThreadOpen ?? false }

    /// Whether the footer shows the key of `action` on the current tab (each tab's own keys only there).
    private func shows(_ action: RepoDetailAction) -> Bool {
        switch action {
        case .startSearch: tab == .readme || tab == .files || commits.state.commit != nil && tab == .commits
            || issueTabs[tab] != nil && !issueIsOpen
        case .toggleSource: tab == .files && files.file != nil
        case .download: tab == .releases && releases.state.openRelease != nil
        case .nextLink: tab == .readme
        case .confirm: tab == .commits && commits.state.commit == nil || issueTabs[tab] != nil && !issueIsOpen
            || tab == .releases && releases.state.openRelease == nil
        case .pickBranch: tab == .commits && commits.state.commit == nil
        case .cycleState: issueTabs[tab] != nil && !issueIsOpen
        case .nextFile: tab == .commits && commits.state.commit != nil || issueIsOpen && tab == .pulls
        default: true
        }
    }
}

extension RepoDetailAction: ModalAction {
    var isQuit: Bool { self == .quit }
    /// Enter and Esc press a message's [ OK ].
    var closesMessage: Bool { self == .confirm || self == .close }
}
