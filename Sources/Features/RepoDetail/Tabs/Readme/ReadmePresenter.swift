import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// The README tab: loads the README (stored first, GitHub's asked once, when the tab is first
/// shown) and shows it in a `DocumentPane`: scrolled, searched (`/`, `n`/`N`), its links numbered and
/// followed (digits and Enter, Tab/Shift-Tab) through the `LinkFollower`: a repository or an owner
/// opens in the app, anything else in the browser.
@MainActor
final class ReadmePresenter {
    weak var host: (any RepoViewHost)?
    private let interactor: any RepoDetailInteractorProtocol
    /// Follows the links (in the app, or the browser).
    private let links: LinkFollower
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    /// The README, and its layout at a width.
    let readme: ReadmeSection
    private var started = false
    /// The README request in flight (tests await it).
    private(set) var readmeTask: Task<Void, Never>?
    /// The whole of a long README being rendered, after its head was shown.
    private(set) var wholeTask: Task<Void, Never>?
    /// The README as shown: its lines at the panel's width, the scroll, the search and the links.
    var state = DocumentPane<DetailLine>()
    /// The panel's width.
    var width = 60
    /// A cell in pixels where the terminal has a graphics protocol: the README's pictures are shown
    /// (nil: never fetched, the README reads as text).
    var pictureCell: PixelSize? {
        didSet { state.contentChanged() }
    }
    /// A match the README opens at (a local search's hit), until the whole README is laid out.
    private var matchToReveal: String?
    /// The pictures alone on their lines at the width laid out (found only with `pictureCell`).
    private var pictureSpots: [ReadmePictures.Found] = []
    /// The pictures asked for, by address, and the width they were asked at.
    private var picturesAsked: (width: Int, urls: Set<String>) = (0, [])
    /// Picture requests in flight (tests await them).
    private(set) var pictureTasks: [Task<Void, Never>] = []

    init(interactor: any RepoDetailInteractorProtocol, links: LinkFollower, dispatcher: any UIDispatcher) {
        let repository = interactor.repository
        readme = ReadmeSection(base: ReadmeBase(webPage: repository.htmlURL, branch: repository.defaultBranch ?? "HEAD"),
                               textLinks: IssueReference.markdownLinks(owner: repository.ownerLogin, name: repository.name,
                                                                       host: GitHubHost.ofWebPage( repository.htmlURL)))
        self.interactor = interactor
        self.links = links
        calls = BackgroundCalls(dispatcher)
    }

    var isLoading: Bool { readmeTask != nil }
    var hasQuery: Bool { state.hasQuery }

    /// The tab is shown: the stored README at once, then GitHub's, asked once (a view nobody reads
    /// the README of costs no request for it).
    func didAppear() {
        state.linkKeys.typed = ""
        guard !started else { return }
        started = true
        if let stored = interactor.storedReadme() { show(.loaded(stored)) }
        loadReadme()
    }

    /// `r`: the README again after a failure.
    func reload() {
        if case .failed = readme.state { loadReadme() }
    }

    private func loadReadme() {
        guard readmeTask == nil else { return }
        if case .failed = readme.state { show(.loading) }
        let interactor = self.interactor
        readmeTask = calls.run { await interactor.readme() } then: { [weak self] outcome in
            self?.readmeDidLoad(outcome)
        }
    }

    func readmeDidLoad(_ outcome: ReadmeOutcome) {
        readmeTask = nil
        switch outcome {
        case .markdown(let markdown): show(.loaded(markdown))
        case .none: show(.none)
        case .failed(let error): show(.failed(error.shortReason))
        case .cancelled: return
        }
        host?.changed()
    }

    private func show(_ readmeState: ReadmeSection.State) {
        if readme.update(readmeState) { state.contentChanged() }
        layOut()
    }

    // MARK: Lines

    /// The README laid out at the panel's width, when it is not already: a long one as far as its head
    /// at once (a few screens), the whole rendered off the UI thread and shown where the reader is.
    func layOut() {
        guard state.needsLayout(width: width) else { return }
        let laid = readme.layout(width: width, findingPictures: pictureCell != nil, head: max(200, 4 * state.height))
        display(laid)
        wholeTask?.cancel()
        wholeTask = nil
        guard laid?.isHead == true, let render = readme.renderWhole(width: width) else { return }
        let width = self.width, readmeState = readme.state
        wholeTask = calls.run(render, then: { [weak self] document in
            guard let self, self.width == width, readme.state == readmeState else { return }
            wholeTask = nil
            display(readme.layout(whole: document, width: width, findingPictures: pictureCell != nil))
            host?.changed()
        })
    }

    private func display(_ laid: ReadmeSection.Layout?) {
        pictureSpots = laid?.pictures ?? []
        state.show(laid?.lines ?? [], links: laid?.links ?? [:], width: width)
        // A match to reveal is searched again in each layout until the whole README is laid out.
        if let match = matchToReveal {
            state.search(match)
            if laid?.isHead == false { matchToReveal = nil }
        }
    }

    /// Searches the README for `match` and scrolls to its first place, now and as the README arrives.
    func reveal(_ match: String) {
        matchToReveal = match
        state.search(match)
    }

    /// The pictures of the README at the panel's width not asked for yet: each fetched (stored first),
    /// decoded and scaled off the UI thread, then shown.
    func askForPictures() {
        guard let cell = pictureCell else { return }
        let width = self.width
        if picturesAsked.width != width { picturesAsked = (width, []) }
        let interactor = self.interactor
        // Seen whole, a picture is drawn for real: no taller than the tab's lines.
        let maxRows = max(4, state.height - 2)
        for found in pictureSpots where !picturesAsked.urls.contains(found.url) {
            picturesAsked.urls.insert(found.url)
            let url = found.url
            let task = calls.run { () -> OwnerPicture? in
                guard let bytes = await interactor.readmePicture(url: url), !Task.isCancelled else { return nil }
                return ReadmePictures.picture(bytes, cell: cell, maxColumns: width, maxRows: maxRows)
            } then: { [weak self] picture in
                guard let self, let picture, self.width == width else { return }
                self.readme.add(picture, url: url, width: width)
                self.state.contentChanged()
                self.layOut()
                self.host?.changed()
            }
            pictureTasks.append(task)
        }
    }

    // MARK: Keys

    /// The README's keys (the pane's: search, links, `n`/`N`, scrolling); returns whether it took the action.
    func handle(_ action: RepoDetailAction) -> Bool {
        layOut()
        return state.handle(action).settle(host: host, follow: links.follow)
    }
}
