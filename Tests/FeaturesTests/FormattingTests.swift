import Foundation
import Testing
@testable import Features

@Suite("Formatting")
struct FormattingTests {
    @Test("grouped writes en-US grouping, the same as Foundation's number format")
    func groupedMatchesFoundation() {
        var values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000,
                      1_234_567, 12_345_678, 123_456_789, Int.max, -1, -999, -1000, -1_234_567, Int.min]
        values += (0..<200).map { ($0 * 7_919_111) % 50_000_000 }
        for value in values {
            let expected = value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
            #expect(Formatting.grouped(value) == expected, "\(value)")
        }
    }

    @Test("repositories and results counts")
    func counts() {
        #expect(Formatting.repositories(1) == "1 repository")
        #expect(Formatting.repositories(0) == "0 repositories")
        #expect(Formatting.repositories(10_000) == "10,000 repositories")
        #expect(Formatting.results(1_234) == "1,234 results")
    }
}
