import Testing
@testable import TerminalKit

@Suite("True colours and the 256-colour palette")
struct ColorTests {
    @Test("Palette entries: the cube and the grey ramp have xterm's values; 0–15 are the theme's")
    func entries() {
        #expect(Palette256.color(of: 0) == nil)
        #expect(Palette256.color(of: 15) == nil)
        #expect(Palette256.color(of: 16) == RGB(0, 0, 0))
        #expect(Palette256.color(of: 196) == RGB(255, 0, 0))
        #expect(Palette256.color(of: 21) == RGB(0, 0, 255))
        #expect(Palette256.color(of: 231) == RGB(255, 255, 255))
        #expect(Palette256.color(of: 110) == RGB(135, 175, 215))
        #expect(Palette256.color(of: 232) == RGB(8, 8, 8))
        #expect(Palette256.color(of: 255) == RGB(238, 238, 238))
    }

    @Test("Exact palette colours map to themselves", arguments: Array(UInt8(16)...UInt8(255)))
    func exact(index: UInt8) throws {
        let color = try #require(Palette256.color(of: index))
        let found = Palette256.nearest(color)
        // 16 (black) and 231 (white) are exact; greys that repeat a cube colour may map to the cube one.
        #expect(Palette256.color(of: found) == color)
    }

    @Test("The nearest entry is the nearest by brute force (a grid of colours)")
    func bruteForce() throws {
        func distance(_ a: RGB, _ b: RGB) -> Int {
            let dr = Int(a.red) - Int(b.red), dg = Int(a.green) - Int(b.green), db = Int(a.blue) - Int(b.blue)
            return dr * dr + dg * dg + db * db
        }
        let palette = (16...255).map { Palette256.color(of: UInt8($0))! }
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 15) {
                    let color = RGB(UInt8(r), UInt8(g), UInt8(b))
                    let best = palette.map { distance($0, color) }.min()!
                    let found = try #require(Palette256.color(of: Palette256.nearest(color)))
                    #expect(distance(found, color) == best, "\(color)")
                }
            }
        }
    }

    @Test("Known colours: GitHub's Swift orange, a mid grey, pure red")
    func known() {
        #expect(Palette256.nearest(RGB(hex: 0xF05138)) == 203)   // #FF5F5F
        #expect(Palette256.nearest(RGB(128, 128, 128)) == 244)   // #808080
        #expect(Palette256.nearest(RGB(255, 0, 0)) == 196)
    }

    @Test("RGB from and to hex; the style's description names what is set")
    func hexAndDescription() {
        #expect(RGB(hex: 0x1E90FF) == RGB(0x1E, 0x90, 0xFF))
        #expect(RGB(hex: 0x00_0A_0B).description == "#000A0B")
        #expect(Style(foreground: .red, attributes: .bold).description == "fg=red bold")
        #expect(Style(foreground: .red, foregroundRGB: RGB(hex: 0xF05138)).description == "fg=#F05138 fg8=red")
        #expect(Style.plain.description == "plain")
        #expect(Style.plain.foreground(RGB(1, 2, 3), fallback: .blue).foreground == .blue)
        #expect(!Style.bold.hasColor)
        #expect(Style(backgroundRGB: RGB(0, 0, 0)).hasColor)
    }

    @Test("Colour depths are ordered; pictures need 256 colours or more")
    func depth() {
        #expect(ColorDepth.none < .basic && ColorDepth.basic < .palette256 && ColorDepth.palette256 < .direct)
        #expect(!ColorDepth.basic.showsTrueColor)
        #expect(ColorDepth.palette256.showsTrueColor && ColorDepth.direct.showsTrueColor)
    }
}
