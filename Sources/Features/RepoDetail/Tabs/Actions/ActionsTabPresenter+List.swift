import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The runs list's keys: moving, Enter (a run), and its filter as the Issues tab has one — `e` steps
/// through the statuses (every run, failed, running, succeeded, queued), `/` opens a field that takes
/// GitHub's own words (`workflow:CI branch:main event:push is:failure`; Enter asks GitHub, a word it
/// does not know is said and the field stays), Esc shows every run again. Each filter is its own list,
/// stored apart (`RepositoryActions.storedRuns(filter:)`).
extension ActionsTabPresenter {
    /// Rows the list gets: the panel less the note, and less the filter's line while one is set.
    var listRows: Int { max(1, height - 1 - (state.filter.isEmpty ? 0 : 1)) }

    /// The list's keys; false for the frame's own.
    func handleList(_ action: RepoDetailAction) -> Bool {
        if state.filterField != nil { return handleFilterField(action) }
        switch action {
        case .scrollUp: state.move(by: -1)
        case .scrollDown: state.move(by: 1)
        case .pageUp: state.move(by: -max(1, listRows - 1))
        case .pageDown: state.move(by: max(1, listRows - 1))
        case .home: state.move(by: -state.runs.list.count)
        case .end: state.move(by: state.runs.list.count)
        case .confirm:
            guard let run = state.selected else { return true }
            open(run)
        case .cycleState:
            guard actions != nil else { return true }
            state.filter.cycleStatus()
            loadList()
        case .startSearch:
            let text = state.filter.text
            state.filterField = TextField(text: text.isEmpty ? "" : text + " ", maxLength: Self.maximumFilterLength)
        case .close where !state.filter.isEmpty:
            state.filter = RunsFilter()
            loadList()
        default: return false
        }
        return true
    }

    /// The longest filter text typed.
    static var maximumFilterLength: Int { 200 }

    /// The filter field's keys (it takes them all but quitting).
    private func handleFilterField(_ action: RepoDetailAction) -> Bool {
        switch action {
        case .editSearch(let edit):
            guard var field = state.filterField, field.apply(edit) else { return true }
            state.filterField = field
        case .submitSearch:
            let known = state.runs.list.items + (actions?.storedRuns()?.runs ?? [])
            switch RunsFilter.parse(state.filterField?.text ?? "", runs: known) {
            case .success(let filter):
                state.filterField = nil
                guard filter != state.filter else { return true }
                state.filter = filter
                loadList()
            case .failure(let problem):
                host?.setStatus(problem.message)
            }
        case .cancelSearch, .close:
            state.filterField = nil
        case .quit:
            return false
        default:
            break
        }
        return true
    }
}
