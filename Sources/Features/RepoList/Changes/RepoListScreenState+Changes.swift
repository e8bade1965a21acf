import Foundation
import GitHubEntities

extension RepoListScreenState {
    /// `c`: only the rows that changed (as they are now), or every row again.
    mutating func toggleChangedOnly() {
        let ids = changeMarks.showsChangedOnly ? nil : Set(changeMarks.changes.rows.keys)
        changeMarks.onlyIDs = ids
        changeModel(keepingSelection: true) { $0.setOnly(ids) }
    }

    /// New marks from the tracker. While only changed rows are shown, rows that change now join them;
    /// a row looked at stays listed (without its mark) until the view is switched off.
    mutating func applyChanges(_ changes: ListChanges, since: Date?) {
        changeMarks.changes = changes
        changeMarks.since = since
        guard let only = changeMarks.onlyIDs else { return }
        let grown = only.union(changes.rows.keys)
        if grown != only {
            changeMarks.onlyIDs = grown
            changeModel(keepingSelection: true) { $0.setOnly(grown) }
        }
    }

    /// What a row's mark says: nil when it did not change; in the changed-only view, the text that
    /// replaces its description.
    func change(of id: Int64) -> RowChange? { changeMarks.changes.rows[id] }
}
