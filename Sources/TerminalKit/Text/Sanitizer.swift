/// Makes untrusted text (anything from the network, a file or a flag) safe to draw.
///
/// No control character, escape sequence introducer or bidirectional override can reach the
/// terminal: C0 and C1 controls and DEL are removed (tabs and line breaks become spaces in
/// single-line text), and so are the bidi embedding/override/isolate controls that can disguise text.
public enum Sanitizer {
    /// One line of display text: line breaks and tabs become single spaces, other controls vanish.
    public static func line(_ text: String) -> String {
        // Printable ASCII has nothing to remove (the list sanitizes every visible row on every key).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            guard isAllowed(scalar) else { continue }
            result.append(scalar)
            lastWasSpace = scalar == " "
        }
        return String(result)
    }

    /// Multi-line display text: keeps line breaks (normalised to `\n`), tabs become spaces.
    public static func text(_ text: String) -> String {
        // Printable ASCII and line feeds: nothing to change, and no copy of a long text.
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" {
                if previous != "\r" { result.append("\n") }
                continue
            }
            if scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" { result.append("\n"); continue }
            if scalar == "\t" { result.append(" "); continue }
            guard isAllowed(scalar) else { continue }
            result.append(scalar)
        }
        return String(result)
    }

    /// Whether a scalar may be sent to the terminal.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) { return false }
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return false } // bidi overrides/isolates
        if v == 0x200E || v == 0x200F || v == 0x061C { return false }                        // bidi marks
        if (0xD800...0xDFFF).contains(v) || v == 0xFFFE || v == 0xFFFF { return false }
        return true
    }
}

extension Sanitizer {
    /// Another program's output on its way to the terminal (git's, while it has the screen): cut at
    /// each `\n` and `\r` (progress redraws its line with `\r`), every piece made safe with
    /// `Sanitizer.line` and written with its own line end. Bytes with no line end yet wait for more,
    /// up to `limit` bytes (then they go out, cut at a character's start).
    public struct LineStream: Sendable {
        private var pending: [UInt8] = []
        /// The most bytes kept waiting for a line end.
        public let limit: Int

        public init(limit: Int = 4096) {
            self.limit = max(limit, 4)
        }

        /// The safe bytes for what has come so far.
        public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
            var output: [UInt8] = []
            for byte in bytes {
                if byte == 0x0A || byte == 0x0D {
                    output += Array(Sanitizer.line(String(decoding: pending, as: UTF8.self)).utf8)
                    output.append(byte)
                    pending.removeAll(keepingCapacity: true)
                    continue
                }
                pending.append(byte)
                if pending.count >= limit {
                    // Cut before the last character's first byte, so a character is never split.
                    var cut = pending.count - 1
                    while cut > 0, pending[cut] & 0xC0 == 0x80 { cut -= 1 }
                    if cut == 0 { cut = pending.count }
                    output += Array(Sanitizer.line(String(decoding: pending[..<cut], as: UTF8.self)).utf8)
                    pending.removeFirst(cut)
                }
            }
            return output
        }

        /// The safe bytes for what is left when the output ends.
        public mutating func finish() -> [UInt8] {
            defer { pending.removeAll() }
            return Array(Sanitizer.line(String(decoding: pending, as: UTF8.self)).utf8)
        }
    }
}

extension String {
    /// The text without white space and line breaks at either end. Looks only at the ends, and returns the
    /// text itself when there is nothing to trim: Foundation's `trimmingCharacters(in:)` copies the whole
    /// text to UTF-16 first, which a screen that rebuilds on every key paid for a 1 MB description.
    public var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}
