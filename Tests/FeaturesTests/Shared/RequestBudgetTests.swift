import Foundation
import GitHubAPI
import Testing
@testable import Features

@Suite("Request budget")
struct RequestBudgetTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("Background requests stop at the reserve: 30 of 60, 2,500 of 5,000")
    func reserve() {
        #expect(RequestBudget.reserve(of: 60) == 30)
        #expect(RequestBudget.reserve(of: 5_000) == 2_500)
        let reset = now.addingTimeInterval(1_800)
        #expect(RequestBudget.allowsPrefetch(RateLimit(limit: 60, remaining: 31, reset: reset), now: now))
        #expect(!RequestBudget.allowsPrefetch(RateLimit(limit: 60, remaining: 30, reset: reset), now: now))
        #expect(!RequestBudget.allowsPrefetch(RateLimit(limit: 60, remaining: 0, reset: reset), now: now))
        #expect(RequestBudget.allowsPrefetch(RateLimit(limit: 5_000, remaining: 4_000, reset: reset), now: now))
    }

    @Test("An unknown limit allows prefetching; a reset in the past means a full hour again")
    func unknownAndReset() {
        #expect(RequestBudget.allowsPrefetch(nil, now: now))
        let spent = RateLimit(limit: 60, remaining: 3, reset: now.addingTimeInterval(-1))
        #expect(RequestBudget.allowsPrefetch(spent, now: now))
        #expect(!RequestBudget.allowsPrefetch(spent, now: now.addingTimeInterval(-10)))
    }
}
