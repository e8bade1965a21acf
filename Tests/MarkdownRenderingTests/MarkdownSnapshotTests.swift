import Testing
import TerminalKit
@testable import MarkdownRendering

/// Lines as text, trailing spaces trimmed, with a ruler showing the width.
func plain(_ rendered: RenderedMarkdown, width: Int) -> String {
    var text = String(repeating: "·", count: width) + "\n"
    text += rendered.lines.map { line in
        var text = line.text
        while text.last == " " { text.removeLast() }
        return text
    }.joined(separator: "\n")
    return text + "\n"
}

@Suite("Markdown rendering: snapshots")
struct MarkdownSnapshotTests {
    static let base = "https://github.com/octo/tool/blob/main/"

    @Test("The README fixture at 40, 80 and 120 columns", arguments: [40, 80, 120])
    func readme(width: Int) throws {
        let rendered = MarkdownDocument.render(markdown: try fixture("README.md"), width: width, baseURL: Self.base)
        for line in rendered.lines { #expect(line.width <= width, "\(line.text)") }
        assertSnapshot(plain(rendered, width: width), named: "readme-\(width)")
    }
}
