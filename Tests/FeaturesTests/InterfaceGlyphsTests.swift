import Foundation
import TerminalKit
import Testing
@testable import Features

/// Every character the interface itself draws (not repository data) is in DejaVu Sans Mono, the default
/// monospace font of Debian and Ubuntu desktops: a character a font lacks is drawn as a box (issue: `⑂` on
/// every row). The interface's characters are listed from what can draw them: the `Glyphs` sets, every string
/// literal in `Sources/` and every string table. The font's character map is read by `FontCharacterMap` below.
@Suite("The interface's glyphs are in DejaVu Sans Mono")
struct InterfaceGlyphsTests {
    /// Debian's `fonts-dejavu-core` (scripts/debian-packages.txt; `scripts/setup --test` installs it).
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Characters in literals that are compared with, never drawn: the sanitizer turns the separators into
    /// line breaks; a code fence's info string is split at a zero-width space.
    static let neverDrawn: Set<Unicode.Scalar> = ["\u{2028}", "\u{2029}", "\u{200B}"]

    func font() throws -> FontCharacterMap {
        guard let data = FileManager.default.contents(atPath: Self.fontPath) else {
            Issue.record("\(Self.fontPath) is missing: install fonts-dejavu-core (scripts/setup --test)")
            throw CocoaError(.fileNoSuchFile)
        }
        return try FontCharacterMap(font: [UInt8](data))
    }

    @Test("The character map reader is right: it finds what DejaVu Sans Mono has and misses what it lacks")
    func readerCanFail() throws {
        let map = try font()
        #expect(map.count > 3000)
        for present in ["A", "★", "─", "▀", "ψ", "◐", "ä", "…"] as [Unicode.Scalar] { #expect(map.contains(present), "\(present)") }
        // The two that were drawn as boxes: the old forks mark and the braille spinner.
        for missing in ["\u{2442}", "\u{280B}", "\u{F126}", "😀"] as [Unicode.Scalar] { #expect(!map.contains(missing), "\(missing)") }
    }

    @Test("The default symbols, and the ASCII set, are in the font; every set's symbols take one cell")
    func glyphSets() throws {
        let map = try font()
        for set in IconSet.allCases {
            let glyphs = Glyphs.of(set)
            let symbols = [glyphs.fork, glyphs.star, glyphs.cloned, glyphs.branch, glyphs.commitsLoading, glyphs.commitsLoaded,
                           glyphs.commitsEmpty, glyphs.commitsFailed, glyphs.collapsed, glyphs.expanded] + glyphs.spinner
            for symbol in symbols {
                #expect(symbol.displayWidth == 1, "\(set): \(symbol) is \(symbol.displayWidth) cells")
                if set != .nerd {
                    let lacking = symbol.unicodeScalars.filter { !map.contains($0) }
                    #expect(lacking.isEmpty, "\(set): \(symbol) is not in DejaVu Sans Mono")
                }
                if set == .ascii { #expect(symbol.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }) }
            }
        }
    }

    @Test("Every character in a string literal of Sources/ and in every string table is in the font")
    func everyLiteralAndString() throws {
        let map = try font()
        var lacking: [String: Set<String>] = [:]
        var seen = 0
        for (file, scalars) in try interfaceCharacters() {
            for scalar in scalars where scalar.value > 0x7E && !Self.neverDrawn.contains(scalar) {
                seen += 1
                if !(0x80...0x9F).contains(scalar.value), !map.contains(scalar) {
                    lacking["U+" + String(scalar.value, radix: 16, uppercase: true) + " " + String(scalar), default: []].insert(file)
                }
            }
        }
        #expect(seen > 100, "the scan found only \(seen) characters: is it reading the sources?")
        #expect(lacking.isEmpty, "not in DejaVu Sans Mono: \(lacking.map { "\($0.key) in \($0.value.sorted())" }.sorted())")
    }

    /// The characters of every string literal of every Swift file the app is built from (TestSupport and the
    /// fake server are not the app; `Glyphs.swift` holds the Nerd Font set, checked above by set), and of every
    /// `.strings` table.
    func interfaceCharacters() throws -> [(String, [Unicode.Scalar])] {
        let skipped = ["TestSupport", "fake-github"]
        var result: [(String, [Unicode.Scalar])] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        for url in files where !skipped.contains(where: { url.path.contains("/Sources/\($0)/") }) {
            let name = url.lastPathComponent
            if url.pathExtension == "swift", name != "Glyphs.swift" {
                result.append((name, SwiftLiterals.scalars(in: try String(contentsOf: url, encoding: .utf8))))
            } else if url.pathExtension == "strings" {
                let text = try String(contentsOf: url, encoding: .utf8)
                result.append((url.deletingLastPathComponent().lastPathComponent + "/" + name, Array(text.unicodeScalars)))
            }
        }
        #expect(result.count > 50)
        return result
    }
}

/// The characters inside the string literals of Swift source (with `\u{…}` escapes decoded), skipping comments.
enum SwiftLiterals {
    static func scalars(in source: String) -> [Unicode.Scalar] {
        let text = Array(source.unicodeScalars)
        var result: [Unicode.Scalar] = []
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < text.count ? text[index + offset] : nil }
        while index < text.count {
            if text[index] == "/", at(1) == "/" {
                while index < text.count, text[index] != "\n" { index += 1 }
            } else if text[index] == "/", at(1) == "*" {
                index += 2
                while index < text.count, !(text[index] == "*" && at(1) == "/") { index += 1 }
                index += 2
            } else if text[index] == "\"" {
                let multiline = at(1) == "\"" && at(2) == "\""
                index += multiline ? 3 : 1
                while index < text.count {
                    if text[index] == "\\" {
                        if at(1) == "u", at(2) == "{", let close = text[index...].firstIndex(of: "}"),
                           let value = UInt32(String(String.UnicodeScalarView(text[(index + 3)..<close])), radix: 16),
                           let scalar = Unicode.Scalar(value) {
                            result.append(scalar)
                            index = close + 1
                        } else {
                            index += 2
                        }
                    } else if text[index] == "\"", !multiline || (at(1) == "\"" && at(2) == "\"") {
                        index += multiline ? 3 : 1
                        break
                    } else {
                        result.append(text[index])
                        index += 1
                    }
                }
            } else {
                index += 1
            }
        }
        return result
    }
}

/// Which characters a TrueType/OpenType font has: its `cmap` table, read from the bytes (format 4, the
/// Basic Multilingual Plane, and format 12, all planes), as a font renderer finds a glyph for a character.
struct FontCharacterMap {
    struct Malformed: Error {}
    private var ranges: [ClosedRange<UInt32>] = []
    private(set) var count = 0

    init(font: [UInt8]) throws {
        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= font.count else { throw Malformed() }
            return Int(font[at]) << 8 | Int(font[at + 1])
        }
        func u32(_ at: Int) throws -> Int { try u16(at) << 16 | u16(at + 2) }
        var cmap: Int?
        for table in 0..<(try u16(4)) where try u32(12 + 16 * table) == 0x636D_6170 {  // "cmap"
            cmap = try u32(12 + 16 * table + 8)
        }
        guard let cmap else { throw Malformed() }
        // The subtables by preference: Windows full repertoire (format 12), then Windows BMP, then Unicode.
        var subtables: [(rank: Int, offset: Int)] = []
        for record in 0..<(try u16(cmap + 2)) {
            let base = cmap + 4 + 8 * record
            let platform = try u16(base), encoding = try u16(base + 2), offset = cmap + (try u32(base + 4))
            let format = try u16(offset)
            guard format == 4 || format == 12 else { continue }
            let rank = (platform == 3 && encoding == 10) ? 0 : (platform == 3 && encoding == 1) ? 1 : platform == 0 ? 2 : 9
            if rank < 9 { subtables.append((rank, offset)) }
        }
        guard let table = subtables.min(by: { $0.rank < $1.rank })?.offset else { throw Malformed() }
        if try u16(table) == 12 {
            for group in 0..<(try u32(table + 12)) {
                let base = table + 16 + 12 * group
                let first = try u32(base), last = try u32(base + 4), glyph = try u32(base + 8)
                guard first <= last else { throw Malformed() }
                // A group starting at glyph 0 maps its first character to "missing".
                let start = glyph == 0 ? first + 1 : first
                if start <= last { add(UInt32(start)...UInt32(last)) }
            }
        } else {
            let segments = try u16(table + 6) / 2
            let ends = table + 14, starts = ends + 2 * segments + 2
            let deltas = starts + 2 * segments, rangeOffsets = deltas + 2 * segments
            for segment in 0..<segments {
                let end = try u16(ends + 2 * segment), start = try u16(starts + 2 * segment)
                let delta = try u16(deltas + 2 * segment), rangeOffset = try u16(rangeOffsets + 2 * segment)
                guard start <= end, start != 0xFFFF else { continue }
                for code in start...end {
                    var glyph: Int
                    if rangeOffset == 0 {
                        glyph = (code + delta) & 0xFFFF
                    } else {
                        glyph = try u16(rangeOffsets + 2 * segment + rangeOffset + 2 * (code - start))
                        if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                    }
                    if glyph != 0 { add(UInt32(code)...UInt32(code)) }
                }
            }
        }
    }

    private mutating func add(_ range: ClosedRange<UInt32>) {
        if let last = ranges.last, last.upperBound + 1 == range.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound...range.upperBound
        } else {
            ranges.append(range)
        }
        count += range.count
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
    }
}
