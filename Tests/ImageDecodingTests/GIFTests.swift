import Foundation
import Testing
@testable import ImageDecoding

/// GIFs written by ImageMagick 6 (`convert`), kept here as base64.
private enum GIFSample {
    /// 2×2: red, green / blue, white.
    static let twoByTwo = bytes("R0lGODlhAgACAPEDAP8AAAD/AAAA/////yH5BAAAAAAALAAAAAACAAIAAAIDRDQFADs=")
    /// 3×10, interlaced: a gradient from red (top) to blue (bottom).
    static let interlaced = bytes("R0lGODlhAwAKAPMAAP8AAOMAHMYAOaoAVY4AcXEAjlUAqjkAxhwA4wAA/wAAAAAAAAAAAAAAAAAAAAAAACH5BAAAAAAALAAAAAADAAoAQAQPEEhEiRXY6MCHL+AhJmQEADs=")
    /// 2×2 with the green pixel transparent (graphic control extension).
    static let transparent = bytes("R0lGODlhAgACAPECAP8AAAAA/////wAAACH5BAEAAAMALAAAAAACAAIAAAIDxCIFADs=")
    /// Two frames (the 2×2, then its negative) with NETSCAPE looping.
    static let animated = bytes("R0lGODlhAgACAPEDAP8AAAD/AAAA/////yH5BAAKAAAAIf8LTkVUU0NBUEUyLjADAQAAACwAAAAAAgACAAACA0Q0BQAh+QQACgAAACwAAAAAAgACAIEAAAD//wD/AP8A//8CA5wCBQA7")

    static func bytes(_ base64: String) -> [UInt8] { [UInt8](Data(base64Encoded: base64)!) }
}

@Suite("GIF: the first frame")
struct GIFTests {
    @Test func twoByTwo() throws {
        let image = try ImageDecoder.decode(GIFSample.twoByTwo)
        #expect(ImageFormat.detect(GIFSample.twoByTwo) == .gif)
        #expect(image.width == 2 && image.height == 2)
        #expect(image.pixel(x: 0, y: 0) == RGBA(r: 255, g: 0, b: 0))
        #expect(image.pixel(x: 1, y: 0) == RGBA(r: 0, g: 255, b: 0))
        #expect(image.pixel(x: 0, y: 1) == RGBA(r: 0, g: 0, b: 255))
        #expect(image.pixel(x: 1, y: 1) == RGBA(r: 255, g: 255, b: 255))
    }

    @Test func interlacedRowsInDisplayOrder() throws {
        let image = try ImageDecoder.decode(GIFSample.interlaced)
        let reds: [UInt8] = [0xFF, 0xE3, 0xC6, 0xAA, 0x8E, 0x71, 0x55, 0x39, 0x1C, 0x00]
        #expect((0..<10).map { image.pixel(x: 1, y: $0)?.r } == reds)
        #expect(GIFCodec.interlacedRows(10) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
    }

    @Test func transparentIndexIsTransparent() throws {
        let image = try ImageDecoder.decode(GIFSample.transparent)
        #expect(image.pixel(x: 1, y: 0)?.a == 0)
        #expect(image.pixel(x: 0, y: 0) == RGBA(r: 255, g: 0, b: 0))
    }

    @Test func firstFrameOfAnAnimation() throws {
        #expect(try ImageDecoder.decode(GIFSample.animated) == ImageDecoder.decode(GIFSample.twoByTwo))
    }

    @Test func hugeScreenIsRefusedBeforeDecoding() throws {
        var huge = GIFSample.twoByTwo
        huge.replaceSubrange(6..<10, with: [0x60, 0xEA, 0x60, 0xEA])
        #expect(throws: ImageDecodingError.dimensionsRejected(width: 60000, height: 60000)) { try ImageDecoder.decode(huge) }
        var frame = GIFSample.twoByTwo
        // The image descriptor's width and height (after its separator and offsets).
        let descriptor = try #require(frame.firstIndex(of: 0x2C))
        frame.replaceSubrange((descriptor + 5)..<(descriptor + 9), with: [0x60, 0xEA, 0x60, 0xEA])
        #expect(throws: ImageDecodingError.dimensionsRejected(width: 60000, height: 60000)) { try ImageDecoder.decode(frame) }
    }

    @Test func everyPrefixAndGarbageIsHandled() {
        for sample in [GIFSample.twoByTwo, GIFSample.interlaced, GIFSample.animated] {
            for count in 0..<sample.count {
                do { _ = try ImageDecoder.decode(Array(sample.prefix(count))) } catch {}
            }
        }
        var garbage = GIFSample.interlaced
        for index in stride(from: 13, to: garbage.count, by: 3) { garbage[index] ^= 0x5A }
        do { _ = try ImageDecoder.decode(garbage) } catch {}
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(Array(GIFSample.twoByTwo.prefix(30))) }
    }
}
