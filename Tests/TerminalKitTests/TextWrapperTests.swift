import Testing
@testable import TerminalKit

@Suite("Text wrapping")
struct TextWrapperTests {
    /// The wrapping as it was written before (quadratic in a long word: it copied and measured the
    /// rest of the word for every line), kept as the reference of what the lines must be.
    static func reference(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var wordWidth = word.displayWidth
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > width {
                    var head = ""
                    var headWidth = 0
                    var rest = Substring(word)
                    while let c = rest.first, headWidth + DisplayWidth.of(c) <= width {
                        head.append(c)
                        headWidth += DisplayWidth.of(c)
                        rest = rest.dropFirst()
                    }
                    if head.isEmpty { rest = rest.dropFirst() } else { lines.append(head) }
                    word = String(rest)
                    wordWidth = word.displayWidth
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    /// A small deterministic generator (no dependence on the system's random numbers).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test("the lines are those of the former wrapping, for text of every kind and every width")
    func agreesWithReference() {
        let pieces = ["a", "bc", "word", " ", "  ", "\n", "日", "本語", "🚀", "e\u{301}", "\u{301}", "👨‍👩‍👧",
                      "ｘ", "\u{1}", "\r\n", "🇩🇪", "한", "\u{200B}", "x\u{0308}\u{0301}", "é", "-"]
        var generator = Generator(state: 23)
        for round in 0..<600 {
            var text = ""
            for _ in 0..<generator.next(40) { text += pieces[generator.next(pieces.count)] }
            let width = 1 + round % 12
            let wrapped = TextWrapper.wrap(text, width: width, maxLines: .max)
            #expect(wrapped == Self.reference(text, width: width), "\(Array(text.unicodeScalars)) at \(width)")
        }
    }

    @Test("a word of 4 MB without spaces is wrapped in linear time (the former wrapping took minutes)")
    func longWordIsLinear() {
        let clock = ContinuousClock()
        let ascii = String(repeating: "abcdefgh", count: 512 * 1024)
        var lines: [String] = []
        let asciiTime = clock.measure { lines = TextWrapper.wrap(ascii, width: 80, maxLines: .max) }
        #expect(lines.count == (ascii.utf8.count + 79) / 80)
        #expect(lines.dropLast().allSatisfy { $0.utf8.count == 80 })
        #expect(lines.joined() == ascii)
        // Not ASCII: every character measured as a cluster (900 KB of CJK, two columns each; the
        // former wrapping copied and measured ~1.1 billion characters for it).
        let wide = String(repeating: "日本語", count: 100_000)
        let wideTime = clock.measure { lines = TextWrapper.wrap(wide, width: 81, maxLines: .max) }
        #expect(lines.count == 300_000 / 40)
        #expect(lines.allSatisfy { $0.displayWidth == 80 })
        // Generous for a debug build on a loaded machine: the quadratic wrapping needed minutes.
        #expect(asciiTime < .seconds(10), "\(asciiTime)")
        #expect(wideTime < .seconds(10), "\(wideTime)")
    }

    @Test("only so many lines are laid out: a 10 MB text gives the limit, the last ending with …")
    func lineLimit() {
        let huge = String(repeating: "0123456789", count: 1024 * 1024)
        let lines = huge.wrapped(toWidth: 80)
        #expect(lines.count == String.wrapLineLimit)
        #expect(lines.last == String(String(repeating: "0123456789", count: 8).dropLast()) + "…")
        #expect(lines.dropLast().allSatisfy { $0.utf8.count == 80 })
        #expect("a b c d".wrapped(toWidth: 1, maxLines: 2) == ["a", "…"])
        #expect("a b c d e".wrapped(toWidth: 3, maxLines: 2) == ["a b", "c …"])
        #expect("a b\nc d".wrapped(toWidth: 3, maxLines: 2) == ["a b", "c d"])   // exactly the limit: whole
        #expect("a b".wrapped(toWidth: 5, maxLines: 0) == [])
    }

    @Test("a long text is laid out once per width: a copy made afresh finds the lines remembered")
    func memo() {
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 400)
        let first = text.wrapped(toWidth: 30)
        let copy = String(decoding: Array(text.utf8), as: UTF8.self)       // other storage, same bytes
        #expect(WrapMemo.lines(of: copy, width: 30, maxLines: String.wrapLineLimit) == first)
        #expect(copy.wrapped(toWidth: 30) == first)
        #expect(text.wrapped(toWidth: 31) == TextWrapper.wrap(text, width: 31, maxLines: String.wrapLineLimit))
        #expect(WrapMemo.lines(of: text + "x", width: 30, maxLines: String.wrapLineLimit) == nil)
        #expect(WrapMemo.lines(of: "short", width: 30, maxLines: String.wrapLineLimit) == nil)
    }
}
