import Foundation
import GitHubEntities

/// A run a link names (a pull request's check, a run's page): opened over the list as Enter opens one —
/// the run as listed or stored, else asked for by its id —, the job it names opening its log once the
/// jobs are known. Esc on the run goes back where the link was.
extension ActionsTabPresenter {
    func open(_ reference: RunReference, onClose: @escaping () -> Void) -> Bool {
        guard actions != nil else { return false }
        let known = state.runs.list.items.first { $0.id == reference.runID }
            ?? actions?.storedRuns()?.runs.first { $0.id == reference.runID }
        logTask?.cancel()
        logTask = nil
        state.job = nil
        open(known ?? WorkflowRun(id: reference.runID))
        runOnClose = onClose
        state.run?.pendingJob = reference.jobID
        openPendingJob()
        changed()
        return true
    }

    /// The log of the job a link named, once the run's jobs (stored or read) have it; the run's cursor
    /// on that job.
    func openPendingJob() {
        guard let open = state.run, let id = open.pendingJob, let index = open.jobs.firstIndex(where: { $0.id == id }) else { return }
        state.run?.pendingJob = nil
        if let row = open.rows.firstIndex(of: .job(index)) { runDocument.moveCursor(to: row) }
        openLog(of: open.jobs[index], step: nil)
    }
}
