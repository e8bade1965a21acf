import Foundation
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Repository list: an owner's starred list")
@MainActor
struct RepoListStarredTests {
    /// octo starred two of other owners' repositories and one of their own.
    static func starred() -> OwnerListSnapshot {
        var snapshot = Sample.snapshot(0)
        snapshot.owner = Owner(id: 1, login: "octo", kind: .user, publicRepos: 30)
        snapshot.repositories = [
            Repository(id: 100, name: "rails", fullName: "rails/rails", ownerLogin: "rails",
                       description: "Ruby on Rails", language: "Ruby", stargazersCount: 55_000,
                       htmlURL: "https://github.com/rails/rails", updatedAt: Sample.now),
            Repository(id: 101, name: "swift", fullName: "apple/swift", ownerLogin: "apple",
                       description: "The Swift Programming Language", language: "C++", stargazersCount: 67_000,
                       htmlURL: "https://github.com/apple/swift", updatedAt: Sample.now),
            Sample.repository(3, name: "own-thing", description: "One of octo's own", stars: 4),
        ]
        snapshot.favouriteIDs = [101]
        return snapshot
    }

    func make(_ snapshot: OwnerListSnapshot = starred(), kind: RepositoryListID.Kind = .starred)
        -> (RepoListPresenter, FakeInteractor, SpyRouter, SpyRepoListView) {
        let interactor = FakeInteractor(kind: kind, stored: snapshot)
        let router = SpyRouter()
        let view = SpyRepoListView()
        let presenter = RepoListPresenter(interactor: interactor, router: router, dispatcher: CollectingDispatcher(),
                                          scheduler: ManualScheduler(), isDemo: false, isOffline: false,
                                          now: { Sample.now.addingTimeInterval(300) })
        presenter.view = view
        presenter.viewDidChangeListHeight(10)
        presenter.viewDidLoad()
        return (presenter, interactor, router, view)
    }

    @Test("The header says whose starred list it is; other owners' rows show owner/name, favourites as stored")
    func header() throws {
        let (_, _, _, view) = make()
        let state = try #require(view.last)
        #expect(state.title == "octo")
        #expect(state.subtitle == "starred · 3 repositories · by name")
        #expect(state.rows.map(\.name) == ["own-thing", "rails/rails", "apple/swift"])
        #expect(state.rows.map(\.isFavourite) == [false, false, true])
    }

    @Test("The owner's own list keeps plain names and its kind")
    func ownList() throws {
        var snapshot = Self.starred()
        snapshot.repositories = Array(snapshot.repositories.suffix(1))
        let (_, _, _, view) = make(snapshot, kind: .owner)
        let state = try #require(view.last)
        #expect(state.subtitle == "User · 1 repository · by name")
        #expect(state.rows.map(\.name) == ["own-thing"])
    }

    @Test("t opens the owner's starred list, and from there the owner's own list again")
    func toggle() {
        let (ownPresenter, _, ownRouter, _) = make(Sample.snapshot(3), kind: .owner)
        ownPresenter.handle(.toggleStarred)
        #expect(ownRouter.routes == ["list starred:octo"])

        let (starredPresenter, _, starredRouter, _) = make()
        starredPresenter.handle(.toggleStarred)
        #expect(starredRouter.routes == ["list owner:octo"])
    }

    @Test("t is bound in the key table and listed in the help")
    func key() {
        #expect(RepoListKeys.table.action(for: .character("t")) == .toggleStarred)
        #expect(RepoListKeys.table.helpEntries.contains { $0.keys == "t" && $0.help == "starred / own list" })
    }

    @Test("An empty starred list says so")
    func empty() throws {
        var snapshot = Self.starred()
        snapshot.repositories = []
        snapshot.favouriteIDs = []
        let (_, _, _, view) = make(snapshot)
        let state = try #require(view.last)
        #expect(state.placeholder == "This account has starred no repositories (t shows its own).")
        #expect(state.subtitle == "starred · 0 repositories · by name")
    }

    @Test("80×24 snapshot of a starred list")
    func snapshot() {
        let interactor = FakeInteractor(kind: .starred, stored: Self.starred())
        let presenter = RepoListPresenter(interactor: interactor, router: SpyRouter(), dispatcher: CollectingDispatcher(),
                                          scheduler: ManualScheduler(), isDemo: false, isOffline: false,
                                          now: { Sample.now.addingTimeInterval(300) })
        let view = RepoListView(presenter: presenter)
        presenter.view = view
        view.handle(.resize(width: 80, height: 24))
        view.viewDidAppear()
        var buffer = Buffer(width: 80, height: 24)
        view.render(into: &buffer)
        assertSnapshot(buffer.snapshot(), named: "list-80x24-starred")
    }
}
