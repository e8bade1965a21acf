import Testing
@testable import ImageDecoding

private func image(_ width: Int, _ height: Int, _ pixels: [RGBA]) throws -> DecodedImage {
    try #require(DecodedImage(width: width, height: height, pixels: pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] }))
}

@Suite struct ScalingTests {
    @Test func invalidPixelBuffersAreRefused() {
        #expect(DecodedImage(width: 2, height: 2, pixels: [0, 0, 0, 0]) == nil)
        #expect(DecodedImage(width: 0, height: 1, pixels: []) == nil)
        #expect(DecodedImage(width: Int.max, height: 2, pixels: []) == nil)
    }

    @Test func halvingAveragesEachTwoByTwoBlock() throws {
        let source = try image(4, 2, [
            RGBA(r: 0, g: 0, b: 0), RGBA(r: 100, g: 0, b: 0), RGBA(r: 255, g: 255, b: 255), RGBA(r: 255, g: 255, b: 255),
            RGBA(r: 0, g: 200, b: 0), RGBA(r: 100, g: 200, b: 40), RGBA(r: 255, g: 255, b: 255), RGBA(r: 251, g: 251, b: 251),
        ])
        let half = try #require(source.scaled(toWidth: 2, height: 1))
        #expect(half.pixel(x: 0, y: 0) == RGBA(r: 50, g: 100, b: 10))
        #expect(half.pixel(x: 1, y: 0) == RGBA(r: 254, g: 254, b: 254))
    }

    @Test func transparentPixelsLendNoColour() throws {
        // Opaque red beside fully transparent green: the mean is red at half alpha, not brown.
        let source = try image(2, 1, [RGBA(r: 255, g: 0, b: 0, a: 255), RGBA(r: 0, g: 255, b: 0, a: 0)])
        #expect(source.scaled(toWidth: 1, height: 1)?.pixel(x: 0, y: 0) == RGBA(r: 255, g: 0, b: 0, a: 128))
        // Weighted by alpha: 3 parts red at alpha 255, 1 part blue at alpha 85 → red 255·255/(255+85).
        let mixed = try image(2, 1, [RGBA(r: 255, g: 0, b: 0, a: 255), RGBA(r: 0, g: 0, b: 255, a: 85)])
        #expect(mixed.scaled(toWidth: 1, height: 1)?.pixel(x: 0, y: 0) == RGBA(r: 191, g: 0, b: 64, a: 170))
        let clear = try image(2, 1, [RGBA(r: 9, g: 9, b: 9, a: 0), RGBA(r: 7, g: 7, b: 7, a: 0)])
        #expect(clear.scaled(toWidth: 1, height: 1)?.pixel(x: 0, y: 0) == RGBA(r: 0, g: 0, b: 0, a: 0))
    }

    @Test func nonIntegerRatiosWeighByCoveredArea() throws {
        // 3 → 2: target 0 covers source 0 fully and half of source 1.
        let source = try image(3, 1, [RGBA(r: 0, g: 0, b: 0), RGBA(r: 90, g: 0, b: 0), RGBA(r: 210, g: 0, b: 0)])
        let scaled = try #require(source.scaled(toWidth: 2, height: 1))
        #expect(scaled.pixel(x: 0, y: 0) == RGBA(r: 30, g: 0, b: 0))   // (0·2 + 90·1) / 3
        #expect(scaled.pixel(x: 1, y: 0) == RGBA(r: 170, g: 0, b: 0))  // (90·1 + 210·2) / 3
    }

    @Test func upscalingRepeatsPixels() throws {
        let source = try image(2, 1, [RGBA(r: 10, g: 20, b: 30), RGBA(r: 40, g: 50, b: 60, a: 70)])
        let scaled = try #require(source.scaled(toWidth: 4, height: 2))
        #expect(scaled.pixel(x: 0, y: 1) == RGBA(r: 10, g: 20, b: 30))
        #expect(scaled.pixel(x: 1, y: 0) == RGBA(r: 10, g: 20, b: 30))
        #expect(scaled.pixel(x: 2, y: 1) == RGBA(r: 40, g: 50, b: 60, a: 70))
    }

    @Test func photoForSixteenByEightCells() throws {
        // A 64x64 two-colour photo (left half black, right half white) becomes 16x16 for 16x8 half-block cells.
        let pixels = (0..<64).flatMap { _ in (0..<64).map { x in x < 32 ? RGBA(r: 0, g: 0, b: 0) : RGBA(r: 255, g: 255, b: 255) } }
        let photo = try image(64, 64, pixels)
        let size = photo.fittingSize(maxWidth: 16, maxHeight: 16)
        #expect(size == (16, 16))
        let small = try #require(photo.scaled(toWidth: size.width, height: size.height))
        #expect(small.width == 16 && small.height == 16)
        #expect(small.pixel(x: 7, y: 15) == RGBA(r: 0, g: 0, b: 0))
        #expect(small.pixel(x: 8, y: 0) == RGBA(r: 255, g: 255, b: 255))
    }

    @Test func badTargetSizes() throws {
        let source = try image(1, 1, [RGBA(r: 1, g: 2, b: 3)])
        #expect(source.scaled(toWidth: 0, height: 4) == nil)
        #expect(source.scaled(toWidth: 4, height: 5000) == nil)
        #expect(source.scaled(toWidth: 1, height: 1) == source)
    }

    @Test func fittingKeepsTheAspectRatio() throws {
        let wide = try image(4, 2, Array(repeating: RGBA(r: 0, g: 0, b: 0), count: 8))
        #expect(wide.fittingSize(maxWidth: 16, maxHeight: 16) == (16, 8))
        #expect(wide.fittingSize(maxWidth: 3, maxHeight: 16) == (3, 2))
        let tall = try image(1, 3, Array(repeating: RGBA(r: 0, g: 0, b: 0), count: 3))
        #expect(tall.fittingSize(maxWidth: 16, maxHeight: 6) == (2, 6))
        #expect(tall.fittingSize(maxWidth: 0, maxHeight: 0) == (1, 1))
        #expect(tall.fittingSize(maxWidth: Int.max, maxHeight: Int.max) == (1365, 4096))
        #expect(wide.fittingSize(maxWidth: Int.min, maxHeight: 5) == (1, 1))
    }

    @Test func compositingOverABackground() throws {
        let source = try image(3, 1, [RGBA(r: 255, g: 0, b: 0, a: 255), RGBA(r: 255, g: 255, b: 255, a: 0),
                                      RGBA(r: 255, g: 255, b: 255, a: 128)])
        let over = source.composited(over: RGBA(r: 0, g: 0, b: 100))
        #expect(over.pixel(x: 0, y: 0) == RGBA(r: 255, g: 0, b: 0))
        #expect(over.pixel(x: 1, y: 0) == RGBA(r: 0, g: 0, b: 100))
        #expect(over.pixel(x: 2, y: 0) == RGBA(r: 128, g: 128, b: 178))
    }

    @Test func decodedFixtureScalesDown() throws {
        let quadrants = try decodeFixture("baseline.jpg")
        let tiny = try #require(quadrants.scaled(toWidth: 2, height: 2))
        #expect(close(tiny.pixel(x: 0, y: 0), RGBA(r: 255, g: 0, b: 0)))
        #expect(close(tiny.pixel(x: 1, y: 1), RGBA(r: 255, g: 255, b: 255)))
    }
}
