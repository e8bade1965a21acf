import Foundation
import GitHubAPI
import Persistence

/// What a list's first screen asks GitHub for besides the list, decided when the refresh starts (pure).
///
/// The first screen's rows are visible by definition, so their commits wait for no settle delay. With a
/// token and nothing stored, they come in one GraphQL query sent together with the owner and the first
/// page (`firstScreenCommits`): one round trip for the whole screen. Otherwise the commit loader asks
/// for the rows on screen as soon as they are known, `concurrency` at a time, within the request budget.
struct FirstScreenPlan: Equatable {
    /// The GraphQL query sent with the list: the first `rows` repositories in `order`.
    struct Query: Equatable {
        var rows: Int
        var order: FirstScreenOrder
    }

    /// Sent with the list; nil: the rows' commits are asked after the list arrives.
    var query: Query?
    /// Commit requests in flight at once when they are asked after the list (one REST call each).
    var concurrency: Int

    /// - Parameters:
    ///   - kind: the list's kind; a starred list is ordered by when it was starred, not by the screen's order.
    ///   - isAuthenticated: GraphQL needs a token (and a server whose GraphQL has our fields:
    ///     `GitHubService.batchesCommitQueries`).
    ///   - storedCount: repositories already stored: their commits may be stored too (no query then).
    ///   - rows: the rows the list shows (the terminal's height less the chrome).
    ///   - order: the screen's sort order.
    ///   - graphQLLimit: the GraphQL bucket as last seen; a query is not spent below the reserve.
    static func make(kind: RepositoryListID.Kind, isAuthenticated: Bool, storedCount: Int, rows: Int,
                     order: RepoListSortOrder, graphQLLimit: RateLimit?, now: Date) -> FirstScreenPlan {
        let concurrency = CommitLoader.maxRequests
        guard isAuthenticated, kind == .owner, storedCount == 0, rows > 0,
              RequestBudget.allowsPrefetch(graphQLLimit, now: now) else {
            return FirstScreenPlan(query: nil, concurrency: concurrency)
        }
        let graphQLOrder: FirstScreenOrder = switch order {
        case .name: .name
        case .updated: .updated
        case .stars: .stars
        }
        return FirstScreenPlan(query: Query(rows: min(rows, GitHubClient.graphQLBatchSize), order: graphQLOrder),
                               concurrency: concurrency)
    }
}
