import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
@testable import Features

@Suite("First screen plan")
struct FirstScreenPlanTests {
    func plan(kind: RepositoryListID.Kind = .owner, token: Bool = true, stored: Int = 0, rows: Int = 35,
              order: RepoListSortOrder = .name, graphQL: RateLimit? = nil) -> FirstScreenPlan {
        FirstScreenPlan.make(kind: kind, isAuthenticated: token, storedCount: stored, rows: rows, order: order,
                             graphQLLimit: graphQL, now: Sample.now)
    }

    @Test("With a token and nothing stored, the visible rows' commits come in one query sent with the list")
    func tokenFreshStore() {
        #expect(plan() == FirstScreenPlan(query: .init(rows: 35, order: .name), concurrency: 4))
        #expect(plan(order: .updated).query?.order == .updated)
        #expect(plan(order: .stars).query?.order == .stars)
        // A page of GitHub's at most.
        #expect(plan(rows: 500).query?.rows == 100)
    }

    @Test("Without a token the rows are asked after the list, 4 at a time; no query")
    func noToken() {
        #expect(plan(token: false) == FirstScreenPlan(query: nil, concurrency: CommitLoader.maxRequests))
        #expect(CommitLoader.maxRequests == 4)
    }

    @Test("No query for a stored list, a starred list, no rows, or a GraphQL hour at its reserve")
    func noQuery() {
        #expect(plan(stored: 35).query == nil)
        #expect(plan(kind: .starred).query == nil)
        #expect(plan(rows: 0).query == nil)
        let spent = RateLimit(limit: 5000, remaining: 2500, reset: Sample.now.addingTimeInterval(600))
        #expect(plan(graphQL: spent).query == nil)
        let left = RateLimit(limit: 5000, remaining: 2501, reset: Sample.now.addingTimeInterval(600))
        #expect(plan(graphQL: left).query != nil)
        // A reset that has passed: the hour is full again.
        let reset = RateLimit(limit: 5000, remaining: 0, reset: Sample.now.addingTimeInterval(-1))
        #expect(plan(graphQL: reset).query != nil)
    }
}
