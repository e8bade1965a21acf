import Foundation
import GitHubAPI
import GitHubEntities
import Testing
@testable import Features

/// A later page that fails is not taken again by the lists that page as the selection nears the end
/// (their presenters ask for the next page after every answer, a failure too: a page that kept failing
/// was asked for again and again); a page arriving (a reload) pages on.
@Suite("Lists: a failed page is not asked for in a loop")
struct FailedPageTests {
    static let page2 = URL(string: "https://api.github.com/repositories/1/items?page=2")

    @Test("the Issues tab's list")
    func issueList() {
        var state = IssueListState(kind: .issues)
        state.resize(to: 20)
        let issues = (1...5).map { GitHubEntities.Issue(number: $0, title: "Issue \($0)") }
        state.receive(Page(items: issues, next: Self.page2), pageIndex: 0)
        #expect(state.takePageToLoad() == Self.page2)
        state.fail(.http(status: 502, message: "Bad Gateway"))
        #expect(state.takePageToLoad() == nil)
        state.move(by: 1)
        #expect(state.takePageToLoad() == nil)
        state.receive(Page(items: issues, next: Self.page2), pageIndex: 0)
        #expect(state.takePageToLoad() == Self.page2, "reloaded: paging goes on")
    }

    @Test("a branch's history")
    func history() {
        var state = CommitHistoryState()
        state.resize(to: 20)
        let commits = (1...5).map { Commit(sha: String(format: "%040x", $0), message: "Commit \($0)", authorName: "A", date: nil) }
        state.receive(Page(items: commits, next: Self.page2), pageIndex: 0)
        #expect(state.takePageToLoad() == Self.page2)
        state.fail(.network)
        #expect(state.takePageToLoad() == nil)
        state.receive(Page(items: commits, next: Self.page2), pageIndex: 0)
        #expect(state.takePageToLoad() == Self.page2, "reloaded: paging goes on")
    }
}
