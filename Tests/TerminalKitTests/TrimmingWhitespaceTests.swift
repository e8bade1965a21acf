import Testing
import TerminalKit

@Suite("Trimming white space at the ends")
struct TrimmingWhitespaceTests {
    @Test("Ends trimmed as Foundation trims white space and line breaks; inside kept")
    func trims() {
        #expect("  a b \n".trimmingWhitespace == "a b")
        #expect("\t\r\n x\u{00A0}".trimmingWhitespace == "x")
        #expect("日本 語".trimmingWhitespace == "日本 語")
        #expect(" \n\t ".trimmingWhitespace == "")
        #expect("".trimmingWhitespace == "")
        #expect(" 👨‍👩‍👧 ".trimmingWhitespace == "👨‍👩‍👧")
    }

    @Test("A long text with nothing to trim is returned as it is; with ends to trim, once")
    func longText() {
        let long = String(repeating: "x", count: 1_000_000)
        #expect(long.trimmingWhitespace.utf8.count == 1_000_000)
        #expect((" " + long + "\n").trimmingWhitespace == long)
    }
}
