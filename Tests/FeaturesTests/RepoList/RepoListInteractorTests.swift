import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
@testable import Features

@Suite("Repository list interactor")
struct RepoListInteractorTests {
    func make(_ script: FakeGitHubService.Script, offline: Bool = false,
              list: RepositoryListID = .owner("octo")) throws -> (RepoListInteractor, FakeGitHubService, SQLiteStore) {
        var script = script
        if script.owners.isEmpty, script.ownerError == nil { script.owner = .success(FakeGitHubService.Script.octo) }
        let service = FakeGitHubService(script)
        let store = try SQLiteStore.inMemory()
        let interactor = RepoListInteractor(list: list, service: service, store: store, isOffline: offline,
                                            now: { Sample.now })
        return (interactor, service, store)
    }

    @Test("Refresh brings page 1; further pages come on demand; the last one replaces the list whole")
    func pagesOnDemand() async throws {
        var script = FakeGitHubService.Script()
        script.pages = [Array(Sample.repositories(5)[0..<2]), Array(Sample.repositories(5)[2..<4]), [Sample.repository(5)]]
        let (interactor, service, store) = try make(script)
        try store.replaceRepositories([Sample.repository(99)], ownerLogin: "octo", fetchedAt: Sample.now)
        #expect(await interactor.refresh() == .refreshed)
        #expect(interactor.hasMorePages)
        // Page 1 is merged in; nothing is removed before the last page.
        #expect(Set(try store.snapshot(ownerLogin: "octo").repositories.map(\.id)) == [1, 2, 99])
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(interactor.heldRepositoryCount == 4, "pages are held until the last one")
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(!interactor.hasMorePages)
        #expect(interactor.heldRepositoryCount == 0, "the whole list is in the store: nothing held")
        let snapshot = try store.snapshot(ownerLogin: "octo")
        #expect(snapshot.repositories.map(\.id) == [1, 2, 3, 4, 5])
        #expect(snapshot.owner?.login == "octo")
        #expect(snapshot.listFetchedAt == Sample.now)
        // The owner and the first page are asked together (in either order), then the pages in turn.
        let calls = service.calls.withLock { $0 }
        #expect(Set(calls.prefix(2)) == ["owner octo", "repos octo"])
        #expect(calls.dropFirst(2) == ["repos page 1", "repos page 2"])
        // Nothing more to load.
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(service.calls.withLock { $0 }.count == 4)
    }

    @Test("With the first screen's query, its commits are asked with the owner and page 1 and stored; a failed query fails nothing")
    func firstScreenQuery() async throws {
        var script = FakeGitHubService.Script()
        script.pages = [Sample.repositories(5)]
        script.isAuthenticated = true
        let commit = Commit(sha: "a1b2c3d4", message: "First", authorName: "Octo", date: Sample.now)
        script.firstScreen = .success(FirstScreenCommits(commits: [1: [commit], 2: []],
                                                         rateLimit: RateLimit(limit: 5000, remaining: 4999), cost: 1))
        let (interactor, service, store) = try make(script)
        let plan = interactor.firstScreenPlan(rows: 2, order: .name, storedCount: 0)
        #expect(plan.query == .init(rows: 2, order: .name))
        #expect(await interactor.refresh(firstScreen: plan.query) == .refreshed)
        #expect(Set(service.calls.withLock { $0 }) == ["owner octo", "repos octo", "firstScreen octo 2 name"])
        let stored = try store.commits(repositoryIDs: [1, 2, 3])
        #expect(stored[1]?.commits.map(\.sha) == ["a1b2c3d4"])
        #expect(stored[2]?.isEmptyRepository == true)
        #expect(stored[3] == nil)
        #expect(try store.snapshot(ownerLogin: "octo").repositories.count == 5)

        service.script.withLock { $0.firstScreen = .failure(.network) }
        #expect(await interactor.refresh(firstScreen: plan.query) == .refreshed)
        // Without a token there is no query to send.
        service.script.withLock { $0.isAuthenticated = false }
        #expect(interactor.firstScreenPlan(rows: 2, order: .name, storedCount: 0).query == nil)
    }

    @Test("A next-page link back to a page already fetched (a loop) ends the list: no page is fetched twice")
    func linkLoop() async throws {
        var script = FakeGitHubService.Script()
        script.pages = [Array(Sample.repositories(4)[0..<2]), Array(Sample.repositories(4)[2..<4])]
        script.lastPageLinksBackTo = 0
        let (interactor, service, store) = try make(script)
        #expect(await interactor.refresh() == .refreshed)
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(!interactor.hasMorePages)
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(service.calls.withLock { $0 }.dropFirst(2) == ["repos page 1"])
        // The list is replaced whole by what the pages brought, as at a last page.
        #expect(try store.snapshot(ownerLogin: "octo").repositories.map(\.id) == [1, 2, 3, 4])
        #expect(interactor.heldRepositoryCount == 0)
    }

    @Test("A page at a new address that brings only repositories already fetched (a loop through new addresses) ends the list")
    func pageOfRepeatsEndsTheList() async throws {
        var script = FakeGitHubService.Script()
        let repositories = Sample.repositories(3)
        script.pages = [Array(repositories[0..<2]), Array(repositories[0..<2]), [repositories[2]]]
        let (interactor, service, store) = try make(script)
        #expect(await interactor.refresh() == .refreshed)
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(!interactor.hasMorePages)
        #expect(service.calls.withLock { $0 }.dropFirst(2) == ["repos page 1"])
        #expect(try store.snapshot(ownerLogin: "octo").repositories.map(\.id) == [1, 2])
    }

    @Test("A starred list is fetched from /starred, paged, and stored as its own list beside the owner's")
    func starredList() async throws {
        var script = FakeGitHubService.Script()
        let others = [Repository(id: 50, name: "rails", fullName: "rails/rails", ownerLogin: "rails",
                                 htmlURL: "https://github.com/rails/rails"), Sample.repository(2)]
        script.pages = [[others[0]], [others[1]]]
        let (interactor, service, store) = try make(script, list: .starred("octo"))
        try store.replaceRepositories(Sample.repositories(3), ownerLogin: "octo", fetchedAt: Sample.now)
        #expect(interactor.ownerLogin == "octo")
        #expect(await interactor.refresh() == .refreshed)
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(!interactor.hasMorePages)
        let calls = service.calls.withLock { $0 }
        #expect(Set(calls.prefix(2)) == ["owner octo", "starred octo"])
        #expect(calls.dropFirst(2) == ["repos page 1"])
        let starred = try store.snapshot(list: .starred("octo"))
        #expect(starred.repositories.map(\.id) == [50, 2])
        #expect(starred.owner?.login == "octo")
        #expect(interactor.storedSnapshot().repositories.map(\.id) == [50, 2])
        #expect(interactor.storedHead(order: .name, limit: 1).repositories.map(\.id) == [50])
        // The owner's own list is untouched, though it shares repository 2.
        #expect(try store.snapshot(ownerLogin: "octo").repositories.map(\.id) == [1, 2, 3])
        // A favourite set on a starred row is the repository's.
        try interactor.setFavourites([2: true])
        #expect(try store.snapshot(ownerLogin: "octo").favouriteIDs == [2])
        #expect(try store.snapshot(list: .starred("octo")).favouriteIDs == [2])
    }

    @Test("A single page replaces the stored list at once")
    func singlePage() async throws {
        var script = FakeGitHubService.Script()
        script.pages = [Sample.repositories(3)]
        let (interactor, _, store) = try make(script)
        try store.replaceRepositories([Sample.repository(99)], ownerLogin: "octo", fetchedAt: Sample.now)
        #expect(await interactor.refresh() == .refreshed)
        #expect(try store.snapshot(ownerLogin: "octo").repositories.map(\.id) == [1, 2, 3])
        #expect(try store.setting(SettingKey.lastOwner) == "octo")
    }

    @Test("A refresh that fails on page 3 of 5 loses nothing that was stored")
    func partialFailureKeepsStore() async throws {
        var script = FakeGitHubService.Script()
        script.pages = (0..<5).map { [Sample.repository(100 + $0)] }
        script.failingPage = (2, .network)
        let (interactor, _, store) = try make(script)
        try store.replaceRepositories(Sample.repositories(3), ownerLogin: "octo", fetchedAt: Sample.now)
        #expect(await interactor.refresh() == .refreshed)
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(await interactor.loadNextPage() == .failed(.network))
        let ids = Set(try store.snapshot(ownerLogin: "octo").repositories.map(\.id))
        #expect(ids.isSuperset(of: [1, 2, 3]))
    }

    @Test("Commits: fetched into the store, empty repositories marked, failures reported")
    func commits() async throws {
        let (interactor, _, store) = try make(FakeGitHubService.Script())
        let repository = Sample.repository(7)
        #expect(await interactor.loadCommits(for: repository) == .empty)
        #expect(try store.commits(repositoryID: 7)?.isEmptyRepository == true)
        #expect(interactor.storedCommits(for: [7, 8]).keys.sorted() == [7])
    }

    @Test("An unknown owner is reported as not found and nothing is written")
    func unknownOwner() async throws {
        var script = FakeGitHubService.Script()
        script.owner = .failure(.notFound)
        let (interactor, service, store) = try make(script)
        #expect(await interactor.refresh() == .failed(.notFound))
        #expect(try store.snapshot(ownerLogin: "octo").isEmpty)
        // The first page was asked at the same time; nothing of it is kept.
        #expect(service.calls.withLock { $0 }.contains("owner octo"))
    }

    @Test("Offline: no request at all")
    func offline() async throws {
        let (interactor, service, _) = try make(FakeGitHubService.Script(), offline: true)
        #expect(await interactor.refresh() == .skippedOffline)
        #expect(service.calls.withLock { $0 }.isEmpty)
    }

    @Test("An invalid login is refused before any request")
    func invalidLogin() async throws {
        let service = FakeGitHubService.octo()
        let interactor = RepoListInteractor(list: .owner("-bad--login"), service: service, store: try SQLiteStore.inMemory(), isOffline: false)
        #expect(await interactor.refresh() == .failed(.invalidLogin("-bad--login")))
        #expect(service.calls.withLock { $0 }.isEmpty)
    }

    @Test("Repositories seen twice across shifting pages are kept once")
    func duplicatesAcrossPages() async throws {
        var script = FakeGitHubService.Script()
        script.pages = [[Sample.repository(1), Sample.repository(2)], [Sample.repository(2), Sample.repository(3)]]
        let (interactor, _, store) = try make(script)
        _ = await interactor.refresh()
        _ = await interactor.loadNextPage()
        #expect(try store.snapshot(ownerLogin: "octo").repositories.map(\.id) == [1, 2, 3])
    }

    @Test("Stored snapshot and observation come from the store")
    func observation() async throws {
        let (interactor, _, store) = try make(FakeGitHubService.Script())
        #expect(interactor.storedSnapshot().repositories.isEmpty)
        let (stream, continuation) = AsyncStream.makeStream(of: OwnerListSnapshot.self)
        let token = interactor.observe { continuation.yield($0) }
        defer { token.cancel() }
        try store.replaceRepositories(Sample.repositories(2), ownerLogin: "octo", fetchedAt: Sample.now)
        for await snapshot in stream where snapshot.repositories.count == 2 { break }
        #expect(interactor.storedSnapshot().repositories.count == 2)
    }
}
