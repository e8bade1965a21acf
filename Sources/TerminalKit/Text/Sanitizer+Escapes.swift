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
        var style = style
        // Printable ASCII has no sequence and nothing to clean.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return (text.isEmpty ? [] : [StyledPiece(text, style: style)], style)
        }
        let scalars = Array(text.unicodeScalars)
        var pieces: [StyledPiece] = []
        var pending = String.UnicodeScalarView()
        func flush() {
            guard !pending.isEmpty else { return }
            let clean = line(String(pending))
            pending.removeAll()
            guard !clean.isEmpty else { return }
            if let last = pieces.last, last.style == style {
                pieces[pieces.count - 1].text += clean
            } else {
                pieces.append(StyledPiece(clean, style: style))
            }
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index].value
            switch scalar {
            case 0x1B:
                guard index + 1 < scalars.count else { index += 1; continue }
                let next = scalars[index + 1].value
                switch next {
                case 0x5B: // ESC [ : CSI
                    let (end, sgr) = controlSequence(scalars, from: index + 2)
                    if let sgr { flush(); style = applySGR(sgr, to: style) }
                    index = end
                case 0x5D: // ESC ] : OSC, ended by BEL or ST
                    index = controlString(scalars, from: index + 2, bellEnds: true)
                case 0x50, 0x58, 0x5E, 0x5F: // ESC P, X, ^, _ : DCS, SOS, PM, APC, ended by ST
                    index = controlString(scalars, from: index + 2, bellEnds: false)
                case 0x20...0x2F: // ESC, intermediates, a final character
                    var end = index + 1
                    while end < scalars.count, (0x20...0x2F).contains(scalars[end].value) { end += 1 }
                    if end < scalars.count, (0x30...0x7E).contains(scalars[end].value) { end += 1 }
                    index = end
                case 0x30...0x7E: // a two-character escape (ESC c resets the terminal, ESC 7 saves the cursor…)
                    index += 2
                default: // a lone ESC
                    index += 1
                }
            case 0x9B: // 8-bit CSI
                let (end, sgr) = controlSequence(scalars, from: index + 1)
                if let sgr { flush(); style = applySGR(sgr, to: style) }
                index = end
            case 0x9D: // 8-bit OSC
                index = controlString(scalars, from: index + 1, bellEnds: true)
            case 0x90, 0x98, 0x9E, 0x9F: // 8-bit DCS, SOS, PM, APC
                index = controlString(scalars, from: index + 1, bellEnds: false)
            default:
                pending.append(scalars[index])
                index += 1
            }
        }
        flush()
        return (pieces, style)
    }

    /// A control sequence's end (after its final character, or where a character that cannot be part
    /// of one cut it short), and its parameters when it is an SGR (`m`, no intermediates, digits and
    /// `;` only): an empty parameter reads as nil.
    private static func controlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> (end: Int, sgr: [Int?]?) {
        var index = start
        var parameters: [Int?] = []
        var current: Int?
        var plain = true
        while index < scalars.count {
            let value = scalars[index].value
            switch value {
            case 0x30...0x39:
                current = min((current ?? 0) * 10 + Int(value - 0x30), 9_999)
            case 0x3B:
                if parameters.count < maximumSGRParameters { parameters.append(current) }
                current = nil
            case 0x3A, 0x3C...0x3F, 0x20...0x2F:
                plain = false
            case 0x40...0x7E:
                guard plain, value == 0x6D else { return (index + 1, nil) }
                if parameters.count < maximumSGRParameters { parameters.append(current) }
                return (index + 1, parameters)
            default:
                // Not part of a control sequence: it ends here, and the character is read as text.
                return (index, nil)
            }
            index += 1
        }
        return (index, nil)
    }

    /// The end of a control string (OSC, DCS…): after ST (`ESC \` or 8-bit ST), or BEL where it ends
    /// one (OSC); an unended string runs to the end of the line.
    private static func controlString(_ scalars: [Unicode.Scalar], from start: Int, bellEnds: Bool) -> Int {
        var index = start
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x9C || (bellEnds && value == 0x07) { return index + 1 }
            if value == 0x1B {
                return index + 1 < scalars.count && scalars[index + 1].value == 0x5C ? index + 2 : index + 1
            }
            index += 1
        }
        return index
    }

    /// The style after an SGR sequence's parameters (nil: empty, read as 0). The whitelist: 0 reset,
    /// 1 bold, 2 dim, 22 neither, 30–37/90–97 and 40–47/100–107 the named colours (the bright ones as
    /// their named colour), 39/49 the default colours, 38;5;N and 48;5;N the 256-colour palette (0–15 as
    /// named colours, the rest as true colours). Everything else (blink, 24-bit colours, underline
    /// styles, concealed text) is skipped with its arguments.
    public static func applySGR(_ parameters: [Int?], to style: Style) -> Style {
        var style = style
        let codes = parameters.isEmpty ? [0] : parameters.map { $0 ?? 0 }
        var index = 0
        func named(_ number: Int) -> Color? { Color(rawValue: number) }
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = .plain
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
                guard index + 1 < codes.count else { return style }
                if codes[index + 1] == 5 {
                    guard index + 2 < codes.count else { return style }
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
                    return style
                }
            default: break
            }
            index += 1
        }
        return style
    }
}
