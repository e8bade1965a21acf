import Testing
import TerminalKit
@testable import MarkdownRendering

/// A fence's info string as GitHub gets it from anyone's README: its first word is the label of the
/// code block's box, words are split at any white space, and an info string with no visible word
/// gives no label (and never stops the app).
@Suite("Markdown rendering: code fence info strings")
struct CodeFenceInfoTests {
    private func topLine(_ info: String, width: Int = 24) -> String {
        let rendered = MarkdownDocument.render(markdown: "```\(info)\ncode\n```", width: width)
        return rendered.lines.first?.text ?? ""
    }

    /// White space other than ASCII spaces (cmark trims only those), and the zero-width space: each
    /// separates words.
    static let separators: [String] = [
        "\u{2028}", "\u{2029}", "\u{0085}", "\u{00A0}", "\u{200B}", "\u{3000}", "\u{1680}", "\u{2000}",
        "\u{200A}", "\u{202F}", "\u{205F}", "\u{000B}", "\u{000C}",
    ]
    /// Characters that draw nothing (bidi controls are removed, joiners have no width): not a label.
    static let invisible: [String] = ["\u{202E}", "\u{2066}", "\u{200E}", "\u{061C}", "\u{200D}", "\u{FEFF}"]

    @Test("An info string that is only separators or invisible characters draws a box with no label",
          arguments: separators + invisible)
    func noVisibleWord(character: String) {
        for info in [character, character + character, " " + character + " ", character + "\u{2028}\u{00A0}"] {
            #expect(topLine(info) == "┌──────┐", "info \(info.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("The label is the first word, whatever white space follows or precedes it", arguments: separators)
    func firstWord(separator: String) {
        #expect(topLine("swift" + separator + "title=x") == "┌─ swift ─┐")
        #expect(topLine(separator + "swift" + separator + separator + "x") == "┌─ swift ─┐")
    }

    @Test("Controls inside the first word are removed from the label, not taken as its end")
    func controlsInWord() {
        #expect(topLine("ru\u{202E}by\u{2028}x") == "┌─ ruby ─┐")
        #expect(topLine("\u{202E}\u{2028}swift") == "┌──────┐", "the first word draws nothing: no label")
    }

    @Test("The label is cut to the box at every width, and a box too narrow for it has none")
    func narrow() {
        for width in 1...14 {
            for info in ["\u{2028}", "averyverylonglanguage", "\u{00A0}x", "x\u{2029}"] {
                let rendered = MarkdownDocument.render(markdown: "```\(info)\nlet x = 1\n```", width: width)
                for line in rendered.lines { #expect(line.width <= width, "width \(width): \(line.text)") }
            }
        }
        #expect(topLine("swift", width: 6) == "┌────┐")
    }

    @Test("A separator-only info string inside a quoted list item renders, every line with its prefix")
    func nested() {
        let rendered = MarkdownDocument.render(markdown: "> - item\n>\n>   ```\u{2028}\n>   a\n>   b\n>   ```", width: 20)
        #expect(rendered.lines.map(\.text) == [
            "│ • item", "│", "│   ┌───┐", "│   │ a │", "│   │ b │", "│   └───┘",
        ])
    }
}
