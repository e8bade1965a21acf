import Foundation

/// The text the search index holds, made from what the store holds (pure; called by SQLite through the
/// functions `SearchIndex` registers on every connection, from the triggers that keep the index).
///
/// - Control characters become spaces, so the snippet markers (`\u{1}`, `\u{2}`) are never in the text.
/// - Each text is cut at `maximumUTF8` bytes (at a character's end): a huge body is indexed up to there.
/// - CJK: SQLite's `unicode61` tokenizer takes a run of Han, kana or Hangul as one token, so a word inside
///   a run would never be found. Each run is written as its overlapping pairs of characters joined by
///   `pairJoiner` (U+2063, a separator to the tokenizer): "東京都" is indexed as the tokens 東京 and 京都, and a
///   query's run becomes the phrase of its pairs. `collapsed(_:)` undoes it in a snippet.
enum SearchText {
    /// The most of one text that is indexed, in UTF-8 bytes.
    static let maximumUTF8 = 65_536
    /// Joins the overlapping pairs of a CJK run (INVISIBLE SEPARATOR: not a letter, so a token boundary).
    static let pairJoiner = Unicode.Scalar(UInt32(0x2063)) ?? " "

    /// `text` as indexed: controls out, cut, CJK runs as pairs.
    static func plain(_ text: String) -> String {
        expandingCJK(bounded(text))
    }

    /// Markdown as indexed: its text without link targets, HTML tags, emphasis and fence marks.
    static func markdown(_ text: String) -> String {
        plain(strippingMarkdown(bounded(text, limit: maximumUTF8 * 2)))
    }

    // MARK: Pieces

    /// At most `limit` bytes of UTF-8, cut after a whole character, with control characters as spaces.
    static func bounded(_ text: String, limit: Int = maximumUTF8) -> String {
        var scalars = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            if bytes + size > limit { break }
            bytes += size
            let value = scalar.value
            scalars.append(value < 0x20 && value != 0x0A || (0x7F...0x9F).contains(value) ? " " : scalar)
        }
        return String(scalars)
    }

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,   // Hiragana, Katakana
             0x31F0...0x31FF,   // Katakana phonetic extensions
             0x3400...0x4DBF,   // CJK extension A
             0x4E00...0x9FFF,   // CJK unified ideographs
             0xAC00...0xD7AF,   // Hangul syllables
             0xF900...0xFAFF,   // CJK compatibility ideographs
             0xFF66...0xFF9F,   // half-width Katakana
             0x20000...0x3134F: // CJK extensions B–G
            true
        default:
            false
        }
    }

    /// Every run of two or more CJK characters written as its overlapping pairs.
    static func expandingCJK(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isCJK) else { return text }
        var out = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        func flush() {
            if run.count < 2 {
                out.append(contentsOf: run)
            } else {
                for index in 0..<(run.count - 1) {
                    if index > 0 { out.append(pairJoiner) }
                    out.append(run[index])
                    out.append(run[index + 1])
                }
            }
            run.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                run.append(scalar)
            } else {
                flush()
                out.append(scalar)
            }
        }
        flush()
        return String(out)
    }

    /// Undoes `expandingCJK` in indexed text: a joiner and the character after it (the pair's repeated
    /// first character) go. A match mark (`\u{1}` … `\u{2}`) that starts on the dropped character starts
    /// on the character it repeats (joining a match that ends there).
    static func collapsed(_ text: String) -> String {
        guard text.unicodeScalars.contains(pairJoiner) else { return text }
        var out: [Unicode.Scalar] = []
        var dropNext = false
        for scalar in text.unicodeScalars {
            if scalar == pairJoiner {
                dropNext = true
            } else if dropNext, scalar == "\u{1}" {
                if out.last == "\u{2}" {
                    out.removeLast()
                } else if let repeated = out.popLast() {
                    out.append(scalar)
                    out.append(repeated)
                } else {
                    out.append(scalar)
                }
            } else if dropNext, scalar.value > 2 {
                dropNext = false
            } else {
                out.append(scalar)
            }
        }
        return String(String.UnicodeScalarView(out))
    }

    /// Markdown's marks taken out, its words kept: `[text](target)` and `![alt](target)` keep the text,
    /// `<tags>` go, reference definitions (`[x]: https://…`) and fence lines go, a heading's `#`s and a
    /// quote's `>`s go, `*`, `_` around words,
    /// backticks and `~~` go. One pass per line; never fails (what is not Markdown stays as it is).
    static func strippingMarkdown(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { continue }
            if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]"),
               trimmed[trimmed.index(after: close)...].hasPrefix("]:") || trimmed[trimmed.index(after: close)...].hasPrefix(":") {
                continue
            }
            // A heading's `#`s and a quote's `>`s: marks, not words (snippets would show them).
            let marks = trimmed.prefix(while: { $0 == "#" || $0 == ">" })
            lines.append(marks.isEmpty ? line : trimmed[marks.endIndex...])
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for (number, line) in lines.enumerated() {
            if number > 0 { out.append("\n") }
            stripInline(line, into: &out)
        }
        return out
    }

    private static func stripInline(_ line: Substring, into out: inout String) {
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            switch character {
            case "<":
                // A tag (`<img …>`, `</p>`, `<!-- -->`) goes whole; a lone `<` stays.
                if let close = line[index...].firstIndex(of: ">"),
                   let next = line[line.index(after: index)...].first, next.isLetter || next == "/" || next == "!" {
                    out.append(" ")
                    index = line.index(after: close)
                    continue
                }
                out.append(character)
            case "]":
                // `](target)`: the target goes.
                let after = line.index(after: index)
                if after < line.endIndex, line[after] == "(", let close = line[after...].firstIndex(of: ")") {
                    out.append(" ")
                    index = line.index(after: close)
                    continue
                }
                out.append(" ")
            case "[", "`", "*":
                out.append(" ")
            case "!":
                let after = line.index(after: index)
                if after < line.endIndex, line[after] == "[" { out.append(" ") } else { out.append(character) }
            case "_", "~":
                // Inside a word (`snake_case`) it stays; around one it is a mark.
                let before = index > line.startIndex ? line[line.index(before: index)] : " "
                let afterIndex = line.index(after: index)
                let after = afterIndex < line.endIndex ? line[afterIndex] : " "
                out.append((before.isLetter || before.isNumber) && (after.isLetter || after.isNumber) ? character : " ")
            default:
                out.append(character)
            }
            index = line.index(after: index)
        }
    }
}
