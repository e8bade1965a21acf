import Foundation
import GitHubAPI
import GitHubEntities
import ImageDecoding
import MarkdownRendering
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("README pictures: found, sized, fetched without the token, shown under their alt text")
@MainActor
struct ReadmePicturesTests {
    static let base = ReadmeBase(webPage: "https://github.com/octocat/github-tui", branch: "main")
    static let readme = """
        # Tool

        [![CI](https://img.shields.io/ci.svg)](https://ci.test) ![License](https://img.shields.io/mit.png)

        ![The list screen](docs/screen.png)

        Text, then a linked screenshot: [![shot](https://example.test/linked.png)](https://example.test)

        ![Diagram](https://example.test/diagram.jpg "a title")

        ![Logo](docs/logo.svg)

        ![build](https://img.shields.io/badge/build-passing-green)
        """

    @Test("Only a picture alone on its line: badges in a row and linked pictures stay text; relative ones from raw")
    func find() {
        let document = MarkdownDocument.render(markdown: Self.readme, width: 72, baseURL: Self.base.blobPrefix)
        let found = ReadmePictures.find(in: document, base: Self.base)
        #expect(found.map(\.url) == ["https://github.com/octocat/github-tui/raw/main/docs/screen.png", "https://example.test/diagram.jpg"])
        #expect(document.lines[found[0].line].text.hasPrefix("[image: The list screen]"))
    }

    @Test("Sized in cells by the cells' pixels, the aspect kept, within the columns and rows")
    func cells() {
        let cell = PixelSize(width: 10, height: 20)
        #expect(ReadmePictures.cells(width: 400, height: 200, cell: cell, maxColumns: 72) == (40, 10))
        #expect(ReadmePictures.cells(width: 2000, height: 1000, cell: cell, maxColumns: 72) == (72, 18))
        #expect(ReadmePictures.cells(width: 1000, height: 4000, cell: cell, maxColumns: 72, maxRows: 12) == (6, 12))
        #expect(ReadmePictures.cells(width: 5, height: 5, cell: cell, maxColumns: 72) == (1, 1))
    }

    func open(_ service: ScriptedGitHubService, cell: PixelSize?) throws -> (RepoDetailPresenter, SpyRepoDetailView, CollectingDispatcher) {
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: try SQLiteStore.inMemory(),
                                              opener: SpyURLOpener(), clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: [:], now: { DetailSample.now })
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoDetailView()
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
        presenter.readme.pictureCell = cell
        presenter.view = view
        presenter.viewDidChangeContentSize(width: 72, height: 40)
        presenter.viewDidLoad()
        return (presenter, view, dispatcher)
    }

    func photoRows(_ view: SpyRepoDetailView) -> [OwnerPicture] {
        view.last?.lines.compactMap { if case .photo(let picture, _, _) = $0 { picture } else { nil } } ?? []
    }

    @Test("With a graphics protocol: fetched by address, decoded, its rows under the alt text; a broken one stays text")
    func shown() async throws {
        let png = try #require(ImageDecoder.encodePNG(rgba: Array(repeating: 200, count: 400 * 200 * 4), width: 400, height: 200))
        let service = ReadmeGitHubService(.success(Self.readme))
        service.script.withLock {
            $0.images["https://github.com/octocat/github-tui/raw/main/docs/screen.png"] = Data(png)
            $0.images["https://example.test/diagram.jpg"] = Data("<html>moved</html>".utf8)
        }
        let (presenter, view, dispatcher) = try open(service, cell: PixelSize(width: 10, height: 20))
        presenter.handle(.toggleReadme)
        await presenter.readmeTask?.value
        dispatcher.runPending()
        for task in presenter.readme.pictureTasks { await task.value }
        dispatcher.runPending()
        #expect(Set(service.recorded("image")) == ["image https://github.com/octocat/github-tui/raw/main/docs/screen.png",
                                                    "image https://example.test/diagram.jpg"])
        let rows = photoRows(view)
        #expect(rows.count == 10, "400×200 px in cells of 10×20: 40×10")
        #expect(rows.first?.blocks.width == 40 && rows.first?.blocks.height == 20)
        #expect(rows.first?.fine?.width == 400 && rows.first?.fine?.height == 200)
        let lines = view.last?.lines ?? []
        let alt = try #require(lines.firstIndex { if case .markdown(let line) = $0 { line.text.hasPrefix("[image: The list screen]") } else { false } })
        if case .photo(_, 0, _) = lines[alt + 1] {} else { Issue.record("the picture's first row follows its alt text") }
    }

    @Test("A picture cut by the window's end is laid for its rows in view, its fine version cut alike")
    func cut() async throws {
        let png = try #require(ImageDecoder.encodePNG(rgba: Array(repeating: 200, count: 400 * 200 * 4), width: 400, height: 200))
        let service = ReadmeGitHubService(.success(Self.readme))
        service.script.withLock { $0.images["https://github.com/octocat/github-tui/raw/main/docs/screen.png"] = Data(png) }
        let (presenter, _, dispatcher) = try open(service, cell: PixelSize(width: 10, height: 20))
        let view = RepoDetailView(presenter: presenter)
        presenter.view = view
        presenter.handle(.toggleReadme)
        await presenter.readmeTask?.value
        dispatcher.runPending()
        var buffer = Buffer(width: 80, height: 16)
        view.render(into: &buffer)
        for task in presenter.readme.pictureTasks { await task.value }
        dispatcher.runPending()
        buffer = Buffer(width: 80, height: 16)
        view.render(into: &buffer)
        // 16 rows: the panel's content ends inside the picture's 10 rows.
        let picture = try #require(buffer.pictures.first)
        #expect(picture.rect.height < 10)
        #expect(picture.image.height == picture.rect.height * 20, "the fine rows of the rows in view")
        #expect(picture.image.width == 400)
    }

    @Test("Without a graphics protocol nothing is fetched and the README reads as before")
    func notShown() async throws {
        let service = ReadmeGitHubService(.success(Self.readme))
        let (presenter, view, dispatcher) = try open(service, cell: nil)
        presenter.handle(.toggleReadme)
        await presenter.readmeTask?.value
        dispatcher.runPending()
        #expect(presenter.readme.pictureTasks.isEmpty)
        #expect(service.recorded("image").isEmpty)
        #expect(photoRows(view).isEmpty)
    }

    @Test("Hostile pictures are harmless: a 60000×60000 header, a truncated file, give no picture")
    func hostile() throws {
        var header = try #require(ImageDecoder.encodePNG(rgba: Array(repeating: 0, count: 16), width: 2, height: 2))
        for offset in [16, 20] { header.replaceSubrange(offset..<(offset + 4), with: [0x00, 0x00, 0xEA, 0x60]) }
        let cell = PixelSize(width: 10, height: 20)
        #expect(ReadmePictures.picture(Data(header), cell: cell, maxColumns: 72) == nil)
        let whole = try #require(ImageDecoder.encodePNG(rgba: Array(repeating: 90, count: 64 * 64 * 4), width: 64, height: 64))
        #expect(ReadmePictures.picture(Data(whole.prefix(whole.count / 2)), cell: cell, maxColumns: 72) == nil)
        #expect(ReadmePictures.picture(Data(whole), cell: cell, maxColumns: 72) != nil)
    }
}
