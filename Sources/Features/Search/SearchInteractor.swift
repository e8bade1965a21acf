import Foundation
import GitHubAPI
import GitHubEntities

/// The search's use cases: check the query, fetch the first page and the following ones.
final class SearchInteractor: SearchInteractorProtocol {
    private let service: any GitHubService

    init(service: any GitHubService) {
        self.service = service
    }

    func validationError(for query: String) -> String? {
        Self.validationError(for: query)
    }

    static func validationError(for query: String) -> String? {
        if query.trimmingCharacters(in: .whitespaces).isEmpty {
            return tr("search.empty")
        }
        return nil
    }

    func search(query: String) async -> LoadOutcome<SearchResultsPage> {
        let query = query.trimmingCharacters(in: .whitespaces)
        if let problem = Self.validationError(for: query) { return .failed(.http(status: 422, message: problem)) }
        let service = self.service
        return await .of {
            let (page, next) = try await service.searchRepositories(query: query)
            return SearchResultsPage(totalCount: page.totalCount, incompleteResults: page.incompleteResults,
                                     items: page.items, next: next)
        }
    }

    func nextPage(_ url: URL) async -> LoadOutcome<SearchResultsPage> {
        let service = self.service
        let outcome: LoadOutcome<SearchResultsPage> = await .of {
            let (page, next) = try await service.searchRepositories(page: url)
            return SearchResultsPage(totalCount: page.totalCount, incompleteResults: page.incompleteResults,
                                     items: page.items, next: next)
        }
        // Past 1,000 results GitHub answers 422 "Only the first 1000 search results are available":
        // the end of the list, not an error.
        if case .failed(.http(status: 422, _)) = outcome {
            return .loaded(SearchResultsPage(totalCount: 0, items: [], reachedCap: true))
        }
        return outcome
    }
}
