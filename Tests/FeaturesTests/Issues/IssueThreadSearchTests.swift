import Testing
import TerminalKit
@testable import Features

/// An open issue's thread is a document like the README: `/` searches it, n/N step through the matches,
/// Esc clears the search before it closes the thread.
@Suite("Issues: / search in a thread")
@MainActor
struct IssueThreadSearchTests {
    @Test("/ opens the field over the thread; Enter says how many matched; n wraps; Esc clears, then closes")
    func search() async throws {
        let h = try IssueLinksTests.Harness()
        await h.settle()
        h.presenter.handle(.confirm)
        await h.settle()
        #expect(h.tab.isThreadOpen)
        h.presenter.handle(.startSearch)
        #expect(h.view.last?.searchField != nil, "the thread's field, not the list's filter")
        for character in "more." { h.presenter.handle(.editSearch(.insert(String(character)))) }
        h.presenter.handle(.submitSearch)
        #expect(h.view.last?.searchField == nil)
        let count = h.tab.thread?.pane.matches.count ?? 0
        #expect(count >= 30)
        #expect(h.view.last?.status == "1/\(count) matches")
        for _ in 0..<count { h.presenter.handle(.nextMatch) }
        #expect(h.view.last?.status == "1/\(count) matches", "n wraps round to the first")
        let pane = try #require(h.tab.thread?.pane)
        let line = try #require(pane.matches.first?.line)
        #expect(pane.offset <= line && line < pane.offset + pane.height, "and shows it")
        h.presenter.handle(.previousMatch)
        #expect(h.view.last?.status == "\(count)/\(count) matches")
        let marked = h.view.last?.lines.contains { line in
            guard case .markdown(let styled) = line else { return false }
            return styled.spans.contains { $0.style.attributes.contains([.reverse, .bold, .underline]) }
        }
        #expect(marked == true, "the current match is drawn")
        h.presenter.handle(.close)
        #expect(h.tab.isThreadOpen, "Esc clears the search first")
        #expect(h.tab.thread?.pane.hasQuery == false)
        h.presenter.handle(.close)
        #expect(!h.tab.isThreadOpen)
    }
}
