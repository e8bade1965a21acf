import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// A job's log in the tab: fetched once the job completed (stored then), parsed off the UI thread, shown
/// folded by step with the failing one open (a long log's first screen from its first lines, then the
/// whole in its place); its own keys (folds, errors, times, copy) before the
/// document's, and `/` that finds a match wherever it is, unfolding its step and group
/// (`ActionsTabPresenter+Search`).
extension ActionsTabPresenter {
    // MARK: A job's log

    func openLog(of job: WorkflowJob, step: Int?) {
        logTask?.cancel()
        state.job = ActionsTabState.OpenJob(job: job, step: step)
        logDocument = DocumentPane(cursor: true)
        logDocument.resize(height: height - 1)
        guard job.state.isComplete, let actions else {
            state.job?.isLoading = false
            layOutLog()
            return
        }
        let id = job.id
        let height = height
        logTask = calls.run { await .of { try await actions.log(for: job, openingStep: step, height: height) } } then: { [weak self] result in
            self?.logDidLoad(result, jobID: id)
        }
        layOutLog()
    }

    /// The rest of a log shown from its first lines: read off the UI thread, then shown in its place.
    private func readWhole(_ first: RepositoryActions.LoadedLog, job: WorkflowJob) {
        guard let actions else { return }
        let step = state.job?.step
        logTask = calls.run { await .of { try await actions.whole(first, job: job, openingStep: step) } } then: { [weak self] result in
            self?.logDidLoad(result, jobID: job.id, after: first)
        }
    }

    /// A log read: shown, the cursor on the step it opens on. `first`: the first lines shown before it
    /// (the whole takes their place, keeping the folds and the row the reader is on).
    func logDidLoad(_ result: Result<RepositoryActions.LoadedLog, GitHubError>?, jobID: Int64,
                    after first: RepositoryActions.LoadedLog? = nil) {
        logTask = nil
        guard let job = state.job, job.job.id == jobID else { return }
        switch result {
        case .success(let loaded):
            if let first {
                showWhole(loaded, after: first, current: job)
            } else {
                state.showLog(loaded)
                layOutLog()
                moveToOpenStep()
            }
            if loaded.log.isFirstLines {
                state.job?.isLoading = true
                readWhole(loaded, job: job.job)
            } else if let bytes = loaded.toStore, let actions {
                // Stored after it is shown.
                logSaveTask = calls.dispatcher.background { actions.saveLog(bytes, jobID: jobID) } then: { _ in }
            }
        case .failure(let error):
            state.job?.failure = error
            state.job?.isLoading = false
            layOutLog()
        case nil:
            break
        }
        changed()
    }

    /// The cursor on the step opened (the failing one, or the one chosen in the run).
    private func moveToOpenStep() {
        guard let job = state.job,
              let row = job.rows.firstIndex(where: { if case .section(let index) = $0 { job.folds.openSections.contains(index) } else { false } })
        else { return }
        logDocument.moveCursor(to: row)
    }

    /// The whole log in place of its first lines: folds the reader changed meanwhile kept, the cursor on
    /// the row it was on; a search made again over the whole.
    private func showWhole(_ whole: RepositoryActions.LoadedLog, after first: RepositoryActions.LoadedLog,
                           current: ActionsTabState.OpenJob) {
        let cursor = logDocument.cursor
        let cursorRow = cursor.flatMap { current.rows.indices.contains($0) ? current.rows[$0] : nil }
        var loaded = whole
        if current.folds != first.folds {
            loaded.folds = current.folds
            loaded.rows = JobLogDocument.rows(whole.log, outline: whole.outline, folds: current.folds)
        }
        state.showLog(loaded)
        state.job?.timestamps = current.timestamps
        state.job?.searchQuery = nil
        state.job?.searchLines = []
        layOutLog()
        // Where the first screen put the cursor, unless the reader moved it or changed a fold.
        let placed = first.rows.firstIndex { if case .section(let index) = $0 { first.folds.openSections.contains(index) } else { false } }
        if current.folds != first.folds || cursor != placed,
           let cursorRow, let row = loaded.rows.firstIndex(of: cursorRow) {
            logDocument.moveCursor(to: row)
        } else {
            moveToOpenStep()
        }
    }

    func layOutLog() {
        guard let open = state.job else { return }
        guard let log = open.log, let outline = open.outline else {
            logDocument.show([], links: [:], width: width)
            return
        }
        let layout = JobLogLine.Layout(log: log, outline: outline, folds: open.folds, timestamps: open.timestamps, width: width)
        logDocument.show(open.rows.map { JobLogLine(row: $0, layout: layout) }, links: [:], width: width)
    }

    /// A log's own keys (the document's come after): folds, errors, times, copy, back.
    func handleLog(_ action: RepoDetailAction) -> Bool {
        let cursor = logDocument.cursor ?? 0
        switch action {
        case .confirm, .toggleFold:
            guard state.toggleFold(at: cursor) else { return action == .toggleFold ? logDocument.scroll(for: .pageDown) : true }
            layOutLog()
        case .nextFile, .previousFile:
            guard let row = state.problem(after: cursor, forward: action == .nextFile) else {
                host?.setStatus(tr("actions.log.noProblem"))
                return true
            }
            layOutLog()
            logDocument.moveCursor(to: row)
        case .toggleTimestamps:
            state.job?.timestamps.toggle()
            layOutLog()
        case .copy:
            guard let open = state.job, let log = open.log, let outline = open.outline, open.rows.indices.contains(cursor) else { return true }
            copy?(CopyChoice(label: tr("actions.copy.lines"), text: JobLogDocument.copiedText(open.rows[cursor], log: log, outline: outline)))
        default:
            return false
        }
        return true
    }
}
