import Foundation
import Testing
@testable import Features

/// The download's own SHA-256 against FIPS 180-4's known answers, fed whole and in odd pieces.
@Suite("SHA-256")
struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func digest(_ data: Data, pieces: Int = 1) -> String {
        var hasher = SHA256()
        let size = max(1, (data.count + pieces - 1) / pieces)
        var index = 0
        repeat {
            hasher.update(data.subdata(in: index..<min(data.count, index + size)))
            index += size
        } while index < data.count
        return hex(hasher.finalized())
    }

    @Test("The standard vectors: empty, abc, the 448- and 896-bit messages, a million a's")
    func knownAnswers() {
        let vectors: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
             "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
             "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ]
        for (message, expected) in vectors {
            #expect(Self.digest(Data(message.utf8)) == expected)
            #expect(Self.digest(Data(message.utf8), pieces: 7) == expected)
        }
        let million = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(Self.digest(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(Self.digest(million, pieces: 333) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("Messages around the padding's edges (55, 56, 63, 64, 65 bytes) agree whole and byte by byte")
    func paddingEdges() {
        // From `printf 'a%.0s' $(seq N) | sha256sum`.
        let known = [55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
                     56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
                     64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"]
        for count in [55, 56, 63, 64, 65, 119, 120, 128] {
            let data = Data(repeating: UInt8(ascii: "a"), count: count)
            #expect(Self.digest(data) == Self.digest(data, pieces: count))
            if let expected = known[count] { #expect(Self.digest(data) == expected) }
        }
    }
}
