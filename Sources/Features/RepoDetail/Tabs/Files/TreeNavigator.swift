import GitHubEntities

/// The Files tab's tree as a file manager walks it (a value): the recursive tree indexed by folder
/// (`TreeIndex`) — or, when GitHub truncated it, folders listed one at a time — the folder shown (its
/// entries made only for it), the selection in it (kept per folder, so going up lands where one came
/// from) and the filter. Entries whose path is not one to follow (`RepositoryPath`) are left out and counted.
struct TreeNavigator: Equatable {
    /// What `enter()` asks the presenter to do.
    enum Step: Equatable {
        case none
        /// A folder was entered; its entries must be fetched first when `needsListing`.
        case enteredFolder(needsListing: Bool)
        /// A file (or link) to open.
        case openFile(GitTreeEntry)
    }

    /// The branch, tag or commit whose tree this is.
    private(set) var ref: String
    /// The recursive tree, by folder.
    private var index: TreeIndex?
    /// Folders listed one at a time (the tree was truncated): direct children, sorted, by path ("" the root).
    private var listings: [String: [GitTreeEntry]] = [:]
    /// GitHub truncated the tree: folders are read one at a time.
    private(set) var isTruncated = false
    /// Whether a tree (or the root's listing) arrived.
    private(set) var isLoaded = false
    /// Entries left out because their path could climb out or hide characters.
    private(set) var refusedEntries = 0
    /// The folder shown: its entries, sorted, unfiltered (made again when the folder or the tree changes).
    private var folderEntries: [GitTreeEntry] = []
    /// The folder's entries as shown: sorted, filtered.
    private(set) var entries: [GitTreeEntry] = []
    /// The folder shown, as components.
    private(set) var path: [String] = []
    private var selections: [String: Int] = [:]
    /// Only entries whose name contains it (case-insensitive) are shown.
    private(set) var filter = ""
    var viewport = Viewport()

    init(ref: String) {
        self.ref = ref
    }

    /// The folder shown, as a repository path ("" the root).
    var currentPath: String { path.joined(separator: "/") }

    /// Whether the folder shown has its entries (false while its listing is on its way).
    var isCurrentLoaded: Bool { hasFolder(currentPath) }

    private func hasFolder(_ path: String) -> Bool { listings[path] != nil || index?.hasFolder(path) == true }

    /// The folder shown made again: its entries, then the filter's.
    private mutating func folderChanged() {
        folderEntries = listings[currentPath] ?? index?.entries(in: currentPath) ?? []
        filterChanged()
    }

    private mutating func filterChanged() {
        guard !filter.isEmpty else {
            entries = folderEntries
            return
        }
        let needle = filter.lowercased()
        entries = folderEntries.filter { $0.name.lowercased().contains(needle) }
    }

    var selectedEntry: GitTreeEntry? {
        let shown = entries
        return shown.indices.contains(viewport.selection) ? shown[viewport.selection] : nil
    }

    // MARK: Data

    /// The whole tree: every folder indexed (slow for a large tree: the presenter builds the index off
    /// the UI thread and hands it to `receive(_:)`).
    mutating func receive(_ tree: GitTree) {
        receive(TreeIndex(tree))
    }

    /// The tree indexed. A truncated tree is set aside: folders are then listed one at a time
    /// (`receive(_:folder:)`), starting with the one shown.
    mutating func receive(_ tree: TreeIndex) {
        listings = [:]
        isTruncated = tree.isTruncated
        isLoaded = !tree.isTruncated
        index = tree.isTruncated ? nil : tree
        refusedEntries = tree.isTruncated ? 0 : tree.refused
        // The folder shown may be gone from this tree (another branch): back to the deepest that exists.
        while !path.isEmpty, !hasFolder(currentPath) { path.removeLast() }
        folderChanged()
        clampSelection()
    }

    /// One folder's listing (contents API), kept when its entries are that folder's direct children.
    mutating func receive(_ listing: [GitTreeEntry], folder: String) {
        var kept: [GitTreeEntry] = []
        for entry in listing {
            guard let parts = RepositoryPath.components(entry.path), !parts.isEmpty,
                  parts.dropLast().joined(separator: "/") == folder else {
                refusedEntries += 1
                continue
            }
            kept.append(entry)
        }
        listings[folder] = Self.sorted(kept)
        if folder.isEmpty { isLoaded = true }
        if folder == currentPath { folderChanged() }
        clampSelection()
    }

    /// A folder's listing in `TreeIndex`'s order (folders first, then by name ignoring case).
    static func sorted(_ entries: [GitTreeEntry]) -> [GitTreeEntry] {
        entries.map { (key: TreeIndex.SortKey(kind: $0.kind, name: $0.name), entry: $0) }.sorted { $0.key < $1.key }.map(\.entry)
    }

    // MARK: Walking

    mutating func move(by delta: Int) {
        viewport.select(viewport.selection + delta, count: entries.count)
    }

    mutating func select(_ index: Int) {
        viewport.select(index, count: entries.count)
    }

    /// Enter opens the selected folder or file.
    mutating func enter() -> Step {
        guard let entry = selectedEntry else { return .none }
        switch entry.kind {
        case .folder:
            selections[currentPath] = viewport.selection
            guard let parts = RepositoryPath.components(entry.path) else { return .none }
            path = parts
            filter = ""
            folderChanged()
            viewport.reset()
            viewport.reselect(selections[currentPath] ?? 0)
            clampSelection()
            return .enteredFolder(needsListing: !hasFolder(currentPath))
        case .file, .symlink:
            return .openFile(entry)
        case .submodule:
            return .none
        }
    }

    /// Backspace/Left: the parent folder, with the entry one came from selected. False at the root.
    mutating func up() -> Bool {
        guard let left = path.popLast() else { return false }
        filter = ""
        folderChanged()
        let shown = entries
        let index = shown.firstIndex { $0.name == left } ?? selections[currentPath] ?? 0
        viewport.reset()
        viewport.select(index, count: shown.count)
        return true
    }

    mutating func setFilter(_ text: String) {
        filter = text
        filterChanged()
        viewport.reset()
        clampSelection()
    }

    mutating func resize(rows: Int) {
        viewport.resize(to: max(1, rows))
        viewport.ensureVisible(count: entries.count)
    }

    private mutating func clampSelection() {
        let count = entries.count
        viewport.select(min(viewport.selection, max(0, count - 1)), count: count)
    }
}
