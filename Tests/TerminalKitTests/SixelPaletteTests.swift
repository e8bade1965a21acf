import Testing
@testable import TerminalKit

/// Pictures for the sixel tests, made here: deterministic (integer hashing, no random numbers).
enum TestPictures {
    /// Red across, green down, blue across the other way: every pixel a different colour.
    static func gradient(width: Int, height: Int) -> PixelImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8(255 - x * 255 / (width - 1)), 255]
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)!
    }

    /// Like a photo: a sky lightening towards a wavy horizon, ground textured with value noise over
    /// four octaves, a shaded ball with a highlight, and grain on everything.
    static func photo(size: Int) -> PixelImage {
        func hash(_ x: Int, _ y: Int, _ seed: Int) -> Double {
            var h = UInt64(truncatingIfNeeded: x &* 374_761_393 &+ y &* 668_265_263 &+ seed &* 2_147_483_647)
            h = (h ^ (h >> 13)) &* 1_274_126_177
            h ^= h >> 16
            return Double(h & 0xFFFF) / 65535
        }
        func noise(_ x: Int, _ y: Int) -> Double {
            var total = 0.0, amplitude = 1.0, norm = 0.0
            for (octave, cell) in [32, 16, 8, 4].enumerated() {
                let fx = Double(x % cell) / Double(cell), fy = Double(y % cell) / Double(cell)
                let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
                let ix = x / cell, iy = y / cell
                let top = hash(ix, iy, octave) + (hash(ix + 1, iy, octave) - hash(ix, iy, octave)) * sx
                let bottom = hash(ix, iy + 1, octave) + (hash(ix + 1, iy + 1, octave) - hash(ix, iy + 1, octave)) * sx
                total += amplitude * (top + (bottom - top) * sy)
                norm += amplitude
                amplitude *= 0.55
            }
            return total / norm
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(size * size * 4)
        let horizon = Double(size) * 0.42, center = (Double(size) * 0.55, Double(size) * 0.6), radius = Double(size) * 0.25
        for y in 0..<size {
            for x in 0..<size {
                let n = noise(x, y)
                var (r, g, b): (Double, Double, Double)
                let wave = horizon + Double(size) / 30 * Double((x * 7 / size) % 3 - 1)
                if Double(y) < wave {
                    let t = Double(y) / horizon
                    (r, g, b) = (60 + 150 * t + 30 * n, 110 + 110 * t + 20 * n, 200 + 45 * t)
                } else {
                    (r, g, b) = (70 + 90 * n, 110 + 80 * n, 40 + 40 * n)
                }
                let dx = (Double(x) - center.0) / radius, dy = (Double(y) - center.1) / radius
                if dx * dx + dy * dy <= 1 {
                    let dz = (1 - dx * dx - dy * dy).squareRoot()
                    let lambert = max(0, 0.5 * dx * -1 + 0.6 * -dy + 0.62 * dz)
                    var specular = lambert
                    for _ in 0..<4 { specular *= specular }   // lambert^16
                    let shade = 0.25 + 0.75 * lambert
                    (r, g, b) = (200 * shade + 200 * specular, 40 * shade + 200 * specular, 50 * shade + 200 * specular)
                }
                let grain = (hash(x, y, 99) - 0.5) * 12
                for value in [r, g, b] { pixels.append(UInt8(max(0, min(255, value + grain)))) }
                pixels.append(255)
            }
        }
        return PixelImage(width: size, height: size, pixels: pixels)!
    }
}

@Suite("Sixel with the picture's own palette, decoded back and compared with the source")
struct SixelPaletteTests {
    static func decoded(_ image: PixelImage, registers: Int? = nil) throws -> SixelDecoder {
        let decoder = try SixelDecoder(ImageEncoders.sixel(image, registers: registers))
        #expect(decoder.width == image.width && decoder.height == image.height)
        return decoder
    }

    @Test("A gradient (every pixel a different colour) comes back at 32 dB or more, in no more than 256 registers")
    func gradient() throws {
        let image = TestPictures.gradient(width: 128, height: 96)
        let decoder = try Self.decoded(image)
        #expect(decoder.psnr(against: image) >= 32)   // 32.6 when written
        #expect(decoder.definitions.count <= 256)
    }

    @Test("A photo-like picture comes back at 41 dB or more (256 registers), 29 dB (16 registers)")
    func photo() throws {
        let image = TestPictures.photo(size: 120)
        let full = try Self.decoded(image).psnr(against: image)
        let sixteen = try Self.decoded(image, registers: 16).psnr(against: image)
        #expect(full >= 41)   // 42.4 when written
        #expect(sixteen >= 29)   // 29.6
    }

    @Test("Only the terminal's registers are used: 16 → 0–15, 2 → 0–1; unknown or more than 256 → at most 256", arguments: [
        (2, 2), (16, 16), (255, 255), (1024, 256),
    ])
    func registerBound(registers: Int, used: Int) throws {
        let image = TestPictures.photo(size: 64)
        let decoder = try Self.decoded(image, registers: registers)
        #expect(decoder.definitions.keys.allSatisfy { $0 < used })
        #expect(decoder.definitions.count <= used)
        #expect(decoder.definitions.count > used / 2, "a photo uses most of what it may")
        #expect(try Self.decoded(image).definitions.keys.allSatisfy { $0 < 256 })
    }

    @Test("A picture with fewer colours than registers comes back exact; one colour is one register")
    func fewColours() throws {
        // Levels that whole percents hold exactly (20 % steps).
        let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
        var pixels: [UInt8] = []
        for y in 0..<12 {
            for x in 0..<30 { pixels += [levels[x / 5], levels[y / 2], levels[(x + y) % 6], 255] }
        }
        let image = PixelImage(width: 30, height: 12, pixels: pixels)!
        #expect(try Self.decoded(image).psnr(against: image) == .infinity)
        let red = PixelImage(width: 1, height: 7, pixels: Array(repeating: [0xFF, 0, 0, 0xFF], count: 7).flatMap { $0 })!
        #expect(ImageEncoders.sixel(red) == Array("\u{1B}P0;1;0q\"1;1;1;7#0;2;100;0;0#0~-#0@\u{1B}\\".utf8))
    }

    @Test("Transparent pixels (alpha below 128) are not drawn, every opaque one is; none takes a register")
    func transparency() throws {
        let photo = TestPictures.photo(size: 40)
        var pixels = photo.pixels
        for index in 0..<(40 * 40) where (index % 40) < 10 || (index / 40) % 7 == 3 { pixels[index * 4 + 3] = 40 }
        let image = PixelImage(width: 40, height: 40, pixels: pixels)!
        let decoder = try Self.decoded(image)
        for index in 0..<(40 * 40) {
            #expect((decoder.pixels[index] == nil) == (pixels[index * 4 + 3] < 128))
        }
        #expect(decoder.psnr(against: image) >= 42)   // 43.1 when written
        let clear = PixelImage(width: 3, height: 2, pixels: [UInt8](repeating: 0, count: 24))!
        #expect(ImageEncoders.sixel(clear) == Array("\u{1B}P0;1;0q\"1;1;3;2\u{1B}\\".utf8))
    }
}
