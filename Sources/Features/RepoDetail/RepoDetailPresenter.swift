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
        case .close: router.close(); return
        case .confirm, .choose: break
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
        publish()
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
            status = "Copied \(Sanitizer.line(choice.label)): \(Sanitizer.line(choice.text)) (\(ways.joined(separator: ", ")))"
        case .failed(let reason):
            status = "Could not copy: \(Sanitizer.line(reason))"
        }
        publish()
    }

    private func clone() {
        switch interactor.isCloned() ? .alreadyCloned(path: interactor.cloneDirectory()) : interactor.clone() {
        case .cloned(let path):
            clonePath = path
            status = "Cloned into \(Sanitizer.line(path))"
        case .alreadyCloned(let path):
            clonePath = path
            status = "Already cloned at \(Sanitizer.line(path))"
        case .failed(let reason):
            status = "Could not clone: \(Sanitizer.line(reason))"
        }
    }

    private func toggleStar() {
        guard interactor.canStar else {
            status = "Starring needs a token: set GH_TOKEN or run gh auth login"
            return
        }
        guard starTask == nil else { return }
        let on = !(isStarred ?? false)
        status = on ? "Starring…" : "Unstarring…"
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
            status = on ? "★ Starred on GitHub" : "Unstarred on GitHub"
        case .needsToken:
            status = "Starring needs a token: set GH_TOKEN or run gh auth login"
        case .failed(let error):
            status = "Could not star: \(error.shortReason)"
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
            status = on ? "★ Added to favourites" : "Removed from favourites"
        } catch {
            modal.message = MessageBox(title: "Error", message: "Could not save the favourite: \(Sanitizer.line(String(describing: error)))")
        }
    }

    private func openInBrowser() {
        guard openTask == nil else { return }
        status = "Opening \(address)…"
        let interactor = self.interactor
        openTask = dispatcher.background { await interactor.openInBrowser() } then: { [weak self] outcome in
            self?.openDidFinish(outcome)
        }
    }

    func openDidFinish(_ outcome: URLOpenOutcome) {
        openTask = nil
        switch outcome {
        case .opened(let program):
            status = "Opened \(address) with \(Sanitizer.line(program))"
        case .noBrowser:
            status = "\(address) — no $BROWSER or xdg-open"
        case .failed(let reason):
            status = "\(address) — could not open: \(Sanitizer.line(reason))"
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
        let window = offset < end ? Array(lines[offset..<end]) : []
        return RepoDetailViewState(
            title: Sanitizer.line(interactor.repository.fullName) + (showsReadme ? " · README" : ""),
            isFavourite: isFavourite,
            lines: window,
            lineCount: lines.count,
            position: lines.count > height ? "\(offset + 1)–\(end)/\(lines.count)" : "",
            canScrollUp: offset > 0,
            canScrollDown: end < lines.count,
            status: status,
            footer: RepoDetailKeys.table.footerHints.map { HelpEntry(keys: $0.keys, help: $0.help) },
            help: modal.showsHelp ? RepoDetailKeys.table.helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } : nil,
            message: modal.message,
            menu: copyMenu
        )
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
            lines.append(.note("No description", isError: false))
        } else {
            lines += description.wrapped(toWidth: width).map { .text($0) }
        }
        var badges: [String] = []
        if isFavourite { badges.append("★ Favourite") }
        if isStarred == true { badges.append("Starred on GitHub") }
        if clonePath != nil { badges.append("Cloned") }
        if repository.isArchived { badges.append("Archived") }
        if repository.isFork { badges.append("Fork") }
        if !badges.isEmpty { lines.append(.badges(badges)) }
        lines.append(.blank)
        lines += fieldLines(for: repository)
        lines.append(.blank)
        lines.append(.heading("Latest commits"))
        lines += commitLines()
        return lines
    }

    private func fieldLines(for repository: Repository) -> [DetailLine] {
        let owner = LabeledField(label: "Owner", value: Self.value(repository.ownerLogin))
        let languageName = Sanitizer.line(repository.language ?? "")
        let language = languageName.isEmpty ? LabeledField(label: "Language", value: "—")
            : LabeledField(label: "Language", value: "\(LanguageBadge.dot) \(languageName)",
                          dotColor: LanguageBadge.color(for: repository.language ?? ""))
        let stars = LabeledField(label: "Stars", value: "★ \(Formatting.grouped(repository.stargazersCount))")
        let forks = LabeledField(label: "Forks", value: Formatting.grouped(repository.forksCount))
        let watchers = LabeledField(label: "Watchers", value: Formatting.grouped(repository.watchersCount))
        let issues = LabeledField(label: "Open issues", value: Formatting.grouped(repository.openIssuesCount))
        let created = LabeledField(label: "Created", value: date(repository.createdAt))
        let license = LabeledField(label: "License", value: Self.value(repository.license))
        let updated = LabeledField(label: "Updated", value: date(repository.updatedAt))
        let branch = LabeledField(label: "Default branch", value: Self.value(repository.defaultBranch))
        let pushed = LabeledField(label: "Pushed", value: date(repository.pushedAt))
        var flags: [String] = []
        if repository.isArchived { flags.append("archived") }
        if repository.isFork { flags.append("fork") }
        let flagsField = LabeledField(label: "Flags", value: flags.isEmpty ? "—" : flags.joined(separator: ", "))
        let pairs = [(owner, language), (stars, forks), (watchers, issues), (created, license), (updated, branch), (pushed, flagsField)]
        let topics = Sanitizer.line(repository.topics.map(Sanitizer.line).filter { !$0.isEmpty }.joined(separator: ", "))
        let wide = [
            LabeledField(label: "Topics", value: topics.isEmpty ? "—" : topics),
            LabeledField(label: "Homepage", value: Self.value(repository.homepage)),
            LabeledField(label: "GitHub", value: Self.value(repository.htmlURL)),
        ] + (clonePath.map { [LabeledField(label: "Clone", value: Sanitizer.line($0))] } ?? [])

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
            return [.note("\(spinner.symbol) loading commits…", isError: false)]
        case .empty, .loaded([]):
            return [.note("No commits yet", isError: false)]
        case .loaded(let list):
            let now = now()
            return list.map { .commit(CommitLineState($0, now: now)) }
        case .failed(let reason):
            return [.note("Could not load commits (\(reason)) — r retries", isError: true)]
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
