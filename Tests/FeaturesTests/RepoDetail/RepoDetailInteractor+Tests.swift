import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
@testable import Features

extension RepoDetailInteractor {
    /// The interactor as the tests build it: the in-memory store keeps histories, issues and contents;
    /// issues come from `issueService` when one is given (without one the Issues tabs say they cannot
    /// load); trees, files and releases from nowhere (the fake service has none).
    convenience init(repository: Repository, service: any GitHubService, store: SQLiteStore,
                     opener: any URLOpener, clipboard: any ClipboardWriter, cloner: any RepositoryCloner,
                     environment: [String: String], historyStore: (any CommitHistoryStore)? = nil,
                     issueService: (any IssueService)? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.init(repository: repository, service: service, store: store,
                  sources: RepoDetailSources(historyStore: historyStore ?? store, issues: issueService.map { ($0, store) },
                                             contentService: NoContentService(), contentStore: store),
                  opener: opener, clipboard: clipboard, cloner: cloner, environment: environment, now: now)
    }
}
