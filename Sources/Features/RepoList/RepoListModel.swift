import Foundation
import GitHubEntities
import Persistence

/// The orders `s` cycles through.
enum RepoListSortOrder: String, CaseIterable, Sendable {
    case name, updated, stars

    /// The same order, as the store sorts (for the first frame).
    var storeOrder: RepositoryOrder {
        switch self {
        case .name: .name
        case .updated: .updated
        case .stars: .stars
        }
    }

    /// The order's name in the header ("by name").
    var localizedName: String {
        switch self {
        case .name: tr("sort.name")
        case .updated: tr("sort.updated")
        case .stars: tr("sort.stars")
        }
    }

    /// The next order of the cycle.
    var next: RepoListSortOrder {
        switch self {
        case .name: .updated
        case .updated: .stars
        case .stars: .name
        }
    }
}

/// The list's data as the user sees it: the stored snapshot, its rows in the chosen order, and which
/// of them are displayed (filter, favourites only). A value: it reads no store and starts nothing.
///
/// `sorted` and `displayed` are orders over the one array of rows the store delivered, never copies.
struct RepoListModel {
    /// The carousel shows the first few repositories of the current order.
    static let carouselSize = 5

    private(set) var snapshot = OwnerListSnapshot()
    /// Where each repository is in `snapshot.repositories`, by id (looked up for every row on screen).
    private var positions: [Int64: Int] = [:]
    private(set) var sorted = RepositoryRows()
    private(set) var displayed = RepositoryRows()
    private(set) var sortOrder: RepoListSortOrder = .name
    private(set) var favouritesOnly = false
    private(set) var filterText = ""
    /// Only these rows (changed only), nil: every row.
    private(set) var onlyIDs: Set<Int64>?
    /// The filter field has the keyboard.
    var isEditingFilter = false

    /// A new stored snapshot. A new owner, fetched-at time or favourite comes with the same rows read
    /// again: the order still holds, so it is moved onto the new array rather than sorted again.
    mutating func apply(_ newSnapshot: OwnerListSnapshot) {
        let sameRows = newSnapshot.repositories == snapshot.repositories
        snapshot = newSnapshot
        if sameRows, let moved = sorted.onto(snapshot.repositories) {
            sorted = moved
            redisplay()
        } else {
            positions = Self.positions(of: snapshot.repositories)
            resort()
        }
    }

    mutating func cycleSort() {
        sortOrder = sortOrder.next
        resort()
    }

    mutating func toggleFavouritesOnly() {
        favouritesOnly.toggle()
        redisplay()
    }

    mutating func setOnly(_ ids: Set<Int64>?) {
        onlyIDs = ids
        redisplay()
    }

    mutating func setFilter(_ text: String) {
        filterText = text
        redisplay()
    }

    /// The mark shows at once; the store was written by the caller (its observation confirms it).
    mutating func setFavourite(_ on: Bool, repositoryID: Int64) {
        if on { snapshot.favouriteIDs.insert(repositoryID) } else { snapshot.favouriteIDs.remove(repositoryID) }
        if favouritesOnly { redisplay() }
    }

    func isFavourite(_ id: Int64) -> Bool { snapshot.favouriteIDs.contains(id) }

    /// The carousel's repositories: the first of the current order, unfiltered.
    var carouselRepositories: Slice<RepositoryRows> { sorted.prefix(Self.carouselSize) }

    /// The displayed repository at `index`, if there is one.
    func repository(at index: Int) -> Repository? { displayed.indices.contains(index) ? displayed[index] : nil }

    /// A repository of the list by id.
    func repository(id: Int64) -> Repository? {
        positions[id].map { snapshot.repositories[$0] }
    }

    private static func positions(of repositories: [Repository]) -> [Int64: Int] {
        var positions = [Int64: Int](minimumCapacity: repositories.count)
        for (index, repository) in repositories.enumerated() where positions[repository.id] == nil {
            positions[repository.id] = index
        }
        return positions
    }

    func displayedIndex(of id: Int64) -> Int? { displayed.firstIndex { $0.id == id } }

    /// Rows in the list as the user knows it: while only the head is read, the whole stored list.
    var displayedCount: Int {
        snapshot.isPartial && filterText.isEmpty && !favouritesOnly && onlyIDs == nil ? snapshot.totalCount : displayed.count
    }

    /// Sorts the rows again (new rows or a new order), then picks the displayed ones.
    private mutating func resort() {
        sorted = Self.sort(snapshot.repositories, by: sortOrder)
        redisplay()
    }

    /// A filter or the favourites switch only picks among the sorted rows.
    private mutating func redisplay() {
        let favourites = snapshot.favouriteIDs
        var candidates = favouritesOnly ? sorted.filtered { favourites.contains($0.id) } : sorted
        if let only = onlyIDs { candidates = candidates.filtered { only.contains($0.id) } }
        if filterText.isEmpty {
            displayed = candidates
        } else {
            let needle = filterText.lowercased()
            displayed = candidates.filtered {
                $0.name.lowercased().contains(needle) || ($0.description?.lowercased().contains(needle) ?? false)
                    || ($0.language?.lowercased().contains(needle) ?? false)
            }
        }
    }

    static func sort(_ repositories: [Repository], by order: RepoListSortOrder) -> RepositoryRows {
        switch order {
        case .name: RepositoryRows.sorted(repositories) { $0.name.lowercased() }
        case .updated: RepositoryRows.sorted(repositories, descending: true) { $0.updatedAt ?? .distantPast }
        case .stars: RepositoryRows.sorted(repositories, descending: true) { $0.stargazersCount }
        }
    }
}
