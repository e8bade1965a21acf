// libFuzzer target (scripts/fuzz): arbitrary UTF-8 through the sanitizer, the width rules and the
// cell buffer. Nothing may trap; sanitized text holds no control character; a truncated or fitted
// string never exceeds its width; writing never goes past the buffer.
import FuzzSupport
import TerminalKit

FuzzSupport.run { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    let line = Sanitizer.line(text)
    if line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) {
        fatalError("control character survived Sanitizer.line")
    }
    _ = Sanitizer.text(text)
    let width = Int(bytes.first ?? 0) % 50
    if line.truncated(toWidth: width).displayWidth > width { fatalError("truncated past \(width)") }
    if line.fitted(toWidth: width).displayWidth != width { fatalError("fitted is not \(width) wide") }
    for wrapped in line.wrapped(toWidth: max(1, width)) where wrapped.displayWidth > max(1, width) {
        fatalError("wrapped line past \(width)")
    }
    var buffer = Buffer(width: 20, height: 3)
    buffer.write(line, x: width % 25 - 2, y: 1)
    _ = buffer.snapshot()
}
