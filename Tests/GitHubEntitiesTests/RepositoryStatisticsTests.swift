import Foundation
import GitHubEntities
import Testing

/// The Overview's pictures as GitHub answers them: languages by bytes, 52 weeks of commits.
@Suite("Repository statistics decoding")
struct RepositoryStatisticsTests {
    @Test("Languages: GitHub's documented example, largest first; ties by name; empty shares dropped; anything else refused")
    func languages() throws {
        // The example of GitHub's REST reference for /repos/{owner}/{repo}/languages.
        let example = try LanguageBreakdown(json: Data(#"{"C": 78769, "Python": 7769}"#.utf8))
        #expect(example.shares == [.init(language: "C", bytes: 78769), .init(language: "Python", bytes: 7769)])
        #expect(example.totalBytes == 86538)
        let ties = try LanguageBreakdown(json: Data(#"{"b": 5, "a": 5, "z": 0, "": 9}"#.utf8))
        #expect(ties.shares.map(\.language) == ["a", "b"])
        #expect(try LanguageBreakdown(json: Data("{}".utf8)).shares.isEmpty)
        for wrong in [#"["Ruby"]"#, #"{"Ruby": "many"}"#, #"{"Ruby": true}"#, "nonsense"] {
            #expect(throws: (any Error).self) { try LanguageBreakdown(json: Data(wrong.utf8)) }
        }
        let many = "{" + (0..<500).map { #""L\#($0)": \#($0 + 1)"# }.joined(separator: ",") + "}"
        let kept = try LanguageBreakdown(json: Data(many.utf8))
        #expect(kept.shares.count == LanguageBreakdown.maximumLanguages)
        #expect(kept.shares.first?.language == "L499")
    }

    @Test("Participation: 52 weeks, oldest first; short lists padded in front, long ones cut; negatives 0; the owner's within everyone's")
    func participation() throws {
        let full = try Participation(json: Data(#"{"all": [\#((1...52).map(String.init).joined(separator: ","))], "owner": [\#(Array(repeating: "1", count: 52).joined(separator: ","))]}"#.utf8))
        #expect(full.all == Array(1...52))
        #expect(full.owner == Array(repeating: 1, count: 52))
        let short = try Participation(json: Data(#"{"all": [3, -2, 5], "owner": [9, 0, 1]}"#.utf8))
        #expect(short.all == Array(repeating: 0, count: 49) + [3, 0, 5])
        #expect(short.owner == Array(repeating: 0, count: 49) + [3, 0, 1])
        let long = try Participation(json: Data(#"{"all": [\#((1...60).map(String.init).joined(separator: ","))]}"#.utf8))
        #expect(long.all == Array(9...60))
        #expect(long.owner == Array(repeating: 0, count: 52))
        for wrong in ["{}", #"{"all": "x"}"#, "[]"] {
            #expect(throws: (any Error).self) { try Participation(json: Data(wrong.utf8)) }
        }
    }
}
