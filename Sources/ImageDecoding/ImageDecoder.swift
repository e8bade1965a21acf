/// Limits applied to untrusted image bytes before and while decoding.
public struct ImageLimits: Sendable, Equatable {
    /// Larger inputs are rejected without being looked at.
    public var maxInputBytes: Int
    /// Longest accepted side, in pixels.
    public var maxSide: Int
    /// Largest accepted `width * height` (the RGBA buffer is 4 bytes per pixel).
    public var maxPixelCount: Int

    public init(maxInputBytes: Int = 1 << 20, maxSide: Int = 4096, maxPixelCount: Int = 2048 * 2048) {
        self.maxInputBytes = maxInputBytes
        self.maxSide = maxSide
        self.maxPixelCount = maxPixelCount
    }

    /// 1 MiB of input, 4096 px a side, 4 Mpx (16 MiB of RGBA) in all.
    public static let standard = ImageLimits()
}

/// The encodings we decode, told apart by their first bytes.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png, jpeg, gif

    /// The format whose signature `bytes` starts with, or nil.
    public static func detect(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= png.count, zip(bytes, png).allSatisfy({ $0 == $1 }) { return .png }
        // SOI followed by the first marker's 0xFF.
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 6, bytes.prefix(6).elementsEqual(Array("GIF87a".utf8)) || bytes.prefix(6).elementsEqual(Array("GIF89a".utf8)) {
            return .gif
        }
        return nil
    }

    /// The format whose signature `bytes` starts with, or nil.
    public static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        bytes.withUnsafeBytes { detect($0) }
    }
}

/// Why bytes could not be turned into pixels.
public enum ImageDecodingError: Error, Sendable, Equatable {
    /// No bytes at all.
    case empty
    /// More bytes than `ImageLimits.maxInputBytes`.
    case inputTooLarge(bytes: Int)
    /// Neither a PNG nor a JPEG signature.
    case unknownFormat
    /// The header names a size beyond the limits (or zero); nothing was allocated for it.
    case dimensionsRejected(width: Int, height: Int)
    /// The codec refused the data (corrupt, truncated, unsupported); `reason` is the codec's message.
    case malformed(ImageFormat, reason: String)
}

/// Decodes untrusted PNG, JPEG or (its first frame) GIF bytes into RGBA, never trapping on any input.
public enum ImageDecoder {
    /// Straight RGBA pixels as a PNG file (iTerm2's inline images take PNG); nil when it cannot be made.
    public static func encodePNG(rgba pixels: [UInt8], width: Int, height: Int) -> [UInt8]? {
        PNGCodec.encode(rgba: pixels, width: width, height: height)
    }

    /// Decodes `bytes`, choosing the codec by magic bytes and checking size limits first.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageDecodingError) -> DecodedImage {
        let result: Result<DecodedImage, ImageDecodingError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageDecodingError) in try decode(buffer, limits: limits) }
        }
        return try result.get()
    }

    /// Decodes the bytes in `buffer` (which must stay valid for the call).
    public static func decode(_ buffer: UnsafeRawBufferPointer, limits: ImageLimits = .standard) throws(ImageDecodingError) -> DecodedImage {
        guard !buffer.isEmpty else { throw .empty }
        guard buffer.count <= limits.maxInputBytes else { throw .inputTooLarge(bytes: buffer.count) }
        switch ImageFormat.detect(buffer) {
        case .png: return try PNGCodec.decode(buffer, limits: limits)
        case .jpeg: return try JPEGCodec.decode(buffer, limits: limits)
        case .gif: return try GIFCodec.decode(buffer, limits: limits)
        case nil: throw .unknownFormat
        }
    }

    /// Throws unless `width` × `height` is within `limits`; called with the header's size before
    /// the pixel buffer is allocated.
    static func check(width: Int, height: Int, limits: ImageLimits) throws(ImageDecodingError) {
        guard width > 0, height > 0, width <= limits.maxSide, height <= limits.maxSide else {
            throw .dimensionsRejected(width: width, height: height)
        }
        // Both sides are at most maxSide here, so the product cannot overflow for sane limits.
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= limits.maxPixelCount else { throw .dimensionsRejected(width: width, height: height) }
    }
}
