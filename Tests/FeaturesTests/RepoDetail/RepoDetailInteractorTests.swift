import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
@testable import Features

@Suite("Repository detail interactor")
struct RepoDetailInteractorTests {
    func make(_ answer: Result<[Commit], GitHubError> = .success(DetailSample.commits), opener: SpyURLOpener = SpyURLOpener(),
              environment: [String: String] = [:]) throws -> (RepoDetailInteractor, CommitsGitHubService, SQLiteStore) {
        let service = CommitsGitHubService(commits: answer)
        let store = try SQLiteStore.inMemory()
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: store,
                                              opener: opener, clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: environment, now: { DetailSample.now })
        return (interactor, service, store)
    }

    /// Opens the view over `store` and lets its commit request (if any) finish.
    @MainActor
    static func open(store: SQLiteStore, commits: Result<[Commit], GitHubError> = .success(DetailSample.commits)) async
        -> RepoDetailPresenterTests.Harness {
        let h = RepoDetailPresenterTests.Harness(commits: commits, store: store)
        h.presenter.viewDidLoad()
        await h.finishLoad()
        return h
    }

    @Test("Fresh stored commits are used without a request; a stored empty repository too")
    @MainActor
    func storedCommitsWithoutRequest() async throws {
        let store = try SQLiteStore.inMemory()
        try store.saveCommits([DetailSample.commits[1]], repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-120))
        let h = await Self.open(store: store)
        #expect(h.presenter.overview.state.commits.commits == [DetailSample.commits[1]])
        try store.saveCommits([], repositoryID: 42, isEmptyRepository: true, fetchedAt: DetailSample.now)
        let empty = await Self.open(store: store)
        #expect(empty.text.last == "No commits yet")
        #expect(h.service.recorded("commits") == [] && empty.service.recorded("commits") == [])
    }

    @Test("Missing or old commits are fetched (three at most) and stored")
    @MainActor
    func fetchAndStore() async throws {
        let store = try SQLiteStore.inMemory()
        let h = await Self.open(store: store)
        #expect(h.presenter.overview.state.commits.commits == Array(DetailSample.commits.prefix(3)))
        #expect(try store.commits(repositoryID: 42) == DetailSample.stored(Array(DetailSample.commits.prefix(3))))
        // Stored before the repository's last push (3 h ago), and older than 10 minutes: asked again.
        try store.saveCommits([], repositoryID: 42, isEmptyRepository: true, fetchedAt: DetailSample.now.addingTimeInterval(-4 * 3600))
        let again = await Self.open(store: store)
        #expect(again.presenter.overview.state.commits.commits == Array(DetailSample.commits.prefix(3)))
        #expect(h.service.recorded("commits").count == 1 && again.service.recorded("commits").count == 1)
    }

    @Test("Commits fetched after the last push are current whatever their age; a newer push asks again")
    @MainActor
    func pushedAtRule() async throws {
        let store = try SQLiteStore.inMemory()
        // Pushed 3 h ago, fetched 2 h ago: still current, no request at all.
        try store.saveCommits([DetailSample.commits[1]], repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-2 * 3600))
        let current = await Self.open(store: store)
        #expect(current.presenter.overview.state.commits.commits == [DetailSample.commits[1]])
        #expect(current.service.recorded("commits") == [])
        // Fetched only a minute after the push: within the clock-skew margin, so the age rule decides.
        try store.saveCommits([DetailSample.commits[1]], repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-3 * 3600 + 60))
        let asked = await Self.open(store: store)
        #expect(asked.presenter.overview.state.commits.commits == Array(DetailSample.commits.prefix(3)))
        #expect(asked.service.recorded("commits") == ["commits octocat/github-tui"])
    }

    @Test("409 (an empty repository) and an empty answer are .empty, stored as such")
    func emptyRepository() async throws {
        let (interactor, _, store) = try make(.failure(.http(status: 409, message: "Git Repository is empty.")))
        #expect(await interactor.loadCommits(for: DetailSample.repository) == .empty)
        #expect(try store.commits(repositoryID: 42)?.isEmptyRepository == true)
        let (other, _, otherStore) = try make(.success([]))
        #expect(await other.loadCommits(for: DetailSample.repository) == .empty)
        #expect(try otherStore.commits(repositoryID: 42)?.isEmptyRepository == true)
    }

    @Test("A failure is returned and the store keeps what it had")
    func failure() async throws {
        let (interactor, _, store) = try make(.failure(.rateLimited(resetAt: nil)))
        try store.saveCommits([DetailSample.commits[0]], repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-4 * 3600))
        #expect(await interactor.loadCommits(for: DetailSample.repository) == .failed(.rateLimited(resetAt: nil)))
        #expect(try store.commits(repositoryID: 42)?.commits == [DetailSample.commits[0]])
        #expect(interactor.storedCommits(for: [42])[42]?.commits == [DetailSample.commits[0]])
    }

    @Test("The favourite goes through the store")
    func favourite() throws {
        let (interactor, _, store) = try make()
        #expect(interactor.isFavourite() == false)
        try interactor.setFavourite(true)
        #expect(interactor.isFavourite())
        #expect(try store.isFavourite(repositoryID: 42))
        try interactor.setFavourite(false)
        #expect(try !store.isFavourite(repositoryID: 42))
    }

    @Test("Opening hands the page's address and the environment to the opener")
    func open() async throws {
        let opener = SpyURLOpener(executables: ["/bin/xdg-open"])
        let (interactor, _, _) = try make(opener: opener, environment: ["PATH": "/bin"])
        #expect(await interactor.openInBrowser() == .opened(program: "xdg-open"))
        #expect(opener.commands == [["/bin/xdg-open", "https://github.com/octocat/github-tui"]])
    }

    @Test("A link from a README reaches the browser only as an http(s) address with a host and no user part",
          arguments: ["-oProxyCommand=x", "file:///etc/passwd", "javascript:alert(1)", "https://", "https:///path",
                      "https://user@evil.example/", "ftp://example.com/", "https://exa mple.com/", "https://host:99999/"])
    func refusesWhatIsNotAWebAddress(_ address: String) async throws {
        let opener = SpyURLOpener(executables: ["/bin/xdg-open"])
        let (interactor, _, _) = try make(opener: opener, environment: ["PATH": "/bin"])
        #expect(await interactor.open(address) == .failed(tr("detail.open.notWebAddress")))
        #expect(opener.commands.isEmpty)
    }

    @Test("http and https addresses with a port, a path and a query are opened as written")
    func opensWebAddresses() async throws {
        let opener = SpyURLOpener(executables: ["/bin/xdg-open"])
        let (interactor, _, _) = try make(opener: opener, environment: ["PATH": "/bin"])
        #expect(await interactor.open("http://example.com:8080/a?b=c#d") == .opened(program: "xdg-open"))
        #expect(await interactor.open("HTTPS://Example.com/x") == .opened(program: "xdg-open"))
        #expect(opener.commands.map(\.last) == ["http://example.com:8080/a?b=c#d", "HTTPS://Example.com/x"])
    }
}

