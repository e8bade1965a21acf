import Testing
@testable import TerminalKit

@Suite("Display width")
struct DisplayWidthTests {
    @Test("ASCII is one column a character")
    func ascii() {
        #expect("hello".displayWidth == 5)
        #expect("".displayWidth == 0)
    }

    @Test("CJK, Hangul and fullwidth forms take two columns")
    func wide() {
        #expect("日本語".displayWidth == 6)
        #expect("한국어".displayWidth == 6)
        #expect("ＡＢ".displayWidth == 4)
        #expect("中a文".displayWidth == 5)
    }

    @Test("Emoji with emoji presentation take two columns; ZWJ sequences and modifiers count once")
    func emoji() {
        #expect("🎉".displayWidth == 2)
        #expect("🚀✨".displayWidth == 4)
        #expect("👨‍👩‍👧".displayWidth == 2)
        #expect("👍🏽".displayWidth == 2)
        // Text-presentation base with VS16 is drawn without the selector: one column.
        #expect("❤️".displayWidth == 1)
        // Regional indicators are neutral width: a flag is drawn as its first letter.
        #expect("🇯🇵".displayWidth == 1)
    }

    @Test("Combining marks take no column of their own")
    func combining() {
        #expect("e\u{301}".displayWidth == 1)
        #expect("café".displayWidth == 4)
        #expect("a\u{200B}b".displayWidth == 2)
    }

    @Test("Rendered scalars drop joiners, selectors and modifiers, keep combining marks")
    func renderedScalars() {
        #expect(DisplayWidth.renderedScalars("👨‍👩‍👧").map(\.value) == [0x1F468])
        #expect(DisplayWidth.renderedScalars("e\u{301}").map(\.value) == [0x65, 0x301])
        #expect(DisplayWidth.renderedScalars("❤️").map(\.value) == [0x2764])
        #expect(DisplayWidth.renderedScalars("👍🏽").map(\.value) == [0x1F44D])
    }

    @Test("Truncation never splits a character and respects the width", arguments: [
        ("日本語のリポジトリ", 7), ("emoji-🎉-party", 7), ("abcdef", 3), ("日本", 3), ("👨‍👩‍👧x", 2),
    ])
    func truncation(text: String, width: Int) {
        let cut = text.truncated(toWidth: width)
        #expect(cut.displayWidth <= width)
        #expect(cut.hasSuffix("…"))
        #expect(text.hasPrefix(String(cut.dropLast())))
    }

    @Test("Truncation examples")
    func truncationExamples() {
        #expect("日本語".truncated(toWidth: 4) == "日…")
        #expect("日本語".truncated(toWidth: 6) == "日本語")
        #expect("abc".truncated(toWidth: 0) == "")
        #expect("abcdef".truncated(toWidth: 1) == "…")
        #expect("日本".fitted(toWidth: 5) == "日本 ")
        #expect("日本語".fitted(toWidth: 5) == "日本…")
    }

    @Test("Wrapping breaks at spaces and splits words longer than a line")
    func wrapping() {
        #expect("the quick brown fox".wrapped(toWidth: 9) == ["the quick", "brown fox"])
        #expect("abcdefghij".wrapped(toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect("日本語テキスト".wrapped(toWidth: 5) == ["日本", "語テ", "キス", "ト"])
        #expect("a\nb".wrapped(toWidth: 10) == ["a", "b"])
        for line in "Demo data: emoji 🚀✨ and a family 👨‍👩‍👧 and 日本語".wrapped(toWidth: 7) {
            #expect(line.displayWidth <= 7)
        }
    }
}

@Suite("Sanitizer")
struct SanitizerTests {
    @Test("Escape sequences lose their introducer, so they are shown as harmless text")
    func escapes() {
        let hostile = "red\u{1B}[31mtext\u{1B}]0;title\u{07}\u{9B}2J"
        let clean = Sanitizer.line(hostile)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(clean == "red[31mtext]0;title2J")
    }

    @Test("Line breaks and tabs become single spaces in one-line text")
    func lineBreaks() {
        #expect(Sanitizer.line("a\r\nb\tc\n\nd") == "a b c d")
    }

    @Test("Bidi overrides and isolates are removed")
    func bidi() {
        #expect(Sanitizer.line("abc\u{202E}def\u{202C}\u{2066}g\u{2069}") == "abcdefg")
    }

    @Test("Multi-line text keeps its line breaks only")
    func multiline() {
        #expect(Sanitizer.text("a\r\nb\rc\u{1B}d\te") == "a\nb\ncd e")
    }

    @Test("Wide characters and emoji pass through unchanged")
    func unicodeKept() {
        let text = "日本語 🎉 café 👨‍👩‍👧"
        #expect(Sanitizer.line(text) == text)
    }
}
