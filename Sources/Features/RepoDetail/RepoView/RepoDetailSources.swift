import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// Where the repository view's tabs read and keep what they show beyond the repository itself, each
/// ability a named field: the app's client and store give them all; a test gives what it fakes, and
/// `.none` stands for what it does not (those tabs then say they cannot load).
public struct RepoDetailSources {
    /// Histories and commits read in full (the Commits tab).
    var historyStore: any CommitHistoryStore
    /// Issues and pull requests, their threads and drafts; nil: the Issues and Pull requests tabs say
    /// they cannot load.
    var issues: (service: any IssueService, store: any IssueStore)?
    /// Trees, files and releases (the Files and Releases tabs).
    var contentService: any RepositoryContentService
    var contentStore: any RepositoryContentStore
    /// Languages and the last year's commits (the Overview's pictures); nil: the Overview draws neither.
    var statistics: (any RepositoryStatisticsService)?
    /// Workflow runs, jobs and logs (the Actions tab); nil: the tab says it cannot read runs.
    var actions: (service: any ActionsService, store: any ActionsStore)?
    /// Whether pull requests' review threads are asked of GraphQL without a token: only where the service
    /// answers it without one (the demo's bundled data); GitHub answers GraphQL only with a token.
    var readsReviewThreadsWithoutToken = false

    public init(historyStore: any CommitHistoryStore, issues: (service: any IssueService, store: any IssueStore)?,
                contentService: any RepositoryContentService, contentStore: any RepositoryContentStore,
                statistics: (any RepositoryStatisticsService)? = nil,
                actions: (service: any ActionsService, store: any ActionsStore)? = nil) {
        self.historyStore = historyStore
        self.issues = issues
        self.contentService = contentService
        self.contentStore = contentStore
        self.statistics = statistics
        self.actions = actions
    }

    /// Every ability from one client and one store (the app's); `readsReviewThreadsWithoutToken` for a
    /// client that answers GraphQL without a token (the demo's).
    public init(client: some IssueService & RepositoryContentService & RepositoryStatisticsService & ActionsService,
                store: some CommitHistoryStore & IssueStore & RepositoryContentStore & ActionsStore,
                readsReviewThreadsWithoutToken: Bool = false) {
        self.init(historyStore: store, issues: (client, store), contentService: client, contentStore: store,
                  statistics: client, actions: (client, store))
        self.readsReviewThreadsWithoutToken = readsReviewThreadsWithoutToken
    }

    /// Nothing beyond the repository: histories read from GitHub each time, no issues, trees or releases.
    public static var none: RepoDetailSources {
        RepoDetailSources(historyStore: NoHistoryStore(), issues: nil, contentService: NoContentService(),
                          contentStore: NoContentStore())
    }
}
