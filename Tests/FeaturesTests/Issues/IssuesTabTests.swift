import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// The Issues and Pull requests tabs in the repository view, with a scripted issue service and an
/// in-memory store: the list on first show, e and /, Enter opens a thread, Esc back, a pull request's
/// diff, offline from the store, o and y.
@Suite("Repository view: the Issues and Pull requests tabs")
@MainActor
struct IssuesTabTests {
    @MainActor
    struct Harness {
        let store: SQLiteStore
        let issues: ScriptedIssueService
        let opener = SpyURLOpener(executables: ["/usr/bin/xdg-open"])
        let view = SpyRepoDetailView()
        let dispatcher = CollectingDispatcher()
        let presenter: RepoDetailPresenter

        init(_ script: ScriptedIssueService.Script, store: SQLiteStore? = nil, height: Int = 30) {
            self.store = store ?? (try! SQLiteStore.inMemory())
            issues = ScriptedIssueService(script)
            let interactor = RepoDetailInteractor(
                repository: DetailSample.repository, service: CommitsGitHubService(commits: .success([])), store: self.store,
                opener: opener, clipboard: SpyClipboard(), cloner: SpyCloner(), environment: ["PATH": "/usr/bin"],
                issueService: issues, now: { DetailSample.now })
            presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
            presenter.view = view
            presenter.viewDidChangeContentSize(width: 100, height: height)
        }

        var state: RepoDetailViewState { view.last! }
        var text: [String] {
            state.lines.map { line in
                switch line {
                case .heading(let text): text
                case .note(let text, _): text
                case .markdown(let styled): styled.text
                default: ""
                }
            }
        }

        /// Runs every request in flight and delivers the answers, until none is left.
        func settle() async {
            for _ in 0..<5 {
                for tab in presenter.issueTabs.values {
                    await tab.pageTask?.value
                    await tab.threadTask?.value
                    await tab.moreTask?.value
                }
                dispatcher.runPending()
            }
        }
    }

    static func recordedIssues() throws -> [GitHubEntities.Issue] {
        try JSONDecoder().decode([GitHubEntities.Issue].self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminIssues))
            .filter { !$0.isPullRequest }
    }

    @Test("the Issues tab lists open issues on first show; Enter opens one with its comments; Esc comes back")
    func issues() async throws {
        var script = ScriptedIssueService.Script()
        let recorded = try Self.recordedIssues()
        script.issuePages = [recorded]
        var issue = recorded[0]
        issue.labels = [IssueLabel(name: "bug", color: "d73a4a")]
        script.issues = [issue.number: issue]
        script.commentPages = [try JSONDecoder().decode([IssueComment].self, from: Fixtures.recordedBody(Fixtures.Name.issueComments))]
        let h = Harness(script)
        h.presenter.viewDidLoad()
        h.presenter.didSelectTab(RepoTab.issues.rawValue)
        await h.settle()
        #expect(h.issues.recorded == ["issues octocat/github-tui open"])
        #expect(h.text.first == "Open issues · 24")
        #expect(h.text[1].contains("#2746 including Mongoid::Autoinc"))
        #expect(h.state.footer.contains { $0.keys == "e" })
        h.presenter.handle(.confirm)
        await h.settle()
        #expect(h.state.title == "octocat/github-tui · Issues · #2746")
        #expect(h.text.contains { $0.contains("── catsby") })
        #expect(h.state.footer.contains { $0.keys == "Esc" && $0.help == "back" })
        h.presenter.handle(.close)
        #expect(h.text.first == "Open issues · 24")
        h.presenter.handle(.cycleState)
        await h.settle()
        #expect(h.issues.recorded.last == "issues octocat/github-tui closed")
    }

    @Test("opened on the Issues tab (`i` on the list): the tab shows first and its list loads; Esc closes the view")
    func initialTab() async throws {
        var script = ScriptedIssueService.Script()
        script.issuePages = [try Self.recordedIssues()]
        let h = Harness(script)
        h.presenter.initialTab = .issues
        h.presenter.viewDidLoad()
        #expect(h.presenter.tab == .issues)
        await h.settle()
        #expect(h.issues.recorded == ["issues octocat/github-tui open"])
        #expect(h.text.first == "Open issues · 24")
        #expect(h.state.tabs.current == RepoTab.issues.rawValue)
    }

    @Test("/ filters the loaded rows; offline the stored list and thread are still there")
    func filterAndOffline() async throws {
        var script = ScriptedIssueService.Script()
        script.issuePages = [try Self.recordedIssues()]
        script.issues = [2746: try Self.recordedIssues()[0]]
        let h = Harness(script)
        h.presenter.viewDidLoad()
        h.presenter.didSelectTab(RepoTab.issues.rawValue)
        await h.settle()
        h.presenter.handle(.startSearch)
        for character in "autoinc" { h.presenter.handle(.editSearch(.insert(String(character)))) }
        h.presenter.handle(.submitSearch)
        #expect(h.text.first == "Open issues · 1 of 24 · filter: autoinc")
        h.presenter.handle(.confirm)
        await h.settle()

        var failing = ScriptedIssueService.Script()
        failing.pageErrors = [0: .network]
        let offline = Harness(failing, store: h.store)
        offline.presenter.viewDidLoad()
        offline.presenter.didSelectTab(RepoTab.issues.rawValue)
        #expect(offline.text[1].contains("#2746"), "the stored list at once")
        await offline.settle()
        #expect(offline.text.count > 2)
        #expect(offline.text.last?.hasPrefix("Could not load the list") == true)
        offline.presenter.handle(.confirm)
        #expect(offline.text.contains { $0.contains("include Mongoid::Autoinc") }, "the stored thread")
    }

    @Test("a pull request shows base ← head and its diff; ]/[ jump between files; o opens its page, y offers URL and number")
    func pullRequest() async throws {
        var script = ScriptedIssueService.Script()
        let pull = try JSONDecoder().decode(PullRequest.self, from: Fixtures.recordedBody(Fixtures.Name.pullRequest))
        script.pullPages = [[pull]]
        script.pulls = [2: pull]
        script.files = try JSONDecoder().decode([PullRequestFile].self, from: Fixtures.interactions(Fixtures.Name.pull67)[0].body).map(\.file)
        let recorded = Fixtures.interactions(Fixtures.Name.reviewsAndChecks)
        script.reviews = try JSONDecoder().decode([PullRequestReview].self, from: recorded[0].body)
        script.checks = try JSONDecoder().decode(CheckRunsPage.self, from: recorded[1].body)
        let h = Harness(script, height: 12)
        h.presenter.viewDidLoad()
        h.presenter.didSelectTab(RepoTab.pulls.rawValue)
        await h.settle()
        #expect(h.text.first == "Open pull requests · 1")
        #expect(!h.issues.recorded.contains { $0.hasPrefix("reviews") || $0.hasPrefix("checks") }, "nothing asked before one is opened")
        h.presenter.handle(.confirm)
        await h.settle()
        #expect(h.issues.recorded.contains("files octocat/github-tui#2"))
        #expect(h.issues.recorded.contains("reviews octocat/github-tui#2"))
        #expect(h.issues.recorded.contains { $0.hasPrefix("checks octocat/github-tui@") })
        #expect(h.text.contains { $0.contains("master ← <GITHUB_LOGIN>:branch-for-pr") })
        #expect(h.text.contains { $0.hasPrefix("Review") && $0.hasSuffix("approved (1)") })
        #expect(h.text.contains { $0.hasPrefix("Checks") && $0.hasSuffix("1 pending") })
        h.presenter.handle(.nextFile)
        #expect(h.text.first?.hasPrefix("M lib/octokit/configuration.rb") == true)
        h.presenter.handle(.nextFile)
        #expect(h.text.first?.hasPrefix("M lib/octokit/connection.rb") == true)
        h.presenter.handle(.copy)
        #expect(h.state.menu?.items.count == 2)
        h.presenter.handle(.close)
        h.presenter.handle(.openInBrowser)
        await h.presenter.openTask?.value
        h.dispatcher.runPending()
        #expect(h.opener.commands.last?.last?.hasSuffix("/pull/2") == true)
    }

    @Test("a README link to an issue of this repository opens it in the Issues tab; Esc comes back to the README; another repository's opens that repository's view on it")
    func readmeLink() async throws {
        let readme = "See [the bug](https://github.com/octocat/github-tui/issues/2746) and [theirs](https://github.com/rails/rails/issues/1)."
        let service = ReadmeGitHubService(.success(readme))
        service.script.withLock {
            $0.repositories["rails/rails"] = Repository(id: 8514, name: "rails", fullName: "rails/rails", ownerLogin: "rails",
                                                        htmlURL: "https://github.com/rails/rails")
        }
        var script = ScriptedIssueService.Script()
        script.issues = [2746: try Self.recordedIssues()[0]]
        let issues = ScriptedIssueService(script)
        let opener = SpyURLOpener(executables: ["/usr/bin/xdg-open"])
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: try SQLiteStore.inMemory(),
                                              opener: opener, clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: ["PATH": "/usr/bin"], issueService: issues, now: { DetailSample.now })
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoDetailView()
        let router = SpyRepoDetailRouter()
        let presenter = RepoDetailPresenter(interactor: interactor, router: router, dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
        presenter.view = view
        presenter.viewDidChangeContentSize(width: 90, height: 20)
        presenter.viewDidLoad()
        presenter.handle(.toggleReadme)
        await presenter.readmeTask?.value
        dispatcher.runPending()
        presenter.handle(.choose(1))
        presenter.handle(.confirm)
        #expect(presenter.tab == .issues)
        #expect(view.last?.title == "octocat/github-tui · Issues · #2746")
        for tab in presenter.issueTabs.values { await tab.threadTask?.value }
        dispatcher.runPending()
        #expect(issues.recorded.contains("issue octocat/github-tui#2746"))
        presenter.handle(.close)
        #expect(presenter.tab == .readme)
        presenter.handle(.choose(2))
        presenter.handle(.confirm)
        await presenter.followTask?.value
        dispatcher.runPending()
        #expect(presenter.tab == .readme)
        #expect(router.shownIssues == ["rails/rails#1"])
        #expect(opener.commands.isEmpty)
    }

    @Test("#N in a README is a numbered link: following it opens the issue in the Issues tab, Esc comes back; `#N` in code is not a link")
    func readmeHashReference() async throws {
        let readme = "Fixed in #2746, not `#1`; upstream rails/rails#1."
        let service = ReadmeGitHubService(.success(readme))
        service.script.withLock {
            $0.repositories["rails/rails"] = Repository(id: 8514, name: "rails", fullName: "rails/rails", ownerLogin: "rails",
                                                        htmlURL: "https://github.com/rails/rails")
        }
        var script = ScriptedIssueService.Script()
        script.issues = [2746: try Self.recordedIssues()[0]]
        let issues = ScriptedIssueService(script)
        let opener = SpyURLOpener(executables: ["/usr/bin/xdg-open"])
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: try SQLiteStore.inMemory(),
                                              opener: opener, clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: ["PATH": "/usr/bin"], issueService: issues, now: { DetailSample.now })
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoDetailView()
        let router = SpyRepoDetailRouter()
        let presenter = RepoDetailPresenter(interactor: interactor, router: router, dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
        presenter.view = view
        presenter.viewDidChangeContentSize(width: 90, height: 20)
        presenter.viewDidLoad()
        presenter.handle(.toggleReadme)
        await presenter.readmeTask?.value
        dispatcher.runPending()
        let text = view.last?.lines.map(RepoDetailPresenterTests.Harness.text) ?? []
        #expect(text.contains { $0.contains("Fixed in #2746[1], not #1; upstream rails/rails#1[2].") })
        presenter.handle(.nextLink)
        #expect(presenter.selectedLink == 1)
        presenter.handle(.confirm)
        #expect(presenter.tab == .issues)
        #expect(view.last?.title == "octocat/github-tui · Issues · #2746")
        for tab in presenter.issueTabs.values { await tab.threadTask?.value }
        dispatcher.runPending()
        #expect(issues.recorded.contains("issue octocat/github-tui#2746"))
        presenter.handle(.close)
        #expect(presenter.tab == .readme)
        presenter.handle(.choose(2))
        presenter.handle(.confirm)
        await presenter.followTask?.value
        dispatcher.runPending()
        #expect(router.shownIssues == ["rails/rails#1"])
        #expect(opener.commands.isEmpty)
    }

    @Test("X closes and reopens with a token; without one it says why and asks nothing")
    func closeAndReopen() async throws {
        for token in [false, true] {
            var script = ScriptedIssueService.Script()
            let recorded = try Self.recordedIssues()
            script.issuePages = [recorded]
            script.issues = [recorded[0].number: recorded[0]]
            script.isAuthenticated = token
            let issues = ScriptedIssueService(script)
            let service = CommitsGitHubService(commits: .success([]))
            service.script.withLock { $0.isAuthenticated = token }
            let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: try SQLiteStore.inMemory(),
                                                  opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                                  environment: [:], issueService: issues, now: { DetailSample.now })
            let dispatcher = CollectingDispatcher()
            let view = SpyRepoDetailView()
            let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                                scheduler: ManualScheduler(), now: { DetailSample.now })
            presenter.view = view
            presenter.viewDidChangeContentSize(width: 100, height: 20)
            presenter.viewDidLoad()
            presenter.didSelectTab(RepoTab.issues.rawValue)
            let tab = try #require(presenter.issueTabs[.issues])
            await tab.pageTask?.value
            dispatcher.runPending()
            presenter.handle(.toggleOpen)
            if !token {
                #expect(view.last?.status == "Closing and reopening need a token: set GH_TOKEN or run gh auth login")
                #expect(tab.stateTask == nil)
                continue
            }
            #expect(view.last?.status == "closing #2746…")
            await tab.stateTask?.value
            dispatcher.runPending()
            #expect(view.last?.status == "Closed #2746")
            #expect(tab.list.rows.first { $0.number == 2746 }?.displayState == .closed)
            presenter.handle(.toggleOpen)
            await tab.stateTask?.value
            dispatcher.runPending()
            #expect(view.last?.status == "Reopened #2746")
            #expect(issues.recorded.suffix(2) == ["close octocat/github-tui#2746", "reopen octocat/github-tui#2746"])
        }
    }

    @Test("/ with GitHub's qualifiers searches /search/issues within the repository; Esc goes back to the list")
    func gitHubSearch() async throws {
        var script = ScriptedIssueService.Script()
        script.issuePages = [try Self.recordedIssues()]
        script.search = try JSONDecoder().decode(SearchPage<GitHubEntities.Issue>.self, from: Fixtures.scenarioBody(Fixtures.Name.searchIssues))
        let h = Harness(script)
        h.presenter.viewDidLoad()
        h.presenter.didSelectTab(RepoTab.issues.rawValue)
        await h.settle()
        h.presenter.handle(.startSearch)
        for character in "label:bug sesame" { h.presenter.handle(.editSearch(.insert(String(character)))) }
        h.presenter.handle(.submitSearch)
        await h.settle()
        #expect(h.issues.recorded.last == "search repo:octocat/github-tui is:issue label:bug sesame")
        #expect(h.text.first == "Search: label:bug sesame · 2")
        h.presenter.handle(.close)
        await h.settle()
        #expect(h.text.first == "Open issues · 24")
        #expect(IssueListState.isGitHubSearch("author:x"))
        #expect(!IssueListState.isGitHubSearch("autoinc"))
        #expect(!IssueListState.isGitHubSearch("a: b :c"))
    }
}
