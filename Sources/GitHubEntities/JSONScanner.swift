import Foundation

/// A one-pass reader of JSON bytes for the answers too big for `JSONDecoder` to read fast (a tree, a
/// commit's patches): strictly RFC 8259, and every method returns nil (or false) as soon as the input
/// leaves it (or repeats a key, holds invalid UTF-8 or a lone surrogate), so a caller can give up and
/// let `JSONDecoder` decide.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A JSON value's shape, as far as a lenient field cares.
    enum Scalar {
        case string(String), integer(Int), null, other
    }

    /// A member's key as written. A key with an escape is refused (no answer read this way has one,
    /// and its meaning, like a repeated key's, is the decoder's to say).
    struct Key {
        let bytes: UnsafeBufferPointer<UInt8>

        /// Whether the key is `literal`.
        func `is`(_ literal: StaticString) -> Bool {
            guard literal.utf8CodeUnitCount == bytes.count else { return false }
            for index in 0..<bytes.count where bytes[index] != literal.utf8Start[index] { return false }
            return true
        }
    }

    /// Calls `member` for each key of an object whose `{` was taken, positioned at the key's value;
    /// `member` reads the value. Takes the closing `}`. False for a key written twice.
    mutating func objectMembers(_ member: (inout JSONScanner, Key) -> Bool) -> Bool {
        guard skipSpace() else { return false }
        if take(UInt8(ascii: "}")) { return true }
        // The keys so far: compared one by one while few, in a set past that (a hostile object's many).
        var keys: [Range<Int>] = []
        var many: Set<[UInt8]>?
        while true {
            guard skipSpace(), let range = key() else { return false }
            let key = UnsafeBufferPointer(rebasing: bytes[range])
            if var set = many {
                guard set.insert(Array(key)).inserted else { return false }
                many = set
            } else {
                for earlier in keys where earlier.count == range.count && bytes[earlier].elementsEqual(key) { return false }
                keys.append(range)
                if keys.count > 16 { many = Set(keys.map { Array(bytes[$0]) }) }
            }
            guard skipSpace(), take(UInt8(ascii: ":")), member(&self, Key(bytes: key)), skipSpace() else { return false }
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    /// A key whose opening quote is next: where its text lies; nil when it has an escape, a control
    /// character or invalid UTF-8, or does not end.
    private mutating func key() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        var high: UInt8 = 0
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                let range = start..<at
                at += 1
                if high >= 0x80, String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil { return nil }
                return range
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            high |= byte
            at += 1
        }
        return nil
    }

    /// A string, a plain integer, null, or any other value (skipped); nil when malformed, or a number
    /// that is not a plain integer in `Int`'s range (whose meaning for `Int` is `JSONDecoder`'s to say).
    mutating func scalar() -> Scalar? {
        guard skipSpace(), let first = peek else { return nil }
        switch first {
        case UInt8(ascii: "\""):
            return string().map(Scalar.string)
        case UInt8(ascii: "n"):
            return take(literal: "null") ? .null : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return integer().map(Scalar.integer)
        default:
            return skipValue() ? .other : nil
        }
    }

    mutating func integer() -> Int? {
        let negative = take(UInt8(ascii: "-"))
        let start = at
        var value = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let digit = Int(byte - UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            at += 1
        }
        let digits = at - start
        // JSON allows no leading zero; a fraction or an exponent is not a plain integer.
        guard digits > 0, !(digits > 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
        if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return nil }
        return value
    }

    /// A string whose opening quote is next, unescaped; nil when malformed or not valid UTF-8.
    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        // The common case: no escapes (and plain ASCII, which needs no validating).
        var high: UInt8 = 0
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<at])
                at += 1
                return high < 0x80 ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            high |= byte
            at += 1
        }
        guard at < bytes.count else { return nil }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(at - start + 64)
        var run = start
        while at < bytes.count {
            let byte = bytes[at]
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else {
                at += 1
                continue
            }
            // The plain bytes before it, copied at once.
            unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<at]))
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { return nil }
                at += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
                case UInt8(ascii: "b"): unescaped.append(0x08)
                case UInt8(ascii: "f"): unescaped.append(0x0C)
                case UInt8(ascii: "n"): unescaped.append(0x0A)
                case UInt8(ascii: "r"): unescaped.append(0x0D)
                case UInt8(ascii: "t"): unescaped.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    unescaped.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                return nil
            }
            run = at
        }
        return nil
    }

    /// The scalar of `\uXXXX` (whose `\u` was taken), or of a surrogate pair; nil for a lone surrogate.
    mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800...0xDBFF).contains(high) {
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }

    /// Skips one well-formed value of any kind (at most 512 levels deep).
    mutating func skipValue(depth: Int = 0) -> Bool {
        guard depth < 512, skipSpace(), let first = peek else { return false }
        switch first {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"):
            at += 1
            return objectMembers { scanner, _ in scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            at += 1
            guard skipSpace() else { return false }
            if take(UInt8(ascii: "]")) { return true }
            while true {
                guard skipValue(depth: depth + 1), skipSpace() else { return false }
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "]"))
            }
        case UInt8(ascii: "t"): return take(literal: "true")
        case UInt8(ascii: "f"): return take(literal: "false")
        case UInt8(ascii: "n"): return take(literal: "null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number()
        default:
            return false
        }
    }

    /// Skips a JSON number of any form.
    mutating func number() -> Bool {
        _ = take(UInt8(ascii: "-"))
        func digits(_ scanner: inout JSONScanner) -> Int {
            let start = scanner.at
            while let byte = scanner.peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { scanner.at += 1 }
            return scanner.at - start
        }
        let start = at
        let whole = digits(&self)
        guard whole > 0, !(whole > 1 && bytes[start] == UInt8(ascii: "0")) else { return false }
        if take(UInt8(ascii: ".")), digits(&self) == 0 { return false }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            if digits(&self) == 0 { return false }
        }
        return true
    }

    var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        at += 1
        return true
    }

    mutating func take(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[at + offset] != literal.utf8Start[offset] { return false }
        at += count
        return true
    }

    /// Whether nothing but space is left.
    mutating func isAtEnd() -> Bool {
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        return at == bytes.count
    }

    /// Skips space; false at the end of the input (every caller needs more).
    mutating func skipSpace() -> Bool {
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        return at < bytes.count
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
