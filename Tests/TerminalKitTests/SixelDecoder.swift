import Foundation
@testable import TerminalKit

/// A sixel image decoded back to pixels, as a terminal would draw it, for the encoder's tests: a
/// strict reader that records what a test may want to assert (the registers defined, whether every
/// definition is RGB in percent, the pixels drawn).
struct SixelDecoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    /// Red, green, blue of each pixel; nil where nothing was drawn.
    private(set) var pixels: [(UInt8, UInt8, UInt8)?]
    /// Register → its colour in percent, as defined.
    private(set) var definitions: [Int: (Int, Int, Int)] = [:]

    /// Decodes `bytes`: `ESC P … q`, raster attributes `"1;1;w;h`, then `#n;2;r;g;b`, `#n`, `!n c`,
    /// `$`, `-` and sixel characters, `ESC \` last. Throws on anything else.
    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 4, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "P"),
              let q = bytes.firstIndex(of: UInt8(ascii: "q")),
              bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")] else { throw Failure(description: "not a sixel DCS") }
        var index = q + 1
        let end = bytes.count - 2
        func number() -> Int? {
            var value: Int?
            while index < end, (48...57).contains(bytes[index]) {
                value = (value ?? 0) * 10 + Int(bytes[index] - 48)
                index += 1
            }
            return value
        }
        func numbers() -> [Int?] {
            var list = [number()]
            while index < end, bytes[index] == UInt8(ascii: ";") {
                index += 1
                list.append(number())
            }
            return list
        }
        guard index < end, bytes[index] == UInt8(ascii: "\"") else { throw Failure(description: "no raster attributes") }
        index += 1
        let raster = numbers()
        guard raster.count == 4, let w = raster[2], let h = raster[3] else { throw Failure(description: "bad raster attributes") }
        width = w
        height = h
        pixels = Array(repeating: nil, count: w * h)
        var color: (UInt8, UInt8, UInt8)?
        var x = 0, top = 0
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "#"):
                index += 1
                let parameters = numbers()
                guard let register = parameters[0] else { throw Failure(description: "# without a register") }
                if parameters.count == 5 {
                    guard parameters[1] == 2, let r = parameters[2], let g = parameters[3], let b = parameters[4],
                          [r, g, b].allSatisfy({ (0...100).contains($0) }) else {
                        throw Failure(description: "register \(register): not RGB in percent")
                    }
                    definitions[register] = (r, g, b)
                } else if parameters.count != 1 {
                    throw Failure(description: "register \(register): \(parameters.count) parameters")
                }
                guard let (r, g, b) = definitions[register] else { throw Failure(description: "register \(register) used undefined") }
                func shown(_ percent: Int) -> UInt8 { UInt8((percent * 255 + 50) / 100) }
                color = (shown(r), shown(g), shown(b))
            case UInt8(ascii: "$"):
                x = 0
                index += 1
            case UInt8(ascii: "-"):
                x = 0
                top += 6
                index += 1
            case UInt8(ascii: "!"), 0x3F...0x7E:
                var count = 1
                if byte == UInt8(ascii: "!") {
                    index += 1
                    guard let n = number(), n > 0, index < end, (0x3F...0x7E).contains(bytes[index]) else {
                        throw Failure(description: "bad repeat")
                    }
                    count = n
                }
                let bits = Int(bytes[index]) - 0x3F
                if bits != 0 {
                    guard let color else { throw Failure(description: "pixels before any colour") }
                    for row in 0..<6 where bits >> row & 1 == 1 {
                        let y = top + row
                        guard y < h, x + count <= w else { throw Failure(description: "pixels outside the raster") }
                        for column in x..<(x + count) { pixels[y * w + column] = color }
                    }
                }
                x += count
                index += 1
            default:
                throw Failure(description: "unexpected byte \(byte) at \(index)")
            }
        }
    }

    /// Peak signal-to-noise ratio against `image` over its opaque pixels, in dB (infinity: equal).
    /// An opaque pixel left undrawn counts as black.
    func psnr(against image: PixelImage) -> Double {
        var squares = 0.0, samples = 0
        for index in 0..<(width * height) where image.pixels[index * 4 + 3] >= 128 {
            let drawn = pixels[index] ?? (0, 0, 0)
            for (channel, value) in [drawn.0, drawn.1, drawn.2].enumerated() {
                let difference = Double(image.pixels[index * 4 + channel]) - Double(value)
                squares += difference * difference
            }
            samples += 3
        }
        guard squares > 0 else { return .infinity }
        let mse = squares / Double(samples)
        return 10 * log10(255 * 255 / mse)
    }
}
