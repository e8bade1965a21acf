import Foundation
import GitHubAPI
import GitHubEntities
import Locking
import Persistence
import Testing
import TestSupport
@testable import Features

/// The Releases tab against a server whose `Link` leads round in a circle: the requests stay bounded
/// with no key pressed and with End pressed, and each release is listed once.
@MainActor
@Suite("Releases tab: a looping Link")
struct ReleasesPagingLoopTests {
    /// Releases page by page, page N's next link naming page `links[N]` (nil: the last page), every
    /// page asked for recorded. Page 0 is the first, asked for by name.
    final class LoopingReleases: RepositoryContentService {
        let pages: [[Release]]
        let links: [Int?]
        let calls = Mutex<[String]>([])

        init(pages: [[Release]], links: [Int?]) {
            self.pages = pages
            self.links = links
        }

        var recorded: [String] { calls.withLock { $0 } }

        private func page(_ index: Int) throws -> Page<Release> {
            guard pages.indices.contains(index) else { throw GitHubError.notFound }
            let next = links[index].flatMap { URL(string: "https://api.test/releases/\($0)") }
            return Page(items: pages[index], next: next)
        }

        func releases(ownerLogin: String, repository: String) async throws -> Page<Release> {
            calls.withLock { $0.append("releases") }
            return try page(0)
        }

        func releases(page url: URL) async throws -> Page<Release> {
            calls.withLock { $0.append("releases page \(url.lastPathComponent)") }
            return try page(Int(url.lastPathComponent) ?? -1)
        }

        func tree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree { throw GitHubError.notFound }
        func rootTree(ownerLogin: String, repository: String, ref: String) async throws -> GitTree { throw GitHubError.notFound }
        func folder(ownerLogin: String, repository: String, path: String, ref: String) async throws -> FolderListing {
            throw GitHubError.notFound
        }
        func blob(ownerLogin: String, repository: String, sha: String) async throws -> FileContent { throw GitHubError.notFound }
        func commitSHA(ownerLogin: String, repository: String, ref: String) async throws -> String { throw GitHubError.notFound }
        func downloadChunk(url: String, offset: Int, length: Int, ifRange: String?) async throws -> DownloadChunk { throw GitHubError.notFound }
    }

    static func releases(_ ids: ClosedRange<Int>) -> [Release] {
        ids.map { Release(id: $0, tagName: "v\($0)") }
    }

    static func make(_ service: LoopingReleases) throws -> (ReleasesTabPresenter, CollectingDispatcher, SQLiteStore) {
        let store = try SQLiteStore.inMemory()
        let dispatcher = CollectingDispatcher()
        let now = Date(timeIntervalSince1970: 1_430_000_000)
        let releases = RepositoryReleases(repository: FilesTabPresenterTests.repository, service: service, store: store,
                                          isOffline: false, now: { now })
        let presenter = ReleasesTabPresenter(releases: releases, repository: FilesTabPresenterTests.repository,
                                             dispatcher: dispatcher, now: { now })
        presenter.layout(width: 80, height: 10)
        return (presenter, dispatcher, store)
    }

    /// Delivers answers as long as the tab asks (at most `rounds`: a tab that loops would go on).
    static func settle(_ presenter: ReleasesTabPresenter, _ dispatcher: CollectingDispatcher, rounds: Int = 50) async {
        for _ in 0..<rounds {
            guard let task = presenter.pageTask else { break }
            await task.value
            dispatcher.runPending()
        }
    }

    @Test("a first page linking to itself: asked twice, then paging ends; End asks no more",
          arguments: [[0] as [Int?], [1, 1], [1, 0]])
    func loops(links: [Int?]) async throws {
        // [0]: page 1 links to itself; [1, 1]: page 2 links to itself; [1, 0]: page 2 links back to page 1.
        let pages = links.count == 1 ? [Self.releases(1...3)] : [Self.releases(1...3), Self.releases(4...5)]
        let service = LoopingReleases(pages: pages, links: links)
        let (presenter, dispatcher, store) = try Self.make(service)
        presenter.didAppear()
        await Self.settle(presenter, dispatcher)
        #expect(presenter.pageTask == nil, "paging stopped with no key pressed")
        let settled = service.recorded.count
        #expect(settled <= links.count + 1)
        for _ in 0..<5 {
            #expect(presenter.handle(.end))
            await Self.settle(presenter, dispatcher)
        }
        #expect(service.recorded.count == settled, "End asks nothing more")
        let ids = presenter.state.releases.map(\.id)
        #expect(ids == Array(1...(links.count == 1 ? 3 : 5)))
        #expect(presenter.state.next == nil)
        #expect(try store.releases(repositoryID: 7)?.releases.map(\.id) == ids, "stored once each")
    }

    @Test("a page that keeps failing is not asked for again until the user reloads")
    func failingPageNotRetriedInALoop() async throws {
        // Page 2 is named but does not exist (404 each time).
        let service = LoopingReleases(pages: [Self.releases(1...3)], links: [1])
        let (presenter, dispatcher, _) = try Self.make(service)
        presenter.didAppear()
        await Self.settle(presenter, dispatcher)
        #expect(service.recorded == ["releases", "releases page 1"])
        #expect(presenter.state.failure == .notFound)
        for _ in 0..<3 {
            #expect(presenter.handle(.end))
            await Self.settle(presenter, dispatcher)
        }
        #expect(service.recorded.count == 2)
        #expect(presenter.handle(.reloadCommits))
        await Self.settle(presenter, dispatcher)
        #expect(service.recorded == ["releases", "releases page 1", "releases", "releases page 1"])
    }
}
