// The Releases tab at a glance.
//
// State: `ReleasesState` (a value): the releases read so far, the selection, the release opened and
// its selected asset; the open release's lines in the presenter's `DocumentPane`.
// Pure builder: `ReleasesWindow` (the list, and an open release: its notes rendered, its assets).
// Presenter: `ReleasesTabPresenter`, turning the frame's actions into that state and a download's
// progress into its note.
// Data source: `RepositoryReleases` (stored releases first, then GitHub's pages, stored together; an
// asset downloaded into the download folder through `AssetDownload`, checked with `SHA256` against
// GitHub's digest).
//
// Ownership: `RepoTabs` (held by the view's presenter) → the presenter strong; presenter → host weak;
// presenter → `RepositoryReleases` (a value) and its `BackgroundCalls` strong; `followLink` holds the
// `LinkFollower` strongly.

extension ReleasesTabPresenter: RepoTabModule {
    var tab: RepoTab { .releases }

    /// Something the tab shows changed: the frame paints again.
    func changed() { host?.changed() }

    func scroll(by lines: Int) {
        for _ in 0..<abs(lines) { _ = handle(lines < 0 ? .scrollUp : .scrollDown) }
    }

    func window(spinner: String) -> TabWindow {
        let built = frameWindow(width: width, height: height)
        return TabWindow(lines: built.lines, position: built.position,
                         searchField: state.openRelease == nil ? nil : document.searchField)
    }

    /// A release the view was opened at: opened once read.
    func show(_ place: RepoPlace, onClose: @escaping () -> Void) -> Bool {
        guard case .release(let id) = place else { return false }
        open(releaseID: id)
        return true
    }

    func footer(for action: RepoDetailAction) -> FooterKey {
        switch action {
        case .download, .startSearch, .nextLink: state.openRelease != nil ? .shown : .hidden
        case .confirm: state.openRelease == nil ? .shown : .hidden
        default: RepoDetailAction.tabSpecific.contains(action) ? .hidden : .shown
        }
    }
}

extension RepoTab {
    static let releases = RepoTab(id: "releases", name: { tr("detail.tab.releases") })
}
