import Foundation
import GitHubEntities

/// Which stored list: an owner's own repositories, or the repositories an owner starred. A list's
/// rows are its own (Schema v3): a repository can be in several lists.
public struct RepositoryListID: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// GET /users/{owner}/repos
        case owner
        /// GET /users/{owner}/starred
        case starred
    }

    public var kind: Kind
    /// The owner whose list it is (the starring user for `.starred`).
    public var ownerLogin: String

    public init(kind: Kind, ownerLogin: String) {
        self.kind = kind
        self.ownerLogin = ownerLogin
    }

    public static func owner(_ login: String) -> RepositoryListID { RepositoryListID(kind: .owner, ownerLogin: login) }
    public static func starred(_ login: String) -> RepositoryListID { RepositoryListID(kind: .starred, ownerLogin: login) }

    /// The list's key in the store: "owner:sferik", "starred:sferik" (logins have no colon; compared
    /// ignoring case).
    public var key: String { "\(kind.rawValue):\(ownerLogin)" }

    public var description: String { key }
}

/// What a list screen shows for one owner.
public struct OwnerListSnapshot: Sendable, Equatable {
    /// The owner's profile, if it was ever saved.
    public var owner: Owner?
    public var ownerFetchedAt: Date?
    /// The owner's list, in the owner's list order.
    public var repositories: [Repository]
    /// When the owner's list was last replaced by a complete refresh (or first stored by a page).
    public var listFetchedAt: Date?
    /// The favourite repositories among `repositories`.
    public var favouriteIDs: Set<Int64>
    /// In a head (`RepositoryStore.snapshotHead`), the size of the whole stored list; `nil` in a
    /// snapshot that holds the whole list.
    public var headOfTotal: Int?

    public init(owner: Owner? = nil, ownerFetchedAt: Date? = nil, repositories: [Repository] = [],
                listFetchedAt: Date? = nil, favouriteIDs: Set<Int64> = [], headOfTotal: Int? = nil) {
        self.owner = owner
        self.ownerFetchedAt = ownerFetchedAt
        self.repositories = repositories
        self.listFetchedAt = listFetchedAt
        self.favouriteIDs = favouriteIDs
        self.headOfTotal = headOfTotal
    }

    /// How many repositories the owner's stored list has (more than `repositories.count` in a head).
    public var totalCount: Int { max(headOfTotal ?? 0, repositories.count) }

    /// Only the first rows of a longer list (see `RepositoryStore.snapshotHead`).
    public var isPartial: Bool { repositories.count < totalCount }

    /// Nothing stored for this owner.
    public var isEmpty: Bool { owner == nil && repositories.isEmpty && listFetchedAt == nil }
}

/// An order of an owner's stored list.
public enum RepositoryOrder: Sendable, Equatable, CaseIterable {
    /// The API's order (the order pages were stored in).
    case listOrder
    /// By name, ignoring ASCII case, then by id. (Repository names on GitHub are ASCII.)
    case name
    /// Most recently updated first (never updated last), then by id.
    case updated
    /// Most stars first, then by id.
    case stars
}

/// The latest commits stored for one repository (at most 3, newest first).
public struct StoredCommits: Sendable, Equatable {
    public var commits: [Commit]
    public var fetchedAt: Date
    /// The API said the repository has no commits (409 "Git Repository is empty").
    public var isEmptyRepository: Bool

    public init(commits: [Commit], fetchedAt: Date, isEmptyRepository: Bool) {
        self.commits = commits
        self.fetchedAt = fetchedAt
        self.isEmptyRepository = isEmptyRepository
    }

    /// How long stored commits are used without asking the API again (PRODUCT: 10 minutes).
    public static let freshFor: TimeInterval = 10 * 60

    /// Fetched less than `maxAge` ago (a fetch dated in the future counts as fresh).
    public func isFresh(at now: Date, maxAge: TimeInterval = StoredCommits.freshFor) -> Bool {
        now.timeIntervalSince(fetchedAt) < maxAge
    }

    /// How much later than the last push a fetch must be dated to be trusted whatever its age:
    /// `fetchedAt` is our clock, `pushed_at` GitHub's, and ours may run ahead.
    public static let clockSkewMargin: TimeInterval = 5 * 60

    /// Whether these commits can be shown without asking the API: they were fetched after the
    /// repository last received a push (`pushed_at`, from its list page) — current whatever their
    /// age — or they are fresh. An unknown `pushed_at` leaves only the age rule.
    public func isCurrent(pushedAt: Date?, at now: Date) -> Bool {
        if let pushedAt, fetchedAt.timeIntervalSince(pushedAt) >= Self.clockSkewMargin { return true }
        return isFresh(at: now)
    }
}

/// An HTTP response's validators and body, kept to make conditional requests.
public struct StoredValidator: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?
    public var body: Data
    public var linkHeader: String?
    public var storedAt: Date

    public init(etag: String?, lastModified: String?, body: Data, linkHeader: String?, storedAt: Date) {
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
        self.linkHeader = linkHeader
        self.storedAt = storedAt
    }
}

/// Stops an observation. Releasing the object also stops it: keep it as long as you observe.
public protocol StoreCancellable: AnyObject, Sendable {
    func cancel()
}

/// The single source of truth: the network writes to it, the screens observe it.
public protocol RepositoryStore: AnyObject, Sendable {
    /// Logins are case-insensitive. The owner part is `list.ownerLogin`'s profile.
    func snapshot(list: RepositoryListID) throws -> OwnerListSnapshot
    /// The owner, the list's size and only its first `limit` repositories in `order`: what a first
    /// frame needs, without reading (and decoding) the whole list.
    func snapshotHead(list: RepositoryListID, order: RepositoryOrder, limit: Int) throws -> OwnerListSnapshot
    func saveOwner(_ owner: Owner, fetchedAt: Date) throws
    /// Replaces the list's rows in one transaction (order = array order); repositories no longer
    /// present are removed from this list (other lists keep theirs); favourites untouched.
    func replaceRepositories(_ repositories: [Repository], list: RepositoryListID, fetchedAt: Date) throws
    /// Appends/updates one page without removing anything (for infinite scroll): the page's repositories
    /// take positions `position`, `position + 1`, …
    func upsertRepositories(_ repositories: [Repository], list: RepositoryListID, startingAt position: Int,
                            fetchedAt: Date) throws
    func commits(repositoryID: Int64) throws -> StoredCommits?
    func commits(repositoryIDs: [Int64]) throws -> [Int64: StoredCommits]
    /// Keeps at most the first 3 commits.
    func saveCommits(_ commits: [Commit], repositoryID: Int64, isEmptyRepository: Bool, fetchedAt: Date) throws
    func isFavourite(repositoryID: Int64) throws -> Bool
    func setFavourite(_ on: Bool, repositoryID: Int64) throws
    /// Sets or clears several repositories' marks (`true`: favourite) in one transaction: one
    /// write, and one change for the observations, however many marks (a burst of `f`).
    func setFavourites(_ marks: [Int64: Bool]) throws
    func setting(_ key: String) throws -> String?
    /// A `nil` value removes the setting.
    func setSetting(_ key: String, value: String?) throws
    /// HTTP validators keyed by an opaque string (URL + token identity, computed by the caller).
    func validator(for key: String) throws -> StoredValidator?
    func saveValidator(_ v: StoredValidator, for key: String) throws
    /// Closes the database; the last connection folds the write-ahead log back into the file, so the
    /// next launch opens without replaying it. Every later call throws.
    func close() throws
    /// Calls `onChange` (on a background queue) with the current snapshot right away and after every
    /// change that affects it; duplicates removed.
    func observeList(_ list: RepositoryListID, onChange: @escaping @Sendable (OwnerListSnapshot) -> Void)
        -> any StoreCancellable
}

extension RepositoryStore {
    /// One `setFavourite` per mark (not one transaction): for stores that have nothing better.
    public func setFavourites(_ marks: [Int64: Bool]) throws {
        for (id, on) in marks.sorted(by: { $0.key < $1.key }) { try setFavourite(on, repositoryID: id) }
    }
}

/// An owner's own list, by login.
extension RepositoryStore {
    public func snapshot(ownerLogin: String) throws -> OwnerListSnapshot {
        try snapshot(list: .owner(ownerLogin))
    }

    public func snapshotHead(ownerLogin: String, order: RepositoryOrder, limit: Int) throws -> OwnerListSnapshot {
        try snapshotHead(list: .owner(ownerLogin), order: order, limit: limit)
    }

    public func replaceRepositories(_ repositories: [Repository], ownerLogin: String, fetchedAt: Date) throws {
        try replaceRepositories(repositories, list: .owner(ownerLogin), fetchedAt: fetchedAt)
    }

    public func upsertRepositories(_ repositories: [Repository], ownerLogin: String, startingAt position: Int,
                                   fetchedAt: Date) throws {
        try upsertRepositories(repositories, list: .owner(ownerLogin), startingAt: position, fetchedAt: fetchedAt)
    }

    public func observeOwnerList(ownerLogin: String, onChange: @escaping @Sendable (OwnerListSnapshot) -> Void)
        -> any StoreCancellable {
        observeList(.owner(ownerLogin), onChange: onChange)
    }
}

/// How `SQLiteStore.open` went.
public enum StoreOpenOutcome: Sendable, Equatable {
    case opened
    /// The database file was damaged; it was moved to `movedTo` and a new one was built.
    case recoveredFromCorruption(movedTo: URL)
    /// The data directory or file could not be used; the store lives in memory and nothing is saved.
    case inMemoryFallback(reason: String)
    /// The stored database can be read but not written (read-only disk, file mode): it was copied
    /// into memory and is shown; changes will not be saved.
    case readOnly(reason: String)
}

/// Keys of the small settings table.
public enum SettingKey {
    /// The login of the owner opened last.
    public static let lastOwner = "last_owner"
}

/// Errors of the store itself (database errors are thrown as they are).
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No database at all could be opened (not even in memory).
    case unavailable(String)

    public var description: String {
        switch self {
        case .unavailable(let reason): "The store is unavailable: \(reason)"
        }
    }
}
