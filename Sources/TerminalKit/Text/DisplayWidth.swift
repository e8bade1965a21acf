/// Display width of text in terminal columns, and the exact scalars a cell shows.
///
/// The rules mirror what the C library's `wcwidth` (and so ncurses and the terminal) does with what
/// we actually send: a grapheme cluster is drawn from its first scalar plus its zero-width marks.
/// East Asian wide/fullwidth characters and emoji with emoji presentation take 2 columns, combining
/// marks and format characters 0, everything else 1. Parts of a cluster that a terminal would draw
/// with a width of their own (ZWJ-joined emoji, skin-tone modifiers, a second regional indicator)
/// are left out, so what is drawn is exactly as wide as measured.
public enum DisplayWidth {
    /// Most scalars one cell shows: the base and four marks (ncurses' `CCHARW_MAX`).
    public static let maxRenderedScalars = 5

    /// Columns taken by one scalar on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x300 { return 1 }
        if symbolBlocks.contains(v) { return Int(symbolWidths[Int(v - symbolBlocks.lowerBound)]) }
        return uncachedWidth(scalar)
    }

    /// Punctuation, arrows, box drawing, shapes, dingbats…: the symbols a screen is drawn with, whose
    /// widths are looked up once (the Unicode property lookups cost hundreds of instructions each).
    static let symbolBlocks: Range<UInt32> = 0x2000..<0x2C00
    private static let symbolWidths: [UInt8] = {
        var widths = [UInt8](repeating: 1, count: symbolBlocks.count)
        for run in symbolRunsNotOneColumn {
            for v in run.first...run.last { widths[Int(v - symbolBlocks.lowerBound)] = run.width }
        }
        return widths
    }()

    /// The scalars of `symbolBlocks` not one column wide, as `uncachedWidth` gives them (a test
    /// checks every scalar of the blocks against it): written out, because asking the Unicode
    /// properties of all 3,072 at launch was a large part of the first frame (docs/performance.md).
    static let symbolRunsNotOneColumn: [(first: UInt32, last: UInt32, width: UInt8)] = [
        (0x200B, 0x200F, 0), (0x202A, 0x202E, 0), (0x2060, 0x2064, 0), (0x2066, 0x206F, 0), (0x20D0, 0x20F0, 0),
        (0x231A, 0x231B, 2), (0x2329, 0x232A, 2), (0x23E9, 0x23EC, 2), (0x23F0, 0x23F0, 2), (0x23F3, 0x23F3, 2),
        (0x25FD, 0x25FE, 2), (0x2614, 0x2615, 2), (0x2648, 0x2653, 2), (0x267F, 0x267F, 2), (0x2693, 0x2693, 2),
        (0x26A1, 0x26A1, 2), (0x26AA, 0x26AB, 2), (0x26BD, 0x26BE, 2), (0x26C4, 0x26C5, 2), (0x26CE, 0x26CE, 2),
        (0x26D4, 0x26D4, 2), (0x26EA, 0x26EA, 2), (0x26F2, 0x26F3, 2), (0x26F5, 0x26F5, 2), (0x26FA, 0x26FA, 2),
        (0x26FD, 0x26FD, 2), (0x2705, 0x2705, 2), (0x270A, 0x270B, 2), (0x2728, 0x2728, 2), (0x274C, 0x274C, 2),
        (0x274E, 0x274E, 2), (0x2753, 0x2755, 2), (0x2757, 0x2757, 2), (0x2795, 0x2797, 2), (0x27B0, 0x27B0, 2),
        (0x27BF, 0x27BF, 2), (0x2B1B, 0x2B1C, 2), (0x2B50, 0x2B50, 2), (0x2B55, 0x2B55, 2),
    ]

    /// `of(scalar)` for a scalar from U+0300 on, from the Unicode properties.
    static func uncachedWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if isZeroWidth(scalar) { return 0 }
        if isWide(v) { return 2 }
        return 1
    }

    /// Columns taken by one grapheme cluster, as drawn by `renderedScalars`.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        return of(first)
    }

    /// Columns taken by a string.
    public static func of(_ string: String) -> Int {
        if let count = printableASCIICount(string) { return count }
        var total = 0
        forEachCluster(in: string) { cluster in
            total += cluster.width
            return true
        }
        return total
    }

    /// The scalars of `character` that are sent to the terminal: the first one and the zero-width
    /// marks after it (variation selectors and joiners excluded), at most five in all (ncurses' limit).
    public static func renderedScalars(_ character: Character) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        forEachRenderedScalar(character.unicodeScalars) { result.append($0) }
        return result
    }

    /// Calls `body` with each of `renderedScalars`' scalars of the one cluster `scalars`, in order,
    /// without allocating.
    @inline(__always)
    static func forEachRenderedScalar<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars,
                                                                        _ body: (Unicode.Scalar) -> Void) {
        var count = 0
        for scalar in scalars {
            if count == 0 {
                body(scalar)
                count = 1
                continue
            }
            let v = scalar.value
            if v == 0x200D { break }                                  // zero width joiner: stop
            if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { continue } // variation selectors
            guard isZeroWidth(scalar), v >= 0x300 else { break }
            if count == maxRenderedScalars { break }
            body(scalar)
            count += 1
        }
    }

    /// The number of bytes of `string` when every one is printable ASCII (so each is a cluster of
    /// one column, drawn as itself), else nil.
    @inline(__always)
    static func printableASCIICount(_ string: String) -> Int? {
        var string = string
        return string.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            return bytes.count
        }
    }

    /// One grapheme cluster of a string, as `forEachCluster` finds it.
    struct Cluster {
        /// The string's UTF-8 (valid only during the `forEachCluster` call).
        var bytes: UnsafeBufferPointer<UInt8>
        /// Where the cluster starts and ends, as offsets in `bytes`.
        var start: Int
        var end: Int
        /// Columns, as `of(Character)` measures the cluster.
        var width: Int
        /// The byte, when the cluster is one printable ASCII character; else 0.
        var ascii: UInt8

        /// The cluster's scalars.
        var scalars: Scalars { Scalars(bytes: bytes, offset: start, end: end) }

        /// The scalars of a range of valid UTF-8, decoded without allocating.
        struct Scalars: Sequence, IteratorProtocol {
            let bytes: UnsafeBufferPointer<UInt8>
            var offset: Int
            let end: Int

            mutating func next() -> Unicode.Scalar? {
                guard offset < end else { return nil }
                let (value, length) = DisplayWidth.decode(bytes, at: offset)
                offset += length
                return Unicode.Scalar(value)
            }
        }
    }

    /// The scalar starting at `i` in valid UTF-8, and its length in bytes.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        let b1 = UInt32(bytes[i + 1]) & 0x3F
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | b1, 2) }
        let b2 = UInt32(bytes[i + 2]) & 0x3F
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | b1 << 6 | b2, 3) }
        return ((b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | UInt32(bytes[i + 3]) & 0x3F, 4)
    }

    /// Whether a scalar can be a grapheme cluster's Prepend (it then joins what follows, even ASCII):
    /// those are all in U+0600..<U+0E00 or from U+11000 on, so everything else followed by ASCII is
    /// a cluster of its own. (Checked against the standard library for every scalar, in the tests.)
    @inline(__always)
    static func mayPrepend(_ v: UInt32) -> Bool {
        (0x600..<0xE00).contains(v) || v >= 0x11000
    }

    /// Whether a grapheme cluster always starts at this scalar (unless the one before is a Prepend):
    /// its Grapheme_Cluster_Break is Other and it is no Hangul jamo, regional indicator or Indic
    /// consonant, so no rule joins it to what precedes. Conservative blocks of Latin, Greek, Cyrillic,
    /// punctuation, symbols, box drawing, CJK and emoji; it lets runs of them skip the standard
    /// library's grapheme breaking. (Checked against the standard library for every such scalar.)
    @inline(__always)
    static func alwaysStartsCluster(_ v: UInt32) -> Bool {
        switch v {
        case 0xA0...0xAC, 0xAE...0x2FF,            // Latin-1 (not the soft hyphen), Latin Extended, IPA, modifiers
             0x370...0x482,                        // Greek, Cyrillic letters (not its combining marks)
             0x2010...0x2027, 0x2030...0x205E,     // general punctuation (not the format controls)
             0x2070...0x20CF,                      // super- and subscripts, currency
             0x2100...0x2BFF,                      // letterlike … arrows, math, box drawing, blocks, shapes, symbols
             0x3001...0x3029, 0x3030...0x3098, 0x309B...0x30FF,   // CJK punctuation, kana (not the marks)
             0x3400...0x4DBF, 0x4E00...0x9FFF,     // CJK ideographs
             0xFF01...0xFF9D,                      // full- and halfwidth forms (not the sound marks)
             0x1F300...0x1F3FA, 0x1F400...0x1FAFF: // emoji (not the skin-tone modifiers)
            return true
        default:
            return false
        }
    }

    /// Calls `body` with each grapheme cluster of `text` in order (the clusters `for character in text`
    /// gives) and its width, until `body` returns false. Most text takes a fast path on its UTF-8:
    /// two ASCII scalars in a row are always split (except CR LF), so are an ASCII control and what
    /// follows it, and so are a non-ASCII scalar and the ASCII after it (unless it may be a Prepend);
    /// only the rest goes through the standard library's grapheme breaking.
    @inline(__always)
    static func forEachCluster(in text: String, _ body: (Cluster) -> Bool) {
        var utf8 = text
        utf8.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let found = cluster(in: bytes, at: i, of: text)
                guard body(found) else { return }
                i = found.end
            }
        }
    }

    /// The grapheme cluster starting at offset `i` of `bytes`, the UTF-8 of `text` (see `forEachCluster`).
    @inline(__always)
    static func cluster(in bytes: UnsafeBufferPointer<UInt8>, at i: Int, of text: String) -> Cluster {
        let count = bytes.count
        let byte = bytes[i]
        let following: UInt8 = i + 1 < count ? bytes[i + 1] : 0
        if byte < 0x80 {
            let isControl = byte < 0x20 || byte == 0x7F
            if byte == 0x0D, following == 0x0A {              // CR LF: one cluster, no width
                return Cluster(bytes: bytes, start: i, end: i + 2, width: 0, ascii: 0)
            }
            if following < 0x80 || isControl {
                return Cluster(bytes: bytes, start: i, end: i + 1, width: isControl ? 0 : 1, ascii: isControl ? 0 : byte)
            }
        }
        let (value, length) = decode(bytes, at: i)
        let width = Unicode.Scalar(value).map(of) ?? 0
        var end = i + length
        if end < count, mayPrepend(value) || (bytes[end] >= 0x80 && !alwaysStartsCluster(decode(bytes, at: end).value)) {
            // Marks, joiners, jamo, regional indicators...: the standard library finds the end.
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: i)
            end = text.utf8.distance(from: text.utf8.startIndex, to: text.index(after: start))
        }
        return Cluster(bytes: bytes, start: i, end: end, width: width, ascii: 0)
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if (0x1160...0x11FF).contains(v) { return true }     // Hangul medial vowels and final consonants
        if v == 0x200B { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default: return false
        }
    }

    static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        if (0x1F1E6...0x1F1FF).contains(v) { return false }   // regional indicators: neutral width
        if let scalar = Unicode.Scalar(v), scalar.properties.isEmojiPresentation { return true }
        for range in wideRanges {                               // in ascending order
            if v < range.lowerBound { return false }
            if v <= range.upperBound { return true }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, besides emoji (taken from the scalar properties),
    /// in ascending order.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F202, 0x1F210...0x1F23B,
        0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension String {
    /// Width of the string in terminal columns.
    public var displayWidth: Int { DisplayWidth.of(self) }

    /// The longest prefix that fits in `width` columns, ending with `ellipsis` when something was cut.
    /// Never splits a grapheme cluster; a wide character that does not fit is left out whole.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        truncatedWithWidth(toWidth: width, ellipsis: ellipsis).text
    }

    /// `truncated(toWidth:ellipsis:)`, and its display width when known without measuring it again
    /// (nil when something was cut: the ellipsis could join the last cluster kept).
    private func truncatedWithWidth(toWidth width: Int, ellipsis: String) -> (text: String, width: Int?) {
        guard width > 0 else { return ("", 0) }
        if let count = DisplayWidth.printableASCIICount(self) {
            // Every byte is a one-column cluster: the cut is a prefix of so many bytes.
            if count <= width { return (self, count) }
            let budget = width - ellipsis.displayWidth
            guard budget >= 0 else { return ("", 0) }
            var cut = String(self[..<utf8.index(startIndex, offsetBy: budget)])
            cut += ellipsis
            return (cut, nil)
        }
        let total = displayWidth
        if total <= width { return (self, total) }
        let budget = width - ellipsis.displayWidth
        guard budget >= 0 else { return ("", 0) }
        var used = 0
        var end = 0
        DisplayWidth.forEachCluster(in: self) { cluster in
            if used + cluster.width > budget { return false }
            used += cluster.width
            end = cluster.end
            return true
        }
        var cut = String(self[..<utf8.index(startIndex, offsetBy: end)])
        cut += ellipsis
        return (cut, nil)
    }

    /// The string truncated or padded with spaces to exactly `width` columns.
    public func fitted(toWidth width: Int, ellipsis: String = "…") -> String {
        let (cut, knownWidth) = truncatedWithWidth(toWidth: width, ellipsis: ellipsis)
        let pad = width - (knownWidth ?? cut.displayWidth)
        guard pad > 0 else { return cut }
        // One allocation for the padded copy (String(repeating:count:) + concatenation costs far more).
        let length = cut.utf8.count
        return String(unsafeUninitializedCapacity: length + pad) { bytes in
            var end = bytes.initialize(fromContentsOf: cut.utf8)
            while end < length + pad {
                bytes[end] = 0x20
                end += 1
            }
            return end
        }
    }

    /// The most lines `wrapped(toWidth:)` lays out by default: more than any screen shows of one text.
    /// A longer text ends with "…" on the last line (a 5 MB description need not be laid out whole).
    public static let wrapLineLimit = 2_000

    /// Word-wraps the string into lines of at most `width` columns; long words are broken by character.
    /// At most `maxLines` lines: when text is left out, the last one ends with "…".
    ///
    /// Linear in the length of the text, and the last few long texts' lines are remembered per width
    /// (`WrapMemo`): a screen that rebuilds its lines on every key lays a long text out once.
    public func wrapped(toWidth width: Int, maxLines: Int = String.wrapLineLimit) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        if let lines = WrapMemo.lines(of: self, width: width, maxLines: maxLines) { return lines }
        let lines = TextWrapper.wrap(self, width: width, maxLines: maxLines)
        WrapMemo.remember(lines, of: self, width: width, maxLines: maxLines)
        return lines
    }
}
