import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// A job's log in the tab: fetched once the job completed (stored then), parsed off the UI thread, shown
/// folded by step with the failing one open; its own keys (folds, errors, times, copy) before the
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
        logTask = calls.run { await .of { try await actions.log(for: job, openingStep: step) } } then: { [weak self] result in
            self?.logDidLoad(result, jobID: id)
        }
        layOutLog()
    }

    func logDidLoad(_ result: Result<RepositoryActions.LoadedLog, GitHubError>?, jobID: Int64) {
        logTask = nil
        guard state.job?.job.id == jobID else { return }
        switch result {
        case .success(let parsed):
            state.showLog(parsed)
            layOutLog()
            // The cursor on the step opened (the failing one, or the one chosen in the run).
            if let rows = state.job?.rows,
               let first = rows.firstIndex(where: { if case .section(let index) = $0 { state.job?.folds.openSections.contains(index) == true } else { false } }) {
                logDocument.moveCursor(to: first)
            }
            // Stored after it is shown.
            if let bytes = parsed.toStore, let actions {
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
