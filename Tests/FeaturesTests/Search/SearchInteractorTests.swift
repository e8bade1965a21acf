import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport
@testable import Features

@Suite("Search interactor")
struct SearchInteractorTests {
    static func searchPage(_ range: ClosedRange<Int>, total: Int, incomplete: Bool = false) -> SearchPage<Repository> {
        SearchPage<Repository>(totalCount: total, incompleteResults: incomplete, items: ScreenSample.repositories(range))
    }

    @Test("A search returns its first page with the next link; next pages follow the link")
    func pages() async {
        let service = ScriptedGitHubService(.init(searchPages: [Self.searchPage(1...2, total: 3, incomplete: true),
                                                                Self.searchPage(3...3, total: 3)]))
        let interactor = SearchInteractor(service: service)
        let first = await interactor.search(query: "  tetris language:swift ")
        #expect(first == .loaded(SearchResultsPage(totalCount: 3, incompleteResults: true, items: ScreenSample.repositories(1...2),
                                                   next: URL(string: "https://api.test/search/1"))))
        let second = await interactor.nextPage(URL(string: "https://api.test/search/1")!)
        #expect(second == .loaded(SearchResultsPage(totalCount: 3, items: ScreenSample.repositories(3...3))))
        #expect(service.recorded == ["search tetris language:swift", "search page 1"])
    }

    @Test("A blank query is refused without a request")
    func blank() async {
        let service = ScriptedGitHubService()
        let interactor = SearchInteractor(service: service)
        #expect(interactor.validationError(for: "  ") == "Type something to search for, e.g. tetris language:swift")
        #expect(interactor.validationError(for: "x") == nil)
        #expect(await interactor.search(query: " ") == .failed(.http(status: 422, message: "Type something to search for, e.g. tetris language:swift")))
        #expect(service.recorded.isEmpty)
    }

    @Test("GitHub's 422 past 1,000 results is the end of the list, not an error")
    func capIsTheEnd() async {
        let service = ScriptedGitHubService(.init(searchPages: [Self.searchPage(1...1, total: 5000)], searchLinksPastEnd: true))
        let interactor = SearchInteractor(service: service)
        #expect(await interactor.nextPage(URL(string: "https://api.test/search/1")!)
                == .loaded(SearchResultsPage(totalCount: 0, items: [], reachedCap: true)))
    }

    @Test("The search rate limit and network failures are reported as such")
    func failures() async {
        let service = ScriptedGitHubService(.init(searchErrors: [0: .rateLimited(resetAt: nil), 1: .network]))
        let interactor = SearchInteractor(service: service)
        #expect(await interactor.search(query: "x") == .failed(.rateLimited(resetAt: nil)))
        #expect(await interactor.nextPage(URL(string: "https://api.test/search/1")!) == .failed(.network))
    }
}
