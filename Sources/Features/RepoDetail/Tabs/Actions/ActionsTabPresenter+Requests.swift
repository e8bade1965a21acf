import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// `X` on an open run: a menu of what can be asked of it — re-run it, re-run its failed jobs, re-run
/// the job at the cursor, cancel it — each entry naming what it will do; Enter confirms, Esc does
/// nothing. Needs a token (without one the status line says so); GitHub's answer is said plainly and
/// the run is read again (and watched when it runs again).
extension ActionsTabPresenter {
    /// The menu the frame draws over the panel, while it is open.
    var requestMenu: CopyMenuState? {
        guard state.job == nil, let open = state.run, let choices = open.requests else { return nil }
        return CopyMenuState(items: choices.map(\.label), selected: open.selectedRequest, title: tr("actions.requests.title"),
                             hint: tr("actions.requests.hint"))
    }

    /// The menu's keys (it takes them all while open), and `X` that opens it; false for any other key.
    func handleRequests(_ action: RepoDetailAction, cursorRow: ActionsTabState.RunRow?) -> Bool {
        guard let open = state.run else { return false }
        if let choices = open.requests {
            switch action {
            case .scrollUp: state.run?.selectedRequest = max(0, open.selectedRequest - 1)
            case .scrollDown: state.run?.selectedRequest = min(choices.count - 1, open.selectedRequest + 1)
            case .confirm: send(choices[open.selectedRequest])
            case .close, .toggleOpen: state.run?.requests = nil
            case .quit: return false
            default: break
            }
            return true
        }
        guard action == .toggleOpen else { return false }
        guard actions?.isAuthenticated == true else {
            host?.setStatus(tr("actions.requests.needsToken"))
            return true
        }
        state.run?.requests = Self.choices(for: open, cursorRow: cursorRow)
        state.run?.selectedRequest = 0
        return true
    }

    /// What can be asked of `open`: while it runs, cancelling; once complete, re-running it, its failed
    /// jobs (when one failed), and the job at the cursor.
    static func choices(for open: ActionsTabState.OpenRun, cursorRow: ActionsTabState.RunRow?) -> [ActionsTabState.RunRequestChoice] {
        let run = open.run, number = "#\(run.runNumber)"
        guard run.state.isComplete else {
            return [.init(label: tr("actions.requests.cancel", number), request: .cancel(runID: run.id))]
        }
        var choices = [ActionsTabState.RunRequestChoice(label: tr("actions.requests.rerun", number), request: .rerun(runID: run.id))]
        if open.jobs.contains(where: { $0.state.isFailure }) {
            choices.append(.init(label: tr("actions.requests.rerunFailed", number), request: .rerunFailedJobs(runID: run.id)))
        }
        let jobIndex: Int? = switch cursorRow {
        case .job(let index), .step(let index, _): index
        default: nil
        }
        if let jobIndex, open.jobs.indices.contains(jobIndex) {
            let job = open.jobs[jobIndex]
            choices.append(.init(label: tr("actions.requests.rerunJob", Sanitizer.line(job.name)), request: .rerunJob(jobID: job.id)))
        }
        return choices
    }

    private func send(_ choice: ActionsTabState.RunRequestChoice) {
        state.run?.requests = nil
        guard let actions, let id = state.run?.run.id else { return }
        host?.setStatus(tr("actions.requests.sending", choice.label))
        let request = choice.request
        calls.run { await Result.of { try await actions.send(request) } } then: { [weak self] result in
            self?.requestDidFinish(result, label: choice.label, runID: id)
        }
    }

    func requestDidFinish(_ result: Result<Int, GitHubError>?, label: String, runID: Int64) {
        switch result {
        case .success(let status): host?.setStatus(tr("actions.requests.done", label, status))
        case .failure(let error): host?.setStatus(tr("actions.requests.failed", label, error.shortReasonOrMessage))
        case nil: return
        }
        if state.run?.run.id == runID { fetchJobs() }
        changed()
    }
}
