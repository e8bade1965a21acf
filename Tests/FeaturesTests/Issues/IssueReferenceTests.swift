import GitHubAPI
import Testing
import MarkdownRendering
@testable import Features

/// The link classifier's issue and pull request kinds: `#N`, `o/r#N`, issue and pull request URLs.
@Suite("Issue references")
struct IssueReferenceTests {
    @Test("issue and pull request pages on GitHub's host")
    func links() {
        #expect(IssueReference.link("https://github.com/sferik/rails_admin/issues/2746")
                == IssueReference(owner: "sferik", name: "rails_admin", number: 2746, isPullRequest: false))
        #expect(IssueReference.link("https://github.com/octokit/octokit.rb/pull/67")
                == IssueReference(owner: "octokit", name: "octokit.rb", number: 67, isPullRequest: true))
        #expect(IssueReference.link("https://www.github.com/o/r/pull/67/files")?.number == 67)
        #expect(IssueReference.link("https://github.com/o/r/issues/5/")?.number == 5)
        #expect(IssueReference.link("https://github.com/o/r/issues/5#issuecomment-1")?.number == 5)
        #expect(IssueReference.link("https://github.com/o/r/pull/5?diff=split")?.number == 5)
        #expect(IssueReference.link("https://ghe.example.com/o/r/issues/5", host: GitHubHost("ghe.example.com")!)?.number == 5)
    }

    @Test("everything else is not an issue: other hosts, pages, numbers, names, schemes, control characters")
    func notIssues() {
        for link in ["https://gitlab.com/o/r/issues/5", "https://github.com/o/r/issues", "https://github.com/o/r/issues/new",
                     "https://github.com/o/r/issues/0", "https://github.com/o/r/issues/-1", "https://github.com/o/r/issues/99999999999",
                     "https://github.com/o/r/issues/5/edit", "https://github.com/o/r/pull/5/merge", "https://github.com/o/r/commit/abc",
                     "https://github.com/orgs/r/issues/5", "https://github.com/-bad/r/issues/5", "https://github.com/o/r r/issues/5",
                     "https://github.com:8443/o/r/issues/5", "javascript:alert(1)", "https://github.com/o/r/issues/5\u{1B}[2J",
                     "https://github.com/o//issues/5", "ftp://github.com/o/r/issues/5", "https://github.com/o/r/issues/１２"] {
            #expect(IssueReference.link(link) == nil, "\(link)")
        }
    }

    @Test("#N of the repository shown, o/r#N of another, each as a whole text")
    func texts() {
        #expect(IssueReference.text("#123", owner: "sferik", name: "rails_admin")
                == IssueReference(owner: "sferik", name: "rails_admin", number: 123, isPullRequest: nil))
        #expect(IssueReference.text("octokit/octokit.rb#25", owner: "x", name: "y")
                == IssueReference(owner: "octokit", name: "octokit.rb", number: 25, isPullRequest: nil))
        for text in ["#", "#0", "#12a", "a/b/c#1", "#-1", "bad name/r#1", "o/r#", "12", "#99999999999"] {
            #expect(IssueReference.text(text, owner: "o", name: "r") == nil, "\(text)")
        }
    }

    @Test("the references written in a text, each once, not inside words")
    func inText() {
        let text = "Fixes #12, see octokit/octokit.rb#25 and #12 again. C# and a#3 and #4x are not; (#7)."
        #expect(IssueReference.all(in: text, owner: "o", name: "r").map { "\($0.owner)/\($0.name)#\($0.number)" }
                == ["o/r#12", "octokit/octokit.rb#25", "o/r#7"])
        #expect(IssueReference.all(in: String(repeating: "#1 #2 ", count: 10_000), owner: "o", name: "r").count == 2)
    }

    @Test("an issue's page")
    func webPage() {
        #expect(IssueReference(owner: "o", name: "r", number: 5, isPullRequest: true).webPage() == "https://github.com/o/r/pull/5")
        #expect(IssueReference(owner: "o", name: "r", number: 5).webPage() == "https://github.com/o/r/issues/5")
    }
}

@Suite("Issue references as links in Markdown")
struct IssueReferenceMarkdownTests {
    let links = IssueReference.markdownLinks(owner: "o", name: "r", host: .dotCom)

    @Test("where references are written: ranges of the text, every occurrence, combining marks and words excluded")
    func occurrences() {
        let text = "é #1, x/y#22 and #1; a#3, #4\u{301}, #5"
        let found = IssueReference.occurrences(in: text, owner: "o", name: "r")
        #expect(found.map { String(Substring(text.unicodeScalars[$0.range])) } == ["#1", "x/y#22", "#1", "#5"])
        #expect(found.map(\.reference.number) == [1, 22, 1, 5])
        #expect(IssueReference.occurrences(in: String(repeating: "#1 ", count: 5_000), owner: "o", name: "r").count == 1_000)
    }

    @Test("#N and o/r#N in a README become numbered links to the issues' pages; code and links stay as written")
    func rendered() {
        let markdown = "Fixed in #12 (see octocat/hello-world#3), not `#13`.\n\n    #14\n\n[#15](https://example.com) C# a#1"
        let rendered = MarkdownDocument.render(markdown: markdown, width: 80, textLinks: links)
        #expect(rendered.links.map(\.url) == ["https://github.com/o/r/issues/12", "https://github.com/octocat/hello-world/issues/3",
                                              "https://example.com"])
        #expect(rendered.lines[0].text.hasPrefix("Fixed in #12[1] (see octocat/hello-world#3[2]), not #13."))
        #expect(rendered.links.allSatisfy { $0.url == "https://example.com" || IssueReference.link($0.url) != nil })
    }

    @Test("hostile text: escapes, huge numbers, long runs of # render bounded and never link what is not a reference")
    func hostile() {
        let markdown = "#1\u{1B}[2J #99999999999 #0 " + String(repeating: "#", count: 50_000) + "1 " + String(repeating: "a/", count: 10_000) + "#2"
        let rendered = MarkdownDocument.render(markdown: markdown, width: 80, textLinks: links)
        #expect(rendered.links.map(\.url) == ["https://github.com/o/r/issues/1"])
        #expect(!rendered.lines.contains { $0.text.unicodeScalars.contains { $0.value == 0x1B } })
    }
}
