// libFuzzer target (scripts/fuzz): arbitrary bytes through the magic-byte entry point of the image
// decoders. Inputs without a signature get one, chosen by their first byte (PNG, JPEG, or none), so
// every input reaches libpng or TurboJPEG; a decoded image must be consistent and scale without trapping.
import FuzzSupport
import ImageDecoding

let signatures: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], []]

FuzzSupport.run { bytes in
    // Seeds (the test fixtures) carry their signature already; generated inputs get one.
    let signed = signatures.dropLast().contains { !$0.isEmpty && bytes.starts(with: $0) }
    let input = signed || bytes.isEmpty ? bytes : signatures[Int(bytes[0]) % signatures.count] + bytes.dropFirst()
    guard let image = try? ImageDecoder.decode(input) else { return }
    let limits = ImageLimits.standard
    guard image.width <= limits.maxSide, image.height <= limits.maxSide,
          image.width * image.height <= limits.maxPixelCount,
          image.pixels.count == image.width * image.height * 4 else {
        fatalError("decoded image breaks the limits: \(image.width)x\(image.height), \(image.pixels.count) bytes")
    }
    let size = image.fittingSize(maxWidth: 16, maxHeight: 16)
    guard let small = image.scaled(toWidth: size.width, height: size.height),
          small.pixels.count == size.width * size.height * 4 else { fatalError("scaling failed") }
    _ = small.composited(over: RGBA(r: 0, g: 0, b: 0))
}
