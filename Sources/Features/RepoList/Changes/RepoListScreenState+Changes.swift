import Foundation
import GitHubEntities

extension RepoListScreenState {
    /// `c`: only the rows that changed (as they are now), or every row again.
    mutating func toggleChangedOnly() {
        let listed = changeMarks.showsChangedOnly ? nil : changeMarks.changes.rows
        changeMarks.listed = listed
        changeModel(keepingSelection: true) { $0.setOnly(listed.map { Set($0.keys) }) }
    }

    /// New marks from the tracker. While only changed rows are shown, rows that change now join them;
    /// a row looked at stays listed (without its mark) until the view is switched off.
    mutating func applyChanges(_ changes: ListChanges, since: Date?) {
        changeMarks.changes = changes
        changeMarks.since = since
        guard let listed = changeMarks.listed else { return }
        let grown = listed.merging(changes.rows) { $1 }
        changeMarks.listed = grown
        if grown.count != listed.count { changeModel(keepingSelection: true) { $0.setOnly(Set(grown.keys)) } }
    }

    /// A row's change: nil when it did not change (or was looked at since).
    func change(of id: Int64) -> RowChange? { changeMarks.changes.rows[id] }

    /// What the changed-only view says of a row: its change, or the one it had when it was listed.
    func listedChange(of id: Int64) -> RowChange? { changeMarks.listed?[id] }
}
