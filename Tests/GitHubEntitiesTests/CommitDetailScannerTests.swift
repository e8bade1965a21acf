import Foundation
import GitHubEntities
import Testing
import TestSupport

/// A commit read with its patches lifted out gives what `JSONDecoder` gives, or steps aside.
@Suite("A commit read with its patches lifted out")
struct CommitDetailScannerTests {
    @Test func recordedCommitReadsAlike() throws {
        let body = Fixtures.recordedBody(Fixtures.Name.railsAdminCommitDetail)
        let lifted = try #require(CommitDetail(liftingPatchesFrom: body))
        #expect(lifted == (try JSONDecoder().decode(CommitDetail.self, from: body)))
        #expect(lifted.files.contains { ($0.patch?.count ?? 0) > 100 })
    }

    @Test func oddFilesReadAlike() throws {
        let json = #"""
        {"sha":"abc","commit":{"message":"m","author":{"name":"A","date":"2020-01-01T00:00:00Z"}},
         "files":[{"filename":"a","patch":"@@ -1 +1 @@\n-x\n+y \u00e9\ud83d\ude00 \"q\" \\ \/ \t"},
                  {"filename":"b"},{"patch":"orphan"},7,"s",null,{"filename":"c","patch":null},
                  {"filename":"d","patch":12},{"filename":"e","patch":"","status":"added"},
                  {"filename":"日本語 🎉","patch":"\u0001 0"}],
         "stats":{"additions":1},"extra":[{"patch":"not a file's"}]}
        """#
        let body = Data(json.utf8)
        let lifted = try #require(CommitDetail(liftingPatchesFrom: body))
        #expect(lifted == (try JSONDecoder().decode(CommitDetail.self, from: body)))
        #expect(lifted.files.map(\.filename) == ["a", "b", "c", "e", "日本語 🎉"])
        #expect(lifted.files.last?.patch == "\u{1} 0", "a patch that looks like a marker is still itself")
    }

    @Test(arguments: [
        "", "[]", #"{"sha":"a","sha":"b"}"#, #"{"sha":"a","files":[{"patch":"x","patch":"y"}]}"#,
        #"{"sha":"a","files":[{"patch":"\ud800"}]}"#, #"{"sha":"a"} ,"#, #"{"sha":"a","files":[{"patch":"a"b"}]}"#,
        #"{"files":[{"filename":"a","patch":"x"}]}"#,
    ])
    func stepsAsideWhenUnsure(_ json: String) {
        #expect(CommitDetail(liftingPatchesFrom: Data(json.utf8)) == nil)
    }

    /// Every one-byte change of an answer: never a commit other than the decoder's.
    @Test func mutationsNeverDisagree() throws {
        let json = #"{"sha":"s","commit":{"message":"m"},"files":[{"filename":"a","patch":"@@ -1 +1 @@\n-a\n+b"},{"filename":"b","patch":"x"}]}"#
        let original = Array(json.utf8)
        var bodies: [[UInt8]] = (0...original.count).map { Array(original.prefix($0)) }
        let replacements: [UInt8] = Array(#"{}[]",:0-9.etnul\ "#.utf8) + [0x00, 0x01, 0xC3, 0xFF]
        for index in original.indices {
            for byte in replacements where byte != original[index] {
                var changed = original
                changed[index] = byte
                bodies.append(changed)
            }
        }
        var read = 0
        for bytes in bodies {
            let body = Data(bytes)
            guard let lifted = CommitDetail(liftingPatchesFrom: body) else { continue }
            #expect(lifted == (try? JSONDecoder().decode(CommitDetail.self, from: body)), "\(String(decoding: bytes, as: UTF8.self))")
            read += 1
        }
        #expect(read > bodies.count / 4)
    }
}
