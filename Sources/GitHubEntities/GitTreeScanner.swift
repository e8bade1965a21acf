import Foundation

extension GitTree {
    /// Reads a `git/trees` answer in one pass over its bytes, making only the entries' strings: a
    /// recursive tree of 100,000 entries (13 MB) is read in tens of milliseconds, where `JSONDecoder`
    /// builds a value for every key and takes over a second.
    ///
    /// Gives exactly what `init(from:)` gives, or nil when it cannot be sure of that (the JSON is
    /// malformed, a key repeats, a string is not valid UTF-8 or escapes a lone surrogate, a size is
    /// not a plain integer): the caller then decodes with `JSONDecoder`, which says what is wrong.
    public init?(scanning data: Data) {
        guard let tree = data.withUnsafeBytes({ raw -> GitTree? in
            var scanner = TreeScanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.tree()
        }) else { return nil }
        self = tree
    }
}

/// The one-pass reader behind `GitTree(scanning:)`. Every method returns nil (or false) as soon as
/// the input leaves the shapes it knows, and the whole scan gives up.
private struct TreeScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A JSON value's shape, as far as a lenient field cares.
    private enum Scalar {
        case string(String), integer(Int), null, other
    }

    mutating func tree() -> GitTree? {
        guard skipSpace(), take(UInt8(ascii: "{")) else { return nil }
        var sha = ""
        var truncated = false
        var entries: [GitTreeEntry] = []
        var seen: Set<String> = []
        guard objectMembers({ scanner, key in
            guard seen.insert(key).inserted else { return false }
            switch key {
            case "sha":
                guard let value = scanner.scalar() else { return false }
                if case .string(let text) = value { sha = text }
            case "truncated":
                guard scanner.skipSpace() else { return false }
                if scanner.take(literal: "true") { truncated = true }
                else if scanner.take(literal: "false") || scanner.take(literal: "null") { truncated = false }
                else { return false }
            case "tree":
                guard scanner.skipSpace() else { return false }
                guard scanner.peek == UInt8(ascii: "[") else { return scanner.skipValue() }
                guard let list = scanner.entries() else { return false }
                entries = list
            default:
                return scanner.skipValue()
            }
            return true
        }) else { return nil }
        // Nothing but space after the object.
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        guard at == bytes.count else { return nil }
        return GitTree(sha: sha, entries: entries, isTruncated: truncated)
    }

    /// The `tree` array: objects read into entries, anything else left out (as `Lenient` does).
    private mutating func entries() -> [GitTreeEntry]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var entries: [GitTreeEntry] = []
        guard skipSpace() else { return nil }
        if take(UInt8(ascii: "]")) { return entries }
        while true {
            guard skipSpace() else { return nil }
            if peek == UInt8(ascii: "{") {
                guard let entry = entry() else { return nil }
                if let entry { entries.append(entry) }
            } else if !skipValue() {
                return nil
            }
            guard skipSpace() else { return nil }
            if take(UInt8(ascii: ",")) { continue }
            if take(UInt8(ascii: "]")) { return entries }
            return nil
        }
    }

    /// One element of `tree`: `.some(nil)` when it is well-formed JSON but not an entry.
    private mutating func entry() -> GitTreeEntry?? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var raw = RawTreeEntry()
        var wrongType = false
        var seen: Set<String> = []
        let fine = objectMembers { scanner, key in
            guard seen.insert(key).inserted else { return false }
            switch key {
            case "path", "type", "mode", "sha":
                guard let value = scanner.scalar() else { return false }
                switch value {
                case .string(let text):
                    switch key {
                    case "path": raw.path = text
                    case "type": raw.type = text
                    case "mode": raw.mode = text
                    default: raw.sha = text
                    }
                case .null: break
                case .integer, .other: wrongType = true
                }
            case "size":
                guard let value = scanner.scalar() else { return false }
                switch value {
                case .integer(let size): raw.size = size
                case .null: break
                case .string, .other: wrongType = true
                }
            default:
                return scanner.skipValue()
            }
            return true
        }
        guard fine else { return nil }
        return .some(wrongType ? nil : raw.entry)
    }

    /// Calls `member` for each key of an object whose `{` was taken, positioned at the key's value;
    /// `member` reads the value. Takes the closing `}`.
    private mutating func objectMembers(_ member: (inout TreeScanner, String) -> Bool) -> Bool {
        guard skipSpace() else { return false }
        if take(UInt8(ascii: "}")) { return true }
        while true {
            guard skipSpace(), peek == UInt8(ascii: "\""), let key = string(),
                  skipSpace(), take(UInt8(ascii: ":")), member(&self, key), skipSpace() else { return false }
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    /// A string, a plain integer, null, or any other value (skipped); nil when malformed, or a number
    /// that is not a plain integer in `Int`'s range (whose meaning for `Int` is `JSONDecoder`'s to say).
    private mutating func scalar() -> Scalar? {
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

    private mutating func integer() -> Int? {
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
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        // The common case: no escapes.
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
                at += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            at += 1
        }
        guard at < bytes.count else { return nil }
        var unescaped = Array(bytes[start..<at])
        while at < bytes.count {
            let byte = bytes[at]
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
                if byte < 0x20 { return nil }
                unescaped.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (whose `\u` was taken), or of a surrogate pair; nil for a lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800...0xDBFF).contains(high) {
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hex4() -> UInt32? {
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
    private mutating func skipValue(depth: Int = 0) -> Bool {
        guard depth < 512, skipSpace(), let first = peek else { return false }
        switch first {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"):
            at += 1
            var seen: Set<String> = []
            return objectMembers { scanner, key in seen.insert(key).inserted && scanner.skipValue(depth: depth + 1) }
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
    private mutating func number() -> Bool {
        _ = take(UInt8(ascii: "-"))
        func digits(_ scanner: inout TreeScanner) -> Int {
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

    private var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        at += 1
        return true
    }

    private mutating func take(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[at + offset] != literal.utf8Start[offset] { return false }
        at += count
        return true
    }

    /// Skips space; false at the end of the input (every caller needs more).
    private mutating func skipSpace() -> Bool {
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        return at < bytes.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
