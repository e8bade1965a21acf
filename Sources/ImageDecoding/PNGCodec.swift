import CImageCodecs

/// PNG through libpng's simplified API (which catches its own errors; nothing longjmps into Swift).
enum PNGCodec {
    static func decode(_ buffer: UnsafeRawBufferPointer, limits: ImageLimits) throws(ImageDecodingError) -> DecodedImage {
        guard let base = buffer.baseAddress else { throw .empty }
        var image = png_image()
        guard gtui_png_begin(&image, base, buffer.count) != 0 else {
            throw .malformed(.png, reason: message(of: &image))
        }
        let width = Int(image.width), height = Int(image.height)
        do {
            try ImageDecoder.check(width: width, height: height, limits: limits)
        } catch {
            png_image_free(&image)
            throw error
        }
        var failure: String?
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { storage, count in
            if gtui_png_finish_rgba(&image, storage.baseAddress) != 0 {
                count = width * height * 4
            } else {
                failure = message(of: &image)
                count = 0
            }
        }
        if let failure { throw .malformed(.png, reason: failure) }
        guard let decoded = DecodedImage(width: width, height: height, pixels: pixels) else {
            throw .malformed(.png, reason: "pixel buffer of the wrong size")
        }
        return decoded
    }

    /// `width` × `height` straight RGBA pixels as a PNG file's bytes (for iTerm2's inline images); nil
    /// when the count is wrong or libpng fails.
    static func encode(rgba pixels: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard width > 0, height > 0, width <= 4096, height <= 4096, pixels.count == width * height * 4 else { return nil }
        var size = 0
        let measured = pixels.withUnsafeBytes { gtui_png_write_rgba(nil, &size, $0.baseAddress, UInt32(width), UInt32(height)) }
        guard measured != 0, size > 0 else { return nil }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { memory in
            pixels.withUnsafeBytes { gtui_png_write_rgba(memory.baseAddress, &size, $0.baseAddress, UInt32(width), UInt32(height)) }
        }
        guard written != 0, size <= out.count else { return nil }
        out.removeLast(out.count - size)
        return out
    }

    /// libpng's message buffer (a fixed C array inside `png_image`) as a String.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
