import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering

/// An issue or pull request opened from a list: the thread as far as read, its rendering at the
/// panel's width shown in a document pane (laid out again when the thread or the width changes;
/// scrolled, searched, its links picked) and where the paging of its comments stands.
struct IssueThreadState: Sendable {
    let number: Int
    var thread: IssueThread?
    var failure: GitHubError?
    var isLoading = true
    /// The comments' pages: the first came with the thread, the next is read as the end comes near.
    private(set) var comments = Pager()
    /// The rendered lines as shown: scrolled, searched, the links picked.
    var pane = DocumentPane<StyledLine>()
    /// The thread rendered at the pane's width (its lines are the pane's): where comments and files start.
    private(set) var rendered: RenderedIssue?

    init(number: Int) { self.number = number }

    /// The first line shown.
    var offset: Int { pane.offset }

    /// Renders the thread at `width` when it is not already (a new thread, a new width).
    mutating func render(width: Int, now: Date, labelsInColour: Bool, textLinks: MarkdownTextLinks? = nil) {
        guard let thread, rendered == nil || pane.needsLayout(width: width) else { return }
        let rendered = IssueDetailRenderer.render(thread, width: width, now: now, labelsInColour: labelsInColour, textLinks: textLinks)
        self.rendered = rendered
        var links: [Int: String] = [:]
        for link in rendered.links { links[link.number] = link.url }
        pane.show(rendered.lines, links: links, width: width)
    }

    mutating func show(_ thread: IssueThread) {
        self.thread = thread
        pane.contentChanged()
    }

    /// The thread was read with its first page of comments (those it shows), whose next link is `next`:
    /// paging starts over from there.
    mutating func startComments(next: URL?) {
        let count = thread?.comments.count ?? 0
        comments.reset()
        comments.received(next: next, items: count, added: count)
    }

    /// The next page of comments when the reader is within `distance` lines of the end, else nil.
    func commentsPageToLoad(within distance: Int) -> URL? {
        guard let next = comments.next, rendered != nil, pane.offset + distance >= pane.lineCount else { return nil }
        return next
    }

    /// A later page of comments arrived: those the thread does not show yet are added after the others
    /// (each comment once), and paging goes on unless the page leads round in a circle.
    mutating func receiveComments(_ page: Page<IssueComment>) {
        guard var loaded = thread else { return }
        var seen = Set(loaded.comments.map(\.id))
        let added = page.items.filter { seen.insert($0.id).inserted }
        comments.received(next: page.next, items: page.items.count, added: added.count)
        loaded.comments += added
        loaded.hasMoreComments = comments.next != nil
        show(loaded)
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
            var lines = window.lines.map(DetailLine.markdown)
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
