import Foundation
import GitHubAPI
import GitHubEntities

/// The Releases tab as a value: the releases read so far (stored first, then GitHub's pages, each
/// release once, paging ended where the server leads round in a circle), the selection, the release
/// opened with Enter (its notes and assets; the tab's document pane scrolls it) and its selected asset.
struct ReleasesState: Equatable {
    private var list = PagedList<Release>()
    /// The releases read so far, in the order first seen.
    var releases: [Release] { list.items }
    /// The `Link` of the next page, nil at the end.
    var next: URL? { list.next }
    var viewport = Viewport()
    /// The release shown in full (an index into `releases`).
    private(set) var opened: Int?
    /// The asset selected in the open release.
    var asset = 0
    var failure: GitHubError?
    /// The release to open once it is read (the view was opened at it), by GitHub's id.
    var pendingID: Int?

    /// The stored releases, shown before GitHub answers.
    mutating func showStored(_ releases: [Release], next: URL?) {
        list.reset()
        list.append(releases, next: next)
        clamp()
    }

    /// A page arrived: the first replaces, a later one is added after.
    mutating func receive(_ page: Page<Release>, isFirst: Bool) {
        let selectedID = selected?.id
        if isFirst { list.reset() }
        list.append(page.items, next: page.next)
        failure = nil
        if let selectedID, let index = releases.firstIndex(where: { $0.id == selectedID }) { viewport.reselect(index) }
        clamp()
    }

    var selected: Release? { releases.indices.contains(viewport.selection) ? releases[viewport.selection] : nil }

    var openRelease: Release? { opened.flatMap { releases.indices.contains($0) ? releases[$0] : nil } }

    /// The release GitHub calls "Latest": the newest that is neither a draft nor a pre-release.
    var latestID: Int? { releases.first { !$0.isDraft && !$0.isPrerelease }?.id }

    mutating func move(by delta: Int) {
        viewport.select(viewport.selection + delta, count: releases.count)
    }

    /// The next page's `Link` when the selection came within a screen of the end, marked as loading;
    /// nil while one loads, and after a failure (asked again only when the user reloads: a page that
    /// keeps failing is not asked for in a loop).
    mutating func takePageToLoad() -> URL? {
        guard failure == nil, viewport.selection + viewport.height >= list.count,
              let next = list.pageToLoad(near: list.count) else { return nil }
        list.isLoadingMore = true
        return next
    }

    /// A page failed: its `Link` stays the next page, for when the user reloads.
    mutating func pageFailed(_ error: GitHubError) {
        list.isLoadingMore = false
        failure = error
    }

    mutating func open() {
        guard selected != nil else { return }
        opened = viewport.selection
        asset = 0
    }

    /// Opens the pending release when it is among those read; returns whether it did. `lastChance`: the
    /// first page from GitHub came, and the release is given up on when it is not on it (the list stays).
    mutating func openPending(lastChance: Bool) -> Bool {
        guard let id = pendingID else { return false }
        guard let index = releases.firstIndex(where: { $0.id == id }) else {
            if lastChance { pendingID = nil }
            return false
        }
        pendingID = nil
        viewport.select(index, count: releases.count)
        open()
        return true
    }

    mutating func close() {
        opened = nil
    }

    mutating func resize(rows: Int) {
        viewport.resize(to: rows)
        viewport.ensureVisible(count: releases.count)
    }

    private mutating func clamp() {
        viewport.select(min(viewport.selection, max(0, releases.count - 1)), count: releases.count)
    }
}
