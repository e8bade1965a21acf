import CImageCodecs

/// JPEG through TurboJPEG: the header is read first, and the pixels only decoded once its size
/// passed the limits. Any warning (a truncated or corrupt stream) counts as an error.
enum JPEGCodec {
    static func decode(_ buffer: UnsafeRawBufferPointer, limits: ImageLimits) throws(ImageDecodingError) -> DecodedImage {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .empty }
        guard let size = UInt(exactly: buffer.count) else { throw .inputTooLarge(bytes: buffer.count) }
        guard let handle = tjInitDecompress() else { throw .malformed(.jpeg, reason: "TurboJPEG could not start") }
        defer { tjDestroy(handle) }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        guard tjDecompressHeader3(handle, base, size, &width, &height, &subsampling, &colourspace) == 0 else {
            throw .malformed(.jpeg, reason: message(handle))
        }
        try ImageDecoder.check(width: Int(width), height: Int(height), limits: limits)

        let count = Int(width) * Int(height) * 4
        var failure: String?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { storage, initialised in
            let status = tjDecompress2(handle, base, size, storage.baseAddress, width, 0, height,
                                       gtui_tj_pixel_format_rgba(), gtui_tj_decompress_flags())
            if status == 0 {
                initialised = count
            } else {
                failure = message(handle)
                initialised = 0
            }
        }
        if let failure { throw .malformed(.jpeg, reason: failure) }
        guard let decoded = DecodedImage(width: Int(width), height: Int(height), pixels: pixels) else {
            throw .malformed(.jpeg, reason: "pixel buffer of the wrong size")
        }
        return decoded
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown TurboJPEG error" }
        return String(cString: text)
    }
}
