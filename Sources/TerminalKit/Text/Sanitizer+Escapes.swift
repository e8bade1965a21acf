extension Sanitizer {
    /// A run of another program's output in one style, safe to draw.
    public struct StyledPiece: Sendable, Equatable {
        public var text: String
        public var style: Style

        public init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The most SGR parameters read from one sequence (the rest are ignored).
    static let maximumSGRParameters = 32

    /// One line of another program's output (a CI log) as it would look: its SGR colours and bold
    /// (a whitelist: `applySGR`) become styles, starting from `style` (the colour left on by the line
    /// before); every other escape sequence — CSI (cursor moves, clears), OSC (52 clipboard, 8
    /// links, titles), DCS, SOS, PM, APC, two-character escapes, their 8-bit C1 forms — is dropped
    /// whole, and the text between goes through `line`, so no control character is left. Returns the
    /// pieces (empty text left out) and the style at the line's end.
    public static func styledPieces(_ text: String, from style: Style = .plain) -> (pieces: [StyledPiece], style: Style) {
        // Printable ASCII has no sequence and nothing to clean.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return (text.isEmpty ? [] : [StyledPiece(text, style: style)], style)
        }
        var text = text
        return text.withUTF8 { bytes in
            var scanner = EscapeScanner(bytes, style: style, collecting: true)
            scanner.run()
            return (scanner.pieces, scanner.style)
        }
    }

    /// What one line of output (UTF-8 bytes, as `styledPieces` reads its text) does to the colour
    /// carried from line to line, without making its pieces: the style it leaves on when it starts from
    /// `style`, and whether it resets (an SGR 0 — from there on the style no longer depends on the one
    /// it started from, so a reader can find a line's colour by looking back only to the last reset).
    public static func styleEffect(_ bytes: UnsafeBufferPointer<UInt8>, from style: Style) -> (style: Style, resets: Bool) {
        var scanner = EscapeScanner(bytes, style: style, collecting: false)
        scanner.run()
        return (scanner.style, scanner.resets)
    }

    /// Reads a line's bytes once: escape sequences parsed (SGR applied, the rest dropped), the text
    /// between collected as pieces when `collecting`. C1 controls are read in their UTF-8 form
    /// (`C2 80`–`C2 9F`; `C2` is never a continuation byte, so this matches the scalars a decoder reads).
    private struct EscapeScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let collecting: Bool
        var style: Style
        var resets = false
        var pieces: [StyledPiece] = []
        /// The text read since the last piece (its bytes), made a piece at the next SGR or the end.
        var pending: [UInt8] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>, style: Style, collecting: Bool) {
            self.bytes = bytes
            self.style = style
            self.collecting = collecting
        }

        /// The C1 control at `index` in its two-byte form (`C2 xx`), its value; nil when there is none.
        private func c1(at index: Int) -> UInt8? {
            guard bytes[index] == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) else { return nil }
            return bytes[index + 1]
        }

        mutating func run() {
            var index = 0
            var textStart = 0
            let count = bytes.count
            func keep(_ start: Int, _ end: Int) {
                guard collecting, start < end else { return }
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            }
            while index < count {
                let byte = bytes[index]
                if byte == 0x1B {
                    keep(textStart, index)
                    guard index + 1 < count else { index += 1; textStart = index; continue }
                    let next = bytes[index + 1]
                    switch next {
                    case 0x5B: // ESC [ : CSI
                        index = controlSequence(from: index + 2)
                    case 0x5D: // ESC ] : OSC, ended by BEL or ST
                        index = controlString(from: index + 2, bellEnds: true)
                    case 0x50, 0x58, 0x5E, 0x5F: // ESC P, X, ^, _ : DCS, SOS, PM, APC, ended by ST
                        index = controlString(from: index + 2, bellEnds: false)
                    case 0x20...0x2F: // ESC, intermediates, a final character
                        var end = index + 1
                        while end < count, (0x20...0x2F).contains(bytes[end]) { end += 1 }
                        if end < count, (0x30...0x7E).contains(bytes[end]) { end += 1 }
                        index = end
                    case 0x30...0x7E: // a two-character escape (ESC c resets the terminal, ESC 7 saves the cursor…)
                        index += 2
                    default: // a lone ESC
                        index += 1
                    }
                    textStart = index
                } else if byte == 0xC2, let control = c1(at: index) {
                    switch control {
                    case 0x9B: // 8-bit CSI
                        keep(textStart, index)
                        index = controlSequence(from: index + 2)
                        textStart = index
                    case 0x9D: // 8-bit OSC
                        keep(textStart, index)
                        index = controlString(from: index + 2, bellEnds: true)
                        textStart = index
                    case 0x90, 0x98, 0x9E, 0x9F: // 8-bit DCS, SOS, PM, APC
                        keep(textStart, index)
                        index = controlString(from: index + 2, bellEnds: false)
                        textStart = index
                    default: // another C1 control: text, which `line` removes
                        index += 2
                    }
                } else {
                    index += 1
                }
            }
            keep(textStart, count)
            flush()
        }

        /// The text collected so far becomes a piece in the current style.
        private mutating func flush() {
            guard collecting, !pending.isEmpty else { return }
            let clean = Sanitizer.line(String(decoding: pending, as: UTF8.self))
            pending.removeAll(keepingCapacity: true)
            guard !clean.isEmpty else { return }
            if let last = pieces.last, last.style == style {
                pieces[pieces.count - 1].text += clean
            } else {
                pieces.append(StyledPiece(clean, style: style))
            }
        }

        /// A control sequence from `start` (after its introducer): its end (after its final character, or
        /// where a character that cannot be part of one cut it short: that character is read as text);
        /// an SGR (`m`, no intermediates, digits and `;` only; an empty parameter reads as 0) is applied.
        private mutating func controlSequence(from start: Int) -> Int {
            var index = start
            var parameters: [Int?] = []
            var current: Int?
            var plain = true
            while index < bytes.count {
                let value = bytes[index]
                switch value {
                case 0x30...0x39:
                    current = min((current ?? 0) * 10 + Int(value - 0x30), 9_999)
                case 0x3B:
                    if parameters.count < maximumSGRParameters { parameters.append(current) }
                    current = nil
                case 0x3A, 0x3C...0x3F, 0x20...0x2F:
                    plain = false
                case 0x40...0x7E:
                    guard plain, value == 0x6D else { return index + 1 }
                    if parameters.count < maximumSGRParameters { parameters.append(current) }
                    flush()
                    let applied = Sanitizer.applySGR(parameters, to: style)
                    style = applied.style
                    resets = resets || applied.resets
                    return index + 1
                default:
                    return index
                }
                index += 1
            }
            return index
        }

        /// The end of a control string (OSC, DCS…): after ST (`ESC \` or 8-bit ST), or BEL where it ends
        /// one (OSC); an unended string runs to the end of the line.
        private func controlString(from start: Int, bellEnds: Bool) -> Int {
            var index = start
            while index < bytes.count {
                let value = bytes[index]
                if bellEnds && value == 0x07 { return index + 1 }
                if c1(at: index) == 0x9C { return index + 2 }
                if value == 0x1B {
                    return index + 1 < bytes.count && bytes[index + 1] == 0x5C ? index + 2 : index + 1
                }
                index += 1
            }
            return index
        }
    }

    /// The style after an SGR sequence's parameters (nil: empty, read as 0). The whitelist: 0 reset,
    /// 1 bold, 2 dim, 22 neither, 30–37/90–97 and 40–47/100–107 the named colours (the bright ones as
    /// their named colour), 39/49 the default colours, 38;5;N and 48;5;N the 256-colour palette (0–15 as
    /// named colours, the rest as true colours). Everything else (blink, 24-bit colours, underline
    /// styles, concealed text) is skipped with its arguments. `resets`: a 0 was read (what came
    /// before no longer matters).
    static func applySGR(_ parameters: [Int?], to style: Style) -> (style: Style, resets: Bool) {
        var style = style
        var resets = false
        let codes = parameters.isEmpty ? [0] : parameters.map { $0 ?? 0 }
        var index = 0
        func named(_ number: Int) -> Color? { Color(rawValue: number) }
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = .plain; resets = true
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 22: style.attributes.subtract([.bold, .dim])
            case 30...37: style.foreground = named(code - 30); style.foregroundRGB = nil
            case 90...97: style.foreground = named(code - 90); style.foregroundRGB = nil
            case 39: style.foreground = nil; style.foregroundRGB = nil
            case 40...47: style.background = named(code - 40); style.backgroundRGB = nil
            case 100...107: style.background = named(code - 100); style.backgroundRGB = nil
            case 49: style.background = nil; style.backgroundRGB = nil
            case 38, 48:
                guard index + 1 < codes.count else { return (style, resets) }
                if codes[index + 1] == 5 {
                    guard index + 2 < codes.count else { return (style, resets) }
                    let entry = codes[index + 2]
                    if (0...255).contains(entry) {
                        let color: Color? = entry < 16 ? named(entry % 8) : nil
                        let rgb = entry < 16 ? nil : Palette256.color(of: UInt8(entry))
                        if code == 38 {
                            style.foreground = color
                            style.foregroundRGB = rgb
                        } else {
                            style.background = color
                            style.backgroundRGB = rgb
                        }
                    }
                    index += 2
                } else if codes[index + 1] == 2 {
                    index += 4
                } else {
                    return (style, resets)
                }
            default: break
            }
            index += 1
        }
        return (style, resets)
    }
}
