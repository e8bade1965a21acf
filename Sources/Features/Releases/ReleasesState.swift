import Foundation
import GitHubAPI
import GitHubEntities

/// The Releases tab as a value: the releases read so far (stored first, then GitHub's pages), the
/// selection, the release opened with Enter (its notes and assets) and its scroll.
struct ReleasesState: Equatable {
    private(set) var releases: [Release] = []
    /// The `Link` of the next page, nil at the end.
    private(set) var next: URL?
    var viewport = Viewport()
    /// The release shown in full (an index into `releases`), and its first visible line.
    private(set) var opened: Int?
    var openTop = 0
    /// The asset selected in the open release.
    var asset = 0
    var failure: GitHubError?

    /// The stored releases, shown before GitHub answers.
    mutating func showStored(_ releases: [Release], next: URL?) {
        self.releases = releases
        self.next = next
        clamp()
    }

    /// A page arrived: the first replaces, a later one is added after.
    mutating func receive(_ page: Page<Release>, isFirst: Bool) {
        let selectedID = selected?.id
        releases = isFirst ? page.items : releases + page.items.filter { item in !releases.contains { $0.id == item.id } }
        next = page.next
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

    /// The next page's `Link` when the selection came within a screen of the end (taken once).
    mutating func takePageToLoad() -> URL? {
        guard let next, viewport.selection + viewport.height >= releases.count else { return nil }
        self.next = nil
        return next
    }

    /// A page failed: its `Link` is kept for another try.
    mutating func pageFailed(_ url: URL?, error: GitHubError) {
        if let url { next = url }
        failure = error
    }

    mutating func open() {
        guard selected != nil else { return }
        opened = viewport.selection
        openTop = 0
        asset = 0
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
