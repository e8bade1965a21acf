import Foundation

extension CommitDetail {
    /// Reads a `commits/{sha}` answer with its patches lifted out first: one pass over the bytes takes
    /// each file's `patch` string (most of a big commit: 8 MB for 200,000 lines), and `JSONDecoder`
    /// reads the small rest, where each patch stands as a marker it is put back for. Gives what
    /// `init(from:)` gives, or nil when the reader cannot be sure of that (the caller then decodes the
    /// whole with `JSONDecoder`, which says what is wrong).
    public init?(liftingPatchesFrom data: Data) {
        guard let (rest, patches) = data.withUnsafeBytes({ raw -> (Data, [String])? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = JSONScanner(bytes: bytes)
            guard let lifted = scanner.patches() else { return nil }
            var rest = Data()
            rest.reserveCapacity(bytes.count - lifted.reduce(0) { $0 + $1.range.count } + lifted.count * 12)
            var from = 0
            for (index, patch) in lifted.enumerated() {
                rest.append(UnsafeBufferPointer(rebasing: bytes[from..<patch.range.lowerBound]))
                rest.append(contentsOf: Array("\"\\u0001\(index)\"".utf8))
                from = patch.range.upperBound
            }
            rest.append(UnsafeBufferPointer(rebasing: bytes[from...]))
            return (rest, lifted.map(\.text))
        }) else { return nil }
        guard var detail = try? JSONDecoder().decode(CommitDetail.self, from: rest) else { return nil }
        for index in detail.files.indices {
            guard let marker = detail.files[index].patch else { continue }
            guard marker.unicodeScalars.first == "\u{1}", let number = Int(marker.dropFirst()), patches.indices.contains(number) else { return nil }
            detail.files[index].patch = patches[number]
        }
        self = detail
    }
}

extension JSONScanner {
    /// Every `files[].patch` string of a commit answer (where its token lies, and its text), when the
    /// whole answer is well-formed; nil otherwise.
    fileprivate mutating func patches() -> [(range: Range<Int>, text: String)]? {
        guard skipSpace(), take(UInt8(ascii: "{")) else { return nil }
        var patches: [(range: Range<Int>, text: String)] = []
        guard objectMembers({ scanner, key in
            guard key.is("files"), scanner.skipSpace(), scanner.take(UInt8(ascii: "[")) else { return scanner.skipValue() }
            guard scanner.skipSpace() else { return false }
            if scanner.take(UInt8(ascii: "]")) { return true }
            while true {
                guard scanner.skipSpace() else { return false }
                if scanner.take(UInt8(ascii: "{")) {
                    guard scanner.objectMembers({ scanner, key in
                        guard key.is("patch"), scanner.skipSpace(), scanner.peek == UInt8(ascii: "\"") else { return scanner.skipValue() }
                        let start = scanner.at
                        guard let text = scanner.string() else { return false }
                        patches.append((start..<scanner.at, text))
                        return true
                    }) else { return false }
                } else if !scanner.skipValue() {
                    return false
                }
                guard scanner.skipSpace() else { return false }
                if scanner.take(UInt8(ascii: ",")) { continue }
                return scanner.take(UInt8(ascii: "]"))
            }
        }) else { return nil }
        return isAtEnd() ? patches : nil
    }
}
