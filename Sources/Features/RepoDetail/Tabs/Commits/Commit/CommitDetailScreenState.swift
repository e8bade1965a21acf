import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// Everything the commit view shows, as a value: the commit (or loading, or why it failed), its
/// rendering for the current width and the document pane showing it (scroll, `/` search, the
/// message's links). A presenter keeps one, calls its mutating methods, and hands it to
/// `CommitDetailStateBuilder` for each frame. A big commit is rendered as far as its first screens at
/// once; the rest of its files comes from a `RenderJob` the presenter runs in the background.
struct CommitDetailScreenState: Equatable, Sendable {
    enum Content: Equatable, Sendable {
        case loading
        case loaded(CommitDetail)
        case failed(GitHubError)
    }

    /// What `y` copies.
    enum CopyTarget: Equatable, Sendable {
        case sha
        case permalink
    }

    private(set) var content: Content = .loading
    /// "owner/name", for a permalink when the commit came without `html_url`.
    let repositoryFullName: String
    /// The commit rendered at `width` (its lines are the pane's): where each file starts.
    private(set) var rendered: RenderedCommit?
    private(set) var width = 0
    /// The rendered lines as shown: scrolled, searched, the message's links picked.
    var pane = DocumentPane<StyledLine>()
    /// Whose `#123` the message's references are (nil: the message's links are not numbered).
    let linkContext: CommitMessageLinks.Context?
    /// The rendering of the rest running in the background, if any (only the latest started is taken).
    private(set) var background: RenderJob?
    private var renderJobs = 0

    /// Lines rendered on the UI thread when a commit is loaded or laid out again (its first screens,
    /// a file at a time); the rest of the files is a `RenderJob`.
    static let renderedAtOnce = 2_000

    /// The rest of a commit's files rendered off the UI thread, after what is shown.
    struct RenderJob: Equatable, Sendable {
        let id: Int
        let width: Int
        let detail: CommitDetail
        let shown: RenderedCommit

        func run() -> RenderedCommit {
            var rendered = shown
            CommitDetailRenderer.renderFiles(detail.files, into: &rendered, width: width, linesAtMost: .max)
            return rendered
        }
    }

    init(repositoryFullName: String, linkContext: CommitMessageLinks.Context? = nil) {
        self.repositoryFullName = repositoryFullName
        self.linkContext = linkContext
    }

    /// Lines the text area has.
    var height: Int { pane.height }
    /// The first line shown.
    var scrollOffset: Int { pane.offset }
    var query: String { pane.query }
    var matches: [TextMatch] { pane.matches }
    /// Index in `matches` of the current match.
    var currentMatch: Int? { pane.currentMatch }
    /// The search field while it is edited.
    var searchField: TextField? { pane.searchField }

    /// The message's link numbers drawn in the window, in order.
    var linksOnScreen: [Int] { pane.linksOnScreen }

    /// Link `number`'s address, nil when the message has no such link.
    func link(_ number: Int) -> String? { pane.link(number) }

    var detail: CommitDetail? {
        if case .loaded(let detail) = content { return detail }
        return nil
    }

    var lineCount: Int { pane.lineCount }
    var maximumScrollOffset: Int { MarkdownView.maximumScrollOffset(lineCount: lineCount, height: height) }

    // MARK: Content

    /// The commit arrived (from the store or the network): rendered for the current width, a big one as
    /// far as its first screens; returns the rendering of the rest to run in the background.
    @discardableResult
    mutating func load(_ detail: CommitDetail, now: Date) -> RenderJob? {
        content = .loaded(detail)
        return render(now: now)
    }

    mutating func fail(_ error: GitHubError) {
        content = .failed(error)
        rendered = nil
        background = nil
        pane.contentChanged()
        pane.show([], links: [:], width: width)
    }

    /// The text area is `width` × `height`: renders again when the width changed (dates counted to `now`);
    /// returns the rendering of the rest to run in the background, as `load` does.
    @discardableResult
    mutating func layout(width: Int, height: Int, now: Date) -> RenderJob? {
        pane.resize(height: height)
        guard width != self.width else { return nil }
        self.width = width
        return render(now: now)
    }

    /// The background rendering `job` finished: shown when it is still the one awaited. Returns whether it was.
    mutating func finish(_ job: RenderJob, rendered: RenderedCommit) -> Bool {
        guard background?.id == job.id, job.width == width, detail == job.detail else { return false }
        background = nil
        show(rendered)
        return true
    }

    private mutating func render(now: Date) -> RenderJob? {
        background = nil
        guard let detail, width > 0 else { return nil }
        let rendered = CommitDetailRenderer.render(detail, width: width, now: now, links: linkContext, linesAtMost: Self.renderedAtOnce)
        show(rendered)
        guard rendered.progress != nil else { return nil }
        renderJobs += 1
        background = RenderJob(id: renderJobs, width: width, detail: detail, shown: rendered)
        return background
    }

    private mutating func show(_ rendered: RenderedCommit) {
        self.rendered = rendered
        var links: [Int: String] = [:]
        for (index, url) in rendered.links.enumerated() { links[index + 1] = url }
        pane.contentChanged()
        pane.show(rendered.lines, links: links, width: width)
    }

    // MARK: Scrolling

    mutating func scroll(by lines: Int) { pane.scroll(by: lines) }
    mutating func page(down: Bool) { pane.scroll(by: down ? max(1, height - 1) : -max(1, height - 1)) }
    mutating func scrollToTop() { pane.scroll(to: 0) }
    mutating func scrollToBottom() { pane.scroll(to: lineCount) }

    /// Scrolls to the next file's header (or the previous one's), for `]` and `[`.
    mutating func jumpToFile(forward: Bool) {
        guard let starts = rendered?.fileStarts, !starts.isEmpty else { return }
        let offset = scrollOffset
        let target = forward ? starts.first { $0 > offset } : starts.last { $0 < offset }
        if let target { pane.scroll(to: target) }
    }

    // MARK: Search

    /// Searches the rendered text for `query` (case-insensitive); the first match at or below the
    /// top of the window becomes current and is scrolled into view. An empty query clears the search.
    mutating func search(_ query: String) { pane.search(query) }

    /// `n` (forward) and `N`: the next or previous match, wrapping around.
    mutating func moveToMatch(forward: Bool) { pane.moveMatch(forward: forward) }

    mutating func clearSearch() { pane.clearSearch() }

    // MARK: Copy

    /// The text `y` copies: the full sha, or the commit's page on GitHub. Nil before the commit is loaded.
    func copyText(_ target: CopyTarget) -> String? {
        guard let detail else { return nil }
        switch target {
        case .sha:
            return Sanitizer.line(detail.sha)
        case .permalink:
            if let url = detail.htmlURL, WebAddress(url)?.scheme == "https" {
                return Sanitizer.line(url)
            }
            return (linkContext?.host ?? .dotCom).webPage("\(Sanitizer.line(repositoryFullName))/commit/\(Sanitizer.line(detail.sha))")
        }
    }
}

/// What the commit view draws: the visible lines (search matches restyled), and a status line.
struct CommitDetailViewState: Equatable, Sendable {
    var lines: [StyledLine]
    /// "2/5 matches", "no match for “x”", nil without a search.
    var searchStatus: String?
    var scrollOffset: Int
    var lineCount: Int
    /// "12–30/400" when the commit is taller than the window.
    var position = ""
}

/// Pure: screen state → view state.
enum CommitDetailStateBuilder {
    static func build(_ state: CommitDetailScreenState) -> CommitDetailViewState {
        switch state.content {
        case .loading:
            return CommitDetailViewState(lines: [StyledLine([Span(CommitNotes.loading, style: .dim)])], searchStatus: state.pane.matchStatus,
                                         scrollOffset: state.scrollOffset, lineCount: state.lineCount)
        case .failed(let error):
            let text = error == .notFound ? tr("commit.notFound") : tr("commit.failed", error.shortReason)
            return CommitDetailViewState(lines: [StyledLine([Span(text.truncated(toWidth: max(1, state.width)), style: Style(foreground: .red))])],
                                         searchStatus: state.pane.matchStatus, scrollOffset: state.scrollOffset, lineCount: state.lineCount)
        case .loaded:
            let window = state.pane.window()
            return CommitDetailViewState(lines: window.lines, searchStatus: state.pane.matchStatus, scrollOffset: window.top,
                                         lineCount: state.lineCount, position: window.position)
        }
    }
}
