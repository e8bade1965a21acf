/// A picture as RGBA pixels (8 bits a channel, rows top to bottom, not premultiplied), e.g. a
/// decoded avatar, ready to be drawn into a `Buffer` with `Buffer.drawImage`.
public struct PixelImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public let pixels: [UInt8]

    /// Nil when the byte count is not `width * height * 4` (or a side is negative).
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, width.multipliedReportingOverflow(by: height).overflow == false,
              pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The size in cells when drawn with half blocks: two pixel rows a cell row.
    public var cellSize: (width: Int, height: Int) { (width, (height + 1) / 2) }

    /// The pixel at (x, y): its colour and alpha.
    public func pixel(x: Int, y: Int) -> (color: RGB, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (RGB(pixels[i], pixels[i + 1], pixels[i + 2]), pixels[i + 3])
    }
}

extension Buffer {
    /// The upper half block: its foreground paints a cell's top half, its background the bottom.
    public static let upperHalfBlock: Unicode.Scalar = "\u{2580}"
    /// The lower half block, for a cell whose top pixel is transparent.
    public static let lowerHalfBlock: Unicode.Scalar = "\u{2584}"

    /// Draws `image` with its top-left pixel at cell (x, y), two pixel rows a cell (`▀`: foreground =
    /// top pixel, background = bottom pixel), clipped to the buffer. Colours are true colours
    /// (`Style.foregroundRGB`/`backgroundRGB`), so the backend decides how they are shown.
    ///
    /// Transparency: with a `matte`, every pixel is blended over it (nothing stays transparent).
    /// Without one, a pixel with alpha below 128 shows the terminal's own background: the cell uses
    /// `▄` when only its top pixel is transparent, a blank when both are, and the colour of a pixel
    /// drawn is its own (alpha ignored). Cells keep `attributes` (none by default).
    public mutating func drawImage(_ image: PixelImage, x: Int, y: Int, matte: RGB? = nil) {
        let size = image.cellSize
        for row in 0..<size.height {
            let cellY = y + row
            guard cellY >= 0, cellY < height else { continue }
            for column in 0..<size.width {
                let cellX = x + column
                guard cellX >= 0, cellX < width else { continue }
                let top = Self.resolve(image.pixel(x: column, y: 2 * row), matte: matte)
                let bottom = 2 * row + 1 < image.height
                    ? Self.resolve(image.pixel(x: column, y: 2 * row + 1), matte: matte) : nil
                put(Self.halfBlockCell(top: top, bottom: bottom), x: cellX, y: cellY)
            }
        }
    }

    /// The cell showing a top and a bottom pixel (nil: transparent).
    static func halfBlockCell(top: RGB?, bottom: RGB?) -> Cell {
        switch (top, bottom) {
        case let (top?, bottom):
            return Cell(upperHalfBlock, style: Style(foregroundRGB: top, backgroundRGB: bottom))
        case let (nil, bottom?):
            return Cell(lowerHalfBlock, style: Style(foregroundRGB: bottom))
        case (nil, nil):
            return Cell(style: .plain)
        }
    }

    /// A pixel's colour over the matte, or nil when it is transparent and there is no matte.
    static func resolve(_ pixel: (color: RGB, alpha: UInt8), matte: RGB?) -> RGB? {
        guard let matte else { return pixel.alpha < 128 ? nil : pixel.color }
        let a = Int(pixel.alpha)
        func blend(_ c: UInt8, _ m: UInt8) -> UInt8 { UInt8((Int(c) * a + Int(m) * (255 - a) + 127) / 255) }
        return RGB(blend(pixel.color.red, matte.red), blend(pixel.color.green, matte.green), blend(pixel.color.blue, matte.blue))
    }
}
