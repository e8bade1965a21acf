import Foundation
import GitHubEntities
import Locking
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@MainActor
final class SpyLocalSearchView: LocalSearchViewProtocol {
    var states: [LocalSearchViewState] = []
    var last: LocalSearchViewState? { states.last }
    func display(_ state: LocalSearchViewState) { states.append(state) }
}

@MainActor
final class SpyLocalSearchRouter: LocalSearchRouterProtocol {
    var places: [(RepoPlace, Repository)] = []
    var details: [(Repository, RepoTab)] = []
    var githubQueries: [String] = []
    var closeCount = 0
    func showRepositoryDetail(_ repository: Repository, tab: RepoTab) { details.append((repository, tab)) }
    func show(_ place: RepoPlace, in repository: Repository) { places.append((place, repository)) }
    func showSearch(query: String) { githubQueries.append(query) }
    func close() { closeCount += 1 }
    func quit() {}
}

/// Answers every query with the scripted hits; records what was asked.
final class FakeLocalSearchInteractor: LocalSearchInteractorProtocol {
    let hits: Mutex<[SearchHit]>
    let asked = Mutex<[SearchQuery]>([])
    init(_ hits: [SearchHit]) { self.hits = Mutex(hits) }
    func search(_ query: SearchQuery) async -> LocalSearchAnswer {
        asked.withLock { $0.append(query) }
        return LocalSearchAnswer(hits: hits.withLock { $0 }, status: nil)
    }
    func repository(of hit: SearchHit) async -> Repository {
        Repository(id: 1, name: "r", fullName: hit.repository, ownerLogin: "o")
    }
}

@Suite("Local search presenter")
@MainActor
struct LocalSearchPresenterTests {
    static func hit(_ kind: SearchKind, number: Int? = nil, target: String? = nil, snippet: String = "a match here",
                    onPull: Bool = false) -> SearchHit {
        SearchHit(kind: kind, repository: "o/r", repositoryID: 1, number: number, target: target, author: "ann", date: nil,
                  title: [SearchHit.Piece(text: "Title", isMatch: false)],
                  snippet: [SearchHit.Piece(text: snippet, isMatch: false), SearchHit.Piece(text: "match", isMatch: true)],
                  isOnPullRequest: onPull)
    }

    func make(_ hits: [SearchHit]) -> (LocalSearchPresenter, SpyLocalSearchView, SpyLocalSearchRouter, CollectingDispatcher) {
        let view = SpyLocalSearchView()
        let router = SpyLocalSearchRouter()
        let dispatcher = CollectingDispatcher()
        let presenter = LocalSearchPresenter(interactor: FakeLocalSearchInteractor(hits), router: router,
                                             dispatcher: dispatcher, now: { Date(timeIntervalSince1970: 0) })
        presenter.view = view
        presenter.viewDidChangeListHeight(20)
        return (presenter, view, router, dispatcher)
    }

    func type(_ text: String, into presenter: LocalSearchPresenter) {
        for character in text { presenter.handle(.edit(.insert(String(character)))) }
    }

    @Test("only the answer to the query now in the field is shown; a query typed meanwhile is asked next")
    func newestAnswerOnly() async throws {
        let (presenter, view, _, _) = make([Self.hit(.issue, number: 3)])
        type("ab", into: presenter)
        presenter.didAnswer(LocalSearchAnswer(hits: [Self.hit(.issue, number: 1)], status: nil), for: SearchQuery.parse("a"))
        #expect(view.last?.lines.isEmpty == true, "an answer to \"a\" is not shown for \"ab\"")
        presenter.didAnswer(LocalSearchAnswer(hits: [Self.hit(.issue, number: 2)], status: nil), for: SearchQuery.parse("ab"))
        #expect(view.last?.lines.map(\.label) == ["", "#2"])
        #expect(view.last?.summary.contains("1") == true)
    }

    @Test("hits are grouped by kind in a fixed order, each group under its heading; Enter opens a comment at the comment")
    func groupedAndOpened() async throws {
        let hits = [Self.hit(.comment, number: 7, target: "900", onPull: true), Self.hit(.repository),
                    Self.hit(.issue, number: 7), Self.hit(.readme)]
        let (presenter, view, router, dispatcher) = make(hits)
        type("x", into: presenter)
        presenter.didAnswer(LocalSearchAnswer(hits: hits, status: nil), for: SearchQuery.parse("x"))
        let state = try #require(view.last)
        #expect(state.lines.compactMap(\.heading) == ["Repositories · 1", "READMEs · 1", "Issues · 1", "Comments · 1"])
        #expect(state.lines.map(\.label) == ["", "", "", "README", "", "#7", "", "#7 @ann"])
        presenter.handle(.focusResults)
        presenter.handle(.end)
        #expect(view.last?.selectedLine == 7)
        presenter.handle(.open)
        await presenter.waitForOpening()
        dispatcher.runPending()
        let (place, repository) = try #require(router.places.first)
        #expect(place == .thread(number: 7, isPullRequest: true, commentID: 900))
        #expect(repository.fullName == "o/r")
        presenter.handle(.home)
        presenter.handle(.moveDown)
        presenter.handle(.open)
        await presenter.waitForOpening()
        dispatcher.runPending()
        #expect(router.places.last?.0 == .readme(match: "match"), "the README opens searched for the match")
    }

    @Test("snippets are sanitized: escape sequences and controls from the store never reach the view")
    func hostileSnippet() async throws {
        let hostile = Self.hit(.comment, number: 1, target: "2", snippet: "evil \u{1B}]0;title\u{7} \u{1B}[31mred \u{9B}x")
        let (presenter, view, router, _) = make([hostile])
        type("evil", into: presenter)
        presenter.didAnswer(LocalSearchAnswer(hits: [hostile], status: nil), for: SearchQuery.parse("evil"))
        let text = (view.last?.lines ?? []).flatMap { $0.snippet.map(\.text) }.joined()
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text.debugDescription)")
        #expect(view.last?.lines.last?.snippet.last == MarkedText(text: "match", isMatch: true))
        presenter.handle(.focusResults)
        presenter.handle(.searchGitHub)
        #expect(router.githubQueries == ["evil"])
    }

    @Test("with nothing found, Tab still reaches the results, where S searches GitHub for the words (not the filters)")
    func nothingFoundThenGitHub() async throws {
        let (presenter, view, router, _) = make([])
        type("rare words is:issue", into: presenter)
        presenter.didAnswer(LocalSearchAnswer(hits: [], status: nil), for: SearchQuery.parse("rare words is:issue"))
        #expect(view.last?.placeholder?.contains("Nothing stored matches") == true)
        presenter.handle(.focusResults)
        #expect(view.last?.focus == .results)
        #expect(view.last?.footer.contains { $0.keys == "S" } == true)
        presenter.handle(.searchGitHub)
        #expect(router.githubQueries == ["rare words"])
    }
}
