import Testing
@testable import TerminalKit

@Suite("Pictures drawn with half blocks")
struct ImageTests {
    /// A 4×4 picture: red, green, blue, white in the first row; a transparent pixel in the second.
    static let pixels: [[UInt32]] = [
        [0xFF0000FF, 0x00FF00FF, 0x0000FFFF, 0xFFFFFFFF],
        [0x000000FF, 0x00000000, 0x808080FF, 0x10203040],
        [0x00000000, 0xFFFF00FF, 0x00000000, 0x112233FF],
        [0x00000000, 0x00000000, 0xFF00FFFF, 0x445566FF],
    ]

    static func image(_ rows: [[UInt32]]) -> PixelImage {
        var bytes: [UInt8] = []
        for value in rows.joined() {
            for shift: UInt32 in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        return PixelImage(width: rows[0].count, height: rows.count, pixels: bytes)!
    }

    @Test("A 4×4 picture is 4×2 cells: ▀ with top pixel as foreground, bottom as background")
    func snapshot() {
        var buffer = Buffer(width: 6, height: 2)
        buffer.drawImage(Self.image(Self.pixels), x: 1, y: 0)
        #expect(buffer.snapshot() == """
         ▀▀▀▀
          ▀▄▀
        """)
        #expect(buffer.styleRuns() == """
        0 1..<2 fg=#FF0000 bg=#000000
        0 2..<3 fg=#00FF00
        0 3..<4 fg=#0000FF bg=#808080
        0 4..<5 fg=#FFFFFF
        1 2..<3 fg=#FFFF00
        1 3..<4 fg=#FF00FF
        1 4..<5 fg=#112233 bg=#445566
        """)
        // Row 1, column 1: both pixels transparent → a plain blank showing the terminal's background.
        #expect(buffer[1, 1] == Cell(style: .plain))
    }

    @Test("With a matte every pixel is blended over it: nothing stays transparent")
    func matte() {
        var buffer = Buffer(width: 4, height: 2)
        buffer.drawImage(Self.image(Self.pixels), x: 0, y: 0, matte: RGB(0, 0, 0))
        #expect(buffer.snapshot() == "▀▀▀▀\n▀▀▀▀")
        #expect(buffer[1, 0].style.backgroundRGB == RGB(0, 0, 0))
        // 0x10203040: alpha 64/255 over black.
        #expect(buffer[3, 0].style.backgroundRGB == RGB(4, 8, 12))
        #expect(buffer[0, 1].style == Style(foregroundRGB: RGB(0, 0, 0), backgroundRGB: RGB(0, 0, 0)))
    }

    @Test("An odd height leaves the last row's bottom half transparent; drawing is clipped")
    func oddAndClipped() {
        let image = Self.image([[0xFF0000FF, 0x00FF00FF], [0x0000FFFF, 0x0000FFFF], [0xFFFFFFFF, 0xFFFFFFFF]])
        #expect(image.cellSize == (width: 2, height: 2))
        var buffer = Buffer(width: 3, height: 3)
        buffer.drawImage(image, x: 2, y: 1)
        #expect(buffer.snapshot() == "\n  ▀\n  ▀")
        #expect(buffer[2, 2].style == Style(foregroundRGB: RGB(255, 255, 255)))
        var offScreen = Buffer(width: 3, height: 1)
        offScreen.drawImage(image, x: -1, y: -1)
        #expect(offScreen.snapshot() == "▀")
        #expect(offScreen[0, 0].style == Style(foregroundRGB: RGB(255, 255, 255)))
    }

    @Test("Pixels must match the size")
    func validation() {
        #expect(PixelImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(PixelImage(width: -1, height: 2, pixels: []) == nil)
        #expect(PixelImage(width: Int.max, height: 2, pixels: []) == nil)
        #expect(PixelImage(width: 0, height: 0, pixels: [])?.cellSize.height == 0)
    }
}
