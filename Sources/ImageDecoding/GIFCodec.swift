/// The first frame of a GIF (87a or 89a), decoded here (no library: LZW is short): the logical
/// screen, the first image drawn on it at its offset (interlaced or not, local or global colours), the
/// transparent index of its graphic control extension honoured; every read bounds-checked, the
/// screen's and the frame's sizes checked against the limits before anything is allocated.
enum GIFCodec {
    static func decode(_ buffer: UnsafeRawBufferPointer, limits: ImageLimits) throws(ImageDecodingError) -> DecodedImage {
        var reader = Reader(bytes: buffer)
        func malformed(_ reason: String) -> ImageDecodingError { .malformed(.gif, reason: reason) }
        guard let signature = reader.bytes(6), signature.starts(with: Array("GIF".utf8)) else { throw malformed("no GIF header") }
        guard let width = reader.u16(), let height = reader.u16(), let packed = reader.u8(), reader.skip(2) else {
            throw malformed("truncated logical screen")
        }
        try ImageDecoder.check(width: width, height: height, limits: limits)
        var global: [UInt8] = []
        if packed & 0x80 != 0 {
            guard let table = reader.bytes(3 << (Int(packed & 7) + 1)) else { throw malformed("truncated colour table") }
            global = table
        }
        var transparent: Int?
        while let introducer = reader.u8() {
            switch introducer {
            case 0x21: // extension
                guard let label = reader.u8() else { throw malformed("truncated extension") }
                if label == 0xF9, let size = reader.u8(), size >= 4, let flags = reader.u8(), reader.skip(2), let index = reader.u8() {
                    transparent = flags & 1 != 0 ? Int(index) : nil
                    guard reader.skip(Int(size) - 4) else { throw malformed("truncated extension") }
                }
                guard reader.skipSubBlocks() else { throw malformed("truncated extension") }
            case 0x2C: // image descriptor: the first frame
                guard let left = reader.u16(), let top = reader.u16(), let frameWidth = reader.u16(),
                      let frameHeight = reader.u16(), let flags = reader.u8() else { throw malformed("truncated image descriptor") }
                try ImageDecoder.check(width: frameWidth, height: frameHeight, limits: limits)
                var colours = global
                if flags & 0x80 != 0 {
                    guard let table = reader.bytes(3 << (Int(flags & 7) + 1)) else { throw malformed("truncated colour table") }
                    colours = table
                }
                guard !colours.isEmpty else { throw malformed("no colour table") }
                guard let minimumCodeSize = reader.u8(), (1...11).contains(minimumCodeSize) else { throw malformed("bad LZW code size") }
                guard let data = reader.subBlocks() else { throw malformed("truncated image data") }
                let indices = lzw(data, minimumCodeSize: Int(minimumCodeSize), count: frameWidth * frameHeight)
                guard indices.count == frameWidth * frameHeight else { throw malformed("truncated image data") }
                var pixels = [UInt8](repeating: 0, count: width * height * 4)
                let rows = flags & 0x40 != 0 ? interlacedRows(frameHeight) : Array(0..<frameHeight)
                for (sourceRow, row) in rows.enumerated() {
                    let y = top + row
                    guard y < height else { continue }
                    for column in 0..<frameWidth {
                        let x = left + column
                        guard x < width else { break }
                        let index = Int(indices[sourceRow * frameWidth + column])
                        guard index != transparent, 3 * index + 2 < colours.count else { continue }
                        let p = (y * width + x) * 4
                        pixels[p] = colours[3 * index]
                        pixels[p + 1] = colours[3 * index + 1]
                        pixels[p + 2] = colours[3 * index + 2]
                        pixels[p + 3] = 255
                    }
                }
                guard let image = DecodedImage(width: width, height: height, pixels: pixels) else { throw malformed("bad size") }
                return image
            case 0x3B:
                throw malformed("no image before the trailer")
            default:
                throw malformed("unknown block")
            }
        }
        throw malformed("no image")
    }

    /// The source rows of an interlaced frame in display order: every 8th from 0, every 8th from 4,
    /// every 4th from 2, every 2nd from 1 (index i of the result: the display row of source row i).
    static func interlacedRows(_ height: Int) -> [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(height)
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += stride(from: start, to: height, by: step) }
        return rows
    }

    /// LZW-decoded colour indices, at most `count` (fewer when the data ends early or is corrupt).
    static func lzw(_ data: [UInt8], minimumCodeSize: Int, count: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var prefix = [Int](repeating: -1, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        for code in 0..<min(clear, 4096) { suffix[code] = UInt8(truncatingIfNeeded: code); first[code] = UInt8(truncatingIfNeeded: code) }
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var stack: [UInt8] = []
        var codeSize = minimumCodeSize + 1, next = clear + 2, previous = -1
        var bits = 0, bitCount = 0, position = 0
        while output.count < count {
            while bitCount < codeSize {
                guard position < data.count else { return output }
                bits |= Int(data[position]) << bitCount
                bitCount += 8
                position += 1
            }
            let code = bits & ((1 << codeSize) - 1)
            bits >>= codeSize
            bitCount -= codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1
                next = clear + 2
                previous = -1
                continue
            }
            if code == end { return output }
            var current = code
            if previous < 0 {
                guard code < clear else { return output }
                output.append(UInt8(truncatingIfNeeded: code))
                previous = code
                continue
            }
            if code >= next {
                guard code == next else { return output } // a code not yet defined: corrupt
                stack.append(first[previous])
                current = previous
            }
            while current >= clear {
                guard current < 4096, stack.count < 4096 else { return output }
                stack.append(suffix[current])
                current = prefix[current]
                if current < 0 { return output }
            }
            stack.append(UInt8(truncatingIfNeeded: current))
            if next < 4096 {
                prefix[next] = previous
                suffix[next] = UInt8(truncatingIfNeeded: current)
                first[next] = first[previous]
                next += 1
                if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            }
            while let value = stack.popLast(), output.count < count { output.append(value) }
            stack.removeAll(keepingCapacity: true)
            previous = code
        }
        return output
    }

    /// Little-endian reads that say nil past the end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func u8() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func u16() -> Int? {
            guard let low = u8(), let high = u8() else { return nil }
            return Int(low) | Int(high) << 8
        }

        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, offset + count <= bytes.count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, offset + count <= bytes.count else { return false }
            offset += count
            return true
        }

        /// Skips data sub-blocks up to the empty one; false when they run past the end.
        mutating func skipSubBlocks() -> Bool {
            while let size = u8() {
                if size == 0 { return true }
                guard skip(Int(size)) else { return false }
            }
            return false
        }

        /// The data sub-blocks' bytes joined, up to the empty one; nil when they run past the end.
        mutating func subBlocks() -> [UInt8]? {
            var data: [UInt8] = []
            while let size = u8() {
                if size == 0 { return data }
                guard let block = bytes(Int(size)) else { return nil }
                data += block
            }
            return nil
        }
    }
}
