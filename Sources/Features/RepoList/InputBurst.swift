/// What the list holds back while events read together are handled (`RepoListPresenter.inputWillBegin`
/// … `inputDidEnd`): whether a frame is due, and the ★ marks to store in one write at the end.
struct InputBurst {
    /// Something changed: the view state is built at the end.
    var needsPublish = false
    /// The newest mark of each repository toggled in the burst.
    private var marks: [Int64: Bool] = [:]
    /// Each toggled repository's mark before the burst.
    private var marksBefore: [Int64: Bool] = [:]

    /// A repository's ★ was set (`on`) or cleared.
    mutating func mark(_ id: Int64, _ on: Bool) {
        if marksBefore[id] == nil { marksBefore[id] = !on }
        marks[id] = on
    }

    /// The marks that differ from before the burst: what the store must be told (a ★ toggled twice
    /// needs no write).
    var changedMarks: [Int64: Bool] {
        marks.filter { marksBefore[$0.key] != $0.value }
    }
}
