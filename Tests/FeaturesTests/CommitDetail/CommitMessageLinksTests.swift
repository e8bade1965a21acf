import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// Links in a commit message: `#N`, `o/r#N` and web addresses found in the plain text, numbered and
/// marked as a README's are, and followed from the commit view (this repository's issue in its tab,
/// Esc back to the commit; anything else in the browser).
@Suite("Commit messages: links")
@MainActor
struct CommitMessageLinksTests {
    static let context = CommitMessageLinks.Context(owner: "octocat", name: "github-tui", host: .dotCom)

    @Test("#N, o/r#N and addresses are found in order, addresses without the sentence's punctuation, not a#1 or C#")
    func find() {
        let text = "Fix crash (#12), see rails/rails#3 and https://github.com/o/r/pull/4. Not a#1, C# or xhttps://x.y; (https://example.com/a_b)"
        let found = CommitMessageLinks.find(in: text, context: Self.context)
        #expect(found.map { String(text[$0.range]) } == ["#12", "rails/rails#3", "https://github.com/o/r/pull/4", "https://example.com/a_b"])
        #expect(found.map(\.url) == ["https://github.com/octocat/github-tui/issues/12", "https://github.com/rails/rails/issues/3",
                                     "https://github.com/o/r/pull/4", "https://example.com/a_b"])
        // A reference inside an address is the address's.
        #expect(CommitMessageLinks.find(in: "https://github.com/o/r/issues/1#issuecomment-2", context: Self.context).count == 1)
    }

    @Test("the message drawn with [n] after each link, one number per address, wrapped within the width; the links listed after it")
    func rendered() {
        let detail = CommitDetail(sha: "c000aaaaaaa", message: "Fix #12 again\n\nSee #12 and https://example.com/page for why it broke.",
                                  author: .init(name: "Ann"), committer: .init(name: "Ann"))
        let rendered = CommitDetailRenderer.render(detail, width: 40, now: DetailSample.now, links: Self.context)
        #expect(rendered.links == ["https://github.com/octocat/github-tui/issues/12", "https://example.com/page"])
        let text = rendered.lines.map(\.text)
        #expect(text.contains("    Fix #12[1] again"))
        #expect(text.contains { $0.contains("See #12[1] and") })
        #expect(text.contains { $0.contains("https://example.com/page[2]") })
        #expect(text.contains("[2] https://example.com/page"))
        #expect(rendered.lines.allSatisfy { $0.width <= 40 })
        let marks = rendered.lines.flatMap(\.spans).filter { $0.link == 1 }.map(\.text)
        #expect(marks.prefix(5) == ["#12", "[1]", "#12", "[1]", "[1]"])
        #expect(marks.dropFirst(5).joined() == "https://github.com/octocat/github-tui/issues/12", "the address wrapped, whole")
        // Without a context (tests of the diff, the snapshots) the message is as it was.
        #expect(CommitDetailRenderer.render(detail, width: 40, now: DetailSample.now).links.isEmpty)
    }

    @Test("in the commit view: Tab selects the message's link, Enter opens this repository's issue in its tab, Esc comes back to the commit; an address goes to the browser")
    func followFromCommit() async throws {
        let h = RepoDetailPresenterTests.Harness(executables: ["/usr/bin/xdg-open"], height: 12)
        var detail = HistorySample.detail
        detail.message = "Fix #7\n\nSee https://example.com/why"
        h.service.script.withLock {
            $0.historyPages = [HistorySample.commits(0..<3)]
            $0.commitDetails = [detail.sha: detail]
        }
        h.presenter.viewDidLoad()
        h.presenter.didSelectTab(RepoTab.commits.rawValue)
        await h.presenter.pageTask?.value
        h.dispatcher.runPending()
        h.presenter.handle(.confirm)
        await h.presenter.commitTask?.value
        h.dispatcher.runPending()
        #expect(h.text.contains("    Fix #7[1]"))
        h.presenter.handle(.nextLink)
        #expect(h.state.status == "[1] https://github.com/octocat/github-tui/issues/7 — Enter follows it")
        h.presenter.handle(.confirm)
        #expect(h.presenter.tab == .issues)
        #expect(h.state.title == "octocat/github-tui · Issues · #7")
        h.presenter.handle(.close)
        #expect(h.presenter.tab == .commits)
        #expect(h.state.title == "octocat/github-tui · Commits · c000aaa")
        h.presenter.handle(.choose(2))
        h.presenter.handle(.confirm)
        await h.finishOpen()
        #expect(h.opener.commands.last?.last == "https://example.com/why")
    }
}
