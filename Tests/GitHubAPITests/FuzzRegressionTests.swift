import Foundation
import Testing
@testable import GitHubAPI

/// Inputs `scripts/fuzz` found, kept as regression tests.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test("A Link header whose target is not an absolute web address yields no link")
    func linkWithoutScheme() throws {
        let input = try #require(Data(base64Encoded: "PAQ+Cgo7PT0KPgoBAAAAPQQ7PXJlbD09QT07PQ=="))
        let links = LinkHeader.parse(String(decoding: input, as: UTF8.self))
        #expect(links.values.allSatisfy { $0.scheme == "https" || $0.scheme == "http" })
        #expect(LinkHeader.parse("<relative/page?2>; rel=\"next\"").isEmpty)
        #expect(LinkHeader.parse("<ftp://example.com/x>; rel=\"next\"").isEmpty)
        #expect(LinkHeader.parse("<https://api.github.com/x?page=2>; rel=\"next\"")["next"]?.absoluteString == "https://api.github.com/x?page=2")
    }
}
