import Testing
@testable import TerminalKit

@Suite("The graphics layer keeps what it encoded: a picture that moves is written again, not encoded again")
struct GraphicsLayerCacheTests {
    static func move(_ row: Int, _ column: Int) -> [UInt8] { Array("<\(row),\(column)>".utf8) }

    /// A distinct 4×4 picture for each `seed`, placed over 4×2 cells at row `y`.
    static func placement(_ seed: Int, y: Int = 0) -> PicturePlacement {
        let pixels = (0..<16).flatMap { (i: Int) -> [UInt8] in
            [UInt8(truncatingIfNeeded: seed * 37 + i * 11), UInt8(truncatingIfNeeded: seed), UInt8(i * 16), 255]
        }
        let image = PixelImage(width: 4, height: 4, pixels: pixels)!
        var buffer = Buffer(width: 10, height: 12)
        buffer.drawPicture(blocks: image, fine: image, x: 1, y: y)
        return buffer.intactPictures()[0]
    }

    static func update(_ layer: inout GraphicsLayer, _ placements: [PicturePlacement], repaintAll: Bool = false) -> String {
        String(decoding: layer.update(placements, repaintAll: repaintAll, moveCursor: Self.move).bytes, as: UTF8.self)
    }

    @Test("sixel: scrolled down five rows and repainted, the picture is encoded once and written with the same bytes")
    func sixelMoves() {
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .sixel, colorRegisters: 16))
        let sixel = String(decoding: ImageEncoders.sixel(Self.placement(1).image, registers: 16), as: UTF8.self)
        #expect(Self.update(&layer, [Self.placement(1, y: 0)], repaintAll: true) == "<0,1>" + sixel + "<0,0>")
        for y in 1...5 {
            #expect(Self.update(&layer, [Self.placement(1, y: y)]) == "<\(y),1>" + sixel + "<0,0>")
        }
        #expect(Self.update(&layer, [Self.placement(1, y: 5)], repaintAll: true) == "<5,1>" + sixel + "<0,0>")
        #expect(layer.encodings == 1)
    }

    @Test("iTerm2 through tmux: the PNG is made once, the wrapped bytes written again as the picture moves")
    func iterm2Moves() {
        var made = 0
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .iterm2, tmuxPassthrough: true),
                                  png: { _ in made += 1; return [1, 2, 3] })
        let first = Self.update(&layer, [Self.placement(2, y: 0)], repaintAll: true)
        let moved = Self.update(&layer, [Self.placement(2, y: 3)])
        #expect(first.hasPrefix("<0,1>\u{1B}Ptmux;"))
        #expect(moved == "<3,1>" + first.dropFirst("<0,1>".count))
        #expect(made == 1)
    }

    @Test("At most encodedLimit pictures are kept, the least recently used dropped first")
    func bounded() {
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .sixel))
        let limit = GraphicsLayer.encodedLimit
        for seed in 0...limit { _ = Self.update(&layer, [Self.placement(seed)]) }
        #expect(layer.encodings == limit + 1)
        _ = Self.update(&layer, [Self.placement(limit)])
        _ = Self.update(&layer, [Self.placement(1)])
        #expect(layer.encodings == limit + 1, "the newest and one still within the bound are kept")
        _ = Self.update(&layer, [Self.placement(0)])
        #expect(layer.encodings == limit + 2, "the oldest was dropped")
        #expect(GraphicsLayer.encodedByteLimit == 16 << 20)
    }

    @Test("kitty is not kept: each placement is its own image id")
    func kittyNotKept() {
        var layer = GraphicsLayer(support: GraphicsSupport(graphicsProtocol: .kitty))
        _ = Self.update(&layer, [Self.placement(3, y: 0)], repaintAll: true)
        #expect(Self.update(&layer, [Self.placement(3, y: 1)]).contains("i=2,"))
        #expect(layer.encodings == 0)
    }
}
