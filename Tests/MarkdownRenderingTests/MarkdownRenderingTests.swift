import Testing
import TerminalKit
@testable import MarkdownRendering

private let theme = MarkdownTheme.standard

private func render(_ markdown: String, width: Int = 40, base: String? = "https://github.com/o/r/blob/main/") -> RenderedMarkdown {
    MarkdownDocument.render(markdown: markdown, width: width, baseURL: base)
}

private func texts(_ rendered: RenderedMarkdown) -> [String] {
    rendered.lines.map { line in
        var text = line.text
        while text.last == " " { text.removeLast() }
        return text
    }
}

@Suite("Markdown rendering: constructs and styles")
struct MarkdownConstructTests {
    @Test("Emphasis, strong, strikethrough and inline code are runs of their own styles")
    func inlineStyles() {
        let line = render("plain *em* **strong** ~~gone~~ `code`").lines[0]
        #expect(line.spans == [
            Span("plain ", style: theme.text),
            Span("em", style: theme.text.adding(.italic)),
            Span(" ", style: theme.text),
            Span("strong", style: theme.text.adding(.bold)),
            Span(" ", style: theme.text),
            Span("gone", style: theme.text.adding(.dim)),
            Span(" ", style: theme.text),
            Span("code", style: theme.code),
        ])
    }

    @Test("A link's text carries its number, followed by [n]; the list at the end names the URL")
    func linkRuns() {
        let rendered = render("see [the docs](https://example.com/docs \"Docs\") now")
        #expect(rendered.lines[0].spans == [
            Span("see ", style: theme.text),
            Span("the docs", style: theme.text.merging(theme.link), link: 1),
            Span("[1]", style: theme.linkNumber, link: 1),
            Span(" now", style: theme.text),
        ])
        #expect(rendered.links == [MarkdownLink(number: 1, url: "https://example.com/docs", title: "Docs")])
        #expect(texts(rendered).suffix(2) == ["Links", "[1] https://example.com/docs \"Docs\""])
        #expect(rendered.lines.indices.filter { rendered.lines[$0].spans.contains { $0.link == 1 } } == [0, 3])
    }

    @Test("Headings are bold; level 1 and 2 are underlined with a rule as wide as their text")
    func headings() {
        let rendered = render("# Title\n\n## Sub\n\n### Third\n\ntext")
        #expect(texts(rendered) == ["Title", "═════", "", "Sub", "───", "", "Third", "", "text"])
        #expect(rendered.lines[0].spans == [Span("Title", style: theme.heading)])
        #expect(rendered.lines[6].spans == [Span("Third", style: theme.heading)])
    }

    @Test("Block quotes draw a bar per level, blank lines inside keep the bars")
    func quotes() {
        #expect(texts(render("> one\n>\n> > two\n\nafter")) == ["│ one", "│", "│ │ two", "", "after"])
        #expect(render("> q").lines[0].spans[0] == Span("│ ", style: theme.quoteBar))
    }

    @Test("Lists: bullets by level, numbers from the start given, tight lists without blank lines, tasks")
    func lists() {
        let markdown = """
        - a
          - b
            - c
        - d

        3. three
        4. four

        - [ ] todo
        - [x] done
        """
        #expect(texts(render(markdown)) == [
            "• a", "  ◦ b", "    ▪ c", "• d", "", "3. three", "4. four", "", "• [ ] todo", "• [x] done",
        ])
    }

    @Test("Loose lists keep blank lines between items; continuation lines align with the text")
    func looseList() {
        #expect(texts(render("1) first item wraps here\n\n2) second", width: 14)) == [
            "1) first item", "   wraps here", "", "2) second",
        ])
    }

    @Test("Fenced code sits in a box with its language; long lines are cut with …, never wrapped")
    func codeBlock() {
        let rendered = render("```swift\nlet x = 1\nlet averyveryverylongname = 2\n```", width: 24)
        #expect(texts(rendered) == [
            "┌─ swift ──────────────┐",
            "│ let x = 1            │",
            "│ let averyveryverylo… │",
            "└──────────────────────┘",
        ])
        #expect(rendered.lines[1].spans[1].style == theme.codeBlock)
    }

    @Test("Tables fit the width: columns shrink, cells are cut with …, alignment is kept")
    func tables() {
        let markdown = "| a | long header |\n|--:|:--|\n| 1 | some long cell text |\n| 22 | x |"
        #expect(texts(render(markdown, width: 80)) == [
            "┌────┬─────────────────────┐",
            "│  a │ long header         │",
            "├────┼─────────────────────┤",
            "│  1 │ some long cell text │",
            "│ 22 │ x                   │",
            "└────┴─────────────────────┘",
        ])
        let narrow = render(markdown, width: 16)
        #expect(texts(narrow) == [
            "┌────┬─────────┐",
            "│  a │ long h… │",
            "├────┼─────────┤",
            "│  1 │ some l… │",
            "│ 22 │ x       │",
            "└────┴─────────┘",
        ])
        #expect(narrow.lines[1].spans.contains(Span("long h…", style: theme.tableHeader)))
    }

    @Test("A table with more columns than fit leaves the rightmost out and says so")
    func tooManyColumns() {
        let header = "|" + (1...20).map { "c\($0)" }.joined(separator: "|") + "|"
        let rule = "|" + String(repeating: "-|", count: 20)
        let lines = texts(render(header + "\n" + rule + "\n", width: 30))
        #expect(lines.allSatisfy { $0.displayWidth <= 30 })
        #expect(lines.last == "(16 more columns not shown)")
    }

    @Test("Thematic breaks span the width; soft breaks are spaces, hard breaks new lines")
    func breaks() {
        #expect(texts(render("a\nb\\\nc  \nd\n\n***", width: 10)) == ["a b", "c", "d", "", "──────────"])
    }

    @Test("Images show their alt text and are numbered unless inside a link; relative URLs resolve")
    func images() {
        let rendered = render("![logo](img/logo.png) [![badge](https://b.io/x.svg)](https://ci.io)")
        #expect(texts(rendered)[0] == "[image: logo][1] [image: badge][2]")
        #expect(rendered.links.map(\.url) == ["https://github.com/o/r/blob/main/img/logo.png", "https://ci.io"])
    }

    @Test("Identical URLs share a number; anchors, javascript: and relative links without a base get none")
    func linkNumbers() {
        let rendered = render("[a](https://x.io) [b](https://x.io) [c](#usage) [d](javascript:alert(1)) [e](docs/)", base: nil)
        #expect(texts(rendered)[0] == "a[1] b[1] c d e")
        #expect(rendered.links.count == 1)
    }

    @Test("Relative links: ./, ../ and / resolve inside the base; // gets https")
    func resolution() {
        let base = "https://github.com/o/r/blob/main/"
        #expect(LinkResolver.resolve("./docs/a.md#part", base: base) == base + "docs/a.md#part")
        #expect(LinkResolver.resolve("docs/../../../x.md?raw=1", base: base) == base + "x.md?raw=1")
        #expect(LinkResolver.resolve("/CONTRIBUTING.md", base: base) == base + "CONTRIBUTING.md")
        #expect(LinkResolver.resolve("docs/", base: base) == base + "docs/")
        #expect(LinkResolver.resolve("//cdn.example.com/a.png", base: base) == "https://cdn.example.com/a.png")
        #expect(LinkResolver.resolve("HTTPS://Example.com", base: nil) == "HTTPS://Example.com")
        #expect(LinkResolver.resolve("mailto:me@example.com", base: nil) == "mailto:me@example.com")
        #expect(LinkResolver.resolve("data:text/html,<b>", base: base) == nil)
        #expect(LinkResolver.resolve("  ", base: base) == nil)
    }

    @Test("Raw HTML is reduced to text: tags stripped, <br> breaks, comments dropped, entities decoded")
    func html() {
        let markdown = """
        <div align="center">
          <a href="https://site.io"><img src="logo.png" alt="Logo"></a><br>
          <b>Bold</b> &amp; <em>more</em> &copy; &#x1F600; &bogus;
          <!-- hidden -->
          <script>alert("x")</script><style>p { color: red }</style>
        </div>

        Inline <kbd>Ctrl</kbd>+<kbd>C</kbd>, a<br/>break and <span title="t">span</span><!-- no -->.
        """
        let rendered = render(markdown, width: 60)
        #expect(texts(rendered).prefix(5) == [
            "[image: Logo][1]",
            "Bold & more © 😀 &bogus;",
            "",
            "Inline Ctrl+C, a",
            "break and span.",
        ])
        let bold = rendered.lines[1].spans.first { $0.text == "Bold" }
        #expect(bold?.style == theme.text.adding(.bold))
        let key = rendered.lines[3].spans.first { $0.text == "Ctrl" }
        #expect(key?.style == theme.code)
    }

    @Test("HTML tables keep their cells apart; details show their summary; lists their bullets")
    func htmlStructures() {
        let markdown = """
        <table><tr><th>Name</th><th>Role</th></tr><tr><td>Ann</td><td>Lead</td></tr></table>
        <details><summary>More</summary>Hidden text</details>
        <ul><li>one</li><li>two</li></ul>
        """
        #expect(texts(render(markdown)) == ["Name Role", "Ann Lead", "▸ More", "Hidden text", "• one", "• two"])
    }

    @Test("Paragraphs wrap by display width: wide characters and emoji take two columns")
    func wideWrap() {
        let lines = texts(render("日本語のテキストはここで折り返す 🎉🎉🎉 end", width: 10))
        #expect(lines.allSatisfy { $0.displayWidth <= 10 })
        #expect(lines.first == "日本語のテ")
        #expect(lines.joined().contains("🎉🎉🎉"))
    }

    @Test("The monochrome theme uses attributes only")
    func monochrome() {
        let line = MarkdownDocument.render(markdown: "`x` [l](https://l.io)", width: 20, theme: .monochrome).lines[0]
        #expect(line.spans.allSatisfy { $0.style.foreground == nil && $0.style.background == nil })
        #expect(line.spans[0].style.attributes == .reverse)
    }

    @Test("Empty input renders nothing; a narrow width still renders inside the width")
    func edges() {
        #expect(render("").lines.isEmpty)
        let rendered = render("> - [ ] a task with words\n>   ```\n>   code here\n>   ```\n\n| a | b |\n|---|---|\n| 1 | 2 |", width: 3)
        for line in rendered.lines { #expect(line.width <= 8) }   // a floor of 8 columns for content under prefixes
        for width in 1...12 {
            for line in MarkdownDocument.render(markdown: "| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nxyz\n```\n\n---\n\n# Head", width: width).lines {
                #expect(line.width <= width, "width \(width): \(line.text)")
            }
        }
    }
}

@Suite("Markdown rendering: drawing into a buffer")
struct MarkdownViewTests {
    @Test("Lines are drawn from the scroll offset, clipped to the region, styles kept")
    func draw() {
        let rendered = render("# Title\n\nsome `code` here\n\nlast line", width: 12)
        var buffer = Buffer(width: 14, height: 4)
        buffer.write("xxxxxxxxxxxxxx", x: 0, y: 3)
        let offset = MarkdownView.draw(rendered.lines, into: &buffer, in: Rect(x: 1, y: 0, width: 12, height: 4), scrollOffset: 1)
        #expect(offset == 1)
        // Columns 0 and 13 are outside the region: the x drawn there before stays.
        #expect(buffer.snapshot() == " ═════\n\n some code\nxhere        x")
        #expect(buffer.attributeMask(.bold) == "\n\n      ^^^^\n")
    }

    @Test("The offset is clamped so the last line stays at the bottom; matches are highlighted")
    func clampAndHighlight() {
        let rendered = render("a\n\nb\n\nc", width: 5)
        var buffer = Buffer(width: 5, height: 2)
        let offset = MarkdownView.draw(rendered.lines, into: &buffer, in: buffer.bounds, scrollOffset: 99, highlighted: [4])
        #expect(offset == 3)
        #expect(buffer.snapshot() == "\nc")
        #expect(buffer.attributeMask(.reverse) == "\n^")
        #expect(MarkdownView.maximumScrollOffset(lineCount: 3, height: 10) == 0)
    }
}

@Suite("Markdown rendering: list edge cases")
struct MarkdownListEdgeTests {
    @Test("Footnotes: references show their number, definitions come last, numbered in reference order")
    func footnotes() {
        #expect(texts(render("A[^zeta] B[^alpha].\n\n[^alpha]: Alpha.\n[^zeta]: Zeta\n    goes on.")) == [
            "A[^1] B[^2].", "", "[^1] Zeta goes on.", "", "[^2] Alpha.",
        ])
    }

    @Test("An empty item still shows its marker; a list item starting with a list shows both markers")
    func emptyAndNested() {
        #expect(texts(render("-\n- b\n- - c")) == ["•", "• b", "• ◦ c"])
    }
}

@Suite("Markdown rendering: links found in plain text")
struct MarkdownTextLinkTests {
    /// Links every `marker` in a text to `https://example.com/N` (N counting from 1 in that text).
    static func linking(_ marker: String) -> MarkdownTextLinks {
        MarkdownTextLinks { text in
            var found: [MarkdownTextLinks.Found] = []
            var from = text.startIndex
            while let range = text.range(of: marker, range: from..<text.endIndex) {
                found.append(.init(range: range, url: "https://example.com/\(found.count + 1)"))
                from = range.upperBound
            }
            return found
        }
    }

    func render(_ markdown: String, _ links: MarkdownTextLinks) -> RenderedMarkdown {
        MarkdownDocument.render(markdown: markdown, width: 60, baseURL: "https://github.com/o/r/blob/main/", textLinks: links)
    }

    @Test("Found text is a numbered link like a written one; code spans, code blocks and links' texts are left alone")
    func numbered() {
        let rendered = render("see #12 and `#12`, [#12](https://x.org/a)\n\n```\n#12\n```\n\n*#12*", Self.linking("#12"))
        #expect(rendered.lines[0].spans == [
            Span("see ", style: theme.text),
            Span("#12", style: theme.text.merging(theme.link), link: 1),
            Span("[1]", style: theme.linkNumber, link: 1),
            Span(" and ", style: theme.text),
            Span("#12", style: theme.code),
            Span(", ", style: theme.text),
            Span("#12", style: theme.text.merging(theme.link), link: 2),
            Span("[2]", style: theme.linkNumber, link: 2),
        ])
        #expect(rendered.links.map(\.url) == ["https://example.com/1", "https://x.org/a"])
        #expect(texts(rendered).contains("#12[1]"), "emphasis: the same URL keeps its number")
        #expect(!texts(rendered).contains { $0.contains("#12[") && $0.contains("│") }, "not inside the code block")
        #expect(MarkdownDocument.render(markdown: "see #12", width: 60).links.isEmpty, "without textLinks nothing changes")
    }

    @Test("Text with the inline parser's special characters (`w`, `_`, an escape) is seen whole: cmark-gfm merges its text nodes")
    func wholeText() {
        let rendered = render("in my\\_org/hello-world#1 now", Self.linking("my_org/hello-world#1"))
        #expect(texts(rendered)[0] == "in my_org/hello-world#1[1] now")
        #expect(rendered.links.map(\.url) == ["https://example.com/1"])
    }

    @Test("Hostile finders and text: overlapping or out-of-order ranges are skipped, control characters sanitized")
    func hostile() {
        let overlapping = MarkdownTextLinks { text in
            let all = text.startIndex..<text.endIndex
            return [.init(range: all, url: "https://example.com/all"), .init(range: all, url: "https://example.com/again"),
                    .init(range: text.startIndex..<text.startIndex, url: "javascript:alert(1)")]
        }
        let rendered = render("a\u{1B}[2Jb", overlapping)
        #expect(texts(rendered)[0].hasPrefix("a") && texts(rendered)[0].hasSuffix("b[1]"))
        #expect(!texts(rendered)[0].unicodeScalars.contains { $0.value < 0x20 })
        #expect(rendered.links.map(\.url) == ["https://example.com/all"])
    }
}
