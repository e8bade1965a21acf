extension DecodedImage {
    /// The image resampled to `width` × `height` with a box filter: each target pixel is the
    /// area-weighted mean of the source pixels it covers (exact for any ratio, up or down), with
    /// colours weighted by alpha (premultiplied) so transparent pixels lend no colour to their
    /// neighbours. Nil unless both sides are positive and at most 4096.
    public func scaled(toWidth targetWidth: Int, height targetHeight: Int) -> DecodedImage? {
        guard (1...4096).contains(targetWidth), (1...4096).contains(targetHeight) else { return nil }
        if targetWidth == width, targetHeight == height { return self }
        let xSpans = Self.spans(source: width, target: targetWidth)
        let ySpans = Self.spans(source: height, target: targetHeight)
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        pixels.withUnsafeBufferPointer { source in
            for (ty, ySpan) in ySpans.enumerated() {
                for (tx, xSpan) in xSpans.enumerated() {
                    // Weights are in units of (1 / target) of a source pixel per axis; their total
                    // over one target pixel is width * height.
                    var red: UInt64 = 0, green: UInt64 = 0, blue: UInt64 = 0, alpha: UInt64 = 0, total: UInt64 = 0
                    for (sy, wy) in ySpan {
                        let row = sy * width
                        for (sx, wx) in xSpan {
                            let weight = UInt64(wx * wy)
                            let i = (row + sx) * 4
                            let a = UInt64(source[i + 3])
                            red += UInt64(source[i]) * a * weight
                            green += UInt64(source[i + 1]) * a * weight
                            blue += UInt64(source[i + 2]) * a * weight
                            alpha += a * weight
                            total += weight
                        }
                    }
                    let o = (ty * targetWidth + tx) * 4
                    if alpha > 0 {
                        output[o] = UInt8((red + alpha / 2) / alpha)
                        output[o + 1] = UInt8((green + alpha / 2) / alpha)
                        output[o + 2] = UInt8((blue + alpha / 2) / alpha)
                        output[o + 3] = UInt8((alpha + total / 2) / total)
                    }
                }
            }
        }
        return DecodedImage(width: targetWidth, height: targetHeight, pixels: output)
    }

    /// For each of `target` cells along one axis, the source indices it overlaps and the overlap
    /// length (source pixel i spans [i·target, (i+1)·target), target pixel t spans [t·source, (t+1)·source)).
    static func spans(source: Int, target: Int) -> [[(index: Int, weight: Int)]] {
        (0..<target).map { t in
            let start = t * source, end = (t + 1) * source
            let first = start / target, last = (end - 1) / target
            return (first...last).map { i in
                let overlap = min(end, (i + 1) * target) - max(start, i * target)
                return (i, overlap)
            }
        }
    }

    /// The largest size with this image's aspect ratio that fits in `maxWidth` × `maxHeight`
    /// (each clamped to 1...4096, the sizes `scaled` accepts), e.g. the pixel size for a photo drawn
    /// in half-block cells.
    public func fittingSize(maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        let maxWidth = min(max(1, maxWidth), 4096), maxHeight = min(max(1, maxHeight), 4096)
        // Compare width/height with maxWidth/maxHeight without division.
        if width * maxHeight >= height * maxWidth {
            return (maxWidth, max(1, (height * maxWidth + width / 2) / width))
        }
        return (max(1, (width * maxHeight + height / 2) / height), maxHeight)
    }

    /// The image drawn over an opaque `background`: every pixel mixed by its alpha, alpha 255.
    public func composited(over background: RGBA) -> DecodedImage {
        var output = pixels
        let br = UInt32(background.r), bg = UInt32(background.g), bb = UInt32(background.b)
        for i in stride(from: 0, to: output.count, by: 4) {
            let a = UInt32(output[i + 3]), inverse = 255 - a
            output[i] = UInt8((UInt32(output[i]) * a + br * inverse + 127) / 255)
            output[i + 1] = UInt8((UInt32(output[i + 1]) * a + bg * inverse + 127) / 255)
            output[i + 2] = UInt8((UInt32(output[i + 2]) * a + bb * inverse + 127) / 255)
            output[i + 3] = 255
        }
        return DecodedImage(width: width, height: height, pixels: output) ?? self
    }
}
