import Foundation

/// A list read page by page by `Link` URL: the items so far (each id once: pages can shift while
/// they are read, the first sighting wins), where paging stands (`Pager`: the next page, whether it is
/// loading, the end where a server leads round in a circle), and when to ask for the next page ("when
/// the selection is within `prefetchDistance` of the last item").
struct PagedList<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
    /// The items loaded, in the order first seen.
    private(set) var items: [Item] = []
    /// Where paging stands.
    private(set) var pager = Pager()
    /// Further pages load when the selection comes within this many items of the last one.
    let prefetchDistance: Int
    /// The most items the list holds (search stops at 1,000); nil: no limit.
    let capacity: Int?
    private var seenIDs = Set<Item.ID>()

    init(prefetchDistance: Int = PagedList.defaultPrefetchDistance, capacity: Int? = nil) {
        self.prefetchDistance = prefetchDistance
        self.capacity = capacity
    }

    /// The prefetch distance of the profile and the search.
    static var defaultPrefetchDistance: Int { 10 }

    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }
    /// The next page, or nil at the end.
    var next: URL? { pager.next }
    /// Whether there is a further page to read.
    var hasMore: Bool { pager.next != nil }
    /// Whether the next page is being read (set by the caller around the request).
    var isLoadingMore: Bool {
        get { pager.isLoading }
        set { pager.isLoading = newValue }
    }

    /// Adds a page's items not seen before (up to `capacity`) and remembers its next page. At
    /// capacity there is no next page, nor where the pager sees a circle (a link back to a page
    /// already read, a page of items all seen before).
    mutating func append(_ page: [Item], next: URL?) {
        var added = 0
        for item in page where seenIDs.insert(item.id).inserted {
            added += 1
            if capacity.map({ items.count < $0 }) ?? true { items.append(item) }
        }
        pager.received(next: next, items: page.count, added: added)
        if let capacity, items.count >= capacity { pager.finish() }
    }

    /// Puts `item` where the item with its id is (nothing when none is).
    mutating func replace(_ item: Item) {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
        items[index] = item
    }

    /// No further page will be read (the server said the list ends here).
    mutating func finish() {
        pager.finish()
    }

    /// Back to empty, for a new list.
    mutating func reset() {
        items = []
        seenIDs = []
        pager.reset()
    }

    /// The page to read now that item `selection` is selected: the next page when it is near the end
    /// and none is loading already, else nil.
    func pageToLoad(near selection: Int) -> URL? {
        guard let next = pager.next, !pager.isLoading, selection >= items.count - prefetchDistance else { return nil }
        return next
    }

    /// The item at `index`, if there is one.
    subscript(safe index: Int) -> Item? {
        items.indices.contains(index) ? items[index] : nil
    }
}

extension PagedList: Equatable where Item: Equatable {}
