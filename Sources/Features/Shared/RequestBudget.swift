import Foundation
import GitHubAPI

/// How background work spends GitHub's hourly requests. Without a token the hour has 60 and a 304
/// counts: prefetching commits stops at a reserve, so that a minute of browsing (launch, three pages
/// down, End) still leaves a third of the hour for what the user asks. What the user asks for is
/// limited only by the real limit.
enum RequestBudget {
    /// The share of the hour's requests kept from background work (30 of 60; 2,500 of 5,000): a
    /// minute of browsing spends ~35 without a token (`BudgetEndToEndTests`), leaving 20 and a margin.
    static let reserveShare = 0.5

    /// The requests background work must leave.
    static func reserve(of limit: Int) -> Int { Int((Double(limit) * reserveShare).rounded(.up)) }

    /// Whether a background request may be spent: unknown limits allow it (the first answers tell);
    /// a limit whose reset time has passed is full again.
    static func allowsPrefetch(_ rateLimit: RateLimit?, now: Date) -> Bool {
        guard let rateLimit else { return true }
        if let reset = rateLimit.reset, reset <= now { return true }
        return rateLimit.remaining > reserve(of: rateLimit.limit)
    }
}
