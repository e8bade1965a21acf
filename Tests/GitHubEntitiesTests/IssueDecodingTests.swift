import Foundation
import GitHubEntities
import Testing
import TestSupport


/// Issues, comments, pull requests and labels from the real recordings.
@Suite("Issues and pull requests decode")
struct IssueDecodingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ name: String, interaction: Int = 0) throws -> T {
        try JSONDecoder().decode(type, from: Fixtures.interactions(name)[interaction].body)
    }

    @Test func recordedIssueListWithPullRequestsAndLabels() throws {
        let issues = try decode([GitHubEntities.Issue].self, Fixtures.Name.railsAdminIssues)
        #expect(issues.count == 30)
        #expect(issues.filter(\.isPullRequest).map(\.number) == [2741, 2737, 2724, 2720, 2712, 2703])
        let first = issues[0]
        #expect(first.number == 2746)
        #expect(first.title == "including Mongoid::Autoinc would not display a model in Rails_admin")
        #expect(first.author == "nengine")
        #expect(first.displayState == .open)
        #expect(first.createdAt == GitHubDate.parse("2016-10-20T14:26:39Z"))
        #expect(first.body.hasPrefix("I included Mongoid::Autoinc"))
        #expect(first.htmlURL == "https://github.com/sferik/rails_admin/issues/2746")
        let labelled = try #require(issues.first { $0.number == 2724 })
        #expect(labelled.labels == [IssueLabel(name: "needs test", color: "006b75")])
        #expect(labelled.commentCount == 1)
        #expect(issues.first { $0.number == 2737 }?.commentCount == 5)
    }

    @Test func recordedFullIssue() throws {
        let issue = try decode(GitHubEntities.Issue.self, Fixtures.Name.issueFull)
        #expect(issue.number == 1)
        #expect(issue.title == "Migrate issues to v3")
        #expect(issue.body == "Move all Issues calls to v3 of the API")
        #expect(issue.milestone == nil)
        #expect(issue.assignees.isEmpty)
        #expect(!issue.isPullRequest)
    }

    @Test func recordedComments() throws {
        let comments = try decode([IssueComment].self, Fixtures.Name.issueComments)
        #expect(comments.count == 3)
        #expect(comments[0].id == 1_194_549)
        #expect(comments[0].author == "catsby")
        #expect(comments[0].createdAt == GitHubDate.parse("2011-05-18T02:29:52Z"))
        #expect(comments[0].body.hasPrefix("I've started this on my [25-issue-comments-v3 fork][1]"))
        let all = try decode([IssueComment].self, Fixtures.Name.issueComments, interaction: 1)
        #expect(all.count == 30)
    }

    @Test func recordedPullRequests() throws {
        let open = try decode([PullRequest].self, Fixtures.Name.octokitPulls)
        let closed = try decode([PullRequest].self, Fixtures.Name.octokitPulls, interaction: 1)
        #expect(open.count == 5)
        #expect(closed.count == 30)
        #expect(open.allSatisfy { $0.issue.isPullRequest && $0.issue.displayState == .open && !$0.baseRef.isEmpty })
        #expect(closed.allSatisfy { $0.issue.displayState == .closed || $0.issue.displayState == .merged })
        #expect(closed.contains { $0.issue.isMerged })
    }

    @Test func recordedSinglePullRequest() throws {
        let pull = try decode(PullRequest.self, Fixtures.Name.pullRequest)
        #expect(pull.number == 2)
        #expect(pull.issue.title == "A new PR")
        #expect(pull.baseRef == "master")
        #expect(pull.headLabel.hasSuffix(":branch-for-pr"))
        #expect(pull.headSHA == "9bf22dff54fd6a7650230b70417b55e8cccfc4f2")
        #expect(pull.mergeable == nil)
        #expect(pull.mergeableState == "unknown")
        #expect(pull.commitCount == 1)
        #expect(pull.additions == 1)
        #expect(pull.deletions == 0)
        #expect(pull.changedFiles == 1)
        #expect(!pull.issue.isMerged)
    }

    @Test func recordedPullRequestFilesAndCommits() throws {
        let files = try decode([PullRequestFile].self, Fixtures.Name.pull67).map(\.file)
        #expect(files.count == 3)
        #expect(files[0].filename == "lib/octokit/configuration.rb")
        #expect(files[0].status == .modified)
        #expect(files[0].additions == 4)
        #expect(files[0].patch?.hasPrefix("@@ -11,12 +11,14 @@") == true)
        let commits = try decode([Commit].self, Fixtures.Name.pull67, interaction: 2)
        #expect(commits.map(\.shortSHA) == ["2097821"])
    }

    @Test func recordedLabelsKeepOnlyHexColours() throws {
        let labels = try decode([IssueLabel].self, Fixtures.Name.octokitLabels)
        #expect(labels.count == 9)
        #expect(labels[0] == IssueLabel(name: "breaking change", color: "e10c02"))
        #expect(labels.allSatisfy { $0.color?.count == 6 })
    }

    @Test func recordedSearchAndPaginatedIssues() throws {
        let search = try JSONDecoder().decode(SearchPage<GitHubEntities.Issue>.self, from: Fixtures.scenarioBody(Fixtures.Name.searchIssues))
        #expect(search.totalCount == 2)
        #expect(search.items.count == 2)
        #expect(search.items[0].number == 2)
        let page = try JSONDecoder().decode([GitHubEntities.Issue].self, from: Fixtures.scenarioBody(Fixtures.Name.paginateIssues))
        #expect(page.map(\.number) == [13, 12, 11])
    }

    @Test func hostileAndBrokenValuesAreToleratedOrDropped() throws {
        let json = #"""
        {"number":7,"title":null,"state":"closed","user":7,
         "labels":[{"name":"x","color":"zzzzzz"},{"name":"y","color":"#ABCDEF"},{"color":"ffffff"},3,
                   {"name":"z","color":"1234567"}],
         "assignees":[{"login":"a"},null,{"login":"b"}],"milestone":{"title":"v1"},"comments":-4,
         "reactions":{"+1":2,"heart":0,"total_count":2,"url":"x","laugh":"many"},
         "pull_request":{"merged_at":"2020-01-01T00:00:00Z"}}
        """#
        let issue = try JSONDecoder().decode(GitHubEntities.Issue.self, from: Data(json.utf8))
        #expect(issue.title == "")
        #expect(issue.author == "")
        #expect(issue.labels == [IssueLabel(name: "x"), IssueLabel(name: "y", color: "abcdef"), IssueLabel(name: "z")])
        #expect(issue.assignees == ["a", "b"])
        #expect(issue.milestone == "v1")
        #expect(issue.commentCount == 0)
        #expect(issue.reactions.counts == ["+1": 2])
        #expect(issue.displayState == .merged)
    }

    @Test func entitiesEncodeBackToTheSameValue() throws {
        let issues = try decode([GitHubEntities.Issue].self, Fixtures.Name.railsAdminIssues)
        #expect(try JSONDecoder().decode([GitHubEntities.Issue].self, from: JSONEncoder().encode(issues)) == issues)
        let pulls = try decode([PullRequest].self, Fixtures.Name.octokitPulls, interaction: 1)
        #expect(try JSONDecoder().decode([PullRequest].self, from: JSONEncoder().encode(pulls)) == pulls)
        let pull = try decode(PullRequest.self, Fixtures.Name.pullRequest)
        #expect(try JSONDecoder().decode(PullRequest.self, from: JSONEncoder().encode(pull)) == pull)
        let comments = try decode([IssueComment].self, Fixtures.Name.issueComments, interaction: 1)
        #expect(try JSONDecoder().decode([IssueComment].self, from: JSONEncoder().encode(comments)) == comments)
    }

    @Test func displayStates() {
        #expect(GitHubEntities.Issue(number: 1, title: "", state: "open", isDraft: true).displayState == .draft)
        #expect(GitHubEntities.Issue(number: 1, title: "", state: "closed", isDraft: true).displayState == .closed)
        #expect(GitHubEntities.Issue(number: 1, title: "", state: "closed", isMerged: true).displayState == .merged)
        #expect(GitHubEntities.Issue(number: 1, title: "", state: "OPEN").displayState == .open)
    }
}
