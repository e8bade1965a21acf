import GitHubEntities

/// The repository view's tabs, in the order the tab bar shows them. The next ones (Issues, Pull
/// requests, Releases, Files) are added here, with their module beside `Overview/` and `Readme/`.
public enum RepoTab: Int, CaseIterable, Sendable {
    case overview, readme, commits, issues, pulls, releases, files

    /// The tab's count in the tab bar, where the repository says it (none of today's tabs).
    func count(in repository: Repository) -> String? { nil }

    /// The tab's name in the tab bar.
    var title: String {
        switch self {
        case .overview: tr("detail.tab.overview")
        case .readme: tr("detail.tab.readme")
        case .commits: tr("detail.tab.commits")
        case .issues: tr("detail.tab.issues")
        case .pulls: tr("detail.tab.pulls")
        case .releases: tr("detail.tab.releases")
        case .files: tr("detail.tab.files")
        }
    }
}
