import Foundation
import GitHubEntities
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Local search rendering")
@MainActor
struct LocalSearchViewTests {
    /// A store holding a repository, its README, issues (one in Japanese, one hostile) and a comment.
    static func store() throws -> SQLiteStore {
        let store = try SQLiteStore.inMemory()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        try store.replaceRepositories([Repository(id: 1, name: "tetris", fullName: "chvin/tetris", ownerLogin: "chvin",
                                                  description: "Blocks falling in a terminal tetris", pushedAt: now)],
                                      list: .owner("chvin"), fetchedAt: now)
        try store.saveValidator(StoredValidator(etag: "\"e\"", lastModified: nil,
                                                body: Data("# Tetris\n\nPress **space** to drop a tetris block.".utf8),
                                                linkHeader: nil, storedAt: now),
                                for: "https://api.github.com/repos/chvin/tetris/readme hash")
        try store.saveIssuePage([
            Issue(number: 3, title: "\u{30C6}\u{30C8}\u{30EA}\u{30B9} tetris \u{304C}\u{52D5}\u{304B}\u{306A}\u{3044}", updatedAt: now,
                  body: "\u{65E5}\u{672C}\u{8A9E}"),
            Issue(number: 4, title: "evil \u{1B}]0;pwned\u{7} tetris \u{1B}[2J", updatedAt: now, body: "tetris\r\n\u{9B}31m"),
        ], next: nil, pageIndex: 0, repository: "chvin/tetris", key: .issues(state: "all"), fetchedAt: now)
        try store.saveCommentPage([IssueComment(id: 77, author: "ann", body: "Same tetris crash here", createdAt: now)],
                                  next: nil, pageIndex: 0, repository: "chvin/tetris", number: 3, fetchedAt: now)
        return store
    }

    func render(query: String, width: Int = 80, height: Int = 24, focusResults: Bool = false) async throws -> Buffer {
        let dispatcher = CollectingDispatcher()
        let presenter = LocalSearchPresenter(interactor: LocalSearchInteractor(store: try Self.store()),
                                             router: SpyLocalSearchRouter(), dispatcher: dispatcher,
                                             now: { Date(timeIntervalSince1970: 1_700_086_400) })
        let view = LocalSearchView(presenter: presenter)
        presenter.view = view
        var scratch = Buffer(width: width, height: height)
        view.render(into: &scratch)
        view.viewDidAppear()
        for character in query { view.handle(.key(.character(character))) }
        while let task = presenter.searchTask {
            await task.value
            dispatcher.runPending()
        }
        if focusResults { view.handle(.key(.tab)) }
        var buffer = Buffer(width: width, height: height)
        view.render(into: &buffer)
        return buffer
    }

    @Test("80×24: hits grouped by kind, repository and snippet on each line, matches underlined, hostile text harmless")
    func results() async throws {
        let buffer = try await render(query: "tetris", focusResults: true)
        assertScreenSnapshot(buffer.snapshot(), named: "localsearch-80x24")
        assertScreenSnapshot(buffer.attributeMask(.underline), named: "localsearch-80x24-matches")
        #expect(!buffer.snapshot().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 })
    }

    @Test("60×16: a CJK word found inside a run; nothing found says so")
    func narrow() async throws {
        let found = try await render(query: "\u{30EA}\u{30B9}", width: 60, height: 16)
        assertScreenSnapshot(found.snapshot(), named: "localsearch-60x16-cjk")
        let none = try await render(query: "nothing", width: 60, height: 16)
        #expect(none.snapshot().contains("Nothing stored matches"))
        #expect(none.snapshot().contains("not what you want? S searches GitHub"))
    }
}
