import Foundation
import Testing
@testable import Features

@Suite("PagedList")
struct PagedListTests {
    struct Item: Identifiable, Sendable, Equatable { var id: Int }

    static let page2 = URL(string: "https://api.github.com/x?page=2")!
    static let page3 = URL(string: "https://api.github.com/x?page=3")!

    static func items(_ ids: ClosedRange<Int>) -> [Item] { ids.map { Item(id: $0) } }

    @Test("pages append in order, each id once (the first sighting wins)")
    func dedupes() {
        var list = PagedList<Item>()
        list.append(Self.items(1...5), next: Self.page2)
        list.append(Self.items(4...8), next: Self.page3)
        #expect(list.items.map(\.id) == Array(1...8))
        #expect(list.next == Self.page3)
        #expect(list.hasMore)
        list.append([], next: nil)
        #expect(!list.hasMore)
    }

    @Test("a next link back to a page already read (a loop) ends the list; reset forgets the links")
    func loopEnds() {
        var list = PagedList<Item>()
        list.append(Self.items(1...5), next: Self.page2)
        list.append(Self.items(6...8), next: Self.page3)
        list.append(Self.items(9...9), next: Self.page2)        // page 3 links back to page 2
        #expect(list.next == nil)
        #expect(!list.hasMore)
        #expect(list.items.map(\.id) == Array(1...9))
        list.reset()
        list.append(Self.items(1...5), next: Self.page2)
        #expect(list.next == Self.page2)
    }

    @Test("the next page is asked for within the prefetch distance of the end, once")
    func prefetch() {
        var list = PagedList<Item>(prefetchDistance: 10)
        list.append(Self.items(1...30), next: Self.page2)
        #expect(list.pageToLoad(near: 19) == nil)
        #expect(list.pageToLoad(near: 20) == Self.page2)
        list.isLoadingMore = true
        #expect(list.pageToLoad(near: 29) == nil, "a page already loading")
        list.isLoadingMore = false
        list.finish()
        #expect(list.pageToLoad(near: 29) == nil, "no further page")
    }

    @Test("a capacity drops the items past it and ends the list")
    func capacity() {
        var list = PagedList<Item>(capacity: 12)
        list.append(Self.items(1...10), next: Self.page2)
        #expect(list.hasMore)
        list.append(Self.items(11...20), next: Self.page3)
        #expect(list.items.map(\.id) == Array(1...12))
        #expect(!list.hasMore)
    }

    @Test("reset empties the list and forgets the ids seen")
    func reset() {
        var list = PagedList<Item>()
        list.append(Self.items(1...3), next: Self.page2)
        list.isLoadingMore = true
        list.reset()
        #expect(list.isEmpty)
        #expect(!list.hasMore)
        #expect(!list.isLoadingMore)
        list.append(Self.items(1...2), next: nil)
        #expect(list.count == 2)
        #expect(list[safe: 1] == Item(id: 2))
        #expect(list[safe: 2] == nil)
        #expect(list[safe: -1] == nil)
    }
}
