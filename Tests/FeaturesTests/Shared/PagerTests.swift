import Foundation
import Testing
@testable import Features

/// The one pager's loop guard: paging ends at a next link back to an address already fetched and at
/// a page that adds nothing new, never at an honest end or a lone empty page.
@Suite("Pager")
struct PagerTests {
    static func page(_ number: Int) -> URL {
        URL(string: "https://api.github.com/repos/o/r/releases?page=\(number)") ?? URL(fileURLWithPath: "/")
    }

    @Test("pages follow their next links until the list says it ends")
    func follows() {
        var pager = Pager()
        pager.received(next: Self.page(2), items: 30, added: 30)
        #expect(pager.take() == Self.page(2))
        #expect(pager.isLoading)
        #expect(pager.take() == nil, "a page already loading")
        pager.received(next: Self.page(3), items: 30, added: 30)
        #expect(!pager.isLoading)
        #expect(pager.take() == Self.page(3))
        pager.received(next: nil, items: 5, added: 5)
        #expect(pager.next == nil)
        #expect(!pager.looped)
        #expect(pager.pagesReceived == 3)
    }

    @Test("a next link back to the page itself ends paging")
    func linkToItself() {
        var pager = Pager()
        pager.received(next: Self.page(2), items: 30, added: 30)
        let url = pager.take()
        #expect(url == Self.page(2))
        pager.received(next: Self.page(2), items: 30, added: 30)
        #expect(pager.next == nil)
        #expect(pager.looped)
        #expect(pager.take() == nil)
    }

    @Test("a next link back to page 1, whose own address is known, ends paging")
    func linkToFirstPage() {
        var pager = Pager()
        pager.received(next: Self.page(2), items: 30, added: 30, from: Self.page(1))
        _ = pager.take()
        pager.received(next: Self.page(1), items: 30, added: 30)
        #expect(pager.next == nil)
        #expect(pager.looped)
    }

    @Test("a page whose items were all there already ends paging, even at a new address")
    func nothingNew() {
        var pager = Pager()
        pager.received(next: Self.page(2), items: 30, added: 30)
        _ = pager.take()
        pager.received(next: Self.page(3), items: 30, added: 0)
        #expect(pager.next == nil)
        #expect(pager.looped)
    }

    @Test("a server that leads round forever is asked a bounded number of times")
    func boundedRequests() {
        // Page 1 is asked by name (its address unknown); every page links to itself with the same items.
        for loopsTo in [1, 2] {
            var pager = Pager()
            var requests = 1
            pager.received(next: Self.page(loopsTo), items: 30, added: 30)
            while let url = pager.take(), requests < 100 {
                requests += 1
                pager.received(next: url, items: 30, added: 0)
            }
            #expect(requests == 2)
        }
    }

    @Test("an empty page does not end the list (a page of issues can be all pull requests); many in a row do")
    func emptyPages() {
        var pager = Pager()
        pager.received(next: Self.page(2), items: 0, added: 0)
        #expect(pager.next == Self.page(2))
        var requests = 1
        while let url = pager.take(), requests < 1_000 {
            requests += 1
            let number = Int(url.query?.split(separator: "=").last ?? "") ?? 0
            pager.received(next: Self.page(number + 1), items: 0, added: 0)
        }
        #expect(requests == Pager.emptyPagesLimit)
        #expect(pager.looped)
        pager.reset()
        pager.received(next: Self.page(2), items: 0, added: 0)
        _ = pager.take()
        pager.received(next: Self.page(3), items: 10, added: 10)
        #expect(pager.next == Self.page(3), "an empty page, then one with items: paging goes on")
    }

    @Test("reset forgets every address")
    func reset() {
        var pager = Pager()
        pager.received(next: Self.page(2), items: 30, added: 30)
        #expect(pager.take() == Self.page(2))
        pager.reset()
        #expect(!pager.isLoading)
        #expect(pager.next == nil)
        #expect(pager.pagesReceived == 0)
        pager.received(next: Self.page(2), items: 30, added: 30)
        #expect(pager.next == Self.page(2), "after reset, page 2 is new again")
        #expect(!pager.looped)
    }
}
