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

    @Test("Fresh stored commits are used without a request")
    func storedCommitsWithoutRequest() async throws {
        let (interactor, service, store) = try make()
        try store.saveCommits([DetailSample.commits[1]], repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-120))
        #expect(interactor.storedCommits()?.commits == [DetailSample.commits[1]])
        #expect(await interactor.loadCommits() == .loaded([DetailSample.commits[1]]))
        // A stored empty repository too.
        try store.saveCommits([], repositoryID: 42, isEmptyRepository: true, fetchedAt: DetailSample.now)
        #expect(await interactor.loadCommits() == .empty)
        #expect(service.recorded == [])
    }

    @Test("Missing or old commits are fetched (three at most) and stored")
    func fetchAndStore() async throws {
        let (interactor, service, store) = try make()
        #expect(interactor.storedCommits() == nil)
        #expect(await interactor.loadCommits() == .loaded(Array(DetailSample.commits.prefix(3))))
        #expect(try store.commits(repositoryID: 42) == DetailSample.stored(Array(DetailSample.commits.prefix(3))))
        // Stored before the repository's last push (3 h ago), and older than 10 minutes: asked again.
        try store.saveCommits([], repositoryID: 42, isEmptyRepository: true, fetchedAt: DetailSample.now.addingTimeInterval(-4 * 3600))
        #expect(await interactor.loadCommits() == .loaded(Array(DetailSample.commits.prefix(3))))
        #expect(service.recorded == ["commits octocat/github-tui", "commits octocat/github-tui"])
    }

    @Test("Commits fetched after the last push are current whatever their age; a newer push asks again")
    func pushedAtRule() async throws {
        let (interactor, service, store) = try make()
        // Pushed 3 h ago, fetched 2 h ago: a day later still current, no request at all.
        try store.saveCommits([DetailSample.commits[1]], repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-2 * 3600))
        #expect(await interactor.loadCommits() == .loaded([DetailSample.commits[1]]))
        #expect(service.recorded == [])
        // Fetched only a minute after the push: within the clock-skew margin, so the age rule decides.
        try store.saveCommits([DetailSample.commits[1]], repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-3 * 3600 + 60))
        #expect(await interactor.loadCommits() == .loaded(Array(DetailSample.commits.prefix(3))))
        #expect(service.recorded == ["commits octocat/github-tui"])
    }

    @Test("409 (an empty repository) and an empty answer are .empty, stored as such")
    func emptyRepository() async throws {
        let (interactor, _, store) = try make(.failure(.http(status: 409, message: "Git Repository is empty.")))
        #expect(await interactor.loadCommits() == .empty)
        #expect(try store.commits(repositoryID: 42)?.isEmptyRepository == true)
        let (other, _, otherStore) = try make(.success([]))
        #expect(await other.loadCommits() == .empty)
        #expect(try otherStore.commits(repositoryID: 42)?.isEmptyRepository == true)
    }

    @Test("A failure is returned and the store keeps what it had")
    func failure() async throws {
        let (interactor, _, store) = try make(.failure(.rateLimited(resetAt: nil)))
        try store.saveCommits([DetailSample.commits[0]], repositoryID: 42, isEmptyRepository: false,
                              fetchedAt: DetailSample.now.addingTimeInterval(-4 * 3600))
        #expect(await interactor.loadCommits() == .failed(.rateLimited(resetAt: nil)))
        #expect(try store.commits(repositoryID: 42)?.commits == [DetailSample.commits[0]])
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

