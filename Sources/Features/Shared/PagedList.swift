import Foundation

/// A list read page by page by `Link` URL: the items so far (each id once: pages can shift while
/// they are read, the first sighting wins), the next page's URL, whether that page is loading, and
/// when to ask for it ("when the selection is within `prefetchDistance` of the last item").
struct PagedList<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// The items loaded, in the order first seen.
    private(set) var items: [Item] = []
    /// The next page, or nil at the end.
    private(set) var next: URL?
    /// Whether the next page is being read (set by the caller around the request).
    var isLoadingMore = false
    /// Further pages load when the selection comes within this many items of the last one.
    let prefetchDistance: Int
    /// The most items the list holds (search stops at 1,000); nil: no limit.
    let capacity: Int?
    private var seenIDs = Set<Item.ID>()
    /// Every next page given so far: a next link back to one of them (a loop) ends the list.
    private var linkedPages = Set<URL>()

    init(prefetchDistance: Int = PagedList.defaultPrefetchDistance, capacity: Int? = nil) {
        self.prefetchDistance = prefetchDistance
        self.capacity = capacity
    }

    /// The prefetch distance of the profile and the search.
    static var defaultPrefetchDistance: Int { 10 }

    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }
    /// Whether there is a further page to read.
    var hasMore: Bool { next != nil }

    /// Adds a page's items not seen before (up to `capacity`) and remembers its next page. At
    /// capacity there is no next page, nor when the link leads back to a page already read (a loop).
    mutating func append(_ page: [Item], next: URL?) {
        for item in page where capacity.map({ items.count < $0 }) ?? true {
            if seenIDs.insert(item.id).inserted { items.append(item) }
        }
        self.next = next.flatMap { linkedPages.insert($0).inserted ? $0 : nil }
        if let capacity, items.count >= capacity { self.next = nil }
    }

    /// Puts `item` where the item with its id is (nothing when none is).
    mutating func replace(_ item: Item) {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
        items[index] = item
    }

    /// No further page will be read (the server said the list ends here).
    mutating func finish() {
        next = nil
    }

    /// Back to empty, for a new list.
    mutating func reset() {
        items = []
        seenIDs = []
        linkedPages = []
        next = nil
        isLoadingMore = false
    }

    /// The page to read now that item `selection` is selected: the next page when it is near the end
    /// and none is loading already, else nil.
    func pageToLoad(near selection: Int) -> URL? {
        guard let next, !isLoadingMore, selection >= items.count - prefetchDistance else { return nil }
        return next
    }

    /// The item at `index`, if there is one.
    subscript(safe index: Int) -> Item? {
        items.indices.contains(index) ? items[index] : nil
    }
}
