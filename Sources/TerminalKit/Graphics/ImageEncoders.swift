/// A picture as the escape sequence of one graphics protocol. Each is written with the cursor on the
/// picture's top-left cell; none asks the terminal to answer.
public enum ImageEncoders {
    // MARK: kitty

    /// Base64 characters a kitty chunk carries at most (the protocol's limit).
    public static let kittyChunk = 4096

    /// Transmits and shows `image` (raw RGBA, `f=32`) as image `id`, stretched over `columns` × `rows`
    /// cells, the cursor left where it was (`C=1`), replies suppressed (`q=2`); chunked, one escape each.
    public static func kitty(_ image: PixelImage, id: UInt32, columns: Int, rows: Int) -> [[UInt8]] {
        let payload = base64(image.pixels)
        let keys = "a=T,f=32,s=\(image.width),v=\(image.height),c=\(columns),r=\(rows),i=\(id),C=1,q=2"
        var chunks: [[UInt8]] = []
        var start = 0
        repeat {
            let end = min(payload.count, start + kittyChunk)
            let more = end < payload.count ? 1 : 0
            let control = start == 0 ? (payload.count > kittyChunk ? keys + ",m=1" : keys) : "m=\(more),q=2"
            chunks.append(Array("\u{1B}_G\(control);".utf8) + payload[start..<end] + [0x1B, UInt8(ascii: "\\")])
            start = end
        } while start < payload.count
        return chunks
    }

    /// Deletes image `id`, its placements and its data (`a=d,d=I`).
    public static func kittyDelete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    // MARK: iTerm2

    /// Shows `png` (a PNG file's bytes) over `columns` × `rows` cells (`OSC 1337 ; File=`).
    public static func iterm2(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        Array("\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0:".utf8)
            + base64(png) + [0x07]
    }

    // MARK: sixel

    /// `image` as sixel: a palette of a 6×6×6 colour cube (ordered 4×4 dithering between its levels,
    /// so gradients do not band) and 24 greys (only the colours used are defined), bands of six pixel rows, runs of four or more as `!n`. Pixels with alpha below 128 are
    /// not drawn (`P2 = 1`: what is under them stays).
    public static func sixel(_ image: PixelImage) -> [UInt8] {
        let width = image.width, height = image.height
        var registers = [UInt8](repeating: 0, count: width * height)
        var opaque = [Bool](repeating: false, count: width * height)
        var used = [Bool](repeating: false, count: SixelPalette.count)
        for index in 0..<(width * height) {
            let p = index * 4
            guard image.pixels[p + 3] >= 128 else { continue }
            let register = SixelPalette.nearest(image.pixels[p], image.pixels[p + 1], image.pixels[p + 2],
                                                x: index % width, y: index / width)
            registers[index] = register
            opaque[index] = true
            used[Int(register)] = true
        }
        var out = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for register in 0..<SixelPalette.count where used[register] {
            let (r, g, b) = SixelPalette.percent(register)
            out += Array("#\(register);2;\(r);\(g);\(b)".utf8)
        }
        let bands = (height + 5) / 6
        // Per band: each register's six-pixel columns, filled in one pass over the band's pixels.
        var line = [UInt8](repeating: 0, count: width)
        var columns = [UInt8](repeating: 0, count: SixelPalette.count * width)
        var inBand = [Bool](repeating: false, count: SixelPalette.count)
        for band in 0..<bands {
            if band > 0 { out.append(UInt8(ascii: "-")) }
            let top = band * 6, bottom = min(height, top + 6)
            for y in top..<bottom {
                let bit = UInt8(1) << UInt8(y - top)
                for x in 0..<width where opaque[y * width + x] {
                    let register = Int(registers[y * width + x])
                    inBand[register] = true
                    columns[register * width + x] |= bit
                }
            }
            var first = true
            for register in 0..<SixelPalette.count where inBand[register] {
                inBand[register] = false
                let row = register * width
                var end = width
                while end > 0, columns[row + end - 1] == 0 { end -= 1 }
                if !first { out.append(UInt8(ascii: "$")) }
                first = false
                out += Array("#\(register)".utf8)
                for x in 0..<end { line[x] = 63 + columns[row + x] }
                appendRuns(line[0..<end], to: &out)
                for x in 0..<width { columns[row + x] = 0 }
            }
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// Sixel characters with runs of four or more written `!n c`.
    private static func appendRuns(_ line: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            var run = 1
            while index + run < line.endIndex, line[index + run] == character { run += 1 }
            if run >= 4 {
                out += Array("!\(run)".utf8)
                out.append(character)
            } else {
                out += [UInt8](repeating: character, count: run)
            }
            index += run
        }
    }

    // MARK: tmux

    /// `sequence` wrapped for tmux's passthrough (`ESC Ptmux; … ESC \`, every ESC inside doubled), so
    /// tmux hands it to the outer terminal.
    public static func tmuxPassthrough(_ sequence: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(sequence.count + 16)
        for byte in sequence {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    // MARK: base64

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with padding.
    public static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let n = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)]]
            out.append(rest == 2 ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return out
    }
}

/// The sixel palette: registers 0–215 a 6×6×6 colour cube (index 36 r + 6 g + b), 216–239 greys.
enum SixelPalette {
    static let count = 240
    private static let levels: [Int] = [0, 51, 102, 153, 204, 255]

    /// Bayer's 4×4 threshold matrix.
    private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// The register for the pixel at (x, y): the cube's level after an ordered-dither offset (at most
    /// under half a level, so pure colours stay), or the nearest grey when that is nearer the pixel.
    static func nearest(_ red: UInt8, _ green: UInt8, _ blue: UInt8, x: Int = 0, y: Int = 0) -> UInt8 {
        let r = Int(red), g = Int(green), b = Int(blue)
        let offset = (2 * bayer[(y & 3) * 4 + (x & 3)] - 15) * 51 / 32
        func level(_ c: Int) -> Int { (min(255, max(0, c + offset)) * 5 + 127) / 255 }
        let ri = level(r), gi = level(g), bi = level(b)
        func square(_ v: Int) -> Int { v * v }
        let cubeDistance = square(r - levels[ri]) + square(g - levels[gi]) + square(b - levels[bi])
        let grey = min(23, max(0, ((r + g + b) / 3 - 8 + 5) / 10))
        let level = 8 + 10 * grey
        let greyDistance = square(r - level) + square(g - level) + square(b - level)
        return greyDistance < cubeDistance ? UInt8(216 + grey) : UInt8(36 * ri + 6 * gi + bi)
    }

    /// A register's colour in percent (sixel's colour unit).
    static func percent(_ register: Int) -> (Int, Int, Int) {
        func pc(_ v: Int) -> Int { (v * 100 + 127) / 255 }
        if register >= 216 {
            let v = pc(8 + 10 * (register - 216))
            return (v, v, v)
        }
        return (pc(levels[register / 36]), pc(levels[register / 6 % 6]), pc(levels[register % 6]))
    }
}
