import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering

/// An issue or pull request opened from a list: the thread as far as read, its rendering at the
/// panel's width shown in a document pane (scrolled, searched, its links picked) and where the paging of
/// its comments stands. A thread that grows (a page of comments, a comment posted) or changes at its head
/// is rendered only where it changed (`IssueDetailRenderer.update`); a long thread rendered whole (opened,
/// a new width) shows its first comments at once and gets the rest from a `BackgroundRender`.
struct IssueThreadState: Sendable {
    let number: Int
    var thread: IssueThread?
    var failure: GitHubError?
    var isLoading = true
    /// The comments' pages: the first came with the thread, the next is read as the end comes near.
    private(set) var comments = Pager()
    /// Pages of comments the store held beyond the first when the thread was read: the next page's index
    /// counts them.
    private var storedPagesBeyond = 0
    /// The rendered lines as shown: scrolled, searched, the links picked (a line cursor while a diff
    /// line is chosen for a comment: `ReviewLineChoice`).
    var pane = DocumentPane<StyledLine>()
    /// The first line of the range chosen for a line comment, by its index in the rendered lines.
    var rangeStart: Int?
    /// The first line of the review thread `}`/`{` went to last (what Enter, Space and `D` act on while it
    /// is on screen and no cursor is).
    var threadJumpedTo: Int?
    /// The thread rendered at the pane's width (its lines are the pane's): where comments and files start.
    private(set) var rendered: RenderedIssue?
    /// The thread as `rendered` shows it, and the width it was rendered for.
    private var renderedThread: IssueThread?
    private var renderedWidth = 0
    /// The thread changed since it was rendered.
    private var isChanged = false
    /// The rendering running off the UI thread, if any (only the latest started is taken).
    private(set) var background: BackgroundRender?
    private var backgroundRenders = 0
    /// Bodies of comments received, rendered with their page off the UI thread, and the width they were
    /// rendered at: the next rendering at that width takes them instead of rendering them again.
    private var aheadBodies: [Int64: IssueDetailRenderer.RenderedBody] = [:]
    private var aheadWidth = 0

    /// Whether what is shown is the thread as it is now, every comment of it rendered.
    var isRenderedWhole: Bool {
        background == nil && !isChanged && renderedThread?.comments.count == thread?.comments.count
    }

    /// Comments rendered on the UI thread at most when a thread is rendered whole; a longer thread shows
    /// these first and renders the rest in the background.
    static let renderedAtOnce = 100

    /// A whole rendering of `thread` off the UI thread: from `base` (the rendering of `from`, shown
    /// meanwhile) when it can grow into it, else from scratch.
    struct BackgroundRender: Sendable {
        let id: Int
        let width: Int
        let thread: IssueThread
        let base: RenderedIssue?
        let from: IssueThread?
        let context: IssueDetailRenderer.Context

        func run() -> RenderedIssue {
            if var grown = base, let from, IssueDetailRenderer.update(&grown, from: from, to: thread, context) { return grown }
            return IssueDetailRenderer.render(thread, context)
        }
    }

    init(number: Int) { self.number = number }

    /// The first line shown.
    var offset: Int { pane.offset }

    /// Renders the thread at `width` where it is not already (a new thread, a new width, what changed).
    /// Returns the rendering to run in the background when one is needed (then shown by `finish`).
    mutating func render(width: Int, now: Date, labelsInColour: Bool, textLinks: MarkdownTextLinks? = nil) -> BackgroundRender? {
        guard let thread else { return nil }
        var context = IssueDetailRenderer.Context(width: width, now: now, labelsInColour: labelsInColour, textLinks: textLinks)
        // A rendering in the background for this width: what changed meanwhile is rendered after it comes.
        if let background, background.width == width { return nil }
        background = nil
        guard rendered == nil || width != renderedWidth || isChanged else { return nil }
        isChanged = false
        if aheadWidth == width { context.bodies = aheadBodies }
        aheadBodies = [:]
        if width == renderedWidth, var grown = rendered, let from = renderedThread {
            // What grew is rendered and added here, up to `renderedAtOnce` comments; the rest in the background.
            let target = Self.firstComments(of: thread, count: from.comments.count + Self.renderedAtOnce)
            rendered = nil
            // The pane lets go of the lines, so that they grow in place instead of being copied whole.
            pane.releaseLines()
            if IssueDetailRenderer.update(&grown, from: from, to: target, context) {
                show(grown, of: target, width: width)
                return target.comments.count < thread.comments.count ? startBackground(width: width, context: context) : nil
            }
            show(grown, of: from, width: width)
        }
        if rendered == nil {
            // Nothing shown yet: the first comments at once, the rest off the UI thread.
            let first = Self.firstComments(of: thread, count: Self.renderedAtOnce)
            show(IssueDetailRenderer.render(first, context), of: first, width: width)
            return first.comments.count < thread.comments.count ? startBackground(width: width, context: context) : nil
        }
        guard thread.comments.count > Self.renderedAtOnce else {
            show(IssueDetailRenderer.render(thread, context), of: thread, width: width)
            return nil
        }
        // Shown already (at another width, or before an edit): it stays until the new rendering comes.
        return startBackground(width: width, context: context, fromShown: false)
    }

    /// `thread` with its first `count` comments, more to come when it has more.
    private static func firstComments(of thread: IssueThread, count: Int) -> IssueThread {
        guard thread.comments.count > count else { return thread }
        var first = thread
        first.comments = Array(thread.comments.prefix(count))
        first.hasMoreComments = true
        return first
    }

    /// Renders the thread in the background: from what is shown (`fromShown`) or from scratch.
    private mutating func startBackground(width: Int, context: IssueDetailRenderer.Context, fromShown: Bool = true) -> BackgroundRender? {
        guard let thread else { return nil }
        backgroundRenders += 1
        background = BackgroundRender(id: backgroundRenders, width: width, thread: thread, base: fromShown ? rendered : nil,
                                      from: fromShown ? renderedThread : nil, context: context)
        return background
    }

    /// The background rendering `job` finished: shown when it is still the one awaited. Returns whether it was.
    mutating func finish(_ job: BackgroundRender, rendered: RenderedIssue) -> Bool {
        guard background?.id == job.id else { return false }
        background = nil
        show(rendered, of: job.thread, width: job.width)
        if thread != job.thread { isChanged = true }
        return true
    }

    /// No rendering is awaited any more (its task is gone): what is shown grows from here.
    mutating func dropBackground() {
        guard background != nil else { return }
        background = nil
        isChanged = true
    }

    private mutating func show(_ rendered: RenderedIssue, of thread: IssueThread, width: Int) {
        self.rendered = rendered
        renderedThread = thread
        renderedWidth = width
        var links: [Int: String] = [:]
        for link in rendered.links { links[link.number] = link.url }
        pane.show(rendered.lines, links: links, width: width)
    }

    mutating func show(_ thread: IssueThread) {
        self.thread = thread
        isChanged = true
    }

    /// The thread was read with the comments the store holds, the first page read again; `next` is the
    /// page after the last one stored, `pages` how many pages the store holds: paging goes on from there.
    mutating func startComments(next: URL?, pages: Int = 1) {
        let count = thread?.comments.count ?? 0
        comments.reset()
        comments.received(next: next, items: count, added: count)
        storedPagesBeyond = max(0, pages - 1)
    }

    /// The index of the next page of comments (the store's pages counted).
    var nextCommentsPageIndex: Int { storedPagesBeyond + comments.pagesReceived }

    /// The next page of comments when the reader is within `distance` lines of the end, else nil (nor
    /// while the thread is still being rendered).
    func commentsPageToLoad(within distance: Int) -> URL? {
        guard let next = comments.next, rendered != nil, background == nil, pane.offset + distance >= pane.lineCount else { return nil }
        return next
    }

    /// A later page of comments arrived: those the thread does not show yet are added after the others
    /// (each comment once), and paging goes on unless the page leads round in a circle.
    mutating func receiveComments(_ page: Page<IssueComment>, bodies: [Int64: IssueDetailRenderer.RenderedBody] = [:], width: Int = 0) {
        guard let loaded = thread else { return }
        aheadBodies = bodies
        aheadWidth = width
        var seen = Set(loaded.comments.map(\.id))
        let added = page.items.filter { seen.insert($0.id).inserted }
        comments.received(next: page.next, items: page.items.count, added: added.count)
        thread?.comments += added
        thread?.hasMoreComments = comments.next != nil
        isChanged = true
    }

    /// A page of comments failed: no further page is read (reloading the thread starts over).
    mutating func commentsFailed() {
        comments.finish()
    }
}

/// Pure: what an Issues tab shows in the frame at `height` rows — the open thread's window of rendered
/// lines (a failure on its first line), else the list's heading, rows and note — with the position and
/// the title's suffix.
enum IssuesTabWindow {
    static func build(list: IssueListState, thread: IssueThreadState?, width: Int, height: Int, now: Date,
                      labelsInColour: Bool) -> (lines: [DetailLine], position: String, title: String?) {
        if let thread {
            guard thread.rendered != nil else {
                let note = thread.failure.map { tr("issues.failed", $0.shortReason) } ?? tr("issues.loading")
                return ([.note(note, isError: thread.failure != nil)], "", "#\(thread.number)")
            }
            let window = thread.pane.window()
            var lines = thread.markingChoice(window.lines, top: window.top).map(DetailLine.markdown)
            if let failure = thread.failure, !lines.isEmpty {
                lines[0] = .note(tr("issues.failed", failure.shortReason), isError: true)
            }
            return (lines, window.position, "#\(thread.number)")
        }
        let view = IssueListStateBuilder.build(list, now: now, width: width, labelsInColour: labelsInColour)
        var lines: [DetailLine] = [.heading(view.heading)]
        lines += view.rows.map { .markdown($0) }
        if let note = view.note { lines.append(.note(note, isError: view.noteIsError)) }
        return (Array(lines.prefix(max(1, height))), view.position, nil)
    }
}
