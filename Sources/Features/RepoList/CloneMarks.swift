import GitHubEntities

/// Which rows on screen have a clone in the clone root (they show the clone mark). The file system is
/// looked at once per row, not on every key; `forget` (on `r`, and coming back to the list after a clone
/// from the repository view, say) makes the next look ask again.
@MainActor
struct CloneMarks {
    private let cloner: (any RepositoryCloner)?
    /// Rows whose clone was looked for since the last `forget`.
    private var lookedAt = Set<Int64>()

    init(cloner: (any RepositoryCloner)?) {
        self.cloner = cloner
    }

    /// Looks for the clones of `ids` not looked at yet, and marks or unmarks them in `cloned`.
    mutating func look(at ids: [Int64], repository: (Int64) -> Repository?, marking cloned: inout Set<Int64>) {
        guard let cloner else { return }
        for id in ids where lookedAt.insert(id).inserted {
            if let repository = repository(id), cloner.isCloned(repository) { cloned.insert(id) } else { cloned.remove(id) }
        }
    }

    mutating func forget() {
        lookedAt = []
    }
}
