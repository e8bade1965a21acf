import GitHubEntities

/// The Files tab's tree as a file manager walks it (a value): every folder's entries by path, built
/// from the recursive tree — or, when GitHub truncated it, filled one folder at a time — the folder
/// shown, the selection in it (kept per folder, so going up lands where one came from) and the filter.
/// Entries whose path is not one to follow (`RepositoryPath`) are left out and counted.
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
    /// Each known folder's direct children, sorted (folders first, then by name), by path ("" the root).
    private(set) var folders: [String: [GitTreeEntry]] = [:]
    /// GitHub truncated the tree: folders are read one at a time.
    private(set) var isTruncated = false
    /// Whether a tree (or the root's listing) arrived.
    private(set) var isLoaded = false
    /// Entries left out because their path could climb out or hide characters.
    private(set) var refusedEntries = 0
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
    var isCurrentLoaded: Bool { folders[currentPath] != nil }

    /// The folder's entries as shown: sorted, filtered.
    var entries: [GitTreeEntry] {
        let all = folders[currentPath] ?? []
        guard !filter.isEmpty else { return all }
        let needle = filter.lowercased()
        return all.filter { $0.name.lowercased().contains(needle) }
    }

    var selectedEntry: GitTreeEntry? {
        let shown = entries
        return shown.indices.contains(viewport.selection) ? shown[viewport.selection] : nil
    }

    // MARK: Data

    /// The whole tree: every folder indexed. A truncated tree is set aside: folders are then listed one
    /// at a time (`receive(_:folder:)`), starting with the one shown.
    mutating func receive(_ tree: GitTree) {
        folders = [:]
        refusedEntries = 0
        isTruncated = tree.isTruncated
        isLoaded = !tree.isTruncated
        guard !tree.isTruncated else { return }
        var children: [String: [GitTreeEntry]] = ["": []]
        for entry in tree.entries {
            guard let parts = RepositoryPath.components(entry.path), !parts.isEmpty else {
                refusedEntries += 1
                continue
            }
            children[parts.dropLast().joined(separator: "/"), default: []].append(entry)
            if entry.kind == .folder, children[entry.path] == nil { children[entry.path] = [] }
        }
        folders = children.mapValues(Self.sorted)
        // The folder shown may be gone from this tree (another branch): back to the deepest that exists.
        while !path.isEmpty, folders[currentPath] == nil { path.removeLast() }
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
        folders[folder] = Self.sorted(kept)
        if folder.isEmpty { isLoaded = true }
        clampSelection()
    }

    /// Folders and submodules first, then files and links; each by name, ignoring case.
    static func sorted(_ entries: [GitTreeEntry]) -> [GitTreeEntry] {
        entries.sorted { a, b in
            let aFolder = a.kind == .folder || a.kind == .submodule
            let bFolder = b.kind == .folder || b.kind == .submodule
            if aFolder != bFolder { return aFolder }
            let (an, bn) = (a.name.lowercased(), b.name.lowercased())
            return an != bn ? an < bn : a.name < b.name
        }
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
            viewport.reset()
            viewport.reselect(selections[currentPath] ?? 0)
            clampSelection()
            return .enteredFolder(needsListing: folders[currentPath] == nil)
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
        let shown = entries
        let index = shown.firstIndex { $0.name == left } ?? selections[currentPath] ?? 0
        viewport.reset()
        viewport.select(index, count: shown.count)
        return true
    }

    mutating func setFilter(_ text: String) {
        filter = text
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
