import Foundation
import GitHubEntities
import GRDB

/// A repository's tree of one ref as stored, and when.
public struct StoredTree: Sendable, Equatable {
    public var tree: GitTree
    public var fetchedAt: Date

    public init(tree: GitTree, fetchedAt: Date) {
        self.tree = tree
        self.fetchedAt = fetchedAt
    }
}

/// A repository's releases as stored: the ones read so far and the page after them.
public struct StoredReleases: Sendable, Equatable {
    public var releases: [Release]
    public var next: URL?
    public var fetchedAt: Date

    public init(releases: [Release], next: URL?, fetchedAt: Date) {
        self.releases = releases
        self.next = next
        self.fetchedAt = fetchedAt
    }
}

/// Trees, file contents by blob sha and releases, readable offline. `SQLiteStore` is one; the Files
/// and Releases tabs need only this.
public protocol RepositoryContentStore: AnyObject, Sendable {
    /// The stored tree of `ref` (a branch, tag or commit name), nil when none was stored.
    func tree(repositoryID: Int64, ref: String) throws -> StoredTree?
    /// Replaces the stored tree of `ref`.
    func saveTree(_ tree: GitTree, repositoryID: Int64, ref: String, fetchedAt: Date) throws
    /// A file's bytes by blob sha, nil when never stored.
    func fileContent(sha: String) throws -> FileContent?
    /// Keeps a file's bytes for good (a blob never changes).
    func saveFileContent(_ content: FileContent, storedAt: Date) throws
    /// The stored releases, nil when none were stored.
    func releases(repositoryID: Int64) throws -> StoredReleases?
    /// Replaces the stored releases (the pages read so far, and the `Link` of the next).
    func saveReleases(_ releases: [Release], next: URL?, repositoryID: Int64, fetchedAt: Date) throws
}

extension SQLiteStore: RepositoryContentStore {
    public func tree(repositoryID: Int64, ref: String) throws -> StoredTree? {
        let row = try withDatabase { try $0.read { db in
            try Row.fetchOne(db, sql: "SELECT body, fetched_at FROM repository_tree WHERE repository_id = ? AND ref = ?",
                             arguments: [repositoryID, ref])
        } }
        // A row that no longer decodes is as good as none: the tree is fetched again.
        guard let row, let tree = try? JSONDecoder().decode(GitTree.self, from: row["body"] as Data) else { return nil }
        return StoredTree(tree: tree, fetchedAt: Rows.decodeDate(row["fetched_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
    }

    public func saveTree(_ tree: GitTree, repositoryID: Int64, ref: String, fetchedAt: Date) throws {
        let body = try JSONEncoder().encode(tree)
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO repository_tree (repository_id, ref, body, fetched_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(repository_id, ref) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                """, arguments: [repositoryID, ref, body, Rows.encode(fetchedAt)])
        } }
    }

    public func fileContent(sha: String) throws -> FileContent? {
        let row = try withDatabase { try $0.read { db in
            try Row.fetchOne(db, sql: "SELECT sha, size, bytes FROM file_blob WHERE sha = ?", arguments: [sha])
        } }
        guard let row else { return nil }
        return FileContent(sha: row["sha"], size: row["size"], bytes: row["bytes"])
    }

    public func saveFileContent(_ content: FileContent, storedAt: Date) throws {
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO file_blob (sha, size, bytes, stored_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(sha) DO NOTHING
                """, arguments: [content.sha, content.size, content.bytes, Rows.encode(storedAt)])
        } }
    }

    public func releases(repositoryID: Int64) throws -> StoredReleases? {
        let row = try withDatabase { try $0.read { db in
            try Row.fetchOne(db, sql: "SELECT body, next_url, fetched_at FROM repository_releases WHERE repository_id = ?",
                             arguments: [repositoryID])
        } }
        guard let row, let releases = try? JSONDecoder().decode([Release].self, from: row["body"] as Data) else { return nil }
        let next: String? = row["next_url"]
        return StoredReleases(releases: releases, next: next.flatMap(URL.init(string:)),
                              fetchedAt: Rows.decodeDate(row["fetched_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
    }

    public func saveReleases(_ releases: [Release], next: URL?, repositoryID: Int64, fetchedAt: Date) throws {
        let body = try JSONEncoder().encode(releases)
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO repository_releases (repository_id, body, next_url, fetched_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(repository_id) DO UPDATE SET
                    body = excluded.body, next_url = excluded.next_url, fetched_at = excluded.fetched_at
                """, arguments: [repositoryID, body, next?.absoluteString, Rows.encode(fetchedAt)])
        } }
    }
}
