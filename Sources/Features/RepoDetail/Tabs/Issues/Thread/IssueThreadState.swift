import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering

/// An issue or pull request opened from a list: the thread as far as read, its rendering at the
/// panel's width (kept until the thread or the width changes), the scroll offset and where the paging
/// of its comments stands.
struct IssueThreadState: Sendable {
    let number: Int
    var thread: IssueThread?
    var failure: GitHubError?
    var isLoading = true
    var offset = 0
    /// The comments' pages: the first came with the thread, the next is read as the end comes near.
    private(set) var comments = Pager()
    /// The link number being typed, and the one selected.
    var linkKeys = LinkKeys()
    private(set) var rendered: RenderedIssue?
    private var renderedWidth = 0

    init(number: Int) { self.number = number }

    mutating func render(width: Int, now: Date, labelsInColour: Bool, textLinks: MarkdownTextLinks? = nil) {
        guard let thread, rendered == nil || renderedWidth != width else { return }
        rendered = IssueDetailRenderer.render(thread, width: width, now: now, labelsInColour: labelsInColour, textLinks: textLinks)
        renderedWidth = width
    }

    mutating func show(_ thread: IssueThread) {
        self.thread = thread
        rendered = nil
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
        guard let next = comments.next, let rendered, offset + distance >= rendered.lines.count else { return nil }
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
            guard let rendered = thread.rendered else {
                let note = thread.failure.map { tr("issues.failed", $0.shortReason) } ?? tr("issues.loading")
                return ([.note(note, isError: thread.failure != nil)], "", "#\(thread.number)")
            }
            let offset = min(thread.offset, max(0, rendered.lines.count - height))
            let end = min(rendered.lines.count, offset + height)
            var lines = rendered.lines[offset..<end].map { line in
                DetailLine.markdown(ReadmeSearch.decorate(line, highlights: [], selectedLink: thread.linkKeys.selected))
            }
            if let failure = thread.failure, !lines.isEmpty {
                lines[0] = .note(tr("issues.failed", failure.shortReason), isError: true)
            }
            let position = rendered.lines.count > height ? "\(offset + 1)–\(end)/\(rendered.lines.count)" : ""
            return (lines, position, "#\(thread.number)")
        }
        let view = IssueListStateBuilder.build(list, now: now, width: width, labelsInColour: labelsInColour)
        var lines: [DetailLine] = [.heading(view.heading)]
        lines += view.rows.map { .markdown($0) }
        if let note = view.note { lines.append(.note(note, isError: view.noteIsError)) }
        return (Array(lines.prefix(max(1, height))), view.position, nil)
    }
}
