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

    /// `image` as sixel, with its own palette of at most `registers` colours (the terminal's colour
    /// registers; nil: unknown) and error diffusion (`SixelPalette`; only the colours drawn are
    /// defined), bands of six pixel rows, each colour's line in a band ending at its last pixel,
    /// runs of four or more as `!n`. Pixels with alpha below 128 are not drawn (`P2 = 1`: what is
    /// under them stays).
    public static func sixel(_ image: PixelImage, registers: Int? = nil) -> [UInt8] {
        let width = image.width, height = image.height
        let palette = SixelPalette(image, registers: registers)
        let pixels = palette.registers(image)
        var used = [Bool](repeating: false, count: palette.count)
        for register in pixels where register != SixelPalette.transparent { used[Int(register)] = true }
        var out = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for register in 0..<palette.count where used[register] {
            let (r, g, b) = palette.percent[register]
            out += Array("#\(register);2;\(r);\(g);\(b)".utf8)
        }
        // Per band: each register's six-pixel columns, and the columns it has as a list in order
        // (`head`, `next`), so a colour's line costs its pixels, not the picture's width.
        var columns = [UInt8](repeating: 0, count: palette.count * width)
        var head = [Int](repeating: -1, count: palette.count), tail = head
        var entryX = [Int](repeating: 0, count: 6 * width), next = entryX
        var inBand: [Int] = []
        for top in stride(from: 0, to: height, by: 6) {
            if top > 0 { out.append(UInt8(ascii: "-")) }
            let bottom = min(height, top + 6)
            var entries = 0
            for x in 0..<width {
                for y in top..<bottom {
                    let value = pixels[y * width + x]
                    guard value != SixelPalette.transparent else { continue }
                    let register = Int(value), cell = register * width + x
                    if columns[cell] == 0 {
                        entryX[entries] = x
                        next[entries] = -1
                        if head[register] < 0 { head[register] = entries; inBand.append(register) } else { next[tail[register]] = entries }
                        tail[register] = entries
                        entries += 1
                    }
                    columns[cell] |= UInt8(1) << UInt8(y - top)
                }
            }
            inBand.sort()
            for (index, register) in inBand.enumerated() {
                if index > 0 { out.append(UInt8(ascii: "$")) }
                out.append(UInt8(ascii: "#"))
                appendDecimal(register, to: &out)
                let row = register * width
                var written = 0, entry = head[register]
                while entry >= 0 {
                    let x = entryX[entry], character = 63 + columns[row + x]
                    columns[row + x] = 0
                    if x > written { appendRun(63, count: x - written, to: &out) }
                    var run = 1
                    entry = next[entry]
                    while entry >= 0, entryX[entry] == x + run, 63 + columns[row + x + run] == character {
                        columns[row + x + run] = 0
                        run += 1
                        entry = next[entry]
                    }
                    appendRun(character, count: run, to: &out)
                    written = x + run
                }
                head[register] = -1
            }
            inBand.removeAll(keepingCapacity: true)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// `count` copies of a sixel character: `!n c` from four on.
    private static func appendRun(_ character: UInt8, count: Int, to out: inout [UInt8]) {
        if count >= 4 {
            out.append(UInt8(ascii: "!"))
            appendDecimal(count, to: &out)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }

    /// A number ≥ 0 in decimal digits (no string made: it is written thousands of times a picture).
    private static func appendDecimal(_ number: Int, to out: inout [UInt8]) {
        if number >= 10 { appendDecimal(number / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(number % 10))
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
