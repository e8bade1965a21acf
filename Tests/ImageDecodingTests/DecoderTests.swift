import Foundation
import Testing
@testable import ImageDecoding

/// The fixtures written by scripts/make-image-fixtures.py.
func fixture(_ name: String) throws -> [UInt8] {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
    return [UInt8](try Data(contentsOf: url))
}

func decodeFixture(_ name: String, limits: ImageLimits = .standard) throws -> DecodedImage {
    try ImageDecoder.decode(fixture(name), limits: limits)
}

func decodingError(_ bytes: [UInt8], limits: ImageLimits = .standard) -> ImageDecodingError? {
    do {
        _ = try ImageDecoder.decode(bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// Whether two pixels differ by at most `tolerance` in every channel (for lossy JPEG).
func close(_ a: RGBA?, _ b: RGBA, tolerance: Int = 3) -> Bool {
    guard let a else { return false }
    return abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
        && abs(Int(a.b) - Int(b.b)) <= tolerance && a.a == b.a
}

@Suite struct PNGDecodingTests {
    @Test func rgb() throws {
        let image = try decodeFixture("rgb.png")
        #expect(image.width == 4 && image.height == 2)
        #expect(image.pixels.count == 32)
        #expect(image.pixel(x: 0, y: 0) == RGBA(r: 255, g: 0, b: 0))
        #expect(image.pixel(x: 1, y: 0) == RGBA(r: 0, g: 255, b: 0))
        #expect(image.pixel(x: 2, y: 0) == RGBA(r: 0, g: 0, b: 255))
        #expect(image.pixel(x: 3, y: 0) == RGBA(r: 255, g: 255, b: 255))
        #expect(image.pixel(x: 1, y: 1) == RGBA(r: 128, g: 128, b: 128))
        #expect(image.pixel(x: 2, y: 1) == RGBA(r: 10, g: 20, b: 30))
        #expect(image.pixel(x: 3, y: 1) == RGBA(r: 250, g: 128, b: 1))
    }

    @Test func rgbaKeepsStraightAlpha() throws {
        let image = try decodeFixture("rgba.png")
        #expect(image.pixel(x: 1, y: 0) == RGBA(r: 0, g: 255, b: 0, a: 128))
        #expect(image.pixel(x: 3, y: 0) == RGBA(r: 255, g: 255, b: 255, a: 64))
        #expect(image.pixel(x: 0, y: 1) == RGBA(r: 1, g: 2, b: 3, a: 4))
        #expect(image.pixel(x: 1, y: 1) == RGBA(r: 200, g: 100, b: 50, a: 255))
        #expect(image.pixel(x: 2, y: 0)?.a == 0)
    }

    @Test func paletteWithTransparency() throws {
        let image = try decodeFixture("palette.png")
        #expect(image.width == 4 && image.height == 2)
        #expect(image.pixel(x: 0, y: 0) == RGBA(r: 255, g: 0, b: 0))
        #expect(image.pixel(x: 1, y: 0) == RGBA(r: 0, g: 128, b: 0))
        #expect(image.pixel(x: 2, y: 0) == RGBA(r: 0, g: 0, b: 255, a: 128))
        #expect(image.pixel(x: 0, y: 1) == RGBA(r: 0, g: 0, b: 255, a: 128))
        #expect(image.pixel(x: 3, y: 1) == RGBA(r: 255, g: 0, b: 0))
    }

    @Test func grey() throws {
        let image = try decodeFixture("grey.png")
        #expect(image.pixel(x: 0, y: 0) == RGBA(r: 0, g: 0, b: 0))
        #expect(image.pixel(x: 1, y: 0) == RGBA(r: 85, g: 85, b: 85))
        #expect(image.pixel(x: 2, y: 0) == RGBA(r: 170, g: 170, b: 170))
        #expect(image.pixel(x: 3, y: 1) == RGBA(r: 4, g: 4, b: 4))
        let greyAlpha = try decodeFixture("grey-alpha.png")
        #expect(greyAlpha.pixel(x: 0, y: 0) == RGBA(r: 100, g: 100, b: 100, a: 255))
        #expect(greyAlpha.pixel(x: 1, y: 0)?.a == 0)
    }

    @Test func adam7Interlaced() throws {
        let image = try decodeFixture("interlaced.png")
        #expect(image.width == 9 && image.height == 9)
        for y in 0..<9 {
            for x in 0..<9 {
                #expect(image.pixel(x: x, y: y) == RGBA(r: UInt8(x * 28), g: UInt8(y * 28), b: UInt8((x + y) * 14)))
            }
        }
    }

    @Test func truncatedIsMalformed() throws {
        guard case .malformed(.png, _) = decodingError(try fixture("truncated.png")) else {
            Issue.record("a truncated PNG must be refused as malformed")
            return
        }
    }

    @Test func hugeHeaderIsRefusedBeforeDecoding() throws {
        #expect(decodingError(try fixture("huge-header.png")) == .dimensionsRejected(width: 60000, height: 60000))
    }

    @Test func decompressionBombIsRefusedByPixelCount() throws {
        let bytes = try fixture("bomb.png")
        #expect(bytes.count < 20_000)
        #expect(decodingError(bytes) == .dimensionsRejected(width: 4096, height: 4096))
    }

    @Test func garbageAfterTheSignature() throws {
        guard case .malformed(.png, _) = decodingError(try fixture("garbage-after-png-signature.png")) else {
            Issue.record("expected a malformed PNG")
            return
        }
    }

    @Test func sideLimitIsAppliedToTheHeader() throws {
        let limits = ImageLimits(maxSide: 3)
        #expect(decodingError(try fixture("rgb.png"), limits: limits) == .dimensionsRejected(width: 4, height: 2))
        #expect(decodingError(try fixture("rgb.png"), limits: ImageLimits(maxPixelCount: 7))
            == .dimensionsRejected(width: 4, height: 2))
        #expect(try decodeFixture("rgb.png", limits: ImageLimits(maxSide: 4, maxPixelCount: 8)).width == 4)
    }

    @Test func everyPrefixOfAValidFileIsHandled() throws {
        let bytes = try fixture("interlaced.png")
        let whole = try ImageDecoder.decode(bytes)
        // libpng stops reading after the image data, so only the 12-byte IEND chunk may be missing.
        let iendStart = bytes.count - 12
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            if length < iendStart {
                #expect(decodingError(prefix) != nil, "prefix of \(length) bytes")
            } else {
                #expect(try ImageDecoder.decode(prefix) == whole, "prefix of \(length) bytes")
            }
        }
    }
}

@Suite struct JPEGDecodingTests {
    private func expectQuadrants(_ image: DecodedImage) {
        #expect(image.width == 16 && image.height == 16)
        // The centre of each solid 8x8 block, and one of its corners.
        for (x, y) in [(3, 3), (0, 0)] {
            #expect(close(image.pixel(x: x, y: y), RGBA(r: 255, g: 0, b: 0)), "red at \(x),\(y): \(String(describing: image.pixel(x: x, y: y)))")
            #expect(close(image.pixel(x: x + 8, y: y), RGBA(r: 0, g: 255, b: 0)))
            #expect(close(image.pixel(x: x, y: y + 8), RGBA(r: 0, g: 0, b: 255)))
            #expect(close(image.pixel(x: x + 8, y: y + 8), RGBA(r: 255, g: 255, b: 255)))
        }
    }

    @Test func baseline() throws {
        expectQuadrants(try decodeFixture("baseline.jpg"))
    }

    @Test func progressive() throws {
        expectQuadrants(try decodeFixture("progressive.jpg"))
    }

    @Test func truncatedIsMalformed() throws {
        guard case .malformed(.jpeg, _) = decodingError(try fixture("truncated.jpg")) else {
            Issue.record("a truncated JPEG must be refused as malformed")
            return
        }
    }

    @Test func hugeHeaderIsRefusedBeforeDecoding() throws {
        #expect(decodingError(try fixture("huge-header.jpg")) == .dimensionsRejected(width: 60000, height: 60000))
    }

    @Test func garbageAfterTheSignature() throws {
        guard case .malformed(.jpeg, _) = decodingError(try fixture("garbage-after-jpeg-signature.jpg")) else {
            Issue.record("expected a malformed JPEG")
            return
        }
    }

    @Test func everyPrefixOfAValidFileIsHandled() throws {
        let bytes = try fixture("progressive.jpg")
        for length in 0..<bytes.count {
            #expect(decodingError(Array(bytes[..<length])) != nil, "prefix of \(length) bytes")
        }
    }
}

@Suite struct FormatTests {
    @Test func emptyInput() {
        #expect(decodingError([]) == .empty)
    }

    @Test func garbageIsAnUnknownFormat() throws {
        #expect(decodingError(try fixture("garbage.bin")) == .unknownFormat)
        // A GIF header and nothing after it: a GIF, malformed (the first frame of a GIF is decoded).
        #expect(decodingError(Array("GIF89a".utf8)) == .malformed(.gif, reason: "truncated logical screen"))
        #expect(decodingError([0x89, 0x50, 0x4E]) == .unknownFormat)
        #expect(decodingError([0xFF, 0xD8]) == .unknownFormat)
    }

    @Test func oversizedInputIsRefusedUnread() throws {
        let bytes = try fixture("rgb.png")
        #expect(decodingError(bytes, limits: ImageLimits(maxInputBytes: bytes.count - 1)) == .inputTooLarge(bytes: bytes.count))
        #expect(decodingError([UInt8](repeating: 0, count: (1 << 20) + 1)) == .inputTooLarge(bytes: (1 << 20) + 1))
    }

    @Test func magicBytes() throws {
        #expect(ImageFormat.detect(try fixture("rgb.png")) == .png)
        #expect(ImageFormat.detect(try fixture("baseline.jpg")) == .jpeg)
        #expect(ImageFormat.detect(try fixture("garbage.bin")) == nil)
        #expect(ImageFormat.detect([]) == nil)
    }
}

@Suite("PNG encoding (iTerm2's inline images)")
struct PNGEncodingTests {
    @Test func roundTrip() throws {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 255, 255, 255, 255]
        let png = try #require(ImageDecoder.encodePNG(rgba: pixels, width: 2, height: 2))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.width == 2 && decoded.height == 2)
        #expect(decoded.pixels == pixels)
    }

    @Test func wrongSizesAreRefused() {
        #expect(ImageDecoder.encodePNG(rgba: [1, 2, 3], width: 1, height: 1) == nil)
        #expect(ImageDecoder.encodePNG(rgba: [], width: 0, height: 0) == nil)
    }
}
