import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
@testable import Features

@Suite("Repository list interactor: the list's baseline (what the user last saw)")
struct RepoListBaselineInteractorTests {
    func make(_ pages: [[Repository]], list: RepositoryListID = .owner("octo"),
              store: SQLiteStore? = nil) throws -> (RepoListInteractor, SQLiteStore) {
        var script = FakeGitHubService.Script()
        script.owner = .success(FakeGitHubService.Script.octo)
        script.pages = pages
        let store = try store ?? SQLiteStore.inMemory()
        let interactor = RepoListInteractor(list: list, service: FakeGitHubService(script), store: store,
                                            isOffline: false, now: { Sample.now })
        return (interactor, store)
    }

    @Test("a one-page list takes its first baseline when stored; a later refresh leaves it")
    func seededOnce() async throws {
        let (interactor, store) = try make([Sample.repositories(3)])
        #expect(try store.baseline(list: .owner("octo")) == nil)
        #expect(await interactor.refresh() == .refreshed)
        let baseline = try #require(try store.baseline(list: .owner("octo")))
        #expect(baseline == ListBaseline(takenAt: Sample.now, repositories: Sample.repositories(3)))
        #expect(interactor.changes() == ListChangesSince(changes: ListChanges(), since: Sample.now))
        // Upstream changed: the store follows, the baseline does not.
        try store.replaceRepositories([Sample.repository(1, stars: 40)], ownerLogin: "octo", fetchedAt: Sample.now)
        // What changed is the store's comparison of the list now with its baseline.
        let changes = try #require(interactor.changes())
        #expect(changes.changes.rows[1]?.stars?.new == 40)
        #expect(changes.changes.removed.map(\.id) == [2, 3])
        #expect(await interactor.refresh() == .refreshed)
        #expect(try store.baseline(list: .owner("octo")) == baseline)
    }

    @Test("a list of several pages takes no baseline from part of it: only once the last page stored the whole list")
    func partialListNoBaseline() async throws {
        let all = Sample.repositories(5)
        let (interactor, store) = try make([Array(all[0..<2]), Array(all[2..<4]), [all[4]]])
        #expect(await interactor.refresh() == .refreshed)
        #expect(try store.baseline(list: .owner("octo")) == nil, "page 1 alone is not the list")
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(try store.baseline(list: .owner("octo")) == nil)
        #expect(await interactor.loadNextPage() == .refreshed)
        #expect(try store.baseline(list: .owner("octo"))?.entries.keys.sorted() == [1, 2, 3, 4, 5])
    }

    @Test("rows looked at and every row dismissed move the baseline forward")
    func movesForward() async throws {
        let (interactor, store) = try make([Sample.repositories(3)])
        #expect(await interactor.refresh() == .refreshed)
        interactor.markSeen([Sample.repository(2, stars: 9)])
        #expect(try store.baseline(list: .owner("octo"))?.entries[2]?.stars == 9)
        let later = Sample.now.addingTimeInterval(60)
        interactor.markAllSeen([Sample.repository(1)], at: later)
        #expect(try store.baseline(list: .owner("octo")) == ListBaseline(takenAt: later, repositories: [Sample.repository(1)]))
    }

    @Test("a starred list has a baseline of its own, apart from the owner's list")
    func starredOwnBaseline() async throws {
        let (owner, store) = try make([Sample.repositories(2)])
        #expect(await owner.refresh() == .refreshed)
        let (starred, _) = try make([[Sample.repository(7)]], list: .starred("octo"), store: store)
        #expect(await starred.refresh() == .refreshed)
        #expect(try store.baseline(list: .starred("octo"))?.entries.keys.sorted() == [7])
        #expect(try store.baseline(list: .owner("octo"))?.entries.keys.sorted() == [1, 2])
        starred.markAllSeen([], at: Sample.now)
        #expect(try store.baseline(list: .owner("octo"))?.entries.keys.sorted() == [1, 2])
    }
}
