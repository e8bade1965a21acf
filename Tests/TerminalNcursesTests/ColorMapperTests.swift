import Testing
import TerminalKit
@testable import TerminalNcurses

@Suite("Colour numbers")
struct ColorMapperTests {
    @Test("Colour numbers by depth: true colours exactly, as the nearest palette entry, or the named fallback")
    func numbers() {
        let swift = RGB(hex: 0xF05138)
        #expect(ColorMapper(depth: .direct).number(named: .red, rgb: swift) == 0xF05138)
        #expect(ColorMapper(depth: .direct).number(named: nil, rgb: RGB(0, 0, 3)) == 8)
        #expect(ColorMapper(depth: .direct).number(named: .blue, rgb: nil) == 4)
        #expect(ColorMapper(depth: .palette256).number(named: .red, rgb: swift) == 203)
        #expect(ColorMapper(depth: .palette256).number(named: .cyan, rgb: nil) == 6)
        #expect(ColorMapper(depth: .basic).number(named: .red, rgb: swift) == 1)
        #expect(ColorMapper(depth: .basic).number(named: nil, rgb: swift) == -1)
        #expect(ColorMapper(depth: .none).number(named: .red, rgb: swift) == -1)
    }

    @Test("Depth from terminfo: RGB with 2^24 colours is direct; NO_COLOR wins")
    func depth() {
        #expect(ColorMapper.depth(colors: 1 << 24, hasRGB: true, colorAllowed: true) == .direct)
        #expect(ColorMapper.depth(colors: 1 << 24, hasRGB: true, colorAllowed: false) == ColorDepth.none)
        #expect(ColorMapper.depth(colors: 256, hasRGB: false, colorAllowed: true) == .palette256)
        #expect(ColorMapper.depth(colors: 256, hasRGB: true, colorAllowed: true) == .palette256)
        #expect(ColorMapper.depth(colors: 16, hasRGB: false, colorAllowed: true) == .basic)
        #expect(ColorMapper.depth(colors: 8, hasRGB: false, colorAllowed: true) == .basic)
        #expect(ColorMapper.depth(colors: 0, hasRGB: false, colorAllowed: true) == ColorDepth.none)
    }
}

@Suite("What TERM must offer")
@MainActor
struct TerminalRequirementsTests {
    @Test("Terminals with cursor addressing and clear are usable")
    func usable() {
        #expect(TerminalRequirements.problem(term: "xterm-256color") == nil)
        #expect(TerminalRequirements.problem(term: "xterm") == nil)
    }

    @Test("TERM=dumb lacks cursor addressing and clear; an unknown or empty TERM is refused")
    func refused() throws {
        let dumb = try #require(TerminalRequirements.problem(term: "dumb"))
        #expect(dumb.contains("cup") && dumb.contains("clear") && dumb.contains("TERM=dumb"))
        #expect(!dumb.contains("\n"))
        let unknown = try #require(TerminalRequirements.problem(term: "no-such-terminal-\u{1B}[2J"))
        #expect(unknown.contains("unknown terminal type"))
        #expect(!unknown.unicodeScalars.contains { $0.value < 0x20 })
        #expect(TerminalRequirements.problem(term: "") != nil)
    }
}

@Suite("Terminfo strings as written")
@MainActor
struct TerminfoPaddingTests {
    @Test("Padding delays are removed; everything else, a lone $ included, is kept")
    func padding() {
        func stripped(_ text: String) -> String { String(decoding: NcursesTerminal.withoutPadding(Array(text.utf8)), as: UTF8.self) }
        #expect(stripped("\u{1B}[%i%p1%d;%p2%dH$<5>") == "\u{1B}[%i%p1%d;%p2%dH")
        #expect(stripped("\u{1B}[1m$<2>x$<1.5*>y$<3/>") == "\u{1B}[1mxy")
        #expect(stripped("$5 and $<abc> and $<") == "$5 and $<abc> and $<")
        #expect(stripped("\u{1B}[m") == "\u{1B}[m")
    }
}
