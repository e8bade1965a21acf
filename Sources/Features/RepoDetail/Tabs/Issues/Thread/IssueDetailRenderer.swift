import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Persistence
import TerminalKit

/// An issue or pull request rendered for one width (pure): styled lines drawn like a README, where each
/// comment and each changed file starts, and whether lines were left out to stay bounded. It is built in
/// parts, so that a thread grows without being rendered again (`IssueDetailRenderer.update`): the head
/// (title, fields, body), then each comment after the ones before it, then the tail (the note on the
/// comments, a pull request's commits and files), which alone is laid out again.
struct RenderedIssue: Equatable, Sendable {
    var lines: [StyledLine] = []
    /// The index in `lines` of each comment's header, in order.
    var commentStarts: [Int] = []
    /// The index in `lines` of each changed file's header (a pull request's diff), in order.
    var fileStarts: [Int] = []
    /// The index in `lines` of each review thread's first line in the diff, in order, and the id of each
    /// one's first comment (nil: a pending comment).
    var threadStarts: [Int] = []
    var threadRoots: [Int64?] = []
    /// The pull request's patch lines, by their index in `lines`: where a line comment goes.
    var diffLines: [Int: DiffLineRef] = [:]
    /// Comments not rendered (past `IssueDetailRenderer.maximumLines`).
    var commentsLeftOut = 0
    /// The links of the body and the comments, numbered in one series for the whole thread.
    var links: [MarkdownLink] = []
    /// Lines and links of the head (`lines` and `links` start with them), and the budget its body took.
    fileprivate var head = (lines: 0, links: 0, budget: 0)
    /// Where the tail starts in `lines`, and how many links it added at the end of `links` (its review
    /// threads').
    fileprivate var tailStart = 0
    fileprivate var tailLinks = 0
    /// Lines bodies and comments may still take before comments are left out.
    fileprivate var budget = IssueDetailRenderer.maximumLines
    /// A pull request's commits and files as last rendered, with what they were rendered from.
    fileprivate var pullPart: PullPart?

    /// A pull request's commits and files rendered (file starts counted from the part's first line).
    fileprivate struct PullPart: Equatable, Sendable {
        var pull: PullRequest
        var changes: PullRequestChanges?
        var lines: [StyledLine]
        var fileStarts: [Int]
        var threadStarts: [Int] = []
        var threadRoots: [Int64?] = []
        var diffLines: [Int: DiffLineRef] = [:]
        var pending: [PendingReviewComment] = []
        var unfolded: Set<Int64> = []
        /// The review threads' links, numbered from 1 in the part, and the part's lines that draw one.
        var links: [String] = []
        var linkLines: [Int] = []
    }

    static func == (lhs: RenderedIssue, rhs: RenderedIssue) -> Bool {
        lhs.lines == rhs.lines && lhs.commentStarts == rhs.commentStarts && lhs.fileStarts == rhs.fileStarts
            && lhs.threadStarts == rhs.threadStarts
            && lhs.commentsLeftOut == rhs.commentsLeftOut && lhs.links == rhs.links
    }
}

/// What the issue view shows, as given to the renderer: the issue (or the pull request's issue part),
/// the pull request's own fields, the comments loaded so far, and a pull request's changed files.
struct IssueThread: Equatable, Sendable {
    var issue: Issue
    var pull: PullRequest?
    var comments: [IssueComment] = []
    /// More comments than loaded (the next page is read as the reader nears the end).
    var hasMoreComments = false
    /// The pull request's files, commits, reviews and checks, each as read or why not; nil until read.
    var changes: PullRequestChanges?
    /// The comments of the review being written here, as stored (drawn in the diff as pending).
    var pendingReview: [PendingReviewComment] = []
    /// The resolved review threads shown whole (by their first comment's id); the others are folded.
    var unfoldedThreads: Set<Int64> = []
}

/// Renders an `IssueThread`: title and number, state (glyph and word), author and dates, labels in their
/// colours, assignees, milestone, reactions as counts, the body through cmark-gfm (as READMEs are), then
/// each comment with its author and date, rendered the same way. A pull request adds base ← head, draft
/// and merge state, its size, its review decision and checks, its commits and its files and diff through
/// the commit view's renderer; each of those parts says on its own when it could not be read, and the
/// files say how many are shown of how many when not all could be.
/// Links are numbered in one series over the body and the comments (`#123`, `o/r#123` made links by
/// `textLinks`). Every string is untrusted and sanitized here; the whole is bounded by `maximumLines`.
enum IssueDetailRenderer {
    /// Lines rendered at most (bodies and comments); comments past it are counted, not rendered. A page
    /// of comments costs only its own rendering, so this bounds memory (a few MB), not time: 5,000
    /// comments of a few lines each fit.
    static let maximumLines = 60_000

    enum Styles {
        static let title = Style(attributes: .bold)
        static let label = Style.dim
        static let rule = Style.dim
        static let author = Style(foreground: .cyan, attributes: .bold)
        static let note = Style(attributes: [.dim, .italic])
        static let branch = Style(foreground: .cyan)
        /// A part of a pull request that could not be read (the words carry it without colour).
        static let failure = Style(foreground: .red)
    }

    /// What a rendering depends on besides the thread.
    struct Context: Sendable {
        var width: Int
        var now: Date
        var labelsInColour: Bool
        var textLinks: MarkdownTextLinks?
        /// Comment bodies already rendered at this width (off the UI thread, with their page), by comment id.
        var bodies: [Int64: RenderedBody] = [:]

        init(width: Int, now: Date, labelsInColour: Bool, textLinks: MarkdownTextLinks? = nil) {
            self.width = max(width, 20)
            self.now = now
            self.labelsInColour = labelsInColour
            self.textLinks = textLinks
        }
    }

    /// A comment's body rendered ahead, with the text it was rendered from (used only while it is the same).
    struct RenderedBody: Sendable {
        let text: String
        let rendered: RenderedMarkdown
    }

    /// The bodies of `comments` rendered at `width` as a thread renders them, to hand to `Context.bodies`:
    /// a page of comments is rendered where it was read, off the UI thread, and only added on it.
    static func bodies(of comments: [IssueComment], width: Int, textLinks: MarkdownTextLinks?) -> [Int64: RenderedBody] {
        let width = Context(width: width, now: Date(timeIntervalSinceReferenceDate: 0), labelsInColour: false).width
        var bodies: [Int64: RenderedBody] = [:]
        for comment in comments {
            bodies[comment.id] = RenderedBody(text: comment.body, rendered: renderBody(comment.body, width: width, textLinks: textLinks))
        }
        return bodies
    }

    private static func renderBody(_ text: String, width: Int, textLinks: MarkdownTextLinks?) -> RenderedMarkdown {
        MarkdownDocument.render(markdown: Sanitizer.text(text), width: width, textLinks: textLinks)
    }

    static func render(_ thread: IssueThread, width: Int, now: Date, labelsInColour: Bool,
                       textLinks: MarkdownTextLinks? = nil) -> RenderedIssue {
        render(thread, Context(width: width, now: now, labelsInColour: labelsInColour, textLinks: textLinks))
    }

    static func render(_ thread: IssueThread, _ context: Context) -> RenderedIssue {
        var rendered = RenderedIssue()
        let head = self.head(thread, context)
        rendered.lines = head.lines
        rendered.links = head.links
        rendered.head = (head.lines.count, head.links.count, head.budget)
        rendered.budget = maximumLines - head.budget
        rendered.tailStart = head.lines.count
        appendComments(thread.comments[...], to: &rendered, context)
        setTail(of: &rendered, thread, context)
        return rendered
    }

    /// `rendered`, the rendering of `old`, made the rendering of `new` without rendering again what the
    /// two share: the comments `new` adds after those of `old` are rendered and added, the head only when
    /// the issue changed, the tail laid out again. The result is what `render(new)` gives (dates aside:
    /// each part counts them to the `now` it was rendered at). False, `rendered` untouched, when it
    /// cannot: a comment of `old` changed or went, or a changed head moves the links' numbers or what
    /// the budget leaves out.
    static func update(_ rendered: inout RenderedIssue, from old: IssueThread, to new: IssueThread, _ context: Context) -> Bool {
        guard new.comments.count >= old.comments.count,
              new.comments[..<old.comments.count].elementsEqual(old.comments) else { return false }
        var head: (lines: [StyledLine], links: [MarkdownLink], budget: Int)?
        // The head shows the review and the checks from the changes too.
        if new.issue != old.issue || new.pull != old.pull || new.changes != old.changes {
            let replaced = self.head(new, context)
            let budget = rendered.budget + rendered.head.budget - replaced.budget
            guard replaced.links.count == rendered.head.links, rendered.budget > 0, budget > 0 else { return false }
            head = replaced
        }
        if let head {
            let shift = head.lines.count - rendered.head.lines
            rendered.lines.replaceSubrange(0..<rendered.head.lines, with: head.lines)
            rendered.links.replaceSubrange(0..<rendered.head.links, with: head.links)
            rendered.budget += rendered.head.budget - head.budget
            rendered.head = (head.lines.count, head.links.count, head.budget)
            rendered.tailStart += shift
            if shift != 0 { rendered.commentStarts = rendered.commentStarts.map { $0 + shift } }
        }
        appendComments(new.comments[old.comments.count...], to: &rendered, context)
        setTail(of: &rendered, new, context)
        return true
    }

    /// Title, state, fields and body, each link numbered from 1; `budget`: the body's lines.
    private static func head(_ thread: IssueThread, _ context: Context) -> (lines: [StyledLine], links: [MarkdownLink], budget: Int) {
        let width = context.width, now = context.now
        let issue = thread.issue
        var lines: [StyledLine] = []
        func line(_ spans: [Span]) { lines.append(CommitDetailRenderer.fitted(StyledLine(spans), width: width)) }

        // Title, wrapped, after the number.
        let number = "#\(issue.number) "
        let title = Sanitizer.line(issue.title)
        for text in (number + title).wrapped(toWidth: width) {
            line([Span(text, style: Styles.title)])
        }
        let (glyph, glyphStyle) = IssueListStateBuilder.glyph(for: issue.displayState, isPullRequest: issue.isPullRequest || thread.pull != nil)
        var state = [Span(glyph + " " + stateWord(issue.displayState), style: glyphStyle.adding(.reverse)), Span(" ")]
        state.append(Span(Sanitizer.line(issue.author), style: Styles.author))
        if let created = issue.createdAt {
            state.append(Span(" " + tr("issue.opened", Formatting.relative(created, now: now)), style: Styles.label))
        }
        if let updated = issue.updatedAt, updated != issue.createdAt {
            state.append(Span(" · " + tr("issue.updated", Formatting.relative(updated, now: now)), style: Styles.label))
        }
        if let closed = issue.closedAt, !issue.isOpen {
            state.append(Span(" · " + tr("issue.closed", CommitDetailRenderer.absolute(closed)), style: Styles.label))
        }
        line(state)

        let fieldNames = [tr("issue.field.labels"), tr("issue.field.assignees"), tr("issue.field.milestone"),
                          tr("issue.field.reactions"), tr("issue.field.branches"), tr("issue.field.changes"),
                          tr("issue.field.review"), tr("issue.field.checks")]
        let fieldWidth = (fieldNames.map(\.displayWidth).max() ?? 0) + 1
        func field(_ name: String, _ value: [Span]) { line([Span(name.fitted(toWidth: fieldWidth), style: Styles.label)] + value) }
        var links: [MarkdownLink] = []
        if !issue.labels.isEmpty {
            var spans: [Span] = []
            for label in issue.labels.prefix(50) {
                if !spans.isEmpty { spans.append(Span(" ")) }
                spans.append(IssueLabelStyle.badge(label, inColour: context.labelsInColour, maximumWidth: max(4, width - fieldWidth)))
            }
            field(fieldNames[0], spans)
        }
        if !issue.assignees.isEmpty {
            field(fieldNames[1], [Span(issue.assignees.prefix(20).map(Sanitizer.line).joined(separator: ", "))])
        }
        if let milestone = issue.milestone { field(fieldNames[2], [Span(Sanitizer.line(milestone))]) }
        if !issue.reactions.isEmpty { field(fieldNames[3], [Span(reactions(issue.reactions))]) }
        if let pull = thread.pull {
            field(fieldNames[4], [Span(Sanitizer.line(pull.baseRef), style: Styles.branch), Span(" ← "),
                                  Span(Sanitizer.line(pull.headLabel), style: Styles.branch)] + mergeState(pull))
            if let changes = changes(pull) { field(fieldNames[5], [Span(changes)]) }
            if let changes = thread.changes {
                let status = changes.status
                switch changes.reviews {
                case .failure(let error): field(fieldNames[6], [partFailed(error, isHeadCommit: false)])
                case .success: if let decision = status.decision { field(fieldNames[6], [review(decision)]) }
                }
                switch changes.checks {
                case .failure(let error)?: field(fieldNames[7], [partFailed(error, isHeadCommit: true)])
                case .success(let page)?:
                    field(fieldNames[7], checks(status))
                    let listed = checkLines(page, indent: fieldWidth, width: width)
                    lines += listed.lines
                    links = listed.links
                case nil: break
                }
            }
        }
        lines.append(StyledLine())

        // The body, rendered as a README is.
        let body = Sanitizer.text(issue.body)
        if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            line([Span(tr("issue.noBody"), style: Styles.note)])
            return (lines, links, 0)
        }
        let rendered = markdown(issue.body, linksBefore: links.count, context)
        let kept = rendered.lines.prefix(maximumLines)
        return (lines + kept, links + rendered.links, kept.count)
    }

    /// A Markdown text rendered, its links numbered after the `linksBefore` before it.
    private static func markdown(_ text: String, linksBefore: Int, _ context: Context) -> (lines: [StyledLine], links: [MarkdownLink]) {
        renumbered(renderBody(text, width: context.width, textLinks: context.textLinks), after: linksBefore, width: context.width)
    }

    /// Each comment after the comments before it (removing the tail, which `setTail` lays out again):
    /// a blank line, its header, its body; left out once the budget is spent.
    private static func appendComments(_ comments: ArraySlice<IssueComment>, to rendered: inout RenderedIssue, _ context: Context) {
        let width = context.width, now = context.now
        rendered.lines.removeSubrange(rendered.tailStart...)
        rendered.links.removeLast(min(rendered.tailLinks, rendered.links.count))
        rendered.tailLinks = 0
        rendered.fileStarts = []
        for comment in comments {
            guard rendered.budget > 0 else {
                rendered.commentsLeftOut += 1
                continue
            }
            rendered.lines.append(StyledLine())
            rendered.commentStarts.append(rendered.lines.count)
            var header = [Span("── ", style: Styles.rule), Span(Sanitizer.line(comment.author), style: Styles.author)]
            if let created = comment.createdAt {
                header.append(Span(" · " + CommitDetailRenderer.absolute(created) + " (" + Formatting.relative(created, now: now) + ")",
                                   style: Styles.label))
            }
            if !comment.reactions.isEmpty { header.append(Span(" · " + reactions(comment.reactions), style: Styles.label)) }
            let used = header.reduce(0) { $0 + $1.width }
            header.append(Span(" " + String(repeating: "─", count: max(0, width - used - 1)), style: Styles.rule))
            rendered.lines.append(CommitDetailRenderer.fitted(StyledLine(header), width: width))
            let body = if let ahead = context.bodies[comment.id], ahead.text == comment.body {
                renumbered(ahead.rendered, after: rendered.links.count, width: width)
            } else {
                markdown(comment.body, linksBefore: rendered.links.count, context)
            }
            rendered.links += body.links
            let kept = body.lines.prefix(rendered.budget)
            rendered.budget -= kept.count + 2
            rendered.lines += kept
        }
        rendered.tailStart = rendered.lines.count
    }

    /// The tail after the comments, laid out again: the note on comments left out or still to come, then a
    /// pull request's commits and diff (the commit view's rendering; rendered again only when they changed).
    private static func setTail(of rendered: inout RenderedIssue, _ thread: IssueThread, _ context: Context) {
        let width = context.width
        rendered.lines.removeSubrange(rendered.tailStart...)
        rendered.links.removeLast(min(rendered.tailLinks, rendered.links.count))
        rendered.tailLinks = 0
        rendered.fileStarts = []
        rendered.threadStarts = []
        rendered.threadRoots = []
        rendered.diffLines = [:]
        func note(_ text: String) {
            rendered.lines.append(StyledLine())
            rendered.lines.append(CommitDetailRenderer.fitted(StyledLine([Span(text, style: Styles.note)]), width: width))
        }
        if rendered.commentsLeftOut > 0 {
            note(tr("issue.commentsLeftOut", rendered.commentsLeftOut))
        } else if thread.hasMoreComments {
            note(tr("issue.moreComments"))
        }
        guard let pull = thread.pull else {
            rendered.pullPart = nil
            return
        }
        let part: RenderedIssue.PullPart
        if let kept = rendered.pullPart, kept.pull == pull, kept.changes == thread.changes, kept.pending == thread.pendingReview,
           kept.unfolded == thread.unfoldedThreads {
            part = kept
        } else {
            part = pullPart(pull, changes: thread.changes, pending: thread.pendingReview, unfolded: thread.unfoldedThreads, context)
            rendered.pullPart = part
        }
        let start = rendered.lines.count
        rendered.lines += part.lines
        // The threads' links come after the body's and the comments' in the one series.
        let linksBefore = rendered.links.count
        if linksBefore > 0 {
            for index in part.linkLines {
                rendered.lines[start + index] = CommitDetailRenderer.movingLinks(rendered.lines[start + index], by: linksBefore, width: width)
            }
        }
        rendered.links += part.links.enumerated().map { MarkdownLink(number: linksBefore + $0.offset + 1, url: $0.element) }
        rendered.tailLinks = part.links.count
        rendered.fileStarts = part.fileStarts.map { $0 + start }
        rendered.threadStarts = part.threadStarts.map { $0 + start }
        rendered.threadRoots = part.threadRoots
        rendered.diffLines = Dictionary(uniqueKeysWithValues: part.diffLines.map { ($0.key + start, $0.value) })
    }

    /// A pull request's commits and files with their diff (the commit view's rendering).
    private static func pullPart(_ pull: PullRequest, changes: PullRequestChanges?, pending: [PendingReviewComment],
                                 unfolded: Set<Int64>, _ context: Context) -> RenderedIssue.PullPart {
        let width = context.width
        var lines: [StyledLine] = []
        func line(_ spans: [Span]) { lines.append(CommitDetailRenderer.fitted(StyledLine(spans), width: width)) }
        func blank() { lines.append(StyledLine()) }
        if case .success(let reviews)? = changes?.reviews {
            lines += ReviewSummaryRenderer.lines(reviews, width: width, now: context.now)
        }
        switch changes?.commits {
        case .success(let commits)? where !commits.isEmpty:
            blank()
            line([Span(tr("issue.commits"), style: Styles.title)])
            for commit in commits.prefix(250) {
                line(CommitLineState(commit, now: context.now).spans(width: width, rightWidth: max(12, width / 3)))
            }
        case .failure(let error)?:
            blank()
            line([Span(tr("issue.commitsFailed", partReason(error, isHeadCommit: false)), style: Styles.failure)])
        default: break
        }
        blank()
        var fileStarts: [Int] = [], threadStarts: [Int] = [], threadRoots: [Int64?] = [], diffLines: [Int: DiffLineRef] = [:]
        var links: [String] = [], linkLines: [Int] = []
        switch changes?.files {
        case .success(let list)?:
            if let note = filesShown(list, of: pull.changedFiles) { line([Span(note, style: Styles.note)]) }
            let threads = ReviewSummaryRenderer.diffNotes(changes?.reviewComments, pending: pending,
                                                          statuses: changes?.reviewThreadStatuses ?? [], unfolded: unfolded,
                                                          files: list.files, width: width, now: context.now)
            for text in threads.notes { line([Span(text, style: Styles.note)]) }
            let rendered = CommitDetailRenderer.files(list.files, width: width, startingAt: lines.count, notes: threads.byFile,
                                                      recordsLines: true)
            lines += rendered.lines
            fileStarts = rendered.fileStarts
            threadStarts = rendered.noteStarts
            threadRoots = rendered.noteIDs
            diffLines = rendered.diffLines
            links = rendered.links
            if !links.isEmpty {
                let first = lines.count - rendered.lines.count
                linkLines = rendered.lines.indices.filter { rendered.lines[$0].spans.contains { $0.link != nil } }.map { $0 + first }
            }
        case .failure(let error)?:
            line([Span(tr("issue.filesFailed", partReason(error, isHeadCommit: false)), style: Styles.failure)])
        case nil:
            line([Span(tr("issue.loadingFiles"), style: Styles.note)])
        }
        return RenderedIssue.PullPart(pull: pull, changes: changes, lines: lines, fileStarts: fileStarts, threadStarts: threadStarts,
                                      threadRoots: threadRoots, diffLines: diffLines, pending: pending, unfolded: unfolded,
                                      links: links, linkLines: linkLines)
    }

    /// A part's lines and links with every link number moved up by `offset` (its `[n]` marks too),
    /// each line fitted to `width` again (a mark may have grown by a digit).
    static func renumbered(_ rendered: RenderedMarkdown, after offset: Int, width: Int) -> (lines: [StyledLine], links: [MarkdownLink]) {
        guard offset > 0, !rendered.links.isEmpty else { return (rendered.lines, rendered.links) }
        let lines = rendered.lines.map { CommitDetailRenderer.movingLinks($0, by: offset, width: width) }
        let links = rendered.links.map { link -> MarkdownLink in
            var moved = link
            moved.number += offset
            return moved
        }
        return (lines, links)
    }

    static func stateWord(_ state: IssueDisplayState) -> String {
        switch state {
        case .open: tr("issue.state.open")
        case .closed: tr("issue.state.closed")
        case .merged: tr("issue.state.merged")
        case .draft: tr("issue.state.draft")
        }
    }

    /// "+1 2 · heart 1", in GitHub's order.
    static func reactions(_ reactions: Reactions) -> String {
        Reactions.keys.compactMap { key in reactions.counts[key].map { "\(key) \(Formatting.grouped($0))" } }
            .joined(separator: " · ")
    }

    /// "approved (2)" in green, "changes requested (1)" in red: the words carry it without colour.
    private static func review(_ decision: PullRequestStatus.Decision) -> Span {
        switch decision {
        case .approved(let count): Span(tr("issue.review.approved", count), style: Style(foreground: .green, attributes: .bold))
        case .changesRequested(let count): Span(tr("issue.review.changesRequested", count), style: Style(foreground: .red, attributes: .bold))
        }
    }

    /// "could not be loaded (the head commit is gone)": a part of a pull request GitHub did not give.
    private static func partFailed(_ error: GitHubError, isHeadCommit: Bool) -> Span {
        Span(tr("issue.partFailed", partReason(error, isHeadCommit: isHeadCommit)), style: Styles.failure)
    }

    /// Why a part of a pull request could not be read. A 404 or 422 there means the part itself is gone
    /// (the head commit after a force push, a deleted fork), not the repository.
    static func partReason(_ error: GitHubError, isHeadCommit: Bool) -> String {
        switch error {
        case .notFound, .http(422, _):
            isHeadCommit ? tr("issue.partGone.head") : tr("issue.partGone")
        default:
            error.shortReason
        }
    }

    /// "Showing 100 of 250 changed files: …" when fewer files were read than the pull request changes
    /// (GitHub's cap, a page that failed, a paging that ended early); nil when all are shown.
    static func filesShown(_ list: PullRequestFileList, of total: Int?) -> String? {
        let shown = list.files.count
        if let error = list.stoppedBy {
            let reason = partReason(error, isHeadCommit: false)
            if let total, total > shown {
                return tr("issue.filesShown.failed", Formatting.grouped(shown), Formatting.grouped(total), reason)
            }
            return tr("issue.filesShownAll.failed", Formatting.grouped(shown), reason)
        }
        guard let total, total > shown else { return nil }
        if shown >= GitHubClient.maximumPullRequestFiles {
            return tr("issue.filesShown.cap", Formatting.grouped(shown), Formatting.grouped(total),
                      Formatting.grouped(GitHubClient.maximumPullRequestFiles))
        }
        return tr("issue.filesShown", Formatting.grouped(shown), Formatting.grouped(total))
    }

    /// Check runs listed under the counts (failed first, then pending, at most this many; the passed
    /// ones only while there is room).
    static let maximumCheckLines = 12

    /// The check runs one a line under the counts — failed, then pending, then passed, in GitHub's order
    /// within each — each with its state and its name, a numbered link (from 1: the head's links come
    /// first) to its page: a GitHub Actions job's opens its run in the Actions tab.
    static func checkLines(_ page: CheckRunsPage, indent: Int, width: Int) -> (lines: [StyledLine], links: [MarkdownLink]) {
        func rank(_ state: WorkflowState) -> Int { state.isFailure && state != .cancelled ? 0 : state.isComplete ? 2 : 1 }
        let runs = page.checkRuns.map { ($0, WorkflowState(status: $0.status, conclusion: $0.conclusion)) }
            .enumerated().sorted { (rank($0.element.1), $0.offset) < (rank($1.element.1), $1.offset) }.map(\.element)
        var lines: [StyledLine] = []
        var links: [MarkdownLink] = []
        for (run, state) in runs.prefix(maximumCheckLines) {
            var spans = [Span(String(repeating: " ", count: indent)), RunStateText.badge(state), Span("  " + Sanitizer.line(run.name))]
            let address = Sanitizer.line(run.detailsURL ?? run.htmlURL ?? "")
            if address.hasPrefix("https://") || address.hasPrefix("http://") {
                let number = links.count + 1
                links.append(MarkdownLink(number: number, url: address))
                spans.append(Span("[\(number)]", style: MarkdownTheme.standard.linkNumber, link: number))
            }
            lines.append(CommitDetailRenderer.fitted(StyledLine(spans), width: width))
        }
        if runs.count > maximumCheckLines {
            lines.append(StyledLine([Span(String(repeating: " ", count: indent)),
                                     Span(tr("issue.checks.more", runs.count - maximumCheckLines), style: Styles.label)]))
        }
        return (lines, links)
    }

    /// "3 passed · 1 failed · 2 pending" (the counts that are not 0), or "none".
    private static func checks(_ status: PullRequestStatus) -> [Span] {
        let all: [(count: Int, text: String, colour: Color)] = [
            (status.passed, tr("issue.checks.passed", status.passed), .green),
            (status.failed, tr("issue.checks.failed", status.failed), .red),
            (status.pending, tr("issue.checks.pending", status.pending), .yellow),
        ]
        let parts = all.filter { $0.count > 0 }
        guard !parts.isEmpty else { return [Span(tr("issue.checks.none"), style: Styles.label)] }
        var spans: [Span] = []
        for part in parts {
            if !spans.isEmpty { spans.append(Span(" · ", style: Styles.label)) }
            spans.append(Span(part.text, style: Style(foreground: part.colour)))
        }
        return spans
    }

    /// " · draft", " · mergeable" / " · conflicts", as far as GitHub said.
    private static func mergeState(_ pull: PullRequest) -> [Span] {
        var spans: [Span] = []
        if pull.issue.isDraft { spans.append(Span(" · " + tr("issue.state.draft"), style: Styles.label)) }
        switch pull.mergeable {
        case true?: spans.append(Span(" · " + tr("issue.mergeable"), style: Style(foreground: .green)))
        case false?: spans.append(Span(" · " + tr("issue.conflicts"), style: Style(foreground: .red)))
        case nil: break
        }
        return spans
    }

    /// "3 commits · 5 files · +10 −2", when GitHub said.
    private static func changes(_ pull: PullRequest) -> String? {
        var parts: [String] = []
        if let commits = pull.commitCount { parts.append(commits == 1 ? tr("issue.commitCount.one") : tr("issue.commitCount.other", commits)) }
        if let files = pull.changedFiles { parts.append(files == 1 ? tr("issue.fileCount.one") : tr("issue.fileCount.other", files)) }
        if let additions = pull.additions, let deletions = pull.deletions {
            parts.append("+\(Formatting.grouped(additions)) −\(Formatting.grouped(deletions))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
