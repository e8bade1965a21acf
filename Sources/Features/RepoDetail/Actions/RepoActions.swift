import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// What the repository view's frame offers every tab: the status line, messages, and a repaint.
@MainActor
protocol RepoViewHost: AnyObject {
    /// A line in the status bar until the next key ("Copied…", "3/7 matches").
    func setStatus(_ text: String?)
    /// A message box over the view.
    func showMessage(_ message: MessageBox)
    /// Something the view shows changed: paint again.
    func changed()
}

/// The actions every tab of the repository view offers: favourite (`f`), star (`*`), clone (`c`),
/// copy (`y`) and open in the browser (`o`, and a README's links). One home for their state and
/// their requests, whichever tab is shown.
@MainActor
final class RepoActions {
    /// What the actions know, as the tabs show it (badges, the clone field, the copy menu).
    struct State: Equatable {
        var isFavourite = false
        /// Starred on GitHub (nil: unknown, or no token).
        var isStarred: Bool?
        /// Where a clone of the repository is, when there is one.
        var clonePath: String?
        /// The copy menu (`y`), while open.
        var copyMenu: CopyMenuState?
    }

    private(set) var state = State()
    /// The repository's latest commits as the Overview has them: what `y` offers on a tab that shows
    /// no commit of its own.
    var latestCommits: [Commit] = []
    weak var host: (any RepoViewHost)?
    private let interactor: any RepoDetailInteractorProtocol
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    private var copyChoices: [CopyChoice] = []
    /// What `*` asked for and GitHub has not confirmed yet: sent when the request before it answers,
    /// so a press while an answer is awaited is not lost.
    private var wantedStar: Bool?
    /// The star request in flight, or the first "is it starred?" (tests await it).
    private(set) var starTask: Task<Void, Never>?
    /// The browser being started (tests await it).
    private(set) var openTask: Task<Void, Never>?

    init(interactor: any RepoDetailInteractorProtocol, dispatcher: any UIDispatcher) {
        self.interactor = interactor
        calls = BackgroundCalls(dispatcher)
    }

    /// Reads the favourite mark and the clone, and asks GitHub whether the repository is starred.
    func start() {
        state.isFavourite = interactor.isFavourite()
        if interactor.isCloned() { state.clonePath = interactor.cloneDirectory() }
        guard interactor.canStar else { return }
        let interactor = self.interactor
        starTask = calls.run { await interactor.isStarred() } then: { [weak self] starred in
            guard let self else { return }
            starTask = nil
            state.isStarred = starred
            sendWantedStar()
            host?.changed()
        }
    }

    // MARK: Favourite

    func toggleFavourite() {
        let on = !state.isFavourite
        do {
            try interactor.setFavourite(on)
            state.isFavourite = on
            host?.setStatus(on ? tr("detail.status.favouriteAdded") : tr("detail.status.favouriteRemoved"))
        } catch {
            host?.showMessage(.error(tr("message.favouriteNotSaved", Sanitizer.line(String(describing: error)))))
        }
    }

    // MARK: Star

    /// `*`: the wanted state flips (from what the view shows: unknown reads as not starred); it is
    /// sent at once, or when the request in flight answers.
    func toggleStar() {
        guard interactor.canStar else {
            host?.setStatus(tr("detail.status.starNeedsToken"))
            return
        }
        let on = !(wantedStar ?? state.isStarred ?? false)
        wantedStar = on
        host?.setStatus(on ? tr("detail.status.starring") : tr("detail.status.unstarring"))
        sendWantedStar()
    }

    /// Sends the wanted star state unless a request is in flight or GitHub already says so.
    private func sendWantedStar() {
        guard starTask == nil, let on = wantedStar else { return }
        if state.isStarred == on {
            wantedStar = nil
            host?.setStatus(on ? tr("detail.status.starred") : tr("detail.status.unstarred"))
            return
        }
        host?.setStatus(on ? tr("detail.status.starring") : tr("detail.status.unstarring"))
        let interactor = self.interactor
        starTask = calls.run { await interactor.setStarred(on) } then: { [weak self] outcome in
            self?.starDidFinish(outcome)
        }
    }

    func starDidFinish(_ outcome: StarOutcome) {
        starTask = nil
        switch outcome {
        case .starred(let on):
            state.isStarred = on
            host?.setStatus(on ? tr("detail.status.starred") : tr("detail.status.unstarred"))
            sendWantedStar()
        case .needsToken:
            wantedStar = nil
            host?.setStatus(tr("detail.status.starNeedsToken"))
        case .failed(let error):
            wantedStar = nil
            host?.setStatus(tr("detail.status.starFailed", error.shortReason))
        }
        host?.changed()
    }

    // MARK: Clone

    func clone() {
        switch interactor.isCloned() ? .alreadyCloned(path: interactor.cloneDirectory()) : interactor.clone() {
        case .cloned(let path):
            state.clonePath = path
            host?.setStatus(tr("detail.status.cloned", Sanitizer.line(path)))
        case .alreadyCloned(let path):
            state.clonePath = path
            host?.setStatus(tr("detail.status.alreadyCloned", Sanitizer.line(path)))
        case .failed(let reason):
            host?.setStatus(tr("detail.status.cloneFailed", Sanitizer.line(reason)))
        }
    }

    // MARK: Copy

    /// `y`: the menu of what can be copied, with the SHAs of `commits` (the ones on screen).
    func openCopyMenu(commits: [Commit]) {
        copyChoices = interactor.copyChoices(commits: commits)
        state.copyMenu = CopyMenuState(items: copyChoices.map { Sanitizer.line($0.label) }, selected: 0)
    }

    /// `y` on an issue or pull request: the menu of `choices` (its URL, its number).
    func openCopyMenu(choices: [CopyChoice]) {
        copyChoices = choices
        state.copyMenu = CopyMenuState(items: copyChoices.map { Sanitizer.line($0.label) }, selected: 0)
    }

    /// Keys while the copy menu is open (it takes them all): ↑↓ and Enter, or a number; Esc closes it.
    func handleMenu(_ action: RepoDetailAction) {
        guard var menu = state.copyMenu else { return }
        switch action {
        case .scrollUp: menu.selected = max(0, menu.selected - 1)
        case .scrollDown: menu.selected = min(menu.items.count - 1, menu.selected + 1)
        case .confirm: copy(at: menu.selected); return
        case .choose(let number): copy(at: number - 1); return
        case .close, .copy: state.copyMenu = nil; return
        default: break
        }
        state.copyMenu = menu
    }

    private func copy(at index: Int) {
        guard copyChoices.indices.contains(index) else { return }
        state.copyMenu = nil
        copy(copyChoices[index])
    }

    /// Copies one choice without the menu (a file's permalink) and says so in the status line.
    func copy(_ choice: CopyChoice) {
        switch interactor.copy(choice) {
        case .copied(let ways):
            host?.setStatus(tr("detail.status.copied", Sanitizer.line(choice.label), Sanitizer.line(choice.text), ways.joined(separator: ", ")))
        case .sent(let ways):
            host?.setStatus(tr("detail.status.sent", Sanitizer.line(choice.label), Sanitizer.line(choice.text), ways.joined(separator: ", ")))
        case .failed(let reason):
            host?.setStatus(tr("detail.status.copyFailed", Sanitizer.line(reason)))
        }
    }

    // MARK: Browser

    /// `o`: the repository's page.
    func openInBrowser() {
        guard openTask == nil else { return }
        host?.setStatus(tr("detail.status.opening", address))
        let interactor = self.interactor
        openTask = calls.run { await interactor.openInBrowser() } then: { [weak self] outcome in
            self?.openDidFinish(outcome)
        }
    }

    /// A web address (a README's link) in the browser.
    func open(_ address: String) {
        guard openTask == nil else { return }
        let shown = Sanitizer.line(address)
        host?.setStatus(tr("detail.status.opening", shown))
        let interactor = self.interactor
        openTask = calls.run { await interactor.open(address) } then: { [weak self] outcome in
            self?.openDidFinish(outcome, address: shown)
        }
    }

    func openDidFinish(_ outcome: URLOpenOutcome, address: String? = nil) {
        openTask = nil
        let address = address ?? self.address
        switch outcome {
        case .opened(let program):
            host?.setStatus(tr("detail.status.opened", address, Sanitizer.line(program)))
        case .noBrowser:
            host?.setStatus(tr("detail.status.noBrowser", address))
        case .failed(let reason):
            host?.setStatus(tr("detail.status.openFailed", address, Sanitizer.line(reason)))
        }
        host?.changed()
    }

    /// The repository's page, as the user may copy it.
    private var address: String { Sanitizer.line(interactor.repository.htmlURL) }
}
