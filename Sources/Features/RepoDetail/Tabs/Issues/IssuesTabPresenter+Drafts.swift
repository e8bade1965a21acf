extension IssuesTabPresenter {
    /// The status line's words while the open issue, else the selected row, has a stored draft.
    var draftNote: String? {
        guard searchField == nil, let number = thread?.number ?? list.selected?.number else { return nil }
        return issueActions.draftNote(on: number)
    }
}
