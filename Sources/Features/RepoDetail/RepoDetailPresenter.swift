import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// Formats one repository into the overlay's lines (wrapped to the panel's width), scrolls them,
/// loads the latest commits (stored first, fetched when missing or old), and handles the
/// favourite mark and "open on GitHub".
@MainActor
final class RepoDetailPresenter: RepoDetailPresenterProtocol {
    /// Where the latest commits stand.
    enum CommitsState: Equatable {
        case loading
        case loaded([Commit])
        case empty
        case failed(String)
    }

    /// Below this content width the fields take one line each instead of two columns.
    static let twoColumnWidth = 64
    /// Lines scrolled by one turn of the mouse wheel.
    static let wheelLines = 3

    weak var view: (any RepoDetailViewProtocol)?
    private let interactor: any RepoDetailInteractorProtocol
    private let router: any RepoDetailRouterProtocol
    private let dispatcher: any UIDispatcher
    private let spinner: Spinner
    private let now: () -> Date

    private var isFavourite = false
    private var commits: CommitsState = .loading
    private var width = 60
    private var height = 10
    private var offset = 0
    private var status: String?
    private var modal = ModalState()
    /// The copy menu (`y`), while open.
    private var copyMenu: CopyMenuState?
    private var copyChoices: [CopyChoice] = []
    /// Starred on GitHub (nil: unknown, or no token).
    private var isStarred: Bool?
    /// Where a clone of the repository is, when there is one.
    private var clonePath: String?
    /// The README section (fetched on open, stored first).
    private let readme: ReadmeSection
    /// The README is shown instead of the details (`R`); each keeps its own scroll position.
    private var showsReadme = false
    private var otherOffset = 0
    /// The README request in flight (tests await it).
    private(set) var readmeTask: Task<Void, Never>?
    /// The owner's photo (only where the terminal shows true colours).
    private var photo: PixelImage?
    private let showsPhotos: Bool
    /// The photo request in flight (tests await it).
    private(set) var photoTask: Task<Void, Never>?
    /// The photo's size in pixels: 8×8, four cell rows.
    static let photoSize = (width: 8, height: 8)
    /// The star request in flight (tests await it).
    private(set) var starTask: Task<Void, Never>?
    /// The commit request in flight (tests await it).
    private(set) var loadTask: Task<Void, Never>?
    /// The browser being started (tests await it).
    private(set) var openTask: Task<Void, Never>?
    /// The README's search: the field while it is edited, the query kept, its matches.
    private var searchField: TextField?
    private var searchQuery = ""
    private var matches: [TextMatch] = []
    private var currentMatch: Int?
    /// The README link number being typed (digits, then Enter).
    private var typedLink = ""
    /// The README link selected with Tab/Shift-Tab (its number).
    private(set) var selectedLink: Int?
    /// A link being followed: the repository or owner looked up (tests await it).
    private(set) var followTask: Task<Void, Never>?

    init(interactor: any RepoDetailInteractorProtocol, router: any RepoDetailRouterProtocol,
                dispatcher: any UIDispatcher, scheduler: any Scheduler, showsPhotos: Bool = false,
                now: @escaping () -> Date = Date.init) {
        self.showsPhotos = showsPhotos
        readme = ReadmeSection(base: ReadmeBase(webPage: interactor.repository.htmlURL,
                                                branch: interactor.repository.defaultBranch ?? "HEAD"))
        self.interactor = interactor
        self.router = router
        self.dispatcher = dispatcher
        spinner = Spinner(scheduler: scheduler)
        self.now = now
    }

    isolated deinit {
        loadTask?.cancel()
        starTask?.cancel()
        photoTask?.cancel()
        readmeTask?.cancel()
        followTask?.cancel()
    }

    // MARK: RepoDetailPresenterProtocol

    func viewDidLoad() {
        isFavourite = interactor.isFavourite()
        if interactor.isCloned() { clonePath = interactor.cloneDirectory() }
        if showsPhotos { loadPhoto() }

        if interactor.canStar {
            let interactor = self.interactor
            starTask = dispatcher.background { await interactor.isStarred() } then: { [weak self] starred in
                self?.starTask = nil
                self?.isStarred = starred
                self?.publish()
            }
        }
        if let stored = interactor.storedCommits() {
            commits = stored.isEmptyRepository || stored.commits.isEmpty ? .empty : .loaded(stored.commits)
            // Old commits stay on screen while newer ones are fetched.
            if !interactor.isCurrent(stored) { loadCommits() }
        } else {
            loadCommits()
        }
        publish()
    }

    func viewDidChangeContentSize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        clampOffset(lineCount: makeLines().count)
        refreshMatches()
        publish()
    }

    func handle(_ action: RepoDetailAction) {
        status = nil
        switch modal.intercept(action) {
        case .quit: router.quit(); return
        case .handled: publish(); return
        case .notIntercepted: break
        }
        if copyMenu != nil {
            handleMenu(action)
            return
        }
        if searchField != nil {
            handleSearchField(action)
            publish()
            return
        }
        if handleLinkKeys(action) {
            publish()
            return
        }
        switch action {
        case .scrollUp: scroll(to: offset - 1)
        case .scrollDown: scroll(to: offset + 1)
        case .pageUp: scroll(to: offset - max(1, height - 1))
        case .pageDown: scroll(to: offset + max(1, height - 1))
        case .home: scroll(to: 0)
        case .end: scroll(to: Int.max / 2)
        case .toggleFavourite: toggleFavourite()
        case .openInBrowser: openInBrowser()
        case .reloadCommits:
            if case .failed = commits { commits = .loading; loadCommits() }
            if showsReadme, case .failed = readme.state { loadReadme() }
        case .toggleHelp: modal.showsHelp = true
        case .toggleReadme: toggleReadme()
        case .copy: openCopyMenu()
        case .clone: clone()
        case .toggleStar: toggleStar()
        case .close:
            if showsReadme, !searchQuery.isEmpty { clearSearch(); break }
            router.close(); return
        case .startSearch:
            if showsReadme { searchField = TextField(text: searchQuery, maxLength: Self.maximumQueryLength) }
        case .nextMatch: moveMatch(by: 1)
        case .previousMatch: moveMatch(by: -1)
        case .confirm, .choose, .editSearch, .submitSearch, .cancelSearch, .nextLink, .previousLink: break
        case .quit: router.quit(); return
        }
        publish()
    }

    func didClickClose() {
        router.close()
    }

    func didScroll(by lines: Int) {
        guard !modal.isActive else { return }
        scroll(to: offset + lines)
        publish()
    }

    // MARK: README

    /// Shows the README (the stored one at once, then GitHub's, asked once: opening an overlay costs
    /// no request for a README nobody reads), or the details again.
    private func toggleReadme() {
        showsReadme.toggle()
        swap(&offset, &otherOffset)
        if showsReadme, case .loading = readme.state {
            if let stored = interactor.storedReadme() { readme.update(.loaded(stored)) }
            loadReadme()
        }
        clampOffset(lineCount: makeLines().count)
        typedLink = ""
        refreshMatches()
    }

    private func loadReadme() {
        guard readmeTask == nil else { return }
        if case .failed = readme.state { readme.update(.loading) }
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        readmeTask = dispatcher.background { await interactor.readme() } then: { [weak self] outcome in
            self?.readmeDidLoad(outcome)
        }
    }

    func readmeDidLoad(_ outcome: ReadmeOutcome) {
        readmeTask = nil
        if loadTask == nil { spinner.stop() }
        switch outcome {
        case .markdown(let markdown): readme.update(.loaded(markdown))
        case .none: readme.update(.none)
        case .failed(let error): readme.update(.failed(error.shortReason))
        case .cancelled: return
        }
        clampOffset(lineCount: makeLines().count)
        refreshMatches()
        publish()
    }

    // MARK: Search in the README

    /// The longest query kept.
    static let maximumQueryLength = 200

    private func handleSearchField(_ action: RepoDetailAction) {
        switch action {
        case .editSearch(let edit):
            guard var field = searchField, field.apply(edit) else { return }
            searchField = field
            searchQuery = field.text
            refreshMatches()
            showFirstMatch()
        case .submitSearch:
            searchField = nil
            if searchQuery.isEmpty { clearSearch(); return }
            showFirstMatch()
            status = matchStatus
        case .cancelSearch, .close:
            clearSearch()
        case .quit:
            router.quit()
        default:
            break
        }
    }

    private func clearSearch() {
        searchField = nil
        searchQuery = ""
        matches = []
        currentMatch = nil
    }

    /// The matches of the query in the README's lines as they are now (after a new width or README).
    private func refreshMatches() {
        guard !searchQuery.isEmpty else {
            matches = []
            currentMatch = nil
            return
        }
        // The details have no matches; the README's are found again when it is shown.
        guard showsReadme else { return }
        matches = ReadmeSearch.matches(of: searchQuery, in: makeLines().map { line in
            if case .markdown(let styled) = line { return styled }
            return nil
        })
        if let current = currentMatch, !matches.indices.contains(current) { currentMatch = matches.isEmpty ? nil : 0 }
    }

    /// The first match at or below the top line becomes the current one, scrolled into view.
    private func showFirstMatch() {
        guard !matches.isEmpty else { currentMatch = nil; return }
        currentMatch = matches.firstIndex { $0.line >= offset } ?? 0
        revealCurrentMatch()
    }

    private func moveMatch(by step: Int) {
        guard showsReadme, !searchQuery.isEmpty else { return }
        if matches.isEmpty {
            status = matchStatus
            return
        }
        let count = matches.count
        if let current = currentMatch {
            currentMatch = ((current + step) % count + count) % count
        } else {
            currentMatch = step > 0 ? (matches.firstIndex { $0.line >= offset } ?? 0) : (matches.lastIndex { $0.line < offset + height } ?? count - 1)
        }
        revealCurrentMatch()
        status = matchStatus
    }

    /// Scrolls so that the current match is on screen (at the top when it was not).
    private func revealCurrentMatch() {
        guard let current = currentMatch, matches.indices.contains(current) else { return }
        let line = matches[current].line
        if line < offset || line >= offset + height { scroll(to: line) }
    }

    /// "3/7 matches", or "no match for …".
    private var matchStatus: String {
        guard let current = currentMatch, !matches.isEmpty else { return tr("detail.readme.noMatch", searchQuery) }
        return tr("detail.readme.matches", current + 1, matches.count)
    }

    // MARK: Links

    /// Digits, Tab/Shift-Tab and Enter in the README; returns whether the action was one of them.
    private func handleLinkKeys(_ action: RepoDetailAction) -> Bool {
        guard showsReadme else { return false }
        switch action {
        case .choose(let digit):
            guard typedLink.count < 4, !(typedLink.isEmpty && digit == 0) else { return true }
            typedLink += String(digit)
            status = tr("detail.link.typed", typedLink)
            return true
        case .confirm:
            if let number = Int(typedLink) {
                typedLink = ""
                follow(number)
            } else if let selectedLink, linksOnScreen().contains(selectedLink) {
                follow(selectedLink)
            }
            return true
        case .close where !typedLink.isEmpty:
            typedLink = ""
            return true
        case .nextLink, .previousLink:
            typedLink = ""
            selectLink(forward: action == .nextLink)
            return true
        default:
            typedLink = ""
            return false
        }
    }

    /// The links drawn in the lines now on screen, in order of first appearance.
    private func linksOnScreen() -> [Int] {
        let lines = makeLines()
        let end = min(lines.count, offset + height)
        var numbers: [Int] = []
        guard offset < end else { return [] }
        for line in lines[offset..<end] {
            guard case .markdown(let styled) = line else { continue }
            for span in styled.spans { if let link = span.link, !numbers.contains(link) { numbers.append(link) } }
        }
        return numbers
    }

    private func selectLink(forward: Bool) {
        let numbers = linksOnScreen()
        guard !numbers.isEmpty else {
            selectedLink = nil
            status = tr("detail.link.noneOnScreen")
            return
        }
        if let current = selectedLink, let index = numbers.firstIndex(of: current) {
            selectedLink = numbers[((index + (forward ? 1 : -1)) % numbers.count + numbers.count) % numbers.count]
        } else {
            selectedLink = forward ? numbers.first : numbers.last
        }
        if let selectedLink, let link = readme.links.first(where: { $0.number == selectedLink }) {
            status = tr("detail.link.selected", selectedLink, Sanitizer.line(link.url))
        }
    }

    /// Follows link `number`: a repository or an owner on GitHub opens in the app, anything else in
    /// the browser.
    private func follow(_ number: Int) {
        guard let link = readme.links.first(where: { $0.number == number }) else {
            status = tr("detail.link.missing", number)
            return
        }
        selectedLink = number
        let repository = interactor.repository
        let target = GitHubLink.classify(link.url, host: GitHubLink.host(ofWebPage: repository.htmlURL))
        guard followTask == nil else { return }
        let interactor = self.interactor
        switch target {
        case .repository(let owner, let name)
            where owner.lowercased() == repository.ownerLogin.lowercased() && name.lowercased() == repository.name.lowercased():
            // A file or folder of this repository: its page.
            openLink(link.url)
        case .repository(let owner, let name):
            status = tr("detail.status.opening", "\(owner)/\(name)")
            followTask = dispatcher.background { await interactor.repository(owner: owner, name: name) } then: { [weak self] lookup in
                self?.repositoryDidLoad(lookup, fullName: "\(owner)/\(name)")
            }
        case .owner(let login):
            status = tr("detail.status.opening", login)
            followTask = dispatcher.background { await interactor.ownerExists(login) } then: { [weak self] error in
                self?.ownerDidLoad(login, error: error)
            }
        case .browser(let address):
            openLink(address)
        case .unsupported:
            status = tr("detail.link.notWebAddress", Sanitizer.line(link.url))
        }
    }

    func repositoryDidLoad(_ lookup: RepositoryLookup, fullName: String) {
        followTask = nil
        switch lookup {
        case .found(let repository):
            status = nil
            router.showRepositoryDetail(repository)
        case .failed(let error):
            status = tr("detail.link.couldNotOpen", fullName, error.shortReason)
        case .cancelled:
            status = nil
        }
        publish()
    }

    func ownerDidLoad(_ login: String, error: GitHubError?) {
        followTask = nil
        if let error {
            status = tr("detail.link.couldNotOpen", login, error.shortReason)
            publish()
        } else {
            router.showOwner(login)
        }
    }

    private func openLink(_ address: String) {
        guard openTask == nil else { return }
        let shown = Sanitizer.line(address)
        status = tr("detail.status.opening", shown)
        let interactor = self.interactor
        openTask = dispatcher.background { await interactor.open(address) } then: { [weak self] outcome in
            self?.openDidFinish(outcome, address: shown)
        }
    }

    // MARK: Photo

    /// The stored photo at once, then GitHub's (a conditional request when stored); cancelled when the
    /// overlay goes.
    private func loadPhoto() {
        let size = Self.photoSize
        photo = interactor.storedOwnerPhoto(width: size.width, height: size.height)
        let interactor = self.interactor
        photoTask = dispatcher.background { await interactor.ownerPhoto(width: size.width, height: size.height) } then: { [weak self] loaded in
            guard let self else { return }
            self.photoTask = nil
            if let loaded, loaded != self.photo {
                self.photo = loaded
                self.clampOffset(lineCount: self.makeLines().count)
                self.publish()
            }
        }
    }

    // MARK: Copy, clone, star

    /// Keys while the copy menu is open: ↑↓ and Enter, or a number; Esc closes it.
    private func handleMenu(_ action: RepoDetailAction) {
        guard var menu = copyMenu else { return }
        switch action {
        case .scrollUp: menu.selected = max(0, menu.selected - 1)
        case .scrollDown: menu.selected = min(menu.items.count - 1, menu.selected + 1)
        case .confirm: copy(at: menu.selected); return
        case .choose(let number): copy(at: number - 1); return
        case .close, .copy: copyMenu = nil; publish(); return
        case .quit: router.quit(); return
        default: break
        }
        copyMenu = menu
        publish()
    }

    private func openCopyMenu() {
        var shown: [Commit] = []
        if case .loaded(let list) = commits { shown = list }
        copyChoices = interactor.copyChoices(commits: shown)
        copyMenu = CopyMenuState(items: copyChoices.map { Sanitizer.line($0.label) }, selected: 0)
    }

    private func copy(at index: Int) {
        guard copyChoices.indices.contains(index) else { return }
        copyMenu = nil
        let choice = copyChoices[index]
        switch interactor.copy(choice) {
        case .copied(let ways):
            status = tr("detail.status.copied", Sanitizer.line(choice.label), Sanitizer.line(choice.text), ways.joined(separator: ", "))
        case .failed(let reason):
            status = tr("detail.status.copyFailed", Sanitizer.line(reason))
        }
        publish()
    }

    private func clone() {
        switch interactor.isCloned() ? .alreadyCloned(path: interactor.cloneDirectory()) : interactor.clone() {
        case .cloned(let path):
            clonePath = path
            status = tr("detail.status.cloned", Sanitizer.line(path))
        case .alreadyCloned(let path):
            clonePath = path
            status = tr("detail.status.alreadyCloned", Sanitizer.line(path))
        case .failed(let reason):
            status = tr("detail.status.cloneFailed", Sanitizer.line(reason))
        }
    }

    private func toggleStar() {
        guard interactor.canStar else {
            status = tr("detail.status.starNeedsToken")
            return
        }
        guard starTask == nil else { return }
        let on = !(isStarred ?? false)
        status = on ? tr("detail.status.starring") : tr("detail.status.unstarring")
        let interactor = self.interactor
        starTask = dispatcher.background { await interactor.setStarred(on) } then: { [weak self] outcome in
            self?.starDidFinish(outcome)
        }
    }

    func starDidFinish(_ outcome: StarOutcome) {
        starTask = nil
        switch outcome {
        case .starred(let on):
            isStarred = on
            status = on ? tr("detail.status.starred") : tr("detail.status.unstarred")
        case .needsToken:
            status = tr("detail.status.starNeedsToken")
        case .failed(let error):
            status = tr("detail.status.starFailed", error.shortReason)
        }
        publish()
    }

    // MARK: Actions

    private func scroll(to line: Int) {
        offset = line
        clampOffset(lineCount: makeLines().count)
    }

    private func clampOffset(lineCount: Int) {
        offset = max(0, min(offset, lineCount - height))
    }

    private func toggleFavourite() {
        let on = !isFavourite
        do {
            try interactor.setFavourite(on)
            isFavourite = on
            status = on ? tr("detail.status.favouriteAdded") : tr("detail.status.favouriteRemoved")
        } catch {
            modal.message = .error(tr("message.favouriteNotSaved", Sanitizer.line(String(describing: error))))
        }
    }

    private func openInBrowser() {
        guard openTask == nil else { return }
        status = tr("detail.status.opening", address)
        let interactor = self.interactor
        openTask = dispatcher.background { await interactor.openInBrowser() } then: { [weak self] outcome in
            self?.openDidFinish(outcome)
        }
    }

    func openDidFinish(_ outcome: URLOpenOutcome, address: String? = nil) {
        openTask = nil
        let address = address ?? self.address
        switch outcome {
        case .opened(let program):
            status = tr("detail.status.opened", address, Sanitizer.line(program))
        case .noBrowser:
            status = tr("detail.status.noBrowser", address)
        case .failed(let reason):
            status = tr("detail.status.openFailed", address, Sanitizer.line(reason))
        }
        publish()
    }

    /// The repository's page, as the user may copy it.
    private var address: String { Sanitizer.line(interactor.repository.htmlURL) }

    // MARK: Commits

    private func loadCommits() {
        guard loadTask == nil else { return }
        if case .failed = commits { commits = .loading }
        spinner.start { [weak self] in self?.publish() }
        let interactor = self.interactor
        loadTask = dispatcher.background { await interactor.loadCommits() } then: { [weak self] outcome in
            self?.commitsDidLoad(outcome)
        }
    }

    func commitsDidLoad(_ outcome: CommitsOutcome) {
        loadTask = nil
        if readmeTask == nil { spinner.stop() }
        switch outcome {
        case .loaded(let loaded): commits = .loaded(loaded)
        case .empty: commits = .empty
        case .failed(let error):
            if case .loaded = commits { break } // stored ones stay
            if case .empty = commits { break }
            commits = .failed(error.shortReason)
        case .cancelled:
            break
        }
        clampOffset(lineCount: makeLines().count)
        publish()
    }

    // MARK: View state

    private func publish() {
        view?.display(makeState())
    }

    func makeState() -> RepoDetailViewState {
        let lines = makeLines()
        let end = min(lines.count, offset + height)
        var window = offset < end ? Array(lines[offset..<end]) : []
        if showsReadme { window = decorated(window) }
        let readmeOnly: Set<String> = ["/", "Tab"]
        return RepoDetailViewState(
            title: Sanitizer.line(interactor.repository.fullName) + (showsReadme ? " · README" : ""),
            isFavourite: isFavourite,
            lines: window,
            lineCount: lines.count,
            position: lines.count > height ? "\(offset + 1)–\(end)/\(lines.count)" : "",
            canScrollUp: offset > 0,
            canScrollDown: end < lines.count,
            status: status,
            footer: (searchField != nil ? RepoDetailKeys.searchField : RepoDetailKeys.table).footerHints
                .filter { showsReadme || !readmeOnly.contains($0.keys) }.map { HelpEntry(keys: $0.keys, help: $0.help) },
            help: modal.showsHelp ? RepoDetailKeys.table.helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } : nil,
            message: modal.message,
            menu: copyMenu,
            searchField: searchField
        )
    }

    /// The window's README lines with the search matches and the selected link highlighted.
    private func decorated(_ window: [DetailLine]) -> [DetailLine] {
        guard !matches.isEmpty || selectedLink != nil else { return window }
        return window.enumerated().map { index, line in
            guard case .markdown(let styled) = line else { return line }
            let lineIndex = offset + index
            var highlights: [ReadmeSearch.Highlight] = []
            for (number, match) in matches.enumerated() where match.line == lineIndex {
                highlights.append(.init(columns: match.column..<(match.column + match.width), isCurrent: number == currentMatch))
            }
            return .markdown(ReadmeSearch.decorate(styled, highlights: highlights, selectedLink: selectedLink))
        }
    }

    /// Every line of the content at the current width: the details, or the README.
    func makeLines() -> [DetailLine] {
        showsReadme ? readme.lines(width: width, spinner: spinner.symbol) : detailLines()
    }

    /// The details: description, badges, fields, latest commits.
    private func detailLines() -> [DetailLine] {
        let repository = interactor.repository
        var lines: [DetailLine] = []
        if let photo {
            let caption = Sanitizer.line(repository.ownerLogin)
            for row in 0..<photo.cellSize.height { lines.append(.photo(photo, row: row, caption: row == 0 ? caption : "")) }
            lines.append(.blank)
        }
        let description = Sanitizer.text(repository.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if description.isEmpty {
            lines.append(.note(tr("detail.noDescription"), isError: false))
        } else {
            lines += description.wrapped(toWidth: width).map { .text($0) }
        }
        var badges: [String] = []
        if isFavourite { badges.append(tr("detail.badge.favourite")) }
        if isStarred == true { badges.append(tr("detail.badge.starred")) }
        if clonePath != nil { badges.append(tr("detail.badge.cloned")) }
        if repository.isArchived { badges.append(tr("detail.badge.archived")) }
        if repository.isFork { badges.append(tr("detail.badge.fork")) }
        if !badges.isEmpty { lines.append(.badges(badges)) }
        lines.append(.blank)
        lines += fieldLines(for: repository)
        lines.append(.blank)
        lines.append(.heading(tr("detail.latestCommits")))
        lines += commitLines()
        return lines
    }

    private func fieldLines(for repository: Repository) -> [DetailLine] {
        let owner = LabeledField(label: tr("detail.field.owner"), value: Self.value(repository.ownerLogin))
        let languageName = Sanitizer.line(repository.language ?? "")
        let language = languageName.isEmpty ? LabeledField(label: tr("detail.field.language"), value: "—")
            : LabeledField(label: tr("detail.field.language"), value: "\(LanguageBadge.dot) \(languageName)",
                          dotColor: LanguageBadge.color(for: repository.language ?? ""))
        let stars = LabeledField(label: tr("detail.field.stars"), value: "★ \(Formatting.grouped(repository.stargazersCount))")
        let forks = LabeledField(label: tr("detail.field.forks"), value: Formatting.grouped(repository.forksCount))
        let watchers = LabeledField(label: tr("detail.field.watchers"), value: Formatting.grouped(repository.watchersCount))
        let issues = LabeledField(label: tr("detail.field.openIssues"), value: Formatting.grouped(repository.openIssuesCount))
        let created = LabeledField(label: tr("detail.field.created"), value: date(repository.createdAt))
        let license = LabeledField(label: tr("detail.field.license"), value: Self.value(repository.license))
        let updated = LabeledField(label: tr("detail.field.updated"), value: date(repository.updatedAt))
        let branch = LabeledField(label: tr("detail.field.defaultBranch"), value: Self.value(repository.defaultBranch))
        let pushed = LabeledField(label: tr("detail.field.pushed"), value: date(repository.pushedAt))
        var flags: [String] = []
        if repository.isArchived { flags.append(tr("detail.flag.archived")) }
        if repository.isFork { flags.append(tr("detail.flag.fork")) }
        let flagsField = LabeledField(label: tr("detail.field.flags"), value: flags.isEmpty ? "—" : flags.joined(separator: ", "))
        let pairs = [(owner, language), (stars, forks), (watchers, issues), (created, license), (updated, branch), (pushed, flagsField)]
        let topics = Sanitizer.line(repository.topics.map(Sanitizer.line).filter { !$0.isEmpty }.joined(separator: ", "))
        let wide = [
            LabeledField(label: tr("detail.field.topics"), value: topics.isEmpty ? "—" : topics),
            LabeledField(label: tr("detail.field.homepage"), value: Self.value(repository.homepage)),
            LabeledField(label: tr("detail.field.github"), value: Self.value(repository.htmlURL)),
        ] + (clonePath.map { [LabeledField(label: tr("detail.field.clone"), value: Sanitizer.line($0))] } ?? [])

        var lines: [DetailLine] = []
        if width >= Self.twoColumnWidth {
            let leftLabel = Self.labelWidth(pairs.map(\.0) + wide)
            let rightLabel = Self.labelWidth(pairs.map(\.1))
            for (left, right) in pairs {
                lines.append(.fields([Self.padded(left, leftLabel), Self.padded(right, rightLabel)]))
            }
            for field in wide { lines += wrapped(field, labelWidth: leftLabel) }
        } else {
            let labelWidth = Self.labelWidth(pairs.flatMap { [$0.0, $0.1] } + wide)
            for (left, right) in pairs {
                lines += wrapped(left, labelWidth: labelWidth)
                lines += wrapped(right, labelWidth: labelWidth)
            }
            for field in wide { lines += wrapped(field, labelWidth: labelWidth) }
        }
        return lines
    }

    /// A field across the width, its value wrapped under itself (long URLs and topic lists).
    private func wrapped(_ field: LabeledField, labelWidth: Int) -> [DetailLine] {
        let valueWidth = max(1, width - labelWidth)
        var lines: [DetailLine] = []
        for (i, part) in Self.wrap(field.value, toWidth: valueWidth).enumerated() {
            let label = i == 0 ? field.label : ""
            lines.append(.fields([LabeledField(label: label.fitted(toWidth: labelWidth), value: part)]))
        }
        return lines
    }

    private func commitLines() -> [DetailLine] {
        switch commits {
        case .loading:
            return [.note("\(spinner.symbol) " + tr("commits.loading"), isError: false)]
        case .empty, .loaded([]):
            return [.note(tr("commits.none"), isError: false)]
        case .loaded(let list):
            let now = now()
            return list.map { .commit(CommitLineState($0, now: now)) }
        case .failed(let reason):
            return [.note(tr("commits.failed", reason), isError: true)]
        }
    }

    /// "14 Nov 2023 (2 d ago)", or "—".
    private func date(_ date: Date?) -> String {
        guard let date else { return "—" }
        return "\(Formatting.day(date)) (\(Formatting.relative(date, now: now())))"
    }

    static func value(_ text: String?) -> String {
        let clean = Sanitizer.line(text ?? "").trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? "—" : clean
    }

    /// The widest label plus a space.
    static func labelWidth(_ fields: [LabeledField]) -> Int {
        (fields.map(\.label.displayWidth).max() ?? 0) + 1
    }

    static func padded(_ field: LabeledField, _ labelWidth: Int) -> LabeledField {
        LabeledField(label: field.label.fitted(toWidth: labelWidth), value: field.value, dotColor: field.dotColor)
    }

    /// Word-wrapped (words longer than the line, like URLs, are broken); at least one line.
    static func wrap(_ text: String, toWidth width: Int) -> [String] {
        let lines = text.wrapped(toWidth: width)
        return lines.isEmpty ? [""] : lines
    }
}

extension RepoDetailAction: ModalAction {
    var isQuit: Bool { self == .quit }
    /// Enter and Esc press a message's [ OK ].
    var closesMessage: Bool { self == .confirm || self == .close }
}
