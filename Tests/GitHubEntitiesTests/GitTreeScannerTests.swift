import Foundation
import GitHubEntities
import Testing
import TestSupport

/// The one-pass tree reader gives what `JSONDecoder` gives, or steps aside.
@Suite("A tree read in one pass")
struct GitTreeScannerTests {
    @Test func recordedTreesReadAlike() throws {
        for body in [Fixtures.interactions(Fixtures.Name.railsAdminTree)[1].body, Fixtures.recordedBody(Fixtures.Name.railsAdminTree)] {
            let scanned = try #require(GitTree(scanning: body))
            #expect(scanned == (try JSONDecoder().decode(GitTree.self, from: body)))
        }
        let scanned = try #require(GitTree(scanning: Fixtures.interactions(Fixtures.Name.railsAdminTree)[1].body))
        #expect(scanned.entries.count == 326)
    }

    @Test func leniencyMatchesTheDecoder() throws {
        let json = #"""
        {"sha":"t","truncated":true,"url":{"a":[1,2.5e3,{"b":null}]},"tree":[{"path":"a","type":"blob","sha":"1","size":-5,"mode":"100644"},
          {"path":"l","type":"blob","sha":"2","mode":"120000"},{"path":"m","type":"commit","sha":"3"},
          {"type":"blob","sha":"4"},{"path":"x","type":"weird","sha":"5"},7,null,[1],"s",{"path":"","type":"tree","sha":"6"},
          {"path":"n","type":"blob","sha":7},{"path":"o","type":"blob","sha":"8","size":"9"},{"path":"r","type":"blob","sha":"c","mode":5},
          {"path":"s","type":"blob","sha":"d","mode":false},{"path":"p","type":"blob","sha":"9","size":null},
          {"path":"q\u00e9\ud83d\ude00\n\"\\\/","type":"tree","sha":"a","size":12,"extra":{"deep":[[[]]]}},
          {"path":"日本語/emoji 🎉","type":"blob","sha":"b","size":0}]}
        """#
        let body = Data(json.utf8)
        let scanned = try #require(GitTree(scanning: body))
        let decoded = try JSONDecoder().decode(GitTree.self, from: body)
        #expect(scanned == decoded)
        #expect(scanned.entries.map(\.path) == ["a", "l", "m", "p", "qé😀\n\"\\/", "日本語/emoji 🎉"])
    }

    /// Where the meaning is the decoder's to say, the reader says nothing.
    @Test(arguments: [
        "", "[]", "{", #"{"tree":[}"#, #"{"sha":"a","sha":"b"}"#, #"{"tree":[{"path":"a","path":"b"}]}"#,
        #"{"tree":[{"path":"a","type":"blob","sha":"1","size":1.0}]}"#, #"{"tree":[{"path":"a","type":"blob","sha":"1","size":1e2}]}"#,
        #"{"tree":[{"path":"a","type":"blob","sha":"1","size":99999999999999999999}]}"#,
        #"{"tree":[{"path":"\ud800","type":"blob","sha":"1"}]}"#, #"{"tree":[{"path":"\x","type":"blob","sha":"1"}]}"#,
        #"{"tree":[]} x"#, #"{"tree":[],}"#, #"{"tree":[1,]}"#, #"{"truncated":1}"#, #"{"tree":[{"size":01}]}"#,
    ])
    func stepsAsideWhenUnsure(_ json: String) {
        #expect(GitTree(scanning: Data(json.utf8)) == nil)
    }

    @Test func invalidUTF8StepsAside() {
        var body = Data(#"{"tree":[{"path":"a"#.utf8)
        body.append(0xFF)
        body.append(contentsOf: Data(#"","type":"blob","sha":"1"}]}"#.utf8))
        #expect(GitTree(scanning: body) == nil)
    }

    /// Every prefix and every one-byte change of a real answer: the reader never disagrees with the
    /// decoder (it gives the same tree, or nil and the decoder decides).
    @Test func mutationsNeverDisagree() throws {
        let json = #"{"sha":"s","tree":[{"path":"a/b","mode":"100644","type":"blob","sha":"c1","size":30,"url":"u"},{"path":"a","mode":"040000","type":"tree","sha":"d"}],"truncated":false}"#
        let original = Array(json.utf8)
        var bodies: [[UInt8]] = (0...original.count).map { Array(original.prefix($0)) }
        let replacements: [UInt8] = Array(#"{}[]",:0-9.etnul\ "#.utf8) + [0x00, 0xC3, 0xFF]
        for index in original.indices {
            for byte in replacements where byte != original[index] {
                var changed = original
                changed[index] = byte
                bodies.append(changed)
            }
        }
        var agreed = 0
        for bytes in bodies {
            let body = Data(bytes)
            guard let scanned = GitTree(scanning: body) else { continue }
            let decoded = try? JSONDecoder().decode(GitTree.self, from: body)
            #expect(scanned == decoded, "\(String(decoding: bytes, as: UTF8.self))")
            agreed += 1
        }
        // The reader read most of them itself (it did not step aside from everything).
        #expect(agreed > bodies.count / 4)
    }
}
