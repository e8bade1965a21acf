import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// The Releases tab: the releases (stored at once, then GitHub's pages by `Link` as the selection nears
/// the end); Enter opens one — its notes rendered, its assets with sizes and download counts, shown in a
/// `DocumentPane` (scrolled, `/` searched, its links followed); Esc goes back. Only turns the frame's
/// actions into `ReleasesState` and the pane; `ReleasesWindow` makes the lines.
@MainActor
final class ReleasesTabPresenter {
    private(set) var state = ReleasesState()
    private let releases: RepositoryReleases
    private let repository: Repository
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    private let now: () -> Date
    /// The frame: status, messages, repaint.
    weak var host: (any RepoViewHost)?
    private var started = false
    private(set) var width = 80
    private(set) var height = 20
    /// The open release as a document: laid out at the panel's width (rendering its notes is the slow
    /// part of a frame), scrolled, searched, its links picked.
    private(set) var document = DocumentPane<DetailLine>()
    /// The release laid out in `document`, and the line its first asset is on.
    private var laidOut: (id: Int, assetsStart: Int)?
    /// Follows a link of the notes (`LinkFollower`).
    var followLink: ((String) -> Void)?
    /// The page in flight (tests await it).
    private(set) var pageTask: Task<Void, Never>?
    /// The download in flight (tests await it), its progress, and what the last one came to.
    private(set) var downloadTask: Task<Void, Never>?
    private(set) var progress: DownloadProgress?
    private(set) var downloadNote: (text: String, isError: Bool)?

    init(releases: RepositoryReleases, repository: Repository, dispatcher: any UIDispatcher, now: @escaping () -> Date) {
        self.releases = releases
        self.repository = repository
        calls = BackgroundCalls(dispatcher)
        self.now = now
    }

    var isLoading: Bool { pageTask != nil }

    /// The tab is shown: the first time, the stored releases and a request for the first page.
    func didAppear() {
        guard !started else { return }
        started = true
        if let stored = releases.stored() { state.showStored(stored.releases, next: stored.next) }
        fetch(next: nil)
    }

    /// Opens release `id` once it is read (at once when it is stored).
    func open(releaseID id: Int) {
        state.pendingID = id
        if state.openPending(lastChance: false) { documentDidChange() }
        changed()
    }

    private func fetch(next: URL?) {
        let releases = self.releases, before = next == nil ? [] : state.releases
        pageTask = calls.run { await .of { try await releases.fetch(next: next, before: before) } } then: { [weak self] result in
            self?.pageDidLoad(result, url: next)
        }
    }

    func pageDidLoad(_ result: Result<Page<Release>, GitHubError>?, url: URL?) {
        pageTask = nil
        switch result {
        case .success(let page):
            state.receive(page, isFirst: url == nil)
            if state.openPending(lastChance: true) { documentDidChange() }
        case .failure(let error): state.pageFailed(error)
        case nil: break
        }
        layout(width: width, height: height)
        loadMoreIfNear()
        changed()
    }

    private func loadMoreIfNear() {
        guard pageTask == nil, let url = state.takePageToLoad() else { return }
        fetch(next: url)
    }

    func layout(width: Int, height: Int) {
        self.width = width
        self.height = height
        state.resize(rows: max(1, height - 1))
        document.resize(height: height)
    }

    func frameWindow(width: Int, height: Int) -> (lines: [DetailLine], position: String) {
        guard let release = state.openRelease else {
            return ReleasesWindow.list(state, width: width, isLoading: isLoading, now: now())
        }
        let extra = progress != nil || downloadNote != nil ? 1 : 0
        layOut(release, width: width)
        document.resize(height: height - extra)
        let shown = document.window()
        var lines = ReleasesWindow.open(shown, release: release, state: state, assetsStart: laidOut?.assetsStart ?? 0, width: width)
        if let progress {
            lines.append(.note(progress.line(width: width), isError: false))
        } else if let note = downloadNote {
            lines.append(.note(note.text, isError: note.isError))
        }
        return (lines, shown.position)
    }

    /// Another release is open: its document starts over.
    private func documentDidChange() {
        document = DocumentPane()
        document.resize(height: height)
        laidOut = nil
    }

    /// The open release laid out at `width`, when it is not already.
    private func layOut(_ release: Release, width: Int) {
        guard laidOut?.id != release.id || document.needsLayout(width: width) else { return }
        let page = repository.htmlURL.hasSuffix("/") ? String(repository.htmlURL.dropLast()) : repository.htmlURL
        let notes = release.body.isEmpty
            ? RenderedMarkdown(lines: [StyledLine([Span(tr("releases.noNotes"), style: .dim)])], links: [])
            : MarkdownDocument.render(markdown: release.body, width: max(1, width), baseURL: page + "/blob/" + release.tagName + "/")
        let built = ReleasesWindow.document(release, notes: notes, latestID: state.latestID, width: width, now: now())
        var links: [Int: String] = [:]
        for link in notes.links { links[link.number] = link.url }
        document.show(built.lines, links: links, width: width)
        laidOut = (release.id, built.assetsStart)
    }

    // MARK: Downloads

    /// `d`: the selected asset into the download folder, with progress; Esc cancels (the `.part` stays).
    private func startDownload(_ asset: ReleaseAsset) {
        guard downloadTask == nil else { return }
        let file: AssetDownloadFile
        do {
            file = try AssetDownloadFile(folder: releases.downloadFolder, name: asset.name)
        } catch {
            downloadNote = (Self.describe(error), true)
            return
        }
        let started = now(), resumed = file.resumeOffset(for: asset), name = asset.name
        progress = DownloadProgress(name: name, received: resumed, total: asset.size > 0 ? asset.size : nil,
                                    resumedFrom: resumed, started: started, now: started)
        downloadNote = nil
        let releases = self.releases, dispatcher = calls.dispatcher
        downloadTask = calls.run { () -> Result<URL, AssetDownloadFailure>? in
            do {
                return .success(try await releases.download(asset, into: file) { received, total in
                    dispatcher.post { [weak self] in self?.downloadProgressed(received: received, total: total) }
                })
            } catch is CancellationError { return nil }
            catch { return .failure(AssetDownloadFailure(error)) }
        } then: { [weak self] result in
            self?.downloadDidFinish(result)
        }
        changed()
    }

    func downloadProgressed(received: Int, total: Int?) {
        guard var current = progress else { return }
        current.received = received
        current.total = total
        current.now = now()
        progress = current
        changed()
    }

    func downloadDidFinish(_ result: Result<URL, AssetDownloadFailure>?) {
        downloadTask = nil
        progress = nil
        switch result {
        case .success(let url): downloadNote = (tr("releases.download.done", Sanitizer.line(url.path)), false)
        case .failure(let failure): downloadNote = (failure.message, true)
        case nil: downloadNote = (tr("releases.download.cancelled"), false)
        }
        changed()
    }

    private static func describe(_ error: any Error) -> String {
        AssetDownloadFailure(error).message
    }

    /// Handles one of the frame's actions; false when the frame's own meaning applies.
    func handle(_ action: RepoDetailAction) -> Bool {
        if let release = state.openRelease {
            // A download's keys first (Esc cancels it), then the document's (scrolling, search, links).
            if document.searchField == nil {
                switch action {
                case .close where downloadTask != nil: downloadTask?.cancel()
                case .download:
                    if release.assets.indices.contains(state.asset) { startDownload(release.assets[state.asset]) }
                default: break
                }
                if action == .download || (action == .close && downloadTask != nil) {
                    changed()
                    return true
                }
            }
            if !document.handle(action).settle(host: host, follow: followLink) {
                switch action {
                case .close: state.close()
                case .nextFile: state.asset = min(state.asset + 1, max(0, release.assets.count - 1))
                case .previousFile: state.asset = max(0, state.asset - 1)
                default: return false
                }
            }
            changed()
            return true
        }
        switch action {
        case .scrollUp: state.move(by: -1)
        case .scrollDown: state.move(by: 1)
        case .pageUp: state.move(by: -max(1, height - 2))
        case .pageDown: state.move(by: max(1, height - 2))
        case .home: state.move(by: -state.releases.count)
        case .end: state.move(by: state.releases.count)
        case .confirm:
            state.open()
            documentDidChange()
        case .reloadCommits:
            guard state.failure != nil else { return false }
            fetch(next: nil)
        default: return false
        }
        loadMoreIfNear()
        changed()
        return true
    }
}
