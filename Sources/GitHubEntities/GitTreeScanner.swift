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
            var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.tree()
        }) else { return nil }
        self = tree
    }
}

extension JSONScanner {
    /// A `git/trees` answer, read as `GitTree.init(from:)` reads it.
    fileprivate mutating func tree() -> GitTree? {
        guard skipSpace(), take(UInt8(ascii: "{")) else { return nil }
        var sha = ""
        var truncated = false
        var entries: [GitTreeEntry] = []
        guard objectMembers({ scanner, key in
            if key.is("sha") {
                guard let value = scanner.scalar() else { return false }
                if case .string(let text) = value { sha = text }
            } else if key.is("truncated") {
                guard scanner.skipSpace() else { return false }
                if scanner.take(literal: "true") { truncated = true }
                else if scanner.take(literal: "false") || scanner.take(literal: "null") { truncated = false }
                else { return false }
            } else if key.is("tree") {
                guard scanner.skipSpace() else { return false }
                guard scanner.peek == UInt8(ascii: "[") else { return scanner.skipValue() }
                guard let list = scanner.entries() else { return false }
                entries = list
            } else {
                return scanner.skipValue()
            }
            return true
        }) else { return nil }
        // Nothing but space after the object.
        guard isAtEnd() else { return nil }
        return GitTree(sha: sha, entries: entries, isTruncated: truncated)
    }

    /// The `tree` array: objects read into entries, anything else left out (as `Lenient` does).
    fileprivate mutating func entries() -> [GitTreeEntry]? {
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
    fileprivate mutating func entry() -> GitTreeEntry?? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var raw = RawTreeEntry()
        var wrongType = false
        let fine = objectMembers { scanner, key in
            if key.is("size") {
                guard let value = scanner.scalar() else { return false }
                switch value {
                case .integer(let size): raw.size = size
                case .null: break
                case .string, .other: wrongType = true
                }
                return true
            }
            guard key.is("path") || key.is("type") || key.is("mode") || key.is("sha") else { return scanner.skipValue() }
            guard let value = scanner.scalar() else { return false }
            switch value {
            case .string(let text):
                if key.is("path") { raw.path = text }
                else if key.is("type") { raw.type = text }
                else if key.is("mode") { raw.mode = text }
                else { raw.sha = text }
            case .null: break
            case .integer, .other: wrongType = true
            }
            return true
        }
        guard fine else { return nil }
        return .some(wrongType ? nil : raw.entry)
    }
}
