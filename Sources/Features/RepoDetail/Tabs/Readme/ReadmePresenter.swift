import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// The README tab: loads the README (stored first, GitHub's asked once, when the tab is first
/// shown), searches its rendered text (`/`, `n`/`N`), numbers its links and follows them (digits
/// and Enter, Tab/Shift-Tab): a repository or an owner opens in the app, anything else in the
/// browser through the shared actions.
@MainActor
final class ReadmePresenter {
    /// The longest query kept.
    static let maximumQueryLength = 200

    weak var host: (any RepoViewHost)?
    private let interactor: any RepoDetailInteractorProtocol
    private let router: any RepoDetailRouterProtocol
    private let actions: RepoActions
    /// Follows the links (in the app, or the browser).
    private let links: LinkFollower
    private let dispatcher: any UIDispatcher
    /// The README and its lines at the panel's width.
    private let readme: ReadmeSection
    private var started = false
    /// The README request in flight (tests await it).
    private(set) var readmeTask: Task<Void, Never>?
    /// The search and the links, as a value (`ReadmeTabState`).
    private(set) var state = ReadmeTabState()
    /// Where the README is scrolled to, and the panel's rows.
    private var scroll = DocumentScroll()
    private var height = 10
    /// A cell in pixels where the terminal has a graphics protocol: the README's pictures are shown
    /// (nil: never fetched, the README reads as text).
    var pictureCell: PixelSize?
    /// The pictures asked for, by address, and the width they were asked at.
    private var picturesAsked: (width: Int, urls: Set<String>) = (0, [])
    /// Picture requests in flight (tests await them).
    private(set) var pictureTasks: [Task<Void, Never>] = []

    init(interactor: any RepoDetailInteractorProtocol, router: any RepoDetailRouterProtocol, actions: RepoActions,
         links: LinkFollower, dispatcher: any UIDispatcher) {
        let repository = interactor.repository
        readme = ReadmeSection(base: ReadmeBase(webPage: repository.htmlURL, branch: repository.defaultBranch ?? "HEAD"),
                               textLinks: IssueReference.markdownLinks(owner: repository.ownerLogin, name: repository.name,
                                                                       host: GitHubLink.host(ofWebPage: repository.htmlURL)))
        self.interactor = interactor
        self.router = router
        self.actions = actions
        self.links = links
        self.dispatcher = dispatcher
    }

    isolated deinit {
        readmeTask?.cancel()
        for task in pictureTasks { task.cancel() }
    }

    var isLoading: Bool { readmeTask != nil }
    var hasQuery: Bool { !state.searchQuery.isEmpty }

    /// The tab is shown: the stored README at once, then GitHub's, asked once (a view nobody reads
    /// the README of costs no request for it).
    func didAppear() {
        state.linkKeys.typed = ""
        refreshMatches(width: lastWidth)
        guard !started else { return }
        started = true
        if let stored = interactor.storedReadme() { readme.update(.loaded(stored)) }
        loadReadme()
    }

    /// `r`: the README again after a failure.
    func reload() {
        if case .failed = readme.state { loadReadme() }
    }

    private func loadReadme() {
        guard readmeTask == nil else { return }
        if case .failed = readme.state { readme.update(.loading) }
        let interactor = self.interactor
        readmeTask = dispatcher.background { await interactor.readme() } then: { [weak self] outcome in
            self?.readmeDidLoad(outcome)
        }
    }

    func readmeDidLoad(_ outcome: ReadmeOutcome) {
        readmeTask = nil
        switch outcome {
        case .markdown(let markdown): readme.update(.loaded(markdown))
        case .none: readme.update(.none)
        case .failed(let error): readme.update(.failed(error.shortReason))
        case .cancelled: return
        }
        scroll(to: scroll.offset)
        refreshMatches(width: lastWidth)
        host?.changed()
    }

    // MARK: Lines

    private var lastWidth = 60

    /// Every line of the README at `width`.
    func lines(width: Int, spinner: String) -> [DetailLine] {
        lastWidth = width
        askForPictures(width: width)
        return readme.lines(width: width, spinner: spinner)
    }

    /// The pictures of the README at `width` not asked for yet: each fetched (stored first), decoded and
    /// scaled off the UI thread, then shown.
    private func askForPictures(width: Int) {
        guard let cell = pictureCell else { return }
        if picturesAsked.width != width { picturesAsked = (width, []) }
        let interactor = self.interactor
        // Seen whole, a picture is drawn for real: no taller than the tab's lines.
        let maxRows = max(4, height - 2)
        for found in readme.pictureAddresses(width: width) where !picturesAsked.urls.contains(found.url) {
            picturesAsked.urls.insert(found.url)
            let url = found.url
            let task = dispatcher.background { () -> OwnerPicture? in
                guard let bytes = await interactor.readmePicture(url: url), !Task.isCancelled else { return nil }
                return ReadmePictures.picture(bytes, cell: cell, maxColumns: width, maxRows: maxRows)
            } then: { [weak self] picture in
                guard let self, let picture, self.lastWidth == width else { return }
                self.readme.add(picture, url: url, width: width)
                self.refreshMatches(width: width)
                self.host?.changed()
            }
            pictureTasks.append(task)
        }
    }

    /// The window's lines (from `offset`) with the search matches and the selected link highlighted.
    func decorated(_ window: [DetailLine], offset: Int) -> [DetailLine] {
        ReadmeStateBuilder.decorated(window, offset: offset, state: state)
    }

    // MARK: Keys

    /// The keys of this tab: search, links, `n`/`N`; returns whether it took the action.
    func handle(_ action: RepoDetailAction) -> Bool {
        if state.searchField != nil {
            handleSearchField(action)
            return true
        }
        if handleLinkKeys(action) { return true }
        switch action {
        case .startSearch:
            state.searchField = TextField(text: state.searchQuery, maxLength: Self.maximumQueryLength)
        case .nextMatch: moveMatch(by: 1)
        case .previousMatch: moveMatch(by: -1)
        case .close where !state.searchQuery.isEmpty: clearSearch()
        default: return scroll.apply(action, lineCount: lines(width: lastWidth, spinner: "").count, height: height)
        }
        return true
    }

    // MARK: Search

    private func handleSearchField(_ action: RepoDetailAction) {
        switch action {
        case .editSearch(let edit):
            guard var field = state.searchField, field.apply(edit) else { return }
            state.searchField = field
            state.searchQuery = field.text
            refreshMatches(width: lastWidth)
            showFirstMatch()
        case .submitSearch:
            state.searchField = nil
            if state.searchQuery.isEmpty { clearSearch(); return }
            showFirstMatch()
            host?.setStatus(matchStatus)
        case .cancelSearch, .close:
            clearSearch()
        case .quit:
            router.quit()
        default:
            break
        }
    }

    private func clearSearch() {
        state.searchField = nil
        state.searchQuery = ""
        state.matches = []
        state.currentMatch = nil
    }

    /// The matches of the query in the README's lines as they are now (after a new width or README).
    func refreshMatches(width: Int) {
        guard !state.searchQuery.isEmpty else {
            state.matches = []
            state.currentMatch = nil
            return
        }
        state.matches = ReadmeSearch.matches(of: state.searchQuery, in: lines(width: width, spinner: "").map { line in
            if case .markdown(let styled) = line { return styled }
            return nil
        })
        if let current = state.currentMatch, !state.matches.indices.contains(current) { state.currentMatch = state.matches.isEmpty ? nil : 0 }
    }

    /// The first match at or below the top line becomes the current one, scrolled into view.
    private func showFirstMatch() {
        guard !state.matches.isEmpty else { state.currentMatch = nil; return }
        let offset = scroll.offset
        state.currentMatch = state.matches.firstIndex { $0.line >= offset } ?? 0
        revealCurrentMatch()
    }

    private func moveMatch(by step: Int) {
        guard !state.searchQuery.isEmpty else { return }
        if state.matches.isEmpty {
            host?.setStatus(matchStatus)
            return
        }
        let count = state.matches.count
        let offset = scroll.offset
        if let current = state.currentMatch {
            state.currentMatch = ((current + step) % count + count) % count
        } else {
            let first = state.matches.firstIndex { $0.line >= offset } ?? 0
            let last = state.matches.lastIndex { $0.line < offset + height } ?? count - 1
            state.currentMatch = step > 0 ? first : last
        }
        revealCurrentMatch()
        host?.setStatus(matchStatus)
    }

    /// Scrolls so that the current match is on screen (at the top when it was not).
    private func revealCurrentMatch() {
        guard let current = state.currentMatch, state.matches.indices.contains(current) else { return }
        let line = state.matches[current].line
        if line < scroll.offset || line >= scroll.offset + height { scroll(to: line) }
    }

    private var matchStatus: String { ReadmeStateBuilder.matchStatus(state) }

    // MARK: Links

    /// Digits, Tab/Shift-Tab and Enter (`LinkKeys`); returns whether the action was one of them.
    private func handleLinkKeys(_ action: RepoDetailAction) -> Bool {
        let links = readme.links
        switch state.linkKeys.handle(action, onScreen: { linksOnScreen() }, url: { number in links.first { $0.number == number }?.url }) {
        case .notTaken: return false
        case .taken(let status):
            if let status { host?.setStatus(status) }
        case .follow(let number):
            if let url = links.first(where: { $0.number == number })?.url { self.links.follow(url) }
        }
        return true
    }

    /// The links drawn in the lines now on screen, in order of first appearance.
    private func linksOnScreen() -> [Int] {
        ReadmeStateBuilder.links(in: lines(width: lastWidth, spinner: ""), offset: scroll.offset, height: height)
    }

    /// Scrolls to `line`, clamped to the README at the current width.
    private func scroll(to line: Int) {
        scroll.scroll(to: line, lineCount: lines(width: lastWidth, spinner: "").count, height: height)
    }
}

extension ReadmePresenter: RepoTabModule {
    var tab: RepoTab { .readme }

    func layout(width: Int, height: Int) {
        lastWidth = width
        self.height = height
        scroll(to: scroll.offset)
        refreshMatches(width: width)
    }

    func scroll(by lines: Int) {
        scroll(to: scroll.offset + lines)
    }

    func window(spinner: String) -> TabWindow {
        let shown = scroll.window(lines(width: lastWidth, spinner: spinner), height: height)
        return TabWindow(lines: decorated(shown.lines, offset: scroll.offset), position: shown.position,
                         canScrollUp: shown.canScrollUp, canScrollDown: shown.canScrollDown, searchField: state.searchField)
    }

    func footer(for action: RepoDetailAction) -> FooterKey {
        switch action {
        case .startSearch, .nextLink: .shown
        default: RepoDetailAction.tabSpecific.contains(action) ? .hidden : .shown
        }
    }
}

extension RepoTab {
    public static let readme = RepoTab(id: "readme", name: { tr("detail.tab.readme") })
}
