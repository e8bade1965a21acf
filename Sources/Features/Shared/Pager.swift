import Foundation

/// Where a list read page by page through `Link` headers stands: the next page's address, whether it
/// is being read, how many pages came, and every address fetched so far. Paging ends where a server
/// would lead it round in a circle: at a next link back to an address already fetched (the page
/// itself, page 1, any before), and at a page whose items were all there already (a circle through
/// ever new addresses). The one pager of the lists: `PagedList` pages through it, and so do a
/// thread's comments, a pull request's files, the branches and the list's refresh.
struct Pager: Sendable, Equatable {
    /// The next page, nil at the end.
    private(set) var next: URL?
    /// Whether the next page is being read (set by the caller around the request; a page received
    /// clears it).
    var isLoading = false
    /// Pages received since the start (the first counts).
    private(set) var pagesReceived = 0
    /// Whether paging was ended because the server led it round (not because the list ended).
    private(set) var looped = false
    /// Every address fetched or being fetched: each next link taken, and pages' own addresses when known.
    private var addresses = Set<URL>()
    /// Empty pages received in a row.
    private var emptyRun = 0

    /// Empty pages in a row that end the list. An empty page alone does not: a page of GitHub's issues
    /// comes empty when all its items were pull requests (taken out), and the next one may have issues.
    static let emptyPagesLimit = 20

    /// A page arrived: its next link, how many items it brought and how many of those were new to the
    /// list, and its own address when known (a first page is asked by name, not by address). Paging
    /// goes on at `next` unless it was fetched before, the page brought only items already there, or
    /// too many empty pages came in a row.
    mutating func received(next: URL?, items: Int, added: Int, from url: URL? = nil) {
        pagesReceived += 1
        isLoading = false
        if let url { addresses.insert(url) }
        emptyRun = items == 0 ? emptyRun + 1 : 0
        guard let next else {
            self.next = nil
            return
        }
        let repeated = !addresses.insert(next).inserted
        let nothingNew = items > 0 && added == 0
        if repeated || nothingNew || emptyRun >= Self.emptyPagesLimit {
            self.next = nil
            looped = true
        } else {
            self.next = next
        }
    }

    /// The next page when one is due and none is loading; it is then marked as loading.
    mutating func take() -> URL? {
        guard let next, !isLoading else { return nil }
        isLoading = true
        return next
    }

    /// No further page will be read (the list is full, or the caller gave up on it).
    mutating func finish() {
        next = nil
    }

    /// Back to the start, for a new list: every address forgotten.
    mutating func reset() {
        self = Pager()
    }
}
