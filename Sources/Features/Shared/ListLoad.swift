import Foundation
import GitHubAPI

/// A list read page by page, as a tab holds it while it loads (a branch's history, an issues list):
/// the items (`PagedList`), whether the first page is being read, the last request's failure, the
/// stored copy shown meanwhile and when it was fetched, the pages shown so far; and the one note such a
/// list writes under its rows about where loading stands.
struct ListLoad<Item: Identifiable & Equatable & Sendable>: Sendable where Item.ID: Sendable {
    private(set) var list = PagedList<Item>()
    /// The first page is being read.
    private(set) var isLoading = true
    /// Why the last request failed (the first page, or a later one), nil after a success.
    private(set) var failure: GitHubError?
    /// When the stored copy shown was fetched; nil once a page came from the network.
    private(set) var storedAt: Date?
    /// Pages shown: the index to give the next page read (and to store it under).
    private(set) var pagesLoaded = 0

    /// Empty and loading, for another list (another branch, state filter, search).
    mutating func restart() {
        list.reset()
        pagesLoaded = 0
        isLoading = true
        failure = nil
        storedAt = nil
    }

    /// The stored copy, shown until the network answers (and for good when offline).
    mutating func showStored(_ items: [Item], next: URL?, pages: Int, fetchedAt: Date) {
        list.reset()
        list.append(items, next: next)
        storedAt = fetchedAt
        pagesLoaded = pages
        isLoading = true
    }

    /// A page arrived. Page 0 replaces what is shown (the stored copy, or another list's), unless it is
    /// unchanged (304) and begins what is shown: then the pages read after it stay. A later page is
    /// added. Returns whether what is shown was replaced.
    @discardableResult
    mutating func receive(_ page: Page<Item>, pageIndex: Int) -> Bool {
        let unchanged = pageIndex == 0 && page.notModified && !list.isEmpty
            && list.items.prefix(page.items.count).elementsEqual(page.items)
        if unchanged {
            pagesLoaded = max(pagesLoaded, 1)
        } else {
            if pageIndex == 0 { list.reset() }
            list.append(page.items, next: page.next)
            pagesLoaded = pageIndex + 1
        }
        list.isLoadingMore = false
        isLoading = false
        failure = nil
        storedAt = nil
        return pageIndex == 0 && !unchanged
    }

    /// The request failed; what is shown stays (the stored copy, the pages read so far).
    mutating func fail(_ error: GitHubError) {
        failure = error
        isLoading = false
        list.isLoadingMore = false
    }

    /// Puts `item` where the item with its id is (an issue closed or reopened).
    mutating func replace(_ item: Item) {
        list.replace(item)
    }

    /// The next page to read now that item `selection` is selected (near the end), marked as loading;
    /// nil when none is due, and after a failure until a page arrives (`r` reloads): a page that keeps
    /// failing is not asked for again and again.
    mutating func takePage(near selection: Int) -> URL? {
        guard !isLoading, failure == nil, let url = list.pageToLoad(near: selection) else { return nil }
        list.isLoadingMore = true
        return url
    }

    /// The line under the rows, in the list's words: a failure (an error), loading, empty, loading
    /// more, or the stored copy's age ("stored history · 5 min ago"), the first that applies; nil when
    /// none does. `isEmpty`: no row is shown.
    func note(isEmpty: Bool, now: Date, failed: (String) -> String, loading: @autoclosure () -> String,
              empty: @autoclosure () -> String, loadingMore: @autoclosure () -> String,
              stored: (String) -> String) -> (text: String, isError: Bool)? {
        if let failure { return failure.goneNote.map { ($0, false) } ?? (failed(failure.shortReason), true) }
        if isEmpty { return (isLoading ? loading() : empty(), false) }
        if list.isLoadingMore { return (loadingMore(), false) }
        return storedAt.map { (stored(Formatting.relative($0, now: now)), false) }
    }
}
