import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TestSupport
@testable import Features

/// A pull request's parts (files, commits, reviews, checks) are read and fail each on its own; its
/// files are paged by `Link` up to GitHub's 3,000, and the view says how many are shown of how many.
@Suite("Pull request parts")
struct PullRequestPartsTests {
    static let now = Date(timeIntervalSince1970: 1_477_180_000)
    static let head = "6dcb09b5b57875f334f61aebed695e2e4193db5e"

    static func make(_ script: ScriptedIssueService.Script) throws -> (RepositoryIssues, ScriptedIssueService) {
        let service = ScriptedIssueService(script)
        return (RepositoryIssues(owner: "sferik", name: "rails_admin", service: service, store: try SQLiteStore.inMemory(),
                                 isOffline: false, now: { now }), service)
    }

    static func files(_ range: Range<Int>) -> [CommitDetail.File] {
        range.map { CommitDetail.File(filename: "file\($0).txt", status: "modified", additions: 1, changes: 1, patch: "@@ -1 +1 @@\n-a\n+b") }
    }

    static func recordedFiles() throws -> [CommitDetail.File] {
        try JSONDecoder().decode([PullRequestFile].self, from: Fixtures.interactions(Fixtures.Name.pull67)[0].body).map(\.file)
    }

    @Test("reviews, commits and checks that fail leave the files shown; each part keeps its own error")
    func partsFailAlone() async throws {
        var script = ScriptedIssueService.Script()
        script.files = try Self.recordedFiles()
        script.commitsError = .notFound
        script.reviewsError = .http(status: 502, message: nil)
        script.checks = nil // 404: the head commit is gone
        let (issues, service) = try Self.make(script)
        let changes = try await issues.fetchChanges(number: 7, headSHA: Self.head)
        #expect(changes.files == .success(PullRequestFileList(files: try Self.recordedFiles())))
        #expect(changes.commits == .failure(.notFound))
        #expect(changes.reviews == .failure(.http(status: 502, message: nil)))
        #expect(changes.checks == .failure(.notFound))
        #expect(changes.status.decision == nil && !changes.status.checksRead)
        #expect(Set(service.recorded) == ["files sferik/rails_admin#7", "pull commits sferik/rails_admin#7",
                                          "reviews sferik/rails_admin#7", "checks sferik/rails_admin@\(Self.head)",
                                          "review comments sferik/rails_admin#7"])
    }

    @Test("files that fail leave the commits, reviews and checks; no head commit id asks no checks")
    func filesFailAlone() async throws {
        var script = ScriptedIssueService.Script()
        script.fileErrors = [0: .notFound]
        script.commits = [Commit(sha: Self.head, message: "One", authorName: "a")]
        script.reviews = [PullRequestReview(reviewer: "a", state: "APPROVED")]
        let (issues, service) = try Self.make(script)
        let changes = try await issues.fetchChanges(number: 7, headSHA: "not a sha")
        #expect(changes.files == .failure(.notFound))
        #expect((try? changes.commits.get())?.count == 1)
        #expect(changes.status.decision == .approved(1))
        #expect(changes.checks == nil)
        #expect(!service.recorded.contains { $0.hasPrefix("checks") })
    }

    @Test("files are paged by Link to the end")
    func filesPaged() async throws {
        var script = ScriptedIssueService.Script()
        script.files = Self.files(0..<100)
        script.moreFilePages = [Self.files(100..<200), Self.files(200..<250)]
        let (issues, service) = try Self.make(script)
        let list = try await issues.fetchFiles(number: 7)
        #expect(list == PullRequestFileList(files: Self.files(0..<250)))
        #expect(service.recorded == ["files sferik/rails_admin#7", "files page 1", "files page 2"])
    }

    @Test("paging stops at GitHub's 3,000 files, however many pages the server offers")
    func filesStopAtTheCap() async throws {
        var script = ScriptedIssueService.Script()
        script.files = Self.files(0..<100)
        script.moreFilePages = (1..<40).map { Self.files($0 * 100..<($0 + 1) * 100) }
        let (issues, service) = try Self.make(script)
        let list = try await issues.fetchFiles(number: 7)
        #expect(list.files.count == GitHubClient.maximumPullRequestFiles)
        #expect(list.stoppedBy == nil)
        #expect(service.recorded.count == 30)
    }

    @Test("a Link back to a page already read ends the paging: each address once")
    func filesLinkLoop() async throws {
        var script = ScriptedIssueService.Script()
        script.files = Self.files(0..<100)
        script.moreFilePages = [Self.files(100..<200), Self.files(200..<300)]
        script.filesLinkBackTo = 1
        let (issues, service) = try Self.make(script)
        let list = try await issues.fetchFiles(number: 7)
        #expect(list.files.count == 300)
        #expect(service.recorded == ["files sferik/rails_admin#7", "files page 1", "files page 2"])
    }

    @Test("a later page that fails keeps the files before it and says why the rest is missing")
    func filesLaterPageFails() async throws {
        var script = ScriptedIssueService.Script()
        script.files = Self.files(0..<100)
        script.moreFilePages = [Self.files(100..<200), Self.files(200..<300)]
        script.fileErrors = [2: .http(status: 502, message: nil)]
        let (issues, _) = try Self.make(script)
        let list = try await issues.fetchFiles(number: 7)
        #expect(list == PullRequestFileList(files: Self.files(0..<200), stoppedBy: .http(status: 502, message: nil)))
    }

    @Test("how many files are shown of how many: all, the cap, a page that failed")
    func filesShownNote() {
        let hundred = PullRequestFileList(files: Self.files(0..<100))
        #expect(IssueDetailRenderer.filesShown(hundred, of: 100) == nil)
        #expect(IssueDetailRenderer.filesShown(hundred, of: nil) == nil)
        #expect(IssueDetailRenderer.filesShown(hundred, of: 250) == "Showing 100 of 250 changed files")
        let capped = PullRequestFileList(files: Self.files(0..<3_000))
        #expect(IssueDetailRenderer.filesShown(capped, of: 3_412)
                == "Showing 3,000 of 3,412 changed files: GitHub lists at most 3,000 (o opens it on GitHub)")
        let stopped = PullRequestFileList(files: Self.files(0..<200), stoppedBy: .network)
        #expect(IssueDetailRenderer.filesShown(stopped, of: 250)
                == "Showing 200 of 250 changed files: the rest could not be loaded (network error)")
        #expect(IssueDetailRenderer.filesShown(stopped, of: nil)
                == "Showing 200 changed files: the rest could not be loaded (network error)")
    }

    @Test("rendered: the files shown, the checks section says the head commit is gone, commits and review say they failed")
    func renderedPartialFailure() throws {
        var pull = try JSONDecoder().decode(PullRequest.self, from: Fixtures.recordedBody(Fixtures.Name.pullRequest))
        pull.changedFiles = 250
        let files = try Self.recordedFiles()
        let changes = PullRequestChanges(files: .success(PullRequestFileList(files: files, stoppedBy: .http(status: 502, message: nil))),
                                         commits: .failure(.notFound), reviews: .failure(.network),
                                         checks: .failure(.http(status: 422, message: "No commit found for SHA")))
        let rendered = IssueDetailRenderer.render(IssueThread(issue: pull.issue, pull: pull, changes: changes), width: 80,
                                                  now: Self.now, labelsInColour: true)
        let text = IssueDetailRenderingTests.text(rendered, width: 80)
        assertScreenSnapshot(text, named: "pull-detail-partial-80")
        #expect(text.contains("Checks    could not be loaded (the head commit is gone)"), "\(text)")
        #expect(text.contains("Review    could not be loaded (network error)"))
        #expect(text.contains("Commits could not be loaded (gone from GitHub)"))
        #expect(text.contains("Showing 3 of 250 changed files: the rest could not be loaded (HTTP 502)"))
        #expect(!text.contains("repository not found"))
        #expect(rendered.fileStarts.count == 3)
        let diff = CommitDetailRenderer.files(files, width: 80)
        #expect(Array(rendered.lines.suffix(diff.lines.count)) == diff.lines)
    }

    @Test("rendered: files that failed say so in their place; the rest of the pull request is drawn")
    func renderedFilesFailed() throws {
        let pull = try JSONDecoder().decode(PullRequest.self, from: Fixtures.recordedBody(Fixtures.Name.pullRequest))
        let changes = PullRequestChanges(files: .failure(.notFound), commits: .success([]),
                                         reviews: .success([PullRequestReview(reviewer: "a", state: "APPROVED")]),
                                         checks: .success(CheckRunsPage(totalCount: 1, checkRuns: [CheckRun(status: "completed", conclusion: "success")])))
        let rendered = IssueDetailRenderer.render(IssueThread(issue: pull.issue, pull: pull, changes: changes), width: 80,
                                                  now: Self.now, labelsInColour: true)
        let text = IssueDetailRenderingTests.text(rendered, width: 80)
        #expect(text.contains("Changed files could not be loaded (gone from GitHub)"))
        #expect(text.contains("approved (1)"))
        #expect(text.contains("1 passed"))
        #expect(rendered.fileStarts.isEmpty)
    }

    @Test("opened in the tab: commits and checks that fail leave the files drawn, each failure in its place, no list failure said")
    @MainActor
    func openedWithPartsFailing() async throws {
        var script = ScriptedIssueService.Script()
        let pull = try JSONDecoder().decode(PullRequest.self, from: Fixtures.recordedBody(Fixtures.Name.pullRequest))
        script.pullPages = [[pull]]
        script.pulls = [2: pull]
        script.files = try Self.recordedFiles()
        script.commitsError = .notFound
        script.checks = nil
        let h = IssuesTabTests.Harness(script, height: 60)
        h.presenter.viewDidLoad()
        h.presenter.didSelectTab(RepoTab.pulls.rawValue)
        await h.settle()
        h.presenter.handle(.confirm)
        await h.settle()
        #expect(h.issues.recorded.contains("pull commits octocat/github-tui#2"))
        #expect(h.text.contains { $0.hasPrefix("Checks") && $0.hasSuffix("could not be loaded (the head commit is gone)") }, "\(h.text)")
        #expect(h.text.contains { $0.hasPrefix("Commits could not be loaded (gone from GitHub)") })
        #expect(h.text.contains { $0.hasPrefix(" M lib/octokit/configuration.rb") })
        #expect(h.state.status?.contains("Could not load") != true)
    }
}
