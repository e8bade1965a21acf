import Foundation
import GitHubEntities
import TerminalKit

/// Everything the Commits tab shows, as a value: the branch's history (`CommitHistoryState`), the
/// branch picker while open, and the commit opened from it (`CommitDetailScreenState`).
struct CommitsTabState: Sendable {
    var history = CommitHistoryState()
    /// The branch picker (`b`); nil when closed.
    var branchPicker: BranchPickerState?
    /// The branches are being read for the picker.
    var branchesLoading = false
    /// The commit opened with Enter; nil: the history is shown.
    var commit: CommitDetailScreenState?
    /// The open commit's search field while it is edited.
    var searchField: TextField? { commit?.searchField }
}

/// What the frame draws for the Commits tab: a window of lines, the position, and the title's suffix.
struct CommitsTabWindow: Equatable {
    var lines: [DetailLine]
    /// "1–18/30" when there is more than the window.
    var position: String
    /// The short SHA of the commit open, for the title.
    var openCommit: String?
    var searchStatus: String?
}

extension CommitsTabState {
    /// The branch picker as the view's menu: the names (the default and the shown one marked), the
    /// selection.
    var branchMenu: CopyMenuState? {
        branchPicker.map { picker in
            CopyMenuState(items: picker.choices.map { $0.label + ($0.isCurrent ? " ✓" : "") + ($0.isDefault ? " · " + tr("commits.tab.defaultBranch") : "") },
                          selected: picker.viewport.selection, title: tr("commits.tab.branches"), hint: tr("commits.tab.branchHint"))
        }
    }
}

/// Pure: the Commits tab's state → its window at `height` rows (history: a heading with the branch
/// and the history's note, then the rows, the selected one marked; a commit: its rendered lines).
enum CommitsTabStateBuilder {
    static func window(_ state: CommitsTabState, branch defaultBranch: String?, height: Int, now: Date) -> CommitsTabWindow {
        if let commit = state.commit {
            let built = CommitDetailStateBuilder.build(commit)
            return CommitsTabWindow(
                lines: built.lines.map { .markdown($0) },
                position: built.position,
                openCommit: commit.detail.map { Sanitizer.line(String($0.sha.prefix(7))) },
                searchStatus: built.searchStatus)
        }
        let built = CommitHistoryStateBuilder.build(state.history, now: now)
        let branch = built.branch ?? Sanitizer.line(defaultBranch ?? "")
        var heading = Glyphs.current.branch + " " + (branch.isEmpty ? tr("commits.tab.defaultBranch") : branch)
        if let note = built.note, !built.noteIsError { heading += " · " + note }
        var lines: [DetailLine] = [.heading(heading)]
        if built.noteIsError, let note = built.note { lines.append(.note(note, isError: true)) }
        for (row, commit) in built.rows.enumerated() {
            lines.append(row == built.selectedRow ? .selectedCommit(commit) : .commit(commit))
        }
        let count = state.history.commits.count
        let top = state.history.viewport.top
        let position = DocumentScroll.position(top: top, shown: built.rows.count, count: count, more: state.history.load.list.hasMore)
        return CommitsTabWindow(lines: Array(lines.prefix(max(1, height))), position: position, openCommit: nil, searchStatus: nil)
    }

    /// Rows of the window the history's commits get (the heading takes one, an error one more).
    static func historyRows(height: Int, hasError: Bool) -> Int {
        max(1, height - 1 - (hasError ? 1 : 0))
    }
}
