import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// The repository view's tabs, made from their explicit dependencies, in the order the tab bar shows
/// them, with the parts they share (the actions every tab offers, the link follower). Adding a tab:
/// its folder (its `<Name>TabContract.swift` says it at a glance and holds its `RepoTab` and its
/// `RepoTabModule` conformance), and one line in `make` appending it to `all`.
@MainActor
struct RepoTabs {
    /// Favourite, star, clone, copy, open: one home, whichever tab is shown.
    let actions: RepoActions
    /// Follows links (README, threads, commit messages): in the app, or the browser.
    let links: LinkFollower
    /// Every tab, in the tab bar's order.
    let all: [any RepoTabModule]
    // The tabs by name, for the wiring below and for tests.
    let overview: OverviewPresenter
    let readme: ReadmePresenter
    let commits: CommitsTabPresenter
    let issues: IssuesTabPresenter
    let pulls: IssuesTabPresenter
    let releases: ReleasesTabPresenter
    let files: FilesTabPresenter
    let actionsTab: ActionsTabPresenter

    static func make(interactor: any RepoDetailInteractorProtocol, router: any RepoDetailRouterProtocol,
                     dispatcher: any UIDispatcher, scheduler: any Scheduler, showsPhotos: Bool,
                     editor: (any TextEditing)?, now: @escaping () -> Date) -> RepoTabs {
        let repository = interactor.repository
        let actions = RepoActions(interactor: interactor, dispatcher: dispatcher)
        let links = LinkFollower(interactor: interactor, router: router, actions: actions, dispatcher: dispatcher)
        let webHost = GitHubHost.ofWebPage( repository.htmlURL)
        let overview = OverviewPresenter(interactor: interactor, actions: actions, dispatcher: dispatcher, scheduler: scheduler,
                                         showsPhotos: showsPhotos, now: now)
        let readme = ReadmePresenter(interactor: interactor, links: links, dispatcher: dispatcher)
        let commits = CommitsTabPresenter(history: interactor.history, repository: repository, dispatcher: dispatcher, now: now)
        commits.followLink = { [links] url in links.follow(url) }
        func issueTab(_ kind: IssueListKind) -> IssuesTabPresenter {
            let tab = IssuesTabPresenter(kind: kind, issues: interactor.issues, actions: actions, dispatcher: dispatcher,
                                         webHost: webHost, labelsInColour: showsPhotos, editor: editor, now: now)
            tab.threadPresenter.followLink = { [links] url in links.follow(url) }
            return tab
        }
        let issues = issueTab(.issues), pulls = issueTab(.pullRequests)
        let releases = ReleasesTabPresenter(releases: interactor.releases, repository: repository, dispatcher: dispatcher, now: now)
        releases.followLink = { [links] url in links.follow(url) }
        let files = FilesTabPresenter(files: interactor.files, repository: repository, dispatcher: dispatcher,
                                      copy: { [actions] in actions.copy($0) }, open: { [actions] in actions.open($0) })
        files.showsImages = showsPhotos
        // The tree of the branch the Commits tab's picker chose (the default branch until then).
        files.chosenBranch = { [weak commits] in commits?.state.history.branch }
        let actionsTab = ActionsTabPresenter(actions: interactor.actions, dispatcher: dispatcher, scheduler: scheduler, now: now)
        actionsTab.copy = { [actions] in actions.copy($0) }
        return RepoTabs(actions: actions, links: links,
                        all: [overview, readme, commits, issues, pulls, actionsTab, releases, files],
                        overview: overview, readme: readme, commits: commits, issues: issues, pulls: pulls,
                        releases: releases, files: files, actionsTab: actionsTab)
    }

    /// The view loaded: what the shared parts read at once whichever tab is shown first (the favourite
    /// and star marks; the latest commits `y` copies, and the owner's photo).
    func start() {
        actions.start()
        overview.start()
    }
}
