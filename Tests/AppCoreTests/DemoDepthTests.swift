import DemoData
import Features
import Foundation
import GitHubAPI
import GitHubEntities
import Testing
@testable import AppCore

/// The demo's depth through the real client: every repository the demo shows answers every tab's
/// requests, and every commit a history or a pull request shows opens.
@Suite("Demo depth")
struct DemoDepthTests {
    private func client(_ transport: DemoTransport? = nil) throws -> GitHubClient {
        GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL), transport: try transport ?? self.transport())
    }

    private func transport() throws -> DemoTransport { try DemoTransport(directory: try #require(DemoData.directoryForTests)) }

    /// The transport's status for a GET of `path` (no client: cheap enough for every commit of every history).
    private func status(_ transport: DemoTransport, _ path: String) async throws -> Int {
        try await transport.send(HTTPRequest(url: try #require(URL(string: "https://api.github.com" + path)))).statusCode
    }

    /// Every commit of a branch's history, page after page by `Link`.
    private func history(_ client: GitHubClient, _ repository: Repository, branch: String?) async throws -> [Commit] {
        var page = try await client.commitHistory(ownerLogin: repository.ownerLogin, repository: repository.name, branch: branch, perPage: 30)
        var commits = page.items
        while let next = page.next {
            page = try await client.commitHistory(page: next)
            commits += page.items
        }
        return commits
    }

    /// Every tab of one repository, as the repository view asks: any failure throws (the test fails).
    /// `deep`: every commit, issue, pull request and file through the client; else the first of each.
    private func walk(_ client: GitHubClient, _ repository: Repository, deep: Bool = true) async throws {
        let (owner, name) = (repository.ownerLogin, repository.name)
        let label = repository.fullName
        // Overview and README.
        #expect(try await client.repository(ownerLogin: owner, name: name).id == repository.id)
        #expect(try await !client.languages(ownerLogin: owner, repository: name).shares.isEmpty, "\(label)")
        #expect(try await client.participation(ownerLogin: owner, repository: name)?.all.count == 52, "\(label)")
        let readme = try #require(try await client.readme(ownerLogin: owner, repository: name), "\(label) has no README")
        #expect(readme.count > 100, "\(label)")
        // Commits: the whole history; every commit shown opens with a patch; the latest three are the list's.
        let commits = try await history(client, repository, branch: nil)
        #expect(commits.count >= 30, "\(label)")
        #expect(Set(commits.map(\.sha)).count == commits.count, "\(label)")
        #expect(try await client.latestCommits(ownerLogin: owner, repository: name).map(\.sha) == Array(commits.prefix(3).map(\.sha)))
        for commit in deep ? commits : Array(commits.prefix(1)) {
            let detail = try await client.commitDetail(ownerLogin: owner, repository: name, sha: commit.sha)
            #expect(detail.sha == commit.sha)
            #expect(!detail.files.isEmpty && detail.files.contains { $0.patch?.contains("@@") == true }, "\(label) \(commit.shortSHA)")
        }
        let branches = try await client.branches(ownerLogin: owner, repository: name).items
        #expect(branches.first?.name == repository.defaultBranch && branches.first?.commitSHA == commits.first?.sha, "\(label)")
        // Issues and pull requests, open and closed, each thread with its parts.
        for state in [IssueStateFilter.open, .closed] {
            let issues = try await client.issues(ownerLogin: owner, repository: name, state: state, perPage: 30).items
            #expect(!issues.isEmpty, "\(label) has no \(state) issues")
            #expect(issues.allSatisfy { $0.state == state.rawValue && !$0.isPullRequest }, "\(label)")
            var comments = 0
            for issue in deep ? issues : Array(issues.prefix(1)) {
                #expect(try await client.issue(ownerLogin: owner, repository: name, number: issue.number).number == issue.number)
                comments += try await client.issueComments(ownerLogin: owner, repository: name, number: issue.number).items.count
            }
            #expect(comments > 0, "\(label): no \(state) issue has comments")
            let pulls = try await client.pullRequests(ownerLogin: owner, repository: name, state: state, perPage: 30).items
            #expect(!pulls.isEmpty, "\(label) has no \(state) pull requests")
            for pull in deep ? pulls : Array(pulls.prefix(1)) {
                let number = pull.issue.number
                #expect(try await client.issue(ownerLogin: owner, repository: name, number: number).isPullRequest)
                let full = try await client.pullRequest(ownerLogin: owner, repository: name, number: number)
                let files = try await client.pullRequestFiles(ownerLogin: owner, repository: name, number: number).items
                #expect(!files.isEmpty && files.allSatisfy { $0.patch != nil }, "\(label) #\(number)")
                let pullCommits = try await client.pullRequestCommits(ownerLogin: owner, repository: name, number: number).items
                #expect(!pullCommits.isEmpty, "\(label) #\(number)")
                for commit in pullCommits {
                    #expect(try await client.commitDetail(ownerLogin: owner, repository: name, sha: commit.sha).sha == commit.sha)
                }
                _ = try await client.pullRequestReviews(ownerLogin: owner, repository: name, number: number)
                // Review comments and their threads' GraphQL answer (none but on the reviewed pull request).
                let reviewComments = try await client.pullRequestReviewComments(ownerLogin: owner, repository: name, number: number).items
                let threads = try await client.reviewThreads(ownerLogin: owner, repository: name, number: number)
                #expect(threads.count == reviewComments.filter { $0.inReplyTo == nil }.count, "\(label) #\(number)")
                let head = try #require(full.headSHA, "\(label) #\(number)")
                #expect(try await client.checkRuns(ownerLogin: owner, repository: name, sha: head).totalCount > 0)
                _ = try await client.issueComments(ownerLogin: owner, repository: name, number: number)
            }
        }
        // Releases with notes and an asset.
        let releases = try await client.releases(ownerLogin: owner, repository: name).items
        #expect(releases.contains { !$0.body.isEmpty && !$0.assets.isEmpty }, "\(label)")
        // Files: the default branch's tree; every text file opens.
        let tree = try await client.tree(ownerLogin: owner, repository: name, ref: repository.defaultBranch ?? "master")
        let files = tree.entries.filter { $0.kind == .file }
        #expect(files.count >= 5, "\(label)")
        for entry in files.prefix(deep ? 40 : 2) where ![".png", ".gif", ".ico"].contains(where: entry.path.hasSuffix) {
            let content = try await client.blob(ownerLogin: owner, repository: name, sha: entry.sha)
            #expect(content.sha == entry.sha)
        }
        #expect(try await client.commitSHA(ownerLogin: owner, repository: name, ref: repository.defaultBranch ?? "master")
                == commits.first?.sha)
    }

    @Test("Every repository of the demo's first screen answers every tab's requests, and every commit shown opens")
    func firstScreen() async throws {
        let transport = try transport()
        let client = try client(transport)
        let repositories = try await client.repositories(ownerLogin: "sferik").items
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
        #expect(repositories.prefix(5).map(\.name) == ["410_in_140", "active_admin", "ajax-demo", "backbone-todo", "backup"])
        #expect(repositories.count == 30)
        // The carousel's five in full through the client; every other one's tabs once each.
        for (index, repository) in repositories.enumerated() { try await walk(client, repository, deep: index < 5) }
        // Every commit of every history shown opens (asked of the transport: a client decode each is slow).
        for repository in repositories {
            let commits = try await history(client, repository, branch: nil)
            for commit in commits {
                #expect(try await status(transport, "/repos/\(repository.fullName)/commits/\(commit.sha)") == 200,
                        "\(repository.fullName) \(commit.shortSHA)")
            }
        }
    }

    @Test("The reviewed pull request (#403, the inbox's review request) has threads on its diff: recorded and made up, resolved, outdated, a suggestion, a reply")
    func reviewThreads() async throws {
        let client = try client()
        let (owner, name, number) = ("sferik", "active_admin", DemoTransport.reviewedPull.number)
        let comments = try await client.pullRequestReviewComments(ownerLogin: owner, repository: name, number: number).items
        let files = try await client.pullRequestFiles(ownerLogin: owner, repository: name, number: number).items
        let statuses = try await client.reviewThreads(ownerLogin: owner, repository: name, number: number)
        #expect(comments.contains { $0.id == 401_530 && $0.author == "catsby" }, "the recorded comment")
        #expect(comments.filter { $0.id != 401_530 }.allSatisfy { $0.body.contains("Made-up demo review comment") })
        #expect(comments.contains { $0.inReplyTo == 401_530 }, "a reply to the recorded comment")
        #expect(comments.contains { $0.isOutdated && !$0.diffHunk.isEmpty })
        #expect(comments.contains { $0.body.contains("```suggestion") })
        #expect(comments.contains { $0.startLine != nil })
        #expect(statuses.filter(\.isResolved).map(\.resolvedBy) == ["robin-example"])
        // Every thread has its status and is placed in the diff (none left out).
        let roots = comments.filter { $0.inReplyTo == nil }.map(\.id)
        #expect(Set(statuses.compactMap(\.firstCommentID)) == Set(roots))
        for comment in comments where comment.inReplyTo == nil {
            #expect(files.contains { $0.filename == comment.path }, "\(comment.path)")
        }
        // Resolving needs a token in the demo, as anywhere: refused before anything is sent.
        await #expect(throws: GitHubError.unauthorized) { try await client.setReviewThreadResolved(true, threadID: "PRRT_demo_9100005") }
    }

    @Test("The other demo owners' repositories have the same depth (the hostile owner's too)")
    func otherOwners() async throws {
        let client = try client()
        for login in ["codeforamerica", "demo-unicode"] {
            for repository in try await client.repositories(ownerLogin: login).items.prefix(6) {
                try await walk(client, repository, deep: false)
            }
        }
    }

    @Test("Generated answers are the same every time; what the demo lacks is said in words that are not an error's")
    func deterministicAndSaid() async throws {
        let directory = try #require(DemoData.directoryForTests)
        let first = try DemoTransport(directory: directory), second = try DemoTransport(directory: directory)
        for path in ["/repos/sferik/backup/issues?state=all", "/repos/sferik/backup/pulls/11/files", "/repos/sferik/ajax-demo/commits?per_page=30",
                     "/repos/sferik/backbone-todo/git/trees/master?recursive=1", "/repos/sferik/410_in_140/releases"] {
            let request = HTTPRequest(url: try #require(URL(string: "https://api.github.com" + path)))
            let (a, b) = (try await first.send(request), try await second.send(request))
            #expect(a.statusCode == 200 && a.body == b.body, "\(path)")
        }
        let client = try client(first)
        // The other branch of the generated history is its history from four commits back.
        let repository = try await client.repository(ownerLogin: "sferik", name: "backup")
        let master = try await history(client, repository, branch: "master")
        #expect(try await history(client, repository, branch: "stable").map(\.sha) == Array(master.dropFirst(4).map(\.sha)))
        // Writing is not in the demo: a note, shown as GitHub's words, not a failure.
        let post = HTTPRequest(method: "POST", url: try #require(URL(string: "https://api.github.com/repos/sferik/backup/issues/12/comments")),
                               body: Data(#"{"body":"hello"}"#.utf8))
        let refused = try await first.send(post)
        #expect(refused.statusCode == 410 && String(decoding: refused.body, as: UTF8.self).contains("the demo changes nothing on GitHub"))
        // A generated file says it is made up in its first line; a README says it is generated.
        let tree = try await client.tree(ownerLogin: "sferik", repository: "backbone-todo", ref: "master")
        let app = try #require(tree.entries.first { $0.path == "js/app.js" })
        let text = String(decoding: try await client.blob(ownerLogin: "sferik", repository: "backbone-todo", sha: app.sha).bytes, as: UTF8.self)
        #expect(text.hasPrefix("// Made up for github-tui --demo"))
        #expect(try await client.readme(ownerLogin: "sferik", repository: "backup")?.contains("this README is generated") == true)
    }

    @Test("A repository whose issues are all generated counts them on its Overview as GitHub's open_issues_count does: open issues and pull requests")
    func openCountsAgree() async throws {
        let client = try client()
        for name in ["backup", "backbone-todo", "410_in_140"] {
            let listed = try await client.repositories(ownerLogin: "sferik").items.first { $0.name == name }
            let repository = try await client.repository(ownerLogin: "sferik", name: name)
            let issues = try await client.issues(ownerLogin: "sferik", repository: name, state: .open, perPage: 100).items
            let pulls = try await client.pullRequests(ownerLogin: "sferik", repository: name, state: .open, perPage: 100).items
            let open = issues.filter { !$0.isPullRequest }.count + pulls.count
            #expect(open > 0 && repository.openIssuesCount == open, "\(name): \(repository.openIssuesCount) said, \(open) listed")
            #expect(listed?.openIssuesCount == open, "\(name) in the owner's list")
        }
    }
}
