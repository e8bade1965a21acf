import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Persistence
import TerminalKit

/// One open issue or pull request in an Issues tab: reads it (stored first, then GitHub), its comments
/// as the end comes near, a pull request's files and commits; shown in a `DocumentPane`: ↑↓/PgUp/PgDn
/// scroll, `/` searches (n/N), its links (numbered over the thread, `#123` too) are followed with
/// digits and Enter or Tab/Shift-Tab; `]`/`[` jump between files, Esc closes it (and goes back where a followed link was: the thread before, as it
/// was). It only turns intents into `IssueThreadState`; `IssueDetailRenderer` makes the lines.
@MainActor
final class IssueThreadPresenter {
    private(set) var state: IssueThreadState?
    weak var host: (any RepoViewHost)?
    private let issues: RepositoryIssues?
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    private let now: () -> Date
    private let labelsInColour: Bool
    private var width = 60
    private(set) var height = 10
    private(set) var threadTask: Task<Void, Never>?
    private(set) var moreTask: Task<Void, Never>?
    /// The last page of comments being stored (each waits for the one before: pages are stored in order).
    private(set) var saveTask: Task<Void, Never>?
    /// A long thread's stored comments being read off the UI thread (tests await it).
    private(set) var storedTask: Task<Void, Never>?
    /// The rest of a long thread being rendered off the UI thread (tests await it).
    private(set) var renderTask: Task<Void, Never>?
    /// What Esc does after closing the thread (back to the tab a link was followed from).
    private var closeAction: (() -> Void)?
    /// The threads links were followed from, as they were: Esc goes back to the last.
    /// The threads a link was followed from, as they were shown, and whether they were still loading
    /// (then Esc loads them again: the requests were cancelled when the link was followed).
    private var trail: [(state: IssueThreadState, closeAction: (() -> Void)?, wasLoading: Bool)] = []
    /// Where the thread is scrolled once every comment is rendered: its end (a comment was posted), or
    /// a comment (the view was opened at it).
    private var reveal: Reveal?

    private enum Reveal {
        case end
        case comment(Int64)
    }
    /// `#123` and `owner/repo#123` in bodies and comments, as links.
    private let textLinks: MarkdownTextLinks?
    /// Follows a link of the thread (`LinkFollower`).
    var followLink: ((String) -> Void)?

    init(issues: RepositoryIssues?, dispatcher: any UIDispatcher, webHost: GitHubHost = .dotCom, labelsInColour: Bool,
         now: @escaping () -> Date) {
        self.issues = issues
        calls = BackgroundCalls(dispatcher)
        self.labelsInColour = labelsInColour
        self.now = now
        textLinks = issues.map { IssueReference.markdownLinks(owner: $0.owner, name: $0.name, host: webHost) }
    }

    var isLoading: Bool { threadTask != nil || moreTask != nil || storedTask != nil || renderTask != nil }
    var isOpen: Bool { state != nil }
    /// The issue shown, as far as read.
    var issue: Issue? { state?.thread?.issue }
    /// The pull request shown has review threads in its diff.
    var hasReviewThreads: Bool { !(state?.rendered?.threadStarts.isEmpty ?? true) }

    func layout(width: Int, height: Int) {
        self.width = width
        self.height = height
        render()
    }

    /// Opens issue `number` of this repository (`onClose` runs when Esc leaves it).
    func open(number: Int, onClose: (() -> Void)? = nil) {
        trail.removeAll()
        show(number: number, onClose: onClose)
    }

    /// Opens issue `number` from a link in the thread shown: Esc comes back to this one, as it is.
    func follow(number: Int) {
        guard let current = state, current.number != number, trail.count < 100 else { return }
        trail.append((current, closeAction, threadTask != nil || storedTask != nil))
        show(number: number, onClose: nil)
    }

    private func show(number: Int, onClose: (() -> Void)?) {
        closeAction = onClose
        reveal = nil
        threadTask?.cancel()
        moreTask?.cancel()
        moreTask = nil
        renderTask?.cancel()
        renderTask = nil
        storedTask?.cancel()
        storedTask = nil
        state = IssueThreadState(number: number)
        load(number: number)
    }

    /// Shows issue `number`'s stored thread at once (its comments too when few, else read in the
    /// background) and asks GitHub for it.
    private func load(number: Int) {
        // The stored issue at once; its comments too when few, else read in the background.
        let stored = issues?.storedIssue(number: number)
        let commentsAtOnce = (stored?.issue.commentCount ?? 0) <= IssueThreadState.renderedAtOnce
        if var stored {
            if commentsAtOnce { stored.show(issues?.storedComments(number: number)) } else { stored.hasMoreComments = true }
            state?.show(stored)
        }
        state?.isLoading = true
        render()
        guard let issues else {
            state?.failure = .network
            state?.isLoading = false
            return
        }
        if stored != nil, !commentsAtOnce {
            storedTask = calls.run { issues.storedComments(number: number) } then: { [weak self] comments in
                self?.storedCommentsDidLoad(comments, number: number)
            }
        }
        threadTask = calls.run { await .of { try await issues.fetchThread(number: number) } } then: { [weak self] result in
            self?.threadDidLoad(result, number: number)
        }
    }

    func threadDidLoad(_ result: Result<(IssueThread, nextComments: URL?, pages: Int), GitHubError>?, number: Int) {
        threadTask = nil
        guard state?.number == number else { return }
        switch result {
        case .success(let (read, next, pages)):
            storedTask?.cancel()
            storedTask = nil
            var loaded = read
            loaded.unfoldedThreads = state?.thread?.unfoldedThreads ?? []
            state?.show(loaded)
            state?.startComments(next: next, pages: pages)
            state?.failure = nil
            if let pull = loaded.pull { loadChanges(number: number, headSHA: pull.headSHA) }
        case .failure(let error):
            state?.failure = error
        case nil: break
        }
        state?.isLoading = false
        render()
        host?.changed()
    }

    /// A long thread's stored comments, read in the background: shown unless GitHub's answer came first.
    private func storedCommentsDidLoad(_ comments: StoredIssueList<IssueComment>?, number: Int) {
        guard storedTask != nil, state?.number == number, var thread = state?.thread else { return }
        storedTask = nil
        thread.show(comments)
        state?.show(thread)
        render()
        host?.changed()
    }

    /// Changes the thread shown (a comment added, the state changed), when it is issue `number`.
    func update(number: Int, _ change: (inout IssueThread) -> Void) {
        guard state?.number == number, var loaded = state?.thread else { return }
        change(&loaded)
        state?.show(loaded)
        render()
    }

    /// Scrolls issue `number`'s thread, when open, to its last comment (one just posted) — once it is
    /// rendered, when the rest of a long thread is still rendering.
    func scrollToEnd(ofThread number: Int) {
        guard state?.number == number else { return }
        reveal = .end
        render()
    }

    private func render() {
        state?.pane.resize(height: height)
        defer { revealEndWhenRendered() }
        guard let job = state?.render(width: width, now: now(), labelsInColour: labelsInColour, textLinks: textLinks),
              let number = state?.number else { return }
        renderTask = calls.run { job.run() } then: { [weak self] rendered in
            guard let self, state?.number == number, state?.finish(job, rendered: rendered) == true else { return }
            renderTask = nil
            render()
            loadCommentsIfNear()
            host?.changed()
        }
    }

    /// Scrolls the open thread to comment `commentID` once it is read and rendered (while it is not among
    /// the comments read, to the last of them: the next page is read as the end comes near).
    func reveal(commentID: Int64) {
        guard state != nil else { return }
        reveal = .comment(commentID)
        render()
    }

    /// The comment asked for on screen, once every comment is rendered: the last (a post), or the one the
    /// view was opened at (the last read while it is not among them; given up on when no page is left).
    private func revealEndWhenRendered() {
        guard let reveal, let state, state.isRenderedWhole, let rendered = state.rendered else { return }
        let comments = state.thread?.comments ?? []
        switch reveal {
        case .comment(let id):
            if let index = comments.firstIndex(where: { $0.id == id }), rendered.commentStarts.indices.contains(index) {
                self.reveal = nil
                self.state?.pane.scroll(to: rendered.commentStarts[index])
                return
            }
            self.state?.pane.scroll(to: rendered.commentStarts.last ?? Int.max)
            if state.thread?.hasMoreComments != true, !state.isLoading { self.reveal = nil } else { loadCommentsIfNear() }
        case .end:
            self.reveal = nil
            self.state?.pane.scroll(to: rendered.commentStarts.last ?? Int.max)
        }
    }

    private func loadChanges(number: Int, headSHA: String?) {
        guard let issues else { return }
        // Each part carries its own failure, shown where the part would be; nil only when cancelled.
        moreTask = calls.run { () -> PullRequestChanges? in
            try? await issues.fetchChanges(number: number, headSHA: headSHA)
        } then: { [weak self] changes in
            guard let self, state?.number == number else { return }
            moreTask = nil
            if let changes { update(number: number) { $0.changes = changes } }
            loadCommentsIfNear()
            host?.changed()
        }
    }

    /// The next page of comments when the reader is within a screen of the end (`IssueThreadState`
    /// ends the paging where the server leads round in a circle).
    private func loadCommentsIfNear() {
        guard moreTask == nil, let issues, let state, let url = state.commentsPageToLoad(within: 2 * height) else { return }
        let number = state.number, pageIndex = state.nextCommentsPageIndex, width = self.width, textLinks = self.textLinks
        // The page's comments are rendered where the page was read, off the UI thread: on it they are only added.
        moreTask = calls.run {
            await .of { () async throws -> (Page<IssueComment>, [Int64: IssueDetailRenderer.RenderedBody]) in
                let page = try await issues.fetchComments(page: url)
                return (page, IssueDetailRenderer.bodies(of: page.items, width: width, textLinks: textLinks))
            }
        } then: { [weak self] (result: Result<(Page<IssueComment>, [Int64: IssueDetailRenderer.RenderedBody]), GitHubError>?) in
            guard let self, self.state?.number == number else { return }
            moreTask = nil
            switch result {
            case .success(let (page, bodies)):
                self.state?.receiveComments(page, bodies: bodies, width: width)
                render()
                save(page, number: number, pageIndex: pageIndex)
            case .failure(let error):
                self.state?.commentsFailed()
                host?.setStatus(tr("issues.failed", error.shortReason))
            case nil: break
            }
            host?.changed()
        }
    }

    /// Stores a page of comments after it is shown, after the pages before it (not cancelled with the thread).
    private func save(_ page: Page<IssueComment>, number: Int, pageIndex: Int) {
        guard let issues else { return }
        let before = saveTask
        saveTask = calls.dispatcher.background {
            await before?.value
            issues.saveComments(page, number: number, pageIndex: pageIndex)
        } then: { _ in }
    }

    /// Esc: back to the thread a link was followed from; else the thread closes, then the action given
    /// when it was opened runs.
    func close() {
        reveal = nil
        threadTask?.cancel()
        threadTask = nil
        storedTask?.cancel()
        storedTask = nil
        moreTask?.cancel()
        moreTask = nil
        renderTask?.cancel()
        renderTask = nil
        if let (previous, action, wasLoading) = trail.popLast() {
            state = previous
            state?.isLoading = false
            state?.dropBackground()
            closeAction = action
            // Left while it was loading: its requests were cancelled, so it loads again (the stored
            // comments and GitHub's answer), shown as it was meanwhile.
            if wasLoading, let number = state?.number { load(number: number) } else { render() }
            return
        }
        state = nil
        let back = closeAction
        closeAction = nil
        back?()
    }

    /// The thread's keys: Enter or Space on a resolved review thread (folds or unfolds it), the
    /// document's (scrolling, `/` search, links), then `]`/`[` between files, `r` and Esc; returns whether
    /// it took the action.
    func handle(_ action: RepoDetailAction) -> Bool {
        guard var shown = state else { return false }
        if let root = shown.threadToFold(for: action) {
            // Enter or Space on a resolved review thread: folded ⇄ whole.
            update(number: shown.number) { $0.unfoldedThreads.formSymmetricDifference([root]) }
            return true
        }
        let outcome = shown.pane.handle(action)
        state = shown
        if outcome.settle(host: host, follow: followLink) {
            // Scrolled or searched: comments when the end came near (a followed link shows another thread).
            if case .taken = outcome { loadCommentsIfNear() }
            return true
        }
        switch action {
        case .close where shown.isChoosingLine:
            state?.stopChoosingLine()
        case .close:
            close()
            return true
        case .selectLine:
            guard shown.thread?.pull != nil else { return false }
            if shown.isChoosingLine {
                state?.stopChoosingLine()
            } else {
                host?.setStatus(state?.startChoosingLine() == true ? tr("review.selectLine") : tr("review.noDiff"))
            }
        case .markRange:
            guard shown.isChoosingLine else { return false }
            host?.setStatus(state?.markRangeStart())
        case .nextFile, .previousFile, .nextThread, .previousThread:
            let isFile = action == .nextFile || action == .previousFile
            let starts = (isFile ? shown.rendered?.fileStarts : shown.rendered?.threadStarts) ?? []
            // Threads from the cursor, else from the one gone to last while it is on screen (the last screen
            // cannot scroll it to the top).
            let jumped = isFile ? nil : shown.threadJumpedTo.flatMap { $0 >= shown.offset && $0 < shown.offset + shown.pane.height ? $0 : nil }
            let offset = isFile ? shown.offset : shown.pane.cursor ?? jumped ?? shown.offset
            let forward = action == .nextFile || action == .nextThread
            let target = forward ? starts.first { $0 > offset } : starts.last { $0 < offset }
            if let target {
                // A thread with the line it is on above it; with the line cursor, the cursor on it (C replies there).
                state?.pane.scroll(to: isFile ? target : max(0, target - 1))
                if !isFile, shown.isChoosingLine { state?.pane.moveCursor(to: target) }
                if !isFile {
                    state?.threadJumpedTo = target
                    // A reply begun in this thread and not yet taken by GitHub: said, so that it is continued.
                    if let root = state?.threadAtHand(), let number = state?.number,
                       issues?.drafts.text(number: number, kind: .reply(to: root)) != nil {
                        host?.setStatus(tr("review.replyDraftKept"))
                    }
                }
            } else if !isFile {
                host?.setStatus(starts.isEmpty ? tr("review.noThreads") : tr("review.noMoreThreads"))
            }
        case .reloadCommits:
            show(number: shown.number, onClose: closeAction)
            return true
        default: return false
        }
        loadCommentsIfNear()
        return true
    }
}
