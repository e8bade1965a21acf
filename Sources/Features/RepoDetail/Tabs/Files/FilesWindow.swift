import GitHubAPI
import GitHubEntities
import TerminalKit

/// One row of the Files tab: an icon, the name, the size (files) and whether it is selected.
struct FileEntryRow: Equatable {
    var icon: String
    var name: String
    var size: String
    var isFolder: Bool
    var isSelected: Bool
}

/// What the Files tab draws: the breadcrumb, the visible rows, and a note (loading, truncated tree,
/// empty folder, an error) under them.
struct FilesWindow: Equatable {
    var breadcrumb: String
    var rows: [FileEntryRow]
    var note: String?
    /// The filter being typed or applied (`/`), nil when none.
    var filter: String?
}

/// Pure: the navigator (and what is loading or failed) → the window at a height.
enum FilesWindowBuilder {
    /// Rows the list gets in a panel `height` lines high (the breadcrumb and the note line take two).
    static func listRows(height: Int) -> Int { max(1, height - 2) }

    static func window(_ navigator: TreeNavigator, repositoryName: String, isLoading: Bool, failure: GitHubError?,
                       filter: String?) -> FilesWindow {
        let crumbs = [Sanitizer.line(repositoryName)] + navigator.path.map(Sanitizer.line)
        let breadcrumb = crumbs.joined(separator: " / ") + "  @ " + Sanitizer.line(navigator.ref)
        let entries = navigator.entries
        let glyphs = Glyphs.current
        let rows = navigator.viewport.visibleRange(count: entries.count).map { index -> FileEntryRow in
            let entry = entries[index]
            let isFolder = entry.kind == .folder || entry.kind == .submodule
            var name = Sanitizer.line(entry.name)
            if entry.kind == .folder { name += "/" }
            if entry.kind == .submodule { name += " @ " + String(entry.sha.prefix(7)) }
            return FileEntryRow(icon: isFolder ? glyphs.folder : glyphs.file, name: name,
                                size: entry.size.map(Formatting.bytes) ?? "", isFolder: isFolder,
                                isSelected: index == navigator.viewport.selection)
        }
        var notes: [String] = []
        if let failure { notes.append(failure.goneNote ?? tr("files.failed", failure.shortReasonOrMessage)) }
        if isLoading { notes.append(tr("files.loading")) }
        if navigator.isTruncated { notes.append(tr("files.truncated")) }
        if !isLoading, failure == nil, navigator.isCurrentLoaded, entries.isEmpty {
            notes.append(navigator.filter.isEmpty ? tr("files.empty") : tr("files.noMatch"))
        }
        if navigator.refusedEntries > 0 { notes.append(tr("files.refused", navigator.refusedEntries)) }
        return FilesWindow(breadcrumb: breadcrumb, rows: rows, note: notes.isEmpty ? nil : notes.joined(separator: " · "),
                           filter: filter)
    }
}
