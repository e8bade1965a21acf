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
