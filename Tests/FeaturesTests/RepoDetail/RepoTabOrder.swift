@testable import Features

extension RepoTab {
    /// The tab's place in the tab bar as `RepoTabs.make` orders them (a test checks the two agree).
    var rawValue: Int {
        [RepoTab.overview, .readme, .commits, .issues, .pulls, .actions, .releases, .files].firstIndex(of: self) ?? -1
    }
}
