import MarkdownRendering
import Testing

/// A long document's head: cut where a block ends, never inside a fence, its links still links.
@Suite("Markdown: the head of a long document")
struct MarkdownHeadTests {
    static func paragraphs(_ count: Int) -> [String] {
        (0..<count).flatMap { ["Paragraph \($0) with a [link][ref].", ""] }
    }

    @Test func shortDocumentsHaveNoHead() {
        #expect(MarkdownDocument.head(of: Self.paragraphs(50), atLeast: 100) == nil)
        #expect(MarkdownDocument.head(of: [], atLeast: 10) == nil)
    }

    @Test func cutAtTheFirstBlankLineFromCountWithTheDefinitionsOfTheRest() throws {
        let lines = Self.paragraphs(500) + ["[ref]: https://example.com/", "  [^1]: a footnote"]
        let head = try #require(MarkdownDocument.head(of: lines, atLeast: 100))
        let kept = head.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(kept.prefix(100).map(String.init) == Array(lines.prefix(100)))
        #expect(head.hasSuffix("\n\n[ref]: https://example.com/\n\n  [^1]: a footnote"))
        let rendered = MarkdownDocument.render(markdown: head, width: 60, baseURL: "https://github.com/o/r/blob/main/")
        #expect(rendered.lines.first.map { $0.spans.map(\.text).joined() }?.contains("link[") == true, "the reference resolved: numbered")
    }

    @Test func neverInsideAFence() throws {
        // Inside the fence: a tilde line and an info-string line do not close it; the bare, longer one does.
        let lines = ["Intro", "", "```ruby", "", "", "~~~ not a close", "``` not bare either", "", "````", "after", ""]
            + Self.paragraphs(200)
        let head = try #require(MarkdownDocument.head(of: lines, atLeast: 3))
        #expect(head.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == Array(lines.prefix(10)))
        // A fence longer than four times the head: the whole is rendered at once.
        #expect(MarkdownDocument.head(of: ["```"] + Array(repeating: "", count: 100) + ["```"] + Self.paragraphs(200), atLeast: 10) == nil)
        #expect(MarkdownDocument.head(of: ["```"] + Array(repeating: "", count: 500), atLeast: 10) == nil, "a fence that never closes")
    }
}
