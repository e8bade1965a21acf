/// A small reader of the `.strings` format (`"key" = "value";`, `/* */` and `//` comments, the
/// escapes `\" \\ \n \t \r \0` and `\Uxxxx`/`\uxxxx`), so loading a table costs a file read and one
/// pass over its UTF-8 bytes — no property-list machinery, no CoreFoundation or ICU at start-up.
enum StringsFile {
    struct ParseError: Error, Equatable, CustomStringConvertible, Sendable {
        let line: Int
        let reason: String
        var description: String { "line \(line): \(reason)" }
    }

    /// The entries of a `.strings` text. A repeated key is an error.
    static func parse(_ text: String) throws(ParseError) -> [String: String] {
        try parse(utf8: Array(text.utf8))
    }

    /// The entries of a `.strings` file's bytes (UTF-8, an optional byte-order mark).
    static func parse(utf8 bytes: [UInt8]) throws(ParseError) -> [String: String] {
        var parser = Parser(bytes: bytes)
        return try parser.entries()
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func entries() throws(ParseError) -> [String: String] {
            var result: [String: String] = [:]
            result.reserveCapacity(256)
            while true {
                try skipSpaceAndComments()
                if index >= bytes.count { return result }
                let keyLine = line
                let key = try quoted()
                try skipSpaceAndComments()
                try expect(UInt8(ascii: "="))
                try skipSpaceAndComments()
                let value = try quoted()
                try skipSpaceAndComments()
                try expect(UInt8(ascii: ";"))
                if result.updateValue(value, forKey: key) != nil {
                    throw ParseError(line: keyLine, reason: "duplicate key \"\(key)\"")
                }
            }
        }

        mutating func expect(_ byte: UInt8) throws(ParseError) {
            guard index < bytes.count, bytes[index] == byte else {
                throw ParseError(line: line, reason: "expected \"\(Character(Unicode.Scalar(byte)))\"")
            }
            index += 1
        }

        mutating func skipSpaceAndComments() throws(ParseError) {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"):
                    line += 1
                    index += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    let start = line
                    index += 2
                    while true {
                        guard index + 1 < bytes.count else { throw ParseError(line: start, reason: "unterminated comment") }
                        if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") { index += 2; break }
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                default:
                    return
                }
            }
        }

        /// A quoted string; runs without escapes are copied as they are (UTF-8 passes through).
        mutating func quoted() throws(ParseError) -> String {
            let start = line
            try expect(UInt8(ascii: "\""))
            var text: [UInt8] = []
            var runStart = index
            while true {
                guard index < bytes.count else { throw ParseError(line: start, reason: "unterminated string") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    if text.isEmpty { // the common case: no escapes at all (every escape adds a byte)
                        let value = String(decoding: bytes[runStart..<index], as: UTF8.self)
                        index += 1
                        return value
                    }
                    text += bytes[runStart..<index]
                    index += 1
                    return String(decoding: text, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\n") { line += 1 }
                guard byte == UInt8(ascii: "\\") else { index += 1; continue }
                text += bytes[runStart..<index]
                index += 1
                guard index < bytes.count else { throw ParseError(line: start, reason: "unterminated string") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
                case UInt8(ascii: "0"): text.append(0)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"): text.append(escaped)
                case UInt8(ascii: "u"), UInt8(ascii: "U"): text += Array(String(Character(try hex())).utf8)
                default: throw ParseError(line: line, reason: "unknown escape \\\(Character(Unicode.Scalar(escaped)))")
                }
                runStart = index
            }
        }

        /// Four hex digits after `\U`; a UTF-16 surrogate pair is two escapes.
        mutating func hex() throws(ParseError) -> Unicode.Scalar {
            let first = try hexUnit()
            if (0xD800..<0xDC00).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                      bytes[index + 1] == UInt8(ascii: "U") || bytes[index + 1] == UInt8(ascii: "u")
                else { throw ParseError(line: line, reason: "lone surrogate") }
                index += 2
                let second = try hexUnit()
                guard (0xDC00..<0xE000).contains(second) else { throw ParseError(line: line, reason: "lone surrogate") }
                if let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) { return scalar }
            } else if let scalar = Unicode.Scalar(first) {
                return scalar
            }
            throw ParseError(line: line, reason: "invalid \\U escape")
        }

        mutating func hexUnit() throws(ParseError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count else { throw ParseError(line: line, reason: "expected four hex digits after \\U") }
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw ParseError(line: line, reason: "expected four hex digits after \\U")
                }
                value = value * 16 + UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
