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
    @Test("printable ASCII comes back unchanged (fast path); one byte outside it takes the full path")
    func asciiFastPath() {
        let printable = String((0x20..<0x7F).map { Character(Unicode.Scalar($0)!) })
        #expect(Sanitizer.line(printable) == printable)
        #expect(Sanitizer.line("two  spaces stay") == "two  spaces stay")
        #expect(Sanitizer.line("tab\there") == "tab here")
        #expect(Sanitizer.line("del\u{7F}ete") == "delete")
        #expect(Sanitizer.line("esc\u{1B}[31m") == "esc[31m")
    }

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

@Suite("ASCII fast paths")
struct ASCIIFastPathTests {
    /// The reference: widths and truncation as they were computed a character at a time.
    static func referenceWidth(_ text: String) -> Int {
        text.reduce(0) { $0 + DisplayWidth.of($1) }
    }

    static func referenceTruncated(_ text: String, _ width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if referenceWidth(text) <= width { return text }
        let budget = width - referenceWidth(ellipsis)
        guard budget >= 0 else { return "" }
        var used = 0, result = ""
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > budget { break }
            used += w
            result.append(character)
        }
        return result + ellipsis
    }

    static let samples = [
        "", "plain ascii", "repo-00001", "tab\there", "cr\r\nlf", "\r\n\u{301}x", "del\u{7F}x", "bell\u{07}",
        "e\u{301}", "ae\u{301}b", "x\u{301}\u{302}y", "★ 1.2k", "日本語 repo", "mixed 日本 and ascii",
        "🎉 party", "👨‍👩‍👧x", "🇯🇵🇫🇷 flags", "a\u{200B}b", "\u{600}1", "a\r", "\n\u{301}", "ᄀ\u{1161}\u{11A8}한",
        "╭──╮│日本語│", "a─b", "─\u{301}─", "日\u{FE0F}本", "👍🏽👍", "★☆\u{FE0F}", "Ωмя·é–—…", "\u{1F468}\u{200D}\u{1F469}─",
    ]

    @Test("Width: the fast path agrees with measuring a character at a time", arguments: samples)
    func width(text: String) {
        #expect(text.displayWidth == Self.referenceWidth(text))
    }

    @Test("Clusters: the fast walk finds the same grapheme clusters as Character iteration", arguments: samples)
    func clusters(text: String) {
        var found: [String] = []
        var widths: [Int] = []
        DisplayWidth.forEachCluster(in: text) { cluster in
            found.append(String(decoding: Array(text.utf8)[cluster.start..<cluster.end], as: UTF8.self))
            widths.append(cluster.width)
            #expect(Array(cluster.scalars) == Array(found.last!.unicodeScalars))
            #expect(cluster.ascii == 0 || (cluster.width == 1 && cluster.end == cluster.start + 1))
            return true
        }
        #expect(found == text.map { String($0) })
        #expect(widths == text.map { DisplayWidth.of($0) })
    }

    @Test("Truncation and fitting: identical results on ASCII and non-ASCII text", arguments: samples)
    func truncation(text: String) {
        for width in 0...14 {
            #expect(text.truncated(toWidth: width) == Self.referenceTruncated(text, width), "\(width)")
            #expect(text.truncated(toWidth: width, ellipsis: "...") == Self.referenceTruncated(text, width, ellipsis: "..."))
            #expect(text.truncated(toWidth: width, ellipsis: "\u{301}") == Self.referenceTruncated(text, width, ellipsis: "\u{301}"))
            let fitted = text.fitted(toWidth: width)
            let cut = Self.referenceTruncated(text, width)
            let pad = width - Self.referenceWidth(cut)
            #expect(fitted == (pad > 0 ? cut + String(repeating: " ", count: pad) : cut))
            let marked = Self.referenceTruncated(text, width, ellipsis: "\u{301}")
            let markedPad = width - Self.referenceWidth(marked)
            #expect(text.fitted(toWidth: width, ellipsis: "\u{301}")
                    == (markedPad > 0 ? marked + String(repeating: " ", count: markedPad) : marked))
        }
    }

    @Test("Only a possible Prepend joins the ASCII after it: checked for every other scalar")
    func prepend() {
        var joined: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !DisplayWidth.mayPrepend(value) else { continue }
            var text = String(Character(scalar))
            text += "a"
            if text.count != 2 { joined.append(value) }
        }
        #expect(joined.isEmpty)
        #expect("\u{600}1".count == 1 && DisplayWidth.mayPrepend(0x600))
    }

    @Test("A scalar said always to start a cluster does so after every kind of scalar but a Prepend")
    func alwaysStartsCluster() {
        // One of each Grapheme_Cluster_Break kind (and emoji, Indic linkers, variation selectors) before it.
        let before: [String] = ["a", "\u{E9}", "\u{301}", "\u{200D}", "\u{1F1EF}", "\u{1100}", "\u{1161}", "\u{11A8}",
                                "\u{AC00}", "\u{AC01}", "\u{1F468}", "\u{65E5}", "\u{2500}", "\u{85}", "\u{915}",
                                "\u{94D}", "\u{903}", "\u{FE0F}", "\u{1F3FB}", "\u{200B}", "\r", "\n", " "]
        var joined: [String] = []
        var checked = 0
        for value in UInt32(0x80)...0x1FFFF where DisplayWidth.alwaysStartsCluster(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            checked += 1
            for first in before {
                let pair = first + String(Character(scalar))
                if pair.count != 2 { joined.append("\(first.debugDescription) + U+\(String(value, radix: 16))") }
            }
            // After a cluster of its own, too: an emoji sequence, a flag, a conjunct.
            for cluster in ["\u{1F468}\u{200D}\u{1F469}", "\u{1F1EF}\u{1F1F5}", "\u{915}\u{94D}\u{937}"] {
                if (cluster + String(Character(scalar))).count != 2 { joined.append("\(cluster.debugDescription) + U+\(String(value, radix: 16))") }
            }
        }
        #expect(checked > 30_000)
        #expect(joined.isEmpty, "\(joined.prefix(20))")
    }

    @Test("The looked-up widths of the symbol blocks are the computed ones")
    func symbolTable() {
        for value in DisplayWidth.symbolBlocks {
            let scalar = Unicode.Scalar(value)!
            #expect(DisplayWidth.of(scalar) == DisplayWidth.uncachedWidth(scalar), "\(value)")
        }
        #expect(DisplayWidth.of(Unicode.Scalar(0x2605)!) == 1)   // ★
        #expect(DisplayWidth.of(Unicode.Scalar(0x2705)!) == 2)   // ✅
        #expect(DisplayWidth.of(Unicode.Scalar(0x200B)!) == 0)   // zero width space
        #expect(DisplayWidth.of(Unicode.Scalar(0x20D0)!) == 0)   // combining mark for symbols
    }

    @Test("UTF-8 is decoded into the same scalars as the standard library's")
    func decoding() {
        let text = "aé日🎉\u{10FFFF}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}"
        var copy = text
        let decoded = copy.withUTF8 { bytes in
            Array(DisplayWidth.Cluster.Scalars(bytes: bytes, offset: 0, end: bytes.count))
        }
        #expect(decoded == Array(text.unicodeScalars))
    }

    @Test("The wide ranges are in ascending order (the lookup stops at the first one past the scalar)")
    func wideRangesSorted() {
        let ranges = DisplayWidth.wideRanges
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
        for range in ranges {
            #expect(DisplayWidth.isWide(range.lowerBound) && DisplayWidth.isWide(range.upperBound))
        }
        #expect("\u{1100}\u{2329}\u{3041}\u{FF01}\u{20000}".displayWidth == 10)
        #expect("\u{232B}\u{FF61}\u{115F}\u{1160}".displayWidth == 4) // 1 + 1 + 2 + 0
    }

    @Test("Padding keeps the text and adds exactly the missing columns")
    func padding() {
        #expect("ab".fitted(toWidth: 20) == "ab" + String(repeating: " ", count: 18))
        #expect("日本".fitted(toWidth: 7) == "日本   ")
        #expect("a\u{301}".fitted(toWidth: 3) == "a\u{301}  ")
        #expect("".fitted(toWidth: 2) == "  ")
    }

    @Test("ASCII is cut as a prefix, never past the budget")
    func asciiPrefix() {
        #expect("abcdefgh".truncated(toWidth: 5) == "abcd…")
        #expect("abcdefgh".truncated(toWidth: 5, ellipsis: "..") == "abc..")
        #expect("abcdefgh".truncated(toWidth: 1, ellipsis: "..") == "")
        #expect("abcdefgh".fitted(toWidth: 10) == "abcdefgh  ")
        #expect("abc\u{7F}defgh".displayWidth == 8)
        #expect("abcdefgh".displayWidth == 8)
    }

    @Test("Writing ASCII and non-ASCII text gives the same cells as writing one character at a time",
          arguments: samples)
    func write(text: String) {
        for x in [-3, 0, 2] {
            for maxWidth in [nil, 0, 1, 3, 7] as [Int?] {
                var fast = Buffer(width: 12, height: 1)
                let used = fast.write(text, x: x, y: 0, maxWidth: maxWidth, style: .bold)
                var slow = Buffer(width: 12, height: 1)
                let limit = min(maxWidth ?? (12 - x), 12 - x)
                var column = x
                for character in text where limit > 0 {
                    let w = DisplayWidth.of(character)
                    if w == 0 { continue }
                    if column + w > x + limit {
                        if column < x + limit, column >= 0 { slow.put(Cell(style: .bold), x: column, y: 0); column += 1 }
                        break
                    }
                    var cell = Cell(text: "", width: UInt8(w), style: .bold)
                    cell.text = String(String.UnicodeScalarView(DisplayWidth.renderedScalars(character)))
                    if column >= 0 { slow.put(cell, x: column, y: 0) }
                    column += w
                }
                #expect(fast == slow, "\(x) \(String(describing: maxWidth))")
                #expect(used == (limit > 0 ? column - x : 0))
            }
        }
    }
}
