/// A decoded image: 8-bit RGBA pixels, row-major, top row first, straight (not premultiplied) alpha.
public struct DecodedImage: Sendable, Equatable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha of each pixel.
    public let pixels: [UInt8]

    /// Nil unless both sides are positive and `pixels` holds exactly `width * height * 4` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0 else { return nil }
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (count, countOverflow) = area.multipliedReportingOverflow(by: 4)
        guard !areaOverflow, !countOverflow, pixels.count == count else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`; nil outside the image.
    public func pixel(x: Int, y: Int) -> RGBA? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let i = (y * width + x) * 4
        return RGBA(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }
}

/// One 8-bit RGBA pixel (straight alpha).
public struct RGBA: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public var description: String { "RGBA(\(r), \(g), \(b), \(a))" }
}
