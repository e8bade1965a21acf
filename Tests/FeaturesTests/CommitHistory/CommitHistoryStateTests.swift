import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import Features

@Suite("Commit history state")
struct CommitHistoryStateTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func commits(_ range: Range<Int>) -> [Commit] {
        range.map { Commit(sha: String(format: "%040x", $0), message: "Commit \($0)\n\nbody", authorName: "Author \($0)",
                           date: now.addingTimeInterval(-Double($0) * 3_600)) }
    }

    static let page2 = URL(string: "https://api.github.com/repositories/1/commits?sha=main&page=2")!

    @Test("stored history first (offline note), replaced by page 0; rows are the one commit line")
    func storedThenNetwork() {
        var state = CommitHistoryState()
        state.resize(to: 5)
        #expect(CommitHistoryStateBuilder.build(state, now: Self.now).note == "loading history…")
        state.showStored(StoredHistory(commits: Self.commits(0..<40), next: Self.page2, pages: 2,
                                       fetchedAt: Self.now.addingTimeInterval(-600)))
        var view = CommitHistoryStateBuilder.build(state, now: Self.now)
        #expect(view.rows.count == 5)
        #expect(view.rows[0] == CommitLineState(sha: "0000000", summary: "Commit 0", author: "Author 0", age: "just now"))
        #expect(view.rows[1].age == "1 h ago")
        #expect(view.note == "stored history · 10 min ago")
        #expect(state.load.pagesLoaded == 2)
        #expect(state.takePageToLoad() == nil) // the first page is still loading

        state.receive(Page(items: Self.commits(0..<30), next: Self.page2), pageIndex: 0)
        view = CommitHistoryStateBuilder.build(state, now: Self.now)
        #expect(state.commits.count == 30)
        #expect(view.note == nil)
        #expect(state.load.pagesLoaded == 1)
    }

    @Test("an unchanged first page (304) keeps the later pages shown")
    func notModifiedKeepsPages() {
        var state = CommitHistoryState()
        state.showStored(StoredHistory(commits: Self.commits(0..<60), next: Self.page2, pages: 2, fetchedAt: Self.now))
        state.receive(Page(items: Self.commits(0..<30), next: Self.page2, notModified: true), pageIndex: 0)
        #expect(state.commits.count == 60)
        #expect(state.load.pagesLoaded == 2)
        #expect(CommitHistoryStateBuilder.build(state, now: Self.now).note == nil)
    }

    @Test("the next page is asked for near the end, once; it appends; the end has no next page")
    func paging() {
        var state = CommitHistoryState()
        state.resize(to: 10)
        state.receive(Page(items: Self.commits(0..<30), next: Self.page2), pageIndex: 0)
        #expect(state.takePageToLoad() == nil)
        state.move(by: 19)
        #expect(state.takePageToLoad() == nil)
        state.move(by: 1)
        #expect(state.takePageToLoad() == Self.page2)
        #expect(state.takePageToLoad() == nil)
        #expect(CommitHistoryStateBuilder.build(state, now: Self.now).note == "loading more…")
        state.receive(Page(items: Self.commits(29..<45), next: nil), pageIndex: 1)
        #expect(state.commits.count == 45) // the commit seen twice is listed once
        #expect(state.load.pagesLoaded == 2)
        state.move(by: 100)
        #expect(state.viewport.selection == 44)
        #expect(state.selectedCommit?.sha == String(format: "%040x", 44))
        #expect(state.takePageToLoad() == nil)
        let view = CommitHistoryStateBuilder.build(state, now: Self.now)
        #expect(view.selectedRow == 9)
        #expect(view.rows.last?.summary == "Commit 44")
    }

    @Test("failure keeps what is shown and says why; an empty branch says so; switching branch starts over")
    func failureEmptyAndBranches() {
        var state = CommitHistoryState(branch: "main")
        state.receive(Page(items: Self.commits(0..<3), next: Self.page2), pageIndex: 0)
        state.fail(.network)
        var view = CommitHistoryStateBuilder.build(state, now: Self.now)
        #expect(view.rows.count == 3)
        #expect(view.noteIsError)
        #expect(view.note?.hasPrefix("Could not load the history") == true)
        state.switchBranch(to: "feature/\u{1B}[2Jx")
        #expect(state.commits.isEmpty && state.load.pagesLoaded == 0 && state.viewport.selection == 0)
        view = CommitHistoryStateBuilder.build(state, now: Self.now)
        #expect(view.branch == "feature/[2Jx")
        #expect(view.note == "loading history…")
        state.receive(Page(items: []), pageIndex: 0)
        #expect(CommitHistoryStateBuilder.build(state, now: Self.now).note == "No commits on this branch")
    }

    @Test("history rows are drawn by the one commit line drawing; the selected row is reversed")
    func drawing() {
        var buffer = Buffer(width: 60, height: 2)
        let line = CommitLineState(sha: "abcdef0", summary: "A summary that is long enough to be cut short here",
                                   author: "Ada", age: "3 h ago")
        line.draw(into: &buffer, x: 0, y: 0, endX: 60, rightWidth: 20)
        line.draw(into: &buffer, x: 0, y: 1, endX: 60, rightWidth: 20, base: .reverse)
        #expect(buffer.line(0) == "abcdef0  A summary that is long enough to be … Ada · 3 h ago")
        #expect(buffer[0, 0].style.foreground == .yellow)
        #expect(buffer[50, 0].style.attributes.contains(.dim))
        #expect(buffer[10, 1].style.attributes.contains(.reverse))
        #expect(buffer[0, 1].style == Style(foreground: .yellow, attributes: .reverse))
    }

    @Test("the recorded history pages through the fake server into the state: 98 commits")
    func recordedOverTheNetwork() async throws {
        let server = FakeGitHubServer.sferik()
        let url = try await server.start()
        let client = GitHubClient(configuration: APIConfiguration(baseURL: url), transport: CurlTransport(timeout: 10))
        var state = CommitHistoryState(branch: "master")
        state.resize(to: 20)
        state.receive(try await client.commitHistory(ownerLogin: "sferik", repository: "rails_admin", branch: "master",
                                                     perPage: CommitHistoryState.pageSize), pageIndex: 0)
        var index = 1
        while true {
            state.move(by: 100)
            guard let next = state.takePageToLoad() else { break }
            state.receive(try await client.commitHistory(page: next), pageIndex: index)
            index += 1
        }
        #expect(state.commits.count == 98)
        #expect(state.load.pagesLoaded == 4)
        #expect(CommitHistoryStateBuilder.build(state, now: Self.now).rows.count == 20)
        await server.stop()
    }
}
