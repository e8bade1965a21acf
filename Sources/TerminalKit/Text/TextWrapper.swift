#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

/// Word wrapping by display width (`String.wrapped(toWidth:)`), in one pass over the text's UTF-8:
/// every grapheme cluster is measured once, and once more only inside a word longer than a line
/// (where it is broken). Words are runs of clusters between spaces; runs of spaces count as one;
/// `\n` ends a paragraph. A word longer than the line is broken between clusters, a cluster wider
/// than the line is left out.
enum TextWrapper {
    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        var lines: [String] = []
        var stopped = false
        var utf8 = text
        utf8.withUTF8 { bytes in
            let count = bytes.count
            var line = ""
            var lineWidth = 0
            // The word being read: where it starts (-1: none) and ends, its columns, whether it is
            // all printable ASCII (then every byte is a cluster of one column).
            var wordStart = -1
            var wordEnd = 0
            var wordWidth = 0
            var wordIsASCII = true

            func slice(_ start: Int, _ end: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            /// Adds a finished line; false once `maxLines` are there (the text goes on after it).
            func emit(_ finished: String) -> Bool {
                lines.append(finished)
                if lines.count >= maxLines { stopped = true }
                return !stopped
            }
            /// Puts the word read on the line, or on new lines (broken when longer than one).
            func placeWord() -> Bool {
                guard wordStart >= 0 else { return true }
                defer {
                    wordStart = -1
                    wordWidth = 0
                    wordIsASCII = true
                }
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    line += " "
                    line += slice(wordStart, wordEnd)
                    lineWidth += 1 + wordWidth
                    return true
                }
                if lineWidth > 0 {
                    guard emit(line) else { return false }
                    line = ""
                    lineWidth = 0
                }
                var start = wordStart
                var restWidth = wordWidth
                while restWidth > width {
                    var end = start
                    var headWidth = 0
                    if wordIsASCII {
                        end = start + width
                        headWidth = width
                    } else {
                        while end < wordEnd {
                            let cluster = DisplayWidth.cluster(in: bytes, at: end, of: text)
                            if headWidth + cluster.width > width { break }
                            headWidth += cluster.width
                            end = cluster.end
                        }
                    }
                    if end == start {                       // a character wider than the line
                        let cluster = DisplayWidth.cluster(in: bytes, at: start, of: text)
                        start = cluster.end
                        restWidth -= cluster.width
                    } else {
                        guard emit(slice(start, end)) else { return false }
                        start = end
                        restWidth -= headWidth
                    }
                }
                line = slice(start, wordEnd)
                lineWidth = restWidth
                return true
            }

            var i = 0
            while i < count {
                let byte = bytes[i]
                // Printable ASCII (not a space) before ASCII: a cluster of one column, in a word.
                if byte > 0x20, byte < 0x7F, i + 1 == count || bytes[i + 1] < 0x80 {
                    if wordStart < 0 { wordStart = i }
                    wordWidth += 1
                    i += 1
                    wordEnd = i
                    continue
                }
                let cluster = DisplayWidth.cluster(in: bytes, at: i, of: text)
                i = cluster.end
                if cluster.end - cluster.start == 1, byte == 0x20 {
                    guard placeWord() else { break }
                    continue
                }
                if cluster.end - cluster.start == 1, byte == 0x0A {
                    guard placeWord(), emit(line) else { break }
                    line = ""
                    lineWidth = 0
                    continue
                }
                if wordStart < 0 { wordStart = cluster.start }
                wordWidth += cluster.width
                wordEnd = cluster.end
                if cluster.ascii == 0 { wordIsASCII = false }
            }
            if !stopped, placeWord() { lines.append(line) }
        }
        if stopped, let last = lines.last {
            lines[lines.count - 1] = last.truncated(toWidth: width - 1, ellipsis: "") + "…"
        }
        return lines
    }
}

/// The lines of the last few long texts wrapped, by width: a screen that rebuilds its lines on every
/// key (the overlay's description) lays a long text out once. Texts are compared byte for byte, so a
/// copy made afresh on each rebuild is found too (a `memcmp`, not a layout).
enum WrapMemo {
    /// Shorter texts are wrapped again each time: that costs less than comparing and keeping them.
    static let minimumLength = 4_096
    /// Texts remembered (each with its lines), the most recent last.
    static let capacity = 4

    private struct Entry: Sendable {
        var text: String
        var width: Int
        var maxLines: Int
        var lines: [String]
    }

    private static let entries = Mutex<[Entry]>([])

    static func lines(of text: String, width: Int, maxLines: Int) -> [String]? {
        guard text.utf8.count >= minimumLength else { return nil }
        return entries.withLock { entries in
            guard let index = entries.firstIndex(where: {
                $0.width == width && $0.maxLines == maxLines && sameBytes($0.text, text)
            }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.lines
        }
    }

    static func remember(_ lines: [String], of text: String, width: Int, maxLines: Int) {
        guard text.utf8.count >= minimumLength else { return }
        entries.withLock { entries in
            entries.append(Entry(text: text, width: width, maxLines: maxLines, lines: lines))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }

    /// Forgets every text (tests).
    static func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard let left = x.baseAddress, let right = y.baseAddress else { return x.count == y.count }
                return memcmp(left, right, x.count) == 0
            }
        }
    }
}
