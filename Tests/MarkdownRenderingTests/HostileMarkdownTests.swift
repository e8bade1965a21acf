import Testing
import TerminalKit
@testable import MarkdownRendering

/// Whether a string holds anything the terminal would interpret (C0/C1 controls, DEL, bidi overrides).
private func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { !Sanitizer.isAllowed($0) }
}

private func allText(_ rendered: RenderedMarkdown) -> [String] {
    rendered.lines.flatMap { $0.spans.map(\.text) } + rendered.links.flatMap { [$0.url, $0.title ?? ""] }
}

@Suite("Markdown rendering: hostile input")
struct HostileMarkdownTests {
    @Test("Escape sequences in code spans, code blocks, text, link titles and HTML come out sanitized")
    func escapes() {
        let esc = "\u{1B}"
        let markdown = """
        Text \(esc)[2J and `code \(esc)[31mred\(esc)]0;title\u{07}` and \u{9B}31m C1.

        [link](https://x.io/\(esc)[2J "title \(esc)]52;c;cHduZWQ=\u{07} \u{202E}gnp.exe")

        ```
        \(esc)[2J\(esc)]8;;https://evil\(esc)\\click\(esc)]8;;\(esc)\\
        ```

        <b title="\(esc)[5m">\(esc)[5mblink</b>

        | \(esc)[1m | b |
        |---|---|
        | `\(esc)c` | \(esc)P |
        """
        let rendered = MarkdownDocument.render(markdown: markdown, width: 60, baseURL: "https://github.com/o/r/blob/main/")
        for text in allText(rendered) { #expect(!hasControls(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })") }
        #expect(rendered.links.first?.title == "title ]52;c;cHduZWQ= gnp.exe")
        #expect(rendered.lines[0].text.contains("code [31mred]0;title"))
    }

    @Test("A 10,000-item list renders one line per item (and nothing unbounded)")
    func longList() {
        let markdown = (1...10_000).map { "- item \($0)" }.joined(separator: "\n")
        let rendered = MarkdownDocument.render(markdown: markdown, width: 40)
        #expect(rendered.lines.count == 10_000)
        #expect(rendered.lines.last?.text == "• item 10000")
        #expect(!rendered.isTruncated)
    }

    @Test("1,000 nested quotes render with indentation capped at 8 levels")
    func deepQuotes() {
        let markdown = String(repeating: "> ", count: 1_000) + "deep"
        let rendered = MarkdownDocument.render(markdown: markdown, width: 40)
        #expect(rendered.lines.count == 1)
        #expect(rendered.lines[0].text == String(repeating: "│ ", count: 8) + "deep")
    }

    @Test("1,000 nested lists and emphasis stay within the width and a bounded number of lines")
    func deepLists() {
        let nested = (0..<1_000).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n")
        let emphasis = String(repeating: "*a **b ", count: 2_000) + String(repeating: "** c*", count: 2_000)
        let links = String(repeating: "[", count: 5_000) + "x" + String(repeating: "](y)", count: 5_000)
        for markdown in [nested, emphasis, links] {
            let rendered = MarkdownDocument.render(markdown: markdown, width: 30, baseURL: "https://g.io/")
            #expect(rendered.lines.count <= 20_000)
            for line in rendered.lines { #expect(line.width <= 30) }
        }
    }

    @Test("Input past the limit is cut and the result says so; output lines are capped")
    func limits() {
        let big = String(repeating: "word ", count: MarkdownDocument.maximumInputBytes / 5 + 100)
        let rendered = MarkdownDocument.render(markdown: big, width: 20)
        #expect(rendered.isTruncated)
        #expect(rendered.lines.count <= MarkdownDocument.maximumLines + 1)
        #expect(rendered.lines.last?.text.hasPrefix("… (too long") == true)
    }

    @Test("Malformed HTML, unclosed comments and NUL bytes neither crash nor leak markup")
    func malformed() {
        let inputs = [
            "<a href='x" + String(repeating: "<a x='", count: 5_000),
            "<div>\n<!-- never closed\n" + String(repeating: "text ", count: 100),
            "a\u{0}b <img alt=\"\u{0}\" src=\"\u{0}\">",
            "<![CDATA[ x ]]> <? php ?> <!DOCTYPE html>",
            String(repeating: "<b>", count: 3_000) + "x" + String(repeating: "</i>", count: 3_000),
            "&#0; &#xFFFFFFFF; &#55296; &#x;",
        ]
        for input in inputs {
            let rendered = MarkdownDocument.render(markdown: input, width: 50)
            for text in allText(rendered) { #expect(!hasControls(text)) }
            for line in rendered.lines { #expect(line.width <= 50) }
        }
    }
}

@Suite("Markdown rendering: fuzzing findings")
struct MarkdownFuzzFindingTests {
    @Test("At one column the link list (and everything else) stays one column wide")
    func linksAtOneColumn() {
        let markdown = "> > [a](https://x.io) <img src=\"d.png\">\n\n- [ ] ![b](c.png)"
        for width in 1...6 {
            let rendered = MarkdownDocument.render(markdown: markdown, width: width, baseURL: "https://g.io/")
            #expect(!rendered.links.isEmpty)
            for line in rendered.lines { #expect(line.width <= width, "width \(width): \(line.text)") }
        }
    }
}
