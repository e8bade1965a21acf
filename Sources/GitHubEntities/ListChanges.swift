import Foundation

/// What the user last saw of one repository of a list: the parts "what changed" compares.
public struct BaselineEntry: Sendable, Equatable, Hashable {
    public var id: Int64
    public var name: String
    public var pushedAt: Date?
    public var stars: Int
    public var forks: Int
    public var description: String?

    public init(id: Int64, name: String, pushedAt: Date?, stars: Int, forks: Int, description: String?) {
        self.id = id
        self.name = name
        self.pushedAt = pushedAt
        self.stars = stars
        self.forks = forks
        self.description = description
    }

    /// The entry for a repository as it is now.
    public init(_ repository: Repository) {
        self.init(id: repository.id, name: repository.name, pushedAt: repository.pushedAt,
                  stars: repository.stargazersCount, forks: repository.forksCount, description: repository.description)
    }
}

/// A list as the user last saw it: an entry per repository, and when the whole list was last taken
/// (a row the user looks at moves forward alone; `takenAt` stays).
public struct ListBaseline: Sendable, Equatable {
    public var takenAt: Date
    public var entries: [Int64: BaselineEntry]

    public init(takenAt: Date, entries: [Int64: BaselineEntry]) {
        self.takenAt = takenAt
        self.entries = entries
    }

    /// The baseline of a list as it is now.
    public init(takenAt: Date, repositories: [Repository]) {
        var entries = [Int64: BaselineEntry](minimumCapacity: repositories.count)
        for repository in repositories { entries[repository.id] = BaselineEntry(repository) }
        self.init(takenAt: takenAt, entries: entries)
    }
}

/// How one repository differs from what the user last saw of it.
public struct RowChange: Sendable, Equatable {
    public struct Moved<Value: Sendable & Equatable>: Sendable, Equatable {
        public var old: Value
        public var new: Value
        public init(old: Value, new: Value) {
            self.old = old
            self.new = new
        }
    }

    /// Not in the baseline at all.
    public var isNew = false
    /// A newer `pushed_at`: new commits (the new date is the repository's).
    public var pushed: Moved<Date?>?
    public var stars: Moved<Int>?
    public var forks: Moved<Int>?
    public var descriptionChanged = false
    /// The name it had (a rename keeps the id).
    public var renamedFrom: String?

    public init(isNew: Bool = false, pushed: Moved<Date?>? = nil, stars: Moved<Int>? = nil, forks: Moved<Int>? = nil,
                descriptionChanged: Bool = false, renamedFrom: String? = nil) {
        self.isNew = isNew
        self.pushed = pushed
        self.stars = stars
        self.forks = forks
        self.descriptionChanged = descriptionChanged
        self.renamedFrom = renamedFrom
    }

    public var isEmpty: Bool { self == RowChange() }
}

/// The difference between a list's baseline and the list now: a pure comparison of two snapshots.
public struct ListChanges: Sendable, Equatable {
    /// The changed repositories of the list now, by id.
    public var rows: [Int64: RowChange]
    /// Baseline entries no longer in the list, by name.
    public var removed: [BaselineEntry]

    public init(rows: [Int64: RowChange] = [:], removed: [BaselineEntry] = []) {
        self.rows = rows
        self.removed = removed
    }

    /// How many rows changed, the removed ones included.
    public var count: Int { rows.count + removed.count }

    public var isEmpty: Bool { rows.isEmpty && removed.isEmpty }

    /// Compares `current` (the whole stored list) with `baseline`. A `pushed_at` counts only when it is
    /// newer; stars and forks count either way. `removesMissing` false (a list not known to be whole)
    /// reports nothing as removed.
    public static func compare(_ baseline: ListBaseline, with current: [Repository], removesMissing: Bool = true) -> ListChanges {
        var rows: [Int64: RowChange] = [:]
        var present = Set<Int64>(minimumCapacity: current.count)
        for repository in current {
            present.insert(repository.id)
            let change = change(of: repository, from: baseline.entries[repository.id])
            if !change.isEmpty { rows[repository.id] = change }
        }
        let removed = removesMissing ? sortedRemoved(baseline.entries.values.filter { !present.contains($0.id) }) : []
        return ListChanges(rows: rows, removed: removed)
    }

    /// Removed entries in the order they are listed: by name, case-insensitively.
    public static func sortedRemoved(_ entries: [BaselineEntry]) -> [BaselineEntry] {
        entries.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// One repository against its baseline entry (nil: it is new).
    public static func change(of repository: Repository, from entry: BaselineEntry?) -> RowChange {
        change(of: BaselineEntry(repository), from: entry)
    }

    /// A repository's entry as it is now against its baseline entry (nil: it is new). A `pushed_at`
    /// counts only when newer; stars and forks either way; no description and an empty one are the same.
    public static func change(of now: BaselineEntry, from entry: BaselineEntry?) -> RowChange {
        guard let entry else { return RowChange(isNew: true) }
        var change = RowChange()
        if let pushed = now.pushedAt, pushed > (entry.pushedAt ?? .distantPast) {
            change.pushed = .init(old: entry.pushedAt, new: pushed)
        }
        if now.stars != entry.stars { change.stars = .init(old: entry.stars, new: now.stars) }
        if now.forks != entry.forks { change.forks = .init(old: entry.forks, new: now.forks) }
        change.descriptionChanged = (now.description ?? "") != (entry.description ?? "")
        if now.name != entry.name { change.renamedFrom = entry.name }
        return change
    }
}

/// A list's changes and when its baseline was taken ("3 changed since yesterday").
public struct ListChangesSince: Sendable, Equatable {
    public var changes: ListChanges
    public var since: Date

    public init(changes: ListChanges, since: Date) {
        self.changes = changes
        self.since = since
    }
}
