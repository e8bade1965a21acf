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

    @Test("relative times: past and future, a minute either way is just now; both languages")
    func relativeTimes() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        func relative(_ offset: TimeInterval) -> String { Formatting.relative(now.addingTimeInterval(offset), now: now) }
        #expect(relative(-30) == "just now")
        #expect(relative(30) == "just now")
        #expect(relative(-3 * 3600) == "3 h ago")
        #expect(relative(3 * 3600 + 5) == "in 3 h")
        #expect(relative(5 * 60) == "in 5 min")
        #expect(relative(2 * 86_400) == "in 2 d")
        #expect(relative(100 * 86_400) == "in 3 mo")
        #expect(relative(3 * 365 * 86_400) == "in 3 y")
        #expect(relative(-3 * 365 * 86_400) == "3 y ago")
        #expect(Formatting.relative(.distantFuture, now: now).hasPrefix("in "))
        #expect(Formatting.relative(.distantPast, now: now).hasSuffix(" y ago"))
        L10n.$override.withValue(.german) {
            #expect(relative(3 * 3600 + 5) == "in 3 Std.")
            #expect(relative(-3 * 3600) == "vor 3 Std.")
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
