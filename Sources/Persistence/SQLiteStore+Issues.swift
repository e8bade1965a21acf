import Foundation
import GitHubEntities
import GRDB

/// Which stored list of a repository: its issues or pull requests for a state filter (`open`,
/// `closed`, `all`), or the comments of one issue or pull request.
public enum IssueListKey: Sendable, Hashable {
    case issues(state: String)
    case pullRequests(state: String)
    case comments(number: Int)

    var columns: (kind: String, state: String) {
        switch self {
        case .issues(let state): ("issues", state)
        case .pullRequests(let state): ("pulls", state)
        case .comments(let number): ("comments", String(number))
        }
    }
}

/// A list as stored: the items read so far, in order, and the page after them.
public struct StoredIssueList<Item: Sendable & Equatable>: Sendable, Equatable {
    public var items: [Item]
    /// The `Link` URL of the next page, nil when the list was read to its end.
    public var next: URL?
    public var pages: Int
    /// When the first page was last stored.
    public var fetchedAt: Date

    public init(items: [Item], next: URL?, pages: Int, fetchedAt: Date) {
        self.items = items
        self.next = next
        self.pages = pages
        self.fetchedAt = fetchedAt
    }
}

/// Issues, pull requests and comments per repository (`owner/name`, any case), readable offline, and the
/// comments written on them and not yet posted (`DraftStore`). `SQLiteStore` is one; the issue screens
/// need only this.
public protocol IssueStore: DraftStore, PendingReviewStore {
    func issueList(repository: String, key: IssueListKey) throws -> StoredIssueList<Issue>?
    func pullRequestList(repository: String, key: IssueListKey) throws -> StoredIssueList<PullRequest>?
    func commentList(repository: String, number: Int) throws -> StoredIssueList<IssueComment>?
    /// Stores one page of a list: page 0 replaces the list, a later page is added after it (an item
    /// already stored in the list, by number or id, is not added twice). `next` is the page after this one.
    /// A thread's comments are the exception (`saveCommentPage`): a page fetched again replaces only the
    /// comments within its span, so the pages read after it stay.
    func saveIssuePage(_ issues: [Issue], next: URL?, pageIndex: Int, repository: String, key: IssueListKey,
                       fetchedAt: Date) throws
    func savePullRequestPage(_ pulls: [PullRequest], next: URL?, pageIndex: Int, repository: String,
                             key: IssueListKey, fetchedAt: Date) throws
    func saveCommentPage(_ comments: [IssueComment], next: URL?, pageIndex: Int, repository: String, number: Int,
                         fetchedAt: Date) throws
    /// One issue or pull request as last opened, nil when never stored.
    func storedIssue(repository: String, number: Int) throws -> Issue?
    func storedPullRequest(repository: String, number: Int) throws -> PullRequest?
    func saveIssue(_ issue: Issue, repository: String, storedAt: Date) throws
    func savePullRequest(_ pull: PullRequest, repository: String, storedAt: Date) throws
}

extension SQLiteStore: IssueStore {
    public func issueList(repository: String, key: IssueListKey) throws -> StoredIssueList<Issue>? {
        try list(repository, key, Issue.self)
    }

    public func pullRequestList(repository: String, key: IssueListKey) throws -> StoredIssueList<PullRequest>? {
        try list(repository, key, PullRequest.self)
    }

    public func commentList(repository: String, number: Int) throws -> StoredIssueList<IssueComment>? {
        try list(repository, .comments(number: number), IssueComment.self)
    }

    public func saveIssuePage(_ issues: [Issue], next: URL?, pageIndex: Int, repository: String, key: IssueListKey,
                              fetchedAt: Date) throws {
        try savePage(issues.map { (Int64($0.number), $0) }, next, pageIndex, repository, key, fetchedAt)
    }

    public func savePullRequestPage(_ pulls: [PullRequest], next: URL?, pageIndex: Int, repository: String,
                                    key: IssueListKey, fetchedAt: Date) throws {
        try savePage(pulls.map { (Int64($0.number), $0) }, next, pageIndex, repository, key, fetchedAt)
    }

    public func saveCommentPage(_ comments: [IssueComment], next: URL?, pageIndex: Int, repository: String,
                                number: Int, fetchedAt: Date) throws {
        try mergeCommentPage(comments, next: next, pageIndex: pageIndex, repository: repository, number: number,
                             fetchedAt: fetchedAt)
    }

    public func storedIssue(repository: String, number: Int) throws -> Issue? {
        try single(repository, "issue", number, Issue.self)
    }

    public func storedPullRequest(repository: String, number: Int) throws -> PullRequest? {
        try single(repository, "pull", number, PullRequest.self)
    }

    public func saveIssue(_ issue: Issue, repository: String, storedAt: Date) throws {
        try saveSingle(issue, repository, "issue", issue.number, storedAt)
    }

    public func savePullRequest(_ pull: PullRequest, repository: String, storedAt: Date) throws {
        try saveSingle(pull, repository, "pull", pull.number, storedAt)
    }

    // MARK: - Rows

    private func list<Item: Codable & Sendable & Equatable>(_ repository: String, _ key: IssueListKey,
                                                            _ type: Item.Type) throws -> StoredIssueList<Item>? {
        let (kind, state) = key.columns
        let repository = repository.lowercased()
        return try withDatabase { try $0.read { db -> StoredIssueList<Item>? in
            guard let head = try Row.fetchOne(db, sql: """
                SELECT next_url, pages, fetched_at FROM issue_list WHERE repository = ? AND kind = ? AND state = ?
                """, arguments: [repository, kind, state]) else { return nil }
            let bodies = try Data.fetchAll(db, sql: """
                SELECT body FROM issue_list_item WHERE repository = ? AND kind = ? AND state = ? ORDER BY position
                """, arguments: [repository, kind, state])
            let decoder = JSONDecoder()
            // A row that no longer decodes is left out; the next refresh writes the list again.
            let items = bodies.compactMap { try? decoder.decode(Item.self, from: $0) }
            let next: String? = head["next_url"]
            return StoredIssueList(items: items, next: next.flatMap(URL.init(string:)), pages: head["pages"],
                                   fetchedAt: Rows.decodeDate(head["fetched_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
        } }
    }

    private func savePage<Item: Encodable>(_ items: [(id: Int64, item: Item)], _ next: URL?, _ pageIndex: Int,
                                           _ repository: String, _ key: IssueListKey, _ fetchedAt: Date) throws {
        let (kind, state) = key.columns
        let repository = repository.lowercased()
        let encoder = JSONEncoder()
        let encoded = try items.map { ($0.id, try encoder.encode($0.item)) }
        try withDatabase { try $0.write { db in
            var position = 0
            var stored = Set<Int64>()
            var pages = 1
            var firstFetchedAt = fetchedAt
            let arguments: StatementArguments = [repository, kind, state]
            if pageIndex == 0 {
                try db.execute(sql: "DELETE FROM issue_list_item WHERE repository = ? AND kind = ? AND state = ?",
                               arguments: arguments)
            } else {
                position = try Int.fetchOne(db, sql: """
                    SELECT COALESCE(MAX(position) + 1, 0) FROM issue_list_item WHERE repository = ? AND kind = ? AND state = ?
                    """, arguments: arguments) ?? 0
                stored = Set(try Int64.fetchAll(db, sql: """
                    SELECT number FROM issue_list_item WHERE repository = ? AND kind = ? AND state = ?
                    """, arguments: arguments))
                if let row = try Row.fetchOne(db, sql: """
                    SELECT pages, fetched_at FROM issue_list WHERE repository = ? AND kind = ? AND state = ?
                    """, arguments: arguments) {
                    pages = (row["pages"] as Int) + 1
                    firstFetchedAt = Rows.decodeDate(row["fetched_at"]) ?? fetchedAt
                }
            }
            let insert = try db.cachedStatement(sql: """
                INSERT INTO issue_list_item (repository, kind, state, position, number, body) VALUES (?, ?, ?, ?, ?, ?)
                """)
            for (id, body) in encoded where stored.insert(id).inserted {
                try insert.execute(arguments: [repository, kind, state, position, id, body])
                position += 1
            }
            try db.execute(sql: """
                INSERT INTO issue_list (repository, kind, state, next_url, pages, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(repository, kind, state) DO UPDATE SET
                    next_url = excluded.next_url, pages = excluded.pages, fetched_at = excluded.fetched_at
                """, arguments: [repository, kind, state, next?.absoluteString, pages, Rows.encode(firstFetchedAt)])
        } }
    }

    private func single<Item: Decodable>(_ repository: String, _ kind: String, _ number: Int, _ type: Item.Type) throws -> Item? {
        let body = try withDatabase { try $0.read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM issue WHERE repository = ? AND kind = ? AND number = ?",
                              arguments: [repository.lowercased(), kind, number])
        } }
        return body.flatMap { try? JSONDecoder().decode(Item.self, from: $0) }
    }

    private func saveSingle<Item: Encodable>(_ item: Item, _ repository: String, _ kind: String, _ number: Int,
                                             _ storedAt: Date) throws {
        let body = try JSONEncoder().encode(item)
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO issue (repository, kind, number, body, stored_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(repository, kind, number) DO UPDATE SET body = excluded.body, stored_at = excluded.stored_at
                """, arguments: [repository.lowercased(), kind, number, body, Rows.encode(storedAt)])
        } }
    }
}
