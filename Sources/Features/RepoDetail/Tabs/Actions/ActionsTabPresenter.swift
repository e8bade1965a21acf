import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// The Actions tab: the repository's workflow runs (stored at once, then GitHub's pages by `Link` as
/// the selection nears the end); Enter opens a run — its jobs and their steps, watched while it runs;
/// Enter on a job (or one of its steps) opens its log, folded by step with the failing one open. Only
/// turns the frame's actions into `ActionsTabState` and the two document panes; `ActionsWindow` and
/// `JobLogDocument` make the lines.
@MainActor
final class ActionsTabPresenter {
    /// Set here and by `ActionsTabPresenter+Requests`.
    var state = ActionsTabState()
    /// Nil where the app gives no Actions source: the tab says it cannot read runs.
    let actions: RepositoryActions?
    /// The requests it starts (cancelled when it goes away).
    let calls: BackgroundCalls
    private let scheduler: any Scheduler
    private let now: () -> Date
    /// The frame: status, messages, repaint.
    weak var host: (any RepoViewHost)?
    /// Copies text (`y` in a log), saying so in the status line.
    var copy: ((CopyChoice) -> Void)?
    /// Rings the terminal's bell when a watched run completes (the config's `bell_on_done`); nil: no bell.
    var bell: (() -> Void)?
    private var started = false
    /// The tab is on screen: a run is watched only then.
    private(set) var isShown = false
    private(set) var width = 80
    private(set) var height = 20
    /// The open run and the open log as documents: laid out at the panel's width, scrolled, searched,
    /// each with a line cursor.
    var runDocument = DocumentPane<DetailLine>(cursor: true)
    var logDocument = DocumentPane<JobLogLine>(cursor: true)
    /// Calls in flight (tests await them).
    private(set) var pageTask: Task<Void, Never>?
    private(set) var jobsTask: Task<Void, Never>?
    var logTask: Task<Void, Never>?
    /// A fetched log being stored after it was shown.
    var logSaveTask: Task<Void, Never>?
    /// The next look at a watched run.
    private var watchTimer: (any Cancellable)?
    /// Runs when Esc closes a run a link opened (back where the link was).
    var runOnClose: (() -> Void)?

    init(actions: RepositoryActions?, dispatcher: any UIDispatcher, scheduler: any Scheduler, now: @escaping () -> Date) {
        self.actions = actions
        calls = BackgroundCalls(dispatcher)
        self.scheduler = scheduler
        self.now = now
    }

    var isLoading: Bool { pageTask != nil || jobsTask != nil || logTask != nil }

    /// The tab is shown: the first time, the stored runs and a request for the first page; after that,
    /// a watched run is looked at again at once and watched on.
    func didAppear() {
        isShown = true
        guard !started else {
            if state.run?.watchInterval != nil, watchTimer == nil, jobsTask == nil { fetchJobs() }
            return
        }
        started = true
        guard actions != nil else {
            state.runs.fail(.http(status: 0, message: tr("actions.unavailable")))
            return
        }
        loadList()
    }

    /// Off screen: the watch pauses (the run's next look is not asked for) until the tab is shown again.
    func didDisappear() {
        isShown = false
        watchTimer?.cancel()
        watchTimer = nil
    }

    func reload() {
        if state.job?.failure != nil, let job = state.job?.job { openLog(of: job, step: state.job?.step) }
        else if state.run?.failure != nil { fetchJobs() }
        else if state.runs.failure != nil { fetchRuns(next: nil) }
    }

    // MARK: Runs

    /// The list under the filter from the start: the runs stored under it, then GitHub's first page.
    /// Answers for a list left meanwhile (another filter) are dropped.
    func loadList() {
        guard let actions else { return }
        state.generation += 1
        pageTask?.cancel()
        pageTask = nil
        state.restartList()
        let rows = listRows
        state.resize(rows: rows)
        if let stored = actions.storedRuns(filter: state.filter.request) {
            state.runs.showStored(stored.runs, next: stored.next, pages: 1, fetchedAt: stored.fetchedAt)
            state.clamp()
        }
        fetchRuns(next: nil)
    }

    private func fetchRuns(next: URL?) {
        guard let actions else { return }
        let before = next == nil ? [] : state.runs.list.items
        let index = next == nil ? 0 : state.runs.pagesLoaded
        let filter = state.filter.request, generation = state.generation
        pageTask = calls.run { await .of { try await actions.fetchRuns(filter: filter, next: next, before: before) } } then: {
            [weak self] result in
            guard let self, generation == self.state.generation else { return }
            runsDidLoad(result, pageIndex: index)
        }
    }

    func runsDidLoad(_ result: Result<Page<WorkflowRun>, GitHubError>?, pageIndex: Int) {
        pageTask = nil
        let selected = state.selected?.id
        switch result {
        case .success(let page):
            state.runs.receive(page, pageIndex: pageIndex)
            if let selected, let index = state.runs.list.items.firstIndex(where: { $0.id == selected }) { state.viewport.reselect(index) }
        case .failure(let error): state.runs.fail(error)
        case nil: break
        }
        state.clamp()
        layout(width: width, height: height)
        loadMoreIfNear()
        changed()
    }

    func loadMoreIfNear() {
        guard pageTask == nil, let url = state.runs.takePage(near: state.viewport.selection + state.viewport.height) else { return }
        fetchRuns(next: url)
    }

    // MARK: A run

    func open(_ run: WorkflowRun) {
        runOnClose = nil
        state.run = ActionsTabState.OpenRun(run: run)
        if let stored = actions?.storedJobs(runID: run.id) { state.run?.jobs = stored }
        runDocument = DocumentPane(cursor: true)
        runDocument.resize(height: height - 1)
        layOutRun()
        fetchJobs()
    }

    func fetchJobs() {
        guard let actions, let id = state.run?.run.id else { return }
        state.run?.isLoading = true
        jobsTask = calls.run { await .of { try await actions.refresh(runID: id) } } then: { [weak self] result in
            self?.runDidRefresh(result, id: id)
        }
    }

    /// The run and its jobs arrived (opened, or a look while it is watched): shown, then watched on
    /// while it is not complete, and said once it completed.
    func runDidRefresh(_ result: Result<(run: WorkflowRun, jobs: [WorkflowJob]), GitHubError>?, id: Int64) {
        jobsTask = nil
        guard state.run?.run.id == id else { return }
        state.run?.isLoading = false
        switch result {
        case .success(let answer):
            let wasWatched = state.run?.watchInterval != nil
            state.update(answer.run)
            state.run?.jobs = answer.jobs
            state.run?.failure = nil
            if var job = state.job, let fresh = answer.jobs.first(where: { $0.id == job.job.id }) {
                let finishedNow = !job.job.state.isComplete && fresh.state.isComplete
                job.job = fresh
                state.job = job
                if finishedNow { openLog(of: fresh, step: job.step) }
            }
            watch(previous: state.run?.watchInterval)
            if wasWatched, answer.run.state.isComplete {
                state.run?.finished = true
                host?.setStatus(tr("actions.watch.done", RunStateText.word(answer.run.state)))
                bell?()
            }
        case .failure(let error):
            state.run?.failure = error
            state.run?.watchInterval = nil
        case nil:
            break
        }
        layOutRun()
        openPendingJob()
        changed()
    }

    /// The next look at the open run, when it is still running (`RunWatch`); while the tab is off
    /// screen none is asked for (`didAppear` looks again).
    private func watch(previous: Duration?) {
        watchTimer?.cancel()
        watchTimer = nil
        guard let run = state.run?.run,
              let delay = RunWatch.next(for: run, previous: previous, rateLimit: actions?.rateLimit(), now: now()) else {
            state.run?.watchInterval = nil
            return
        }
        state.run?.watchInterval = delay
        guard isShown else { return }
        let id = run.id
        watchTimer = scheduler.schedule(after: delay) { [weak self] in
            guard let self, self.state.run?.run.id == id, self.jobsTask == nil else { return }
            self.fetchJobs()
        }
    }

    private func closeRun() {
        watchTimer?.cancel()
        watchTimer = nil
        jobsTask?.cancel()
        jobsTask = nil
        state.run = nil
        let onClose = runOnClose
        runOnClose = nil
        onClose?()
    }

    private func layOutRun() {
        guard let open = state.run else { return }
        let built = ActionsWindow.run(open, width: width, now: now())
        state.run?.rows = built.rows
        runDocument.show(built.lines, links: [:], width: width)
    }

    // MARK: The frame

    func layout(width: Int, height: Int) {
        let widthChanged = width != self.width
        self.width = width
        self.height = height
        let rows = listRows
        state.resize(rows: rows)
        runDocument.resize(height: height - 1)
        logDocument.resize(height: height - 1)
        if widthChanged {
            layOutRun()
            layOutLog()
        }
    }

    /// The window of what is shown: the log, the run, or the list.
    func frameWindow() -> (lines: [DetailLine], position: String) {
        if let open = state.job {
            return document(logDocument, note: ActionsWindow.logNote(open))
        }
        if let open = state.run {
            return document(runDocument, note: ActionsWindow.runNote(open))
        }
        let note = state.runs.note(isEmpty: state.runs.list.isEmpty, now: now(), failed: { tr("actions.failed", $0) },
                                   loading: tr("actions.loading"), empty: state.filter.isEmpty ? tr("actions.none") : tr("actions.filter.none"),
                                   loadingMore: tr("actions.loadingMore"), stored: { tr("actions.stored", $0) })
        return ActionsWindow.list(state, width: width, note: note, now: now())
    }

    /// A document's window with its cursor's line reversed and the note under it.
    private func document<Line: DocumentLine>(_ pane: DocumentPane<Line>, note: (text: String, isError: Bool)?)
        -> (lines: [DetailLine], position: String) {
        let shown = pane.window()
        var lines = shown.lines.map { DetailLine.markdown($0.styled ?? StyledLine()) }
        if let cursor = pane.cursor, lines.indices.contains(cursor - shown.top),
           case .markdown(let styled) = lines[cursor - shown.top] {
            lines[cursor - shown.top] = .markdown(StyledLine(FileViewRenderer.reversed(styled.spans, width: width)))
        }
        if let note { lines.append(.note(note.text, isError: note.isError)) }
        return (lines, shown.position)
    }

    /// Handles one of the frame's actions; false when the frame's own meaning applies.
    func handle(_ action: RepoDetailAction) -> Bool {
        if state.job != nil { return handleOpenLog(action) }
        if let open = state.run {
            if runDocument.searchField == nil, handleRequests(action, cursorRow: open.rows.indices.contains(runDocument.cursor ?? 0) ? open.rows[runDocument.cursor ?? 0] : nil) {
                changed()
                return true
            }
            if runDocument.searchField == nil {
                switch action {
                case .close where !runDocument.hasQuery:
                    closeRun()
                    changed()
                    return true
                case .confirm:
                    let cursor = runDocument.cursor ?? 0
                    guard open.rows.indices.contains(cursor) else { return true }
                    switch open.rows[cursor] {
                    case .job(let index): openLog(of: open.jobs[index], step: nil)
                    case .step(let index, let step): openLog(of: open.jobs[index], step: open.jobs[index].steps.sorted { $0.number < $1.number }[step].number)
                    case .head: return true
                    }
                    changed()
                    return true
                default: break
                }
            }
            guard runDocument.handle(action).settle(host: host, follow: nil) else { return false }
            changed()
            return true
        }
        guard handleList(action) else { return false }
        loadMoreIfNear()
        changed()
        return true
    }
}
