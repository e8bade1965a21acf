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
