import Testing
import TerminalKit

@Suite("Sanitizer.LineStream: another program's output on its way to the terminal")
struct SanitizerLineStreamTests {
    func filtered(_ chunks: [[UInt8]], limit: Int = 4096) -> String {
        var stream = Sanitizer.LineStream(limit: limit)
        var output: [UInt8] = []
        for chunk in chunks { output += stream.feed(chunk) }
        output += stream.finish()
        return String(decoding: output, as: UTF8.self)
    }

    @Test("Line ends and progress returns are kept; ESC, BEL, C1 and bidi controls go, in whichever chunks they come")
    func controls() {
        let text = Array("Cloning into 'x\u{1B}]0;owned\u{07}'...\nReceiving 50%\rReceiving 100%\r\nremote: \u{9B}2J\u{202E}gnp.exe\ttab\n".utf8)
        let expected = "Cloning into 'x]0;owned'...\nReceiving 50%\rReceiving 100%\r\nremote: 2Jgnp.exe tab\n"
        #expect(filtered([text]) == expected)
        // Byte by byte: a sequence or a character split across reads is still removed or kept whole.
        #expect(filtered(text.map { [$0] }) == expected)
        for cut in 1..<text.count {
            #expect(filtered([Array(text[..<cut]), Array(text[cut...])]) == expected, "cut at \(cut)")
        }
    }

    @Test("A long line without an end goes out at the limit, never splitting a character; the rest at the end")
    func longLine() {
        let text = Array(String(repeating: "é", count: 10).utf8) + [0x1B]
        let output = filtered([text], limit: 5)
        #expect(output == String(repeating: "é", count: 10))
    }

    @Test("Random bytes: the output never holds a control character other than \\n and \\r")
    func random() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let output = filtered([bytes], limit: 64)
            #expect(output.unicodeScalars.allSatisfy { $0 == "\n" || $0 == "\r" || Sanitizer.isAllowed($0) })
        }
    }
}
