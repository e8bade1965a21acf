import Foundation
import GitHubEntities
import GRDB

/// The notifications inbox as last fetched: its threads, the `Last-Modified` to send as `If-Modified-Since`
/// next, the poll interval GitHub asked for, and when it was stored.
public struct StoredInbox: Sendable, Equatable {
    public var threads: [NotificationThread]
    public var lastModified: String?
    /// `X-Poll-Interval` in seconds, when GitHub said.
    public var pollInterval: Int?
    public var fetchedAt: Date

    public init(threads: [NotificationThread], lastModified: String?, pollInterval: Int?, fetchedAt: Date) {
        self.threads = threads
        self.lastModified = lastModified
        self.pollInterval = pollInterval
        self.fetchedAt = fetchedAt
    }
}

/// The inbox kept between runs, so a launch shows it at once and then refreshes it: one per account (the
/// API host and token identity: notifications are the token's user's) and filter (`all`, `participating`:
/// each is its own list on GitHub, with its own `Last-Modified`). `SQLiteStore` is one.
public protocol InboxStore: AnyObject, Sendable {
    func inbox(account: String, filter: String) throws -> StoredInbox?
    /// Replaces the stored inbox of `account` and `filter`.
    func saveInbox(_ inbox: StoredInbox, account: String, filter: String) throws
    /// The Needs-you sections of `account` as last read, and when.
    func needsYou(account: String) throws -> (needsYou: NeedsYou, fetchedAt: Date)?
    /// Replaces the stored Needs-you sections of `account`.
    func saveNeedsYou(_ needsYou: NeedsYou, account: String, fetchedAt: Date) throws
}

extension SQLiteStore: InboxStore {
    public func inbox(account: String, filter: String) throws -> StoredInbox? {
        try withDatabase { try $0.read { db -> StoredInbox? in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT threads, last_modified, poll_interval, fetched_at FROM inbox WHERE account = ? AND filter = ?
                """, arguments: [account, filter]) else { return nil }
            // A list that no longer decodes (a damaged row) reads as none: the next refresh replaces it.
            let data: Data? = row["threads"]
            guard let data, let threads = try? JSONDecoder().decode([NotificationThread].self, from: data) else { return nil }
            return StoredInbox(threads: threads, lastModified: Rows.text(row, "last_modified"), pollInterval: row["poll_interval"],
                               fetchedAt: Rows.decodeDate(row["fetched_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
        } }
    }

    public func saveInbox(_ inbox: StoredInbox, account: String, filter: String) throws {
        let threads = try JSONEncoder().encode(inbox.threads)
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO inbox (account, filter, threads, last_modified, poll_interval, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(account, filter) DO UPDATE SET threads = excluded.threads, last_modified = excluded.last_modified,
                    poll_interval = excluded.poll_interval, fetched_at = excluded.fetched_at
                """, arguments: StatementArguments([account, filter, threads, Rows.text(inbox.lastModified),
                                                    inbox.pollInterval, Rows.encode(inbox.fetchedAt)] as Rows.Values))
        } }
    }

    public func needsYou(account: String) throws -> (needsYou: NeedsYou, fetchedAt: Date)? {
        try withDatabase { try $0.read { db -> (needsYou: NeedsYou, fetchedAt: Date)? in
            guard let row = try Row.fetchOne(db, sql: "SELECT body, fetched_at FROM needs_you WHERE account = ?",
                                             arguments: [account]) else { return nil }
            // Sections that no longer decode (a damaged row) read as none: the next answer replaces them.
            let data: Data? = row["body"]
            guard let data, let needsYou = try? JSONDecoder().decode(NeedsYou.self, from: data) else { return nil }
            return (needsYou, Rows.decodeDate(row["fetched_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
        } }
    }

    public func saveNeedsYou(_ needsYou: NeedsYou, account: String, fetchedAt: Date) throws {
        let body = try JSONEncoder().encode(needsYou)
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO needs_you (account, body, fetched_at) VALUES (?, ?, ?)
                ON CONFLICT(account) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                """, arguments: StatementArguments([account, body, Rows.encode(fetchedAt)] as Rows.Values))
        } }
    }
}
