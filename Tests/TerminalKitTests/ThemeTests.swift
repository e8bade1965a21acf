import Testing
@testable import TerminalKit

@Suite("Themes")
struct ThemeTests {
    @Test("mono draws no colour; terminal keeps to the 16 ANSI colours; default and light use what the terminal has")
    func depths() {
        for depth in ColorDepth.allCases {
            #expect(Theme.mono.depth(on: depth) == .none)
            #expect(Theme.terminal.depth(on: depth) == min(depth, .basic))
            #expect(Theme.default.depth(on: depth) == depth)
            #expect(Theme.light.depth(on: depth) == depth)
        }
    }

    @Test("light turns the colours that vanish on white into darker ones; true colours stay; other themes change nothing")
    func light() {
        let yellow = Style(foreground: .yellow, attributes: .bold)
        let shown = Theme.light.apply(yellow)
        #expect(shown.foreground == .magenta)
        #expect(shown.foregroundRGB == RGB(hex: 0x9A6700))
        #expect(shown.attributes == .bold)
        let language = Style(foregroundRGB: RGB(hex: 0xF05138))
        #expect(Theme.light.apply(language) == language)
        let red = Style(foreground: .red)
        #expect(Theme.light.apply(red) == red)
        for theme in [Theme.default, .mono, .terminal] { #expect(theme.apply(yellow) == yellow) }
    }
}
