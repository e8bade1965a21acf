extension MarkdownDocument {
    /// The start of a long document, to render and show first while the whole renders: its first
    /// `count` lines or a few more, cut where a block ends (a blank line outside a fenced code block),
    /// with the link reference definitions of the rest appended so the head's links resolve as they do
    /// in the whole. Nil when the document is not much longer than `count` lines, or no block ends
    /// within `count * 4` lines (then the whole is rendered at once).
    public static func head(of lines: [String], atLeast count: Int) -> String? {
        guard count > 0, lines.count > count * 2 else { return nil }
        var fence: (marker: UInt8, length: Int)?
        var cut: Int?
        for index in lines.indices {
            let line = lines[index]
            if let opening = fenceMarker(line) {
                if let open = fence {
                    if opening.marker == open.marker, opening.length >= open.length, opening.isBare { fence = nil }
                } else {
                    fence = (opening.marker, opening.length)
                }
                continue
            }
            if index >= count, fence == nil, isBlank(line) {
                cut = index
                break
            }
            if index >= count * 4 { break }
        }
        guard let cut else { return nil }
        var head = lines[..<cut].joined(separator: "\n")
        // Reference definitions after the cut (outside fences), so `[text][name]` above it is a link.
        fence = nil
        for line in lines[cut...] {
            if let opening = fenceMarker(line) {
                if let open = fence {
                    if opening.marker == open.marker, opening.length >= open.length, opening.isBare { fence = nil }
                } else {
                    fence = (opening.marker, opening.length)
                }
                continue
            }
            if fence == nil, isReferenceDefinition(line) {
                head += "\n\n" + line
            }
        }
        return head
    }

    /// A fence line (up to 3 spaces, then 3 or more backticks or tildes): its character, its length,
    /// and whether nothing but space follows (only such a line closes a fence).
    private static func fenceMarker(_ line: String) -> (marker: UInt8, length: Int, isBare: Bool)? {
        var bytes = line.utf8[...]
        var indent = 0
        while bytes.first == UInt8(ascii: " "), indent < 4 {
            bytes = bytes.dropFirst()
            indent += 1
        }
        guard indent < 4, let marker = bytes.first, marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") else { return nil }
        let length = bytes.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        let rest = bytes.dropFirst(length)
        // A backtick fence's info string has no backtick.
        if marker == UInt8(ascii: "`"), rest.contains(UInt8(ascii: "`")) { return nil }
        return (marker, length, rest.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    }

    private static func isBlank(_ line: String) -> Bool {
        line.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    /// `[label]: destination` at up to 3 spaces of indent (a footnote's `[^1]:` too).
    private static func isReferenceDefinition(_ line: String) -> Bool {
        var bytes = line.utf8[...]
        var indent = 0
        while bytes.first == UInt8(ascii: " "), indent < 4 {
            bytes = bytes.dropFirst()
            indent += 1
        }
        guard indent < 4, bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
        let after = bytes[bytes.index(after: close)...]
        return close > bytes.index(after: bytes.startIndex) && after.first == UInt8(ascii: ":")
    }
}
