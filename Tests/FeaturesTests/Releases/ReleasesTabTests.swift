import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// The Releases tab: the recorded releases stored and paged by Link, the marks, a release's notes
/// rendered with its assets, offline from the store.
@MainActor
@Suite("Releases tab")
struct ReleasesTabTests {
    static let now = Date(timeIntervalSince1970: 1_430_000_000)

    static func recorded() throws -> [Release] {
        let interactions = Fixtures.interactions(Fixtures.Name.releases)
        var releases = [try JSONDecoder().decode(Release.self, from: interactions[2].body),
                        try JSONDecoder().decode(Release.self, from: interactions[3].body)]
        releases += try JSONDecoder().decode([Release].self, from: Fixtures.recordedBody(Fixtures.Name.releases))
        releases[0].assets = try JSONDecoder().decode([ReleaseAsset].self, from: Fixtures.interactions(Fixtures.Name.releaseAssets)[1].body)
        return releases
    }

    static func make(_ pages: [[Release]], store: SQLiteStore? = nil, offline: Bool = false) throws
        -> (ReleasesTabPresenter, ScriptedContentService, CollectingDispatcher, SQLiteStore) {
        let service = ScriptedContentService(.init(releasePages: pages))
        let store = try store ?? SQLiteStore.inMemory()
        let dispatcher = CollectingDispatcher()
        let releases = RepositoryReleases(repository: FilesTabPresenterTests.repository, service: service, store: store,
                                          isOffline: offline, now: { Date(timeIntervalSince1970: 1_430_000_000) })
        let presenter = ReleasesTabPresenter(releases: releases, repository: FilesTabPresenterTests.repository,
                                             dispatcher: dispatcher, now: { Date(timeIntervalSince1970: 1_430_000_000) })
        presenter.layout(width: 80, height: 6)
        return (presenter, service, dispatcher, store)
    }

    static func settle(_ presenter: ReleasesTabPresenter, _ dispatcher: CollectingDispatcher) async {
        for _ in 0..<4 {
            await presenter.pageTask?.value
            dispatcher.runPending()
        }
    }

    static func text(_ lines: [DetailLine]) -> [String] {
        lines.map { line in
            switch line {
            case .markdown(let styled): styled.text.trimmingCharacters(in: .whitespaces)
            case .note(let text, _): text
            case .heading(let text): "## " + text
            case .blank: ""
            default: "?"
            }
        }
    }

    @Test("Tag, name, date and marks; Latest is the newest that is neither draft nor pre-release; pages by Link")
    func list() async throws {
        let all = try Self.recorded()
        let (presenter, service, dispatcher, store) = try Self.make([Array(all.prefix(3)), Array(all.dropFirst(3))])
        presenter.didAppear()
        await Self.settle(presenter, dispatcher)
        let lines = Glyphs.$override.withValue(.ascii) { Self.text(presenter.frameWindow(width: 80, height: 6).lines) }
        #expect(lines[0] == "@ v3.7.1  2 mo ago  Latest")
        #expect(lines[1] == "@ v3.7.0  4 mo ago")
        #expect(lines[2] == "@ untagged-a748ca05216e3dcb4e53  Test Get Release  1 y ago  Draft")
        // The first page does not fill the screen: the next is asked for at once.
        #expect(presenter.state.releases.map(\.tagName).last == "test-tag")
        #expect(service.recorded == ["releases sferik/rails_admin", "releases page 1"])
        #expect(try store.releases(repositoryID: 7)?.releases.count == 6)
    }

    @Test("opened at a release (a notification's): opened once read; one not on GitHub's first page is given up, the list stays")
    func openedAtARelease() async throws {
        let all = try Self.recorded()
        let (presenter, _, dispatcher, _) = try Self.make([all])
        presenter.didAppear()
        #expect(presenter.show(.release(id: all[1].id), onClose: {}))
        #expect(!presenter.show(.commit(sha: "3cdfabd"), onClose: {}))
        await Self.settle(presenter, dispatcher)
        #expect(presenter.state.openRelease?.tagName == "v3.7.0" && presenter.state.viewport.selection == 1)
        #expect(presenter.handle(.close) && presenter.state.openRelease == nil)
        presenter.open(releaseID: 1)
        #expect(presenter.state.openRelease == nil && presenter.state.pendingID == 1)
        let (other, _, otherDispatcher, _) = try Self.make([all])
        other.didAppear()
        other.open(releaseID: 424_242)
        await Self.settle(other, otherDispatcher)
        #expect(other.state.openRelease == nil && other.state.pendingID == nil)
    }

    @Test("Enter opens a release: its notes rendered, its assets with sizes and downloads; Esc goes back")
    func openRelease() async throws {
        let (presenter, _, dispatcher, _) = try Self.make([try Self.recorded()])
        presenter.didAppear()
        await Self.settle(presenter, dispatcher)
        #expect(presenter.handle(.confirm))
        presenter.layout(width: 80, height: 40)
        let lines = Self.text(presenter.frameWindow(width: 80, height: 40).lines)
        #expect(lines.contains { $0.contains("#543 Properly paginate PR comments") })
        #expect(!lines.contains { $0.hasPrefix("- #543") }, "rendered, not raw Markdown")
        #expect(lines.contains("## " + tr("releases.assets", 1)))
        #expect(lines.contains("test-upload.txt  14 B  " + tr("releases.downloads", "42")))
        #expect(presenter.handle(.close))
        #expect(presenter.state.openRelease == nil)
        #expect(!presenter.handle(.close), "at the list, Esc closes the view")
    }

    @Test("An open release is a document: scrolled within its lines, searched with /, the selected asset marked")
    func openReleaseDocument() async throws {
        let (presenter, _, dispatcher, _) = try Self.make([try Self.recorded()])
        presenter.didAppear()
        await Self.settle(presenter, dispatcher)
        #expect(presenter.handle(.confirm))
        let first = presenter.frameWindow(width: 80, height: 6)
        #expect(first.position.hasPrefix("1–6/"))
        #expect(presenter.handle(.end))
        let last = presenter.frameWindow(width: 80, height: 6)
        let count = try #require(last.position.split(separator: "/").last.flatMap { Int($0) })
        #expect(last.position == "\(count - 5)–\(count)/\(count)", "the last screen is full")
        #expect(Self.text(last.lines).last == "test-upload.txt  14 B  " + tr("releases.downloads", "42"))
        if case .markdown(let asset) = last.lines.last {
            #expect(asset.spans.contains { $0.style.attributes.contains(.reverse) }, "the selected asset is marked")
        }
        #expect(presenter.handle(.scrollUp))
        #expect(presenter.frameWindow(width: 80, height: 6).position == "\(count - 6)–\(count - 1)/\(count)", "one up from the end")
        #expect(presenter.handle(.startSearch))
        for character in "paginate" { _ = presenter.handle(.editSearch(.insert(String(character)))) }
        #expect(presenter.handle(.submitSearch))
        #expect(presenter.document.matchStatus == "1/1 matches")
        #expect(Self.text(presenter.frameWindow(width: 80, height: 6).lines).contains { $0.contains("Properly paginate") })
        #expect(presenter.handle(.close), "Esc clears the search first")
        #expect(presenter.state.openRelease != nil)
        #expect(presenter.handle(.close))
        #expect(presenter.state.openRelease == nil)
    }

    @Test("Offline: the stored releases are shown, the failure said")
    func offline() async throws {
        let store = try SQLiteStore.inMemory()
        try store.saveReleases(try Self.recorded(), next: nil, repositoryID: 7, fetchedAt: Self.now)
        let (presenter, _, dispatcher, _) = try Self.make([], store: store, offline: true)
        presenter.didAppear()
        #expect(presenter.state.releases.count == 6)
        await Self.settle(presenter, dispatcher)
        #expect(presenter.state.releases.count == 6)
        #expect(Self.text(presenter.frameWindow(width: 80, height: 10).lines).last == tr("releases.failed", GitHubError.network.shortReason))
    }
}
