import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// The issue view's rendering: a recorded issue with its recorded comments, a recorded pull request
/// with its files and commit through the commit view's diff, and a hostile 10,000-comment thread.
@Suite("Issue detail rendering")
struct IssueDetailRenderingTests {
    static let now = Date(timeIntervalSince1970: 1_477_180_000)

    static func text(_ rendered: RenderedIssue, width: Int) -> String {
        var buffer = Buffer(width: width, height: max(1, rendered.lines.count))
        MarkdownView.draw(rendered.lines, into: &buffer, in: Rect(x: 0, y: 0, width: width, height: rendered.lines.count), scrollOffset: 0)
        return buffer.snapshot()
    }

    @Test("a recorded issue with labels, assignees, reactions and its recorded comments, at 80 columns")
    func recordedIssue() throws {
        var issue = try JSONDecoder().decode([GitHubEntities.Issue].self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminIssues))[0]
        issue.labels = [IssueLabel(name: "bug", color: "d73a4a"), IssueLabel(name: "needs test", color: "006b75")]
        issue.assignees = ["mshibuya"]
        issue.milestone = "1.0"
        issue.reactions = Reactions(counts: ["+1": 3, "heart": 1])
        let comments = try JSONDecoder().decode([IssueComment].self, from: Fixtures.recordedBody(Fixtures.Name.issueComments))
        let rendered = IssueDetailRenderer.render(IssueThread(issue: issue, comments: comments), width: 80, now: Self.now,
                                                  labelsInColour: true)
        #expect(rendered.lines.allSatisfy { $0.width <= 80 })
        #expect(rendered.commentStarts.count == 3)
        let text = Self.text(rendered, width: 80)
        assertScreenSnapshot(text, named: "issue-detail-80")
        #expect(text.contains("#2746 including Mongoid::Autoinc"))
        #expect(text.contains("Open nengine opened 2 d ago"))
        #expect(text.contains("+1 3 · heart 1"))
        #expect(text.contains("── catsby · 2011-05-18 02:29 UTC"))
        // The body went through cmark-gfm: the code fence is drawn, not its backticks.
        #expect(!text.contains("```"))
        #expect(text.contains("include Mongoid::Autoinc"))
        // The labels are drawn on their own colours.
        let label = try #require(rendered.lines.flatMap(\.spans).first { $0.text == " bug " })
        #expect(label.style.backgroundRGB == RGB(hex: 0xD73A4A))
    }

    @Test("a recorded pull request: base ← head, merge state, size, its commit and its diff through the commit view's renderer")
    func recordedPullRequest() throws {
        var pull = try JSONDecoder().decode(PullRequest.self, from: Fixtures.recordedBody(Fixtures.Name.pullRequest))
        pull.mergeable = false
        let files = try JSONDecoder().decode([PullRequestFile].self, from: Fixtures.interactions(Fixtures.Name.pull67)[0].body).map(\.file)
        let commits = try JSONDecoder().decode([Commit].self, from: Fixtures.interactions(Fixtures.Name.pull67)[2].body)
        let changes = PullRequestChanges(files: .success(PullRequestFileList(files: files)), commits: .success(commits),
                                         reviews: .success([]), checks: nil)
        let thread = IssueThread(issue: pull.issue, pull: pull, changes: changes)
        let rendered = IssueDetailRenderer.render(thread, width: 80, now: Self.now, labelsInColour: true)
        let text = Self.text(rendered, width: 80)
        assertScreenSnapshot(text, named: "pull-detail-80")
        #expect(text.contains("master ← <GITHUB_LOGIN>:branch-for-pr · has conflicts"))
        #expect(text.contains("1 commit · 1 file · +1 −0"))
        #expect(text.contains("2097821  Added new paramater for github_url"))
        #expect(rendered.fileStarts.count == 3)
        // The same diff lines the commit view draws for these files.
        let diff = CommitDetailRenderer.files(files, width: 80)
        #expect(Array(rendered.lines.suffix(diff.lines.count)) == diff.lines)
        #expect(rendered.lines[rendered.fileStarts[0]] == diff.lines[diff.fileStarts[0]])
    }

    @Test("a hostile issue is drawn harmlessly and in bounded time: escapes everywhere, a colour that is not hex, 10,000 comments")
    func hostile() {
        let issue = GitHubEntities.Issue(
            number: 1, title: "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mred\u{202E} title", author: "\u{1B}[5mevil",
            labels: [IssueLabel(name: "\u{1B}[41mx", color: "41m;\u{1B}"), IssueLabel(name: String(repeating: "y", count: 5_000), color: "00ff00")],
            assignees: ["\u{1B}[1ma"], milestone: "\u{1B}]52;c;AAAA\u{07}", commentCount: 10_000,
            body: "# \u{1B}[31mheading\n\n" + String(repeating: "text \u{9B}31m ", count: 1_000))
        let comments = (1...10_000).map { n in
            IssueComment(id: Int64(n), author: "user\(n)\u{1B}[0m", body: "comment \(n) \u{1B}[2J\n\n```\n\u{1B}]0;x\u{07}code\n```",
                         createdAt: Self.now)
        }
        let clock = ContinuousClock()
        var rendered: RenderedIssue?
        let elapsed = clock.measure {
            rendered = IssueDetailRenderer.render(IssueThread(issue: issue, comments: comments), width: 100, now: Self.now,
                                                  labelsInColour: true)
        }
        guard let rendered else { Issue.record("nothing rendered"); return }
        #expect(elapsed < .seconds(10))
        #expect(rendered.lines.count <= IssueDetailRenderer.maximumLines + 10_000)
        #expect(rendered.commentStarts.count + rendered.commentsLeftOut == 10_000)
        for line in rendered.lines {
            #expect(line.width <= 100)
            #expect(line.text.unicodeScalars.allSatisfy(Sanitizer.isAllowed))
        }
        #expect(rendered.lines.flatMap(\.spans).allSatisfy { $0.style.backgroundRGB == nil || $0.style.backgroundRGB == RGB(hex: 0x00FF00) })
    }
}
