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

/// Each line's text, then a line marking its attributes (b bold, u underline, r reverse, i italic, d dim).
func attributed(_ rendered: RenderedMarkdown, width: Int) -> String {
    var buffer = Buffer(width: width, height: rendered.lines.count)
    MarkdownView.draw(rendered.lines, into: &buffer, in: buffer.bounds, scrollOffset: 0)
    var text = ""
    for y in 0..<buffer.height {
        var marks = ""
        for x in 0..<buffer.width where !buffer[x, y].isContinuation {
            let attributes = buffer[x, y].style.attributes
            let mark = attributes.contains(.reverse) ? "r" : attributes.contains(.underline) ? "u"
                : attributes.contains(.bold) ? "b" : attributes.contains(.italic) ? "i" : attributes.contains(.dim) ? "d" : " "
            marks += String(repeating: mark, count: max(1, Int(buffer[x, y].width)))
        }
        var line = buffer.line(y)
        while line.last == " " { line.removeLast() }
        while marks.last == " " { marks.removeLast() }
        text += line + "\n" + (marks.isEmpty ? "" : marks + "\n")
    }
    return text
}

extension MarkdownSnapshotTests {
    @Test("Under NO_COLOR (the monochrome theme) every construct stays distinct by its attributes")
    func monochromeAttributes() throws {
        let rendered = MarkdownDocument.render(markdown: try fixture("README.md"), width: 80, baseURL: Self.base, theme: .monochrome)
        for line in rendered.lines {
            #expect(line.spans.allSatisfy { $0.style.foreground == nil && $0.style.background == nil })
        }
        assertSnapshot(attributed(rendered, width: 80), named: "readme-80-monochrome")
    }
}
