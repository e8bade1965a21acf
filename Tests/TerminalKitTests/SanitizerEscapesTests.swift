import Testing
import TerminalKit

/// Another program's output (a CI log): SGR colours kept as styles, every other sequence dropped.
@Suite("Sanitizer: styled pieces of terminal output")
struct SanitizerEscapesTests {
    private func pieces(_ text: String, from style: Style = .plain) -> [Sanitizer.StyledPiece] {
        Sanitizer.styledPieces(text, from: style).pieces
    }

    @Test func plainTextIsOnePiece() {
        #expect(pieces("hello world") == [.init("hello world")])
        #expect(pieces("").isEmpty)
    }

    @Test func namedAndBrightColoursBoldAndReset() {
        #expect(pieces("a\u{1B}[31mred\u{1B}[0mb") == [.init("a"), .init("red", style: Style(foreground: .red)), .init("b")])
        #expect(pieces("\u{1B}[1;92mok\u{1B}[m") == [.init("ok", style: Style(foreground: .green, attributes: .bold))])
        #expect(pieces("\u{1B}[44;37mx") == [.init("x", style: Style(foreground: .white, background: .blue))])
        #expect(pieces("\u{1B}[103mx\u{1B}[49my") == [.init("x", style: Style(background: .yellow)), .init("y")])
        #expect(pieces("\u{1B}[1;2mx\u{1B}[22my") == [.init("x", style: Style(attributes: [.bold, .dim])), .init("y")])
        #expect(pieces("\u{1B}[31mx\u{1B}[39my") == [.init("x", style: Style(foreground: .red)), .init("y")])
    }

    @Test func palette256() {
        #expect(pieces("\u{1B}[38;5;1mx") == [.init("x", style: Style(foreground: .red))])
        #expect(pieces("\u{1B}[38;5;9mx") == [.init("x", style: Style(foreground: .red))])
        #expect(pieces("\u{1B}[38;5;196mx") == [.init("x", style: Style(foregroundRGB: Palette256.color(of: 196)))])
        #expect(pieces("\u{1B}[48;5;236mx") == [.init("x", style: Style(backgroundRGB: Palette256.color(of: 236)))])
        // 24-bit colours are not on the list: skipped with their arguments, the codes after still read.
        #expect(pieces("\u{1B}[38;2;255;0;0;1mx") == [.init("x", style: .bold)])
        // Out of range, or cut short: nothing changes.
        #expect(pieces("\u{1B}[38;5;999mx\u{1B}[38;5mx") == [.init("xx")])
    }

    @Test func styleCarriesOverAndComesBack() {
        let red = Style(foreground: .red)
        let first = Sanitizer.styledPieces("\u{1B}[31mstill", from: .plain)
        #expect(first.style == red)
        #expect(Sanitizer.styledPieces("next", from: first.style).pieces == [.init("next", style: red)])
    }

    @Test func everyOtherSequenceIsDropped() {
        // OSC 52 (clipboard), OSC 8 (a link), a title, with BEL and with ST.
        #expect(pieces("a\u{1B}]52;c;ZXZpbA==\u{07}b") == [.init("ab")])
        #expect(pieces("\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\") == [.init("link")])
        #expect(pieces("\u{1B}]0;title\u{07}x") == [.init("x")])
        // Clears, cursor moves, scrolling regions, private modes, DCS, APC (kitty graphics), ESC c.
        #expect(pieces("\u{1B}[2J\u{1B}[H\u{1B}[10;20Hx\u{1B}[1;24r\u{1B}[?1049h\u{1B}[?25l") == [.init("x")])
        #expect(pieces("\u{1B}P+q544e\u{1B}\\x\u{1B}_Ga=T;AAAA\u{1B}\\y\u{1B}cz\u{1B}(Bw") == [.init("xyzw")])
        // 8-bit C1 forms.
        #expect(pieces("\u{9B}2Jx\u{9D}52;c;abc\u{07}y\u{90}q\u{9C}z") == [.init("xyz")])
        // An SGR with a private marker or a colon is not a colour.
        #expect(pieces("\u{1B}[>4;2mx\u{1B}[4:3my") == [.init("xy")])
        // An unended string swallows the rest of the line; a lone ESC vanishes.
        #expect(pieces("x\u{1B}]52;c;never ended") == [.init("x")])
        #expect(pieces("x\u{1B}") == [.init("x")])
    }

    @Test func controlsAndBidiGoThroughTheSanitizer() {
        #expect(pieces("a\u{07}b\u{08}c\u{202E}d\te") == [.init("abcd e")])
        // A control character inside a sequence ends it and is read (and removed) as text.
        #expect(pieces("\u{1B}[31\u{07}mx") == [.init("mx")])
    }

    @Test func manyParametersAreBounded() {
        let long = "\u{1B}[" + Array(repeating: "1", count: 10_000).joined(separator: ";") + ";31mx"
        let result = pieces(long)
        #expect(result.map(\.text) == ["x"])
        #expect(result.first?.style.attributes == .bold)
    }
}

/// `styleEffect` (a log's carried colour, read from bytes without making pieces) agrees with
/// `styledPieces` on every line, hostile and invalid UTF-8 included, and says when a line resets.
@Suite("Sanitizer: a line's effect on the carried colour")
struct SanitizerStyleEffectTests {
    private func effect(_ bytes: [UInt8], from style: Style) -> (style: Style, resets: Bool) {
        bytes.withUnsafeBufferPointer { Sanitizer.styleEffect($0, from: style) }
    }

    @Test func resetsAreSaid() {
        let red = Style(foreground: .red)
        #expect(effect(Array("a\u{1B}[0mb".utf8), from: red) == (.plain, true))
        #expect(effect(Array("\u{1B}[m".utf8), from: red) == (.plain, true))
        #expect(effect(Array("\u{1B}[0;1m".utf8), from: red) == (.bold, true))
        #expect(effect(Array("\u{1B}[1m".utf8), from: red) == (Style(foreground: .red, attributes: .bold), false))
        // A 0 as a palette entry is no reset; a reset inside an OSC is text, not a reset.
        #expect(effect(Array("\u{1B}[38;5;0m".utf8), from: red).resets == false)
        #expect(effect(Array("\u{1B}]0;\u{1B}[0m".utf8), from: red) == (red, false))
    }

    @Test func agreesWithStyledPiecesOnGeneratedLines() {
        var seed: UInt64 = 11
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let parts: [[UInt8]] = [
            Array("\u{1B}[31m".utf8), Array("\u{1B}[0m".utf8), Array("\u{1B}[1;2m".utf8), Array("\u{1B}[38;5;200m".utf8),
            Array("\u{1B}[".utf8), Array("\u{1B}]8;;".utf8), [0x07], Array("\u{1B}\\".utf8), [0x1B], [0xC2, 0x9B], [0xC2, 0x9C],
            [0xC2, 0x9D], [0xC2], [0x9B], [0xFF], [0xE2, 0x9C], Array("31m".utf8), Array(";".utf8), Array("text".utf8),
            Array("\u{65E5}".utf8), [0x0D], [0x09], Array("\u{1B}P".utf8), Array("\u{1B}(B".utf8),
        ]
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<next(8) { bytes += parts[next(parts.count)] }
            let start = [Style.plain, Style(foreground: .red, attributes: .bold)][next(2)]
            let expected = Sanitizer.styledPieces(String(decoding: bytes, as: UTF8.self), from: start).style
            #expect(effect(bytes, from: start).style == expected, "\(bytes)")
        }
    }
}
