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

/// A tree in one contiguous buffer, as it is stored (`repository_tree.body`) and walked: per entry a
/// 16-byte record (where its path and sha are in the text that follows, its kind and size), then
/// every path and sha. 100,000 entries are one allocation of about 9 MB, read from the store without
/// parsing (the JSON of before took 0.5 s and 100 MB to decode into 200,000 strings). Entries are
/// made (`entry(at:)`) only for what is shown.
public struct PackedTree: Sendable, Equatable {
    /// What a stored body starts with (the JSON of before starts with `{`).
    static let magic: [UInt8] = Array("GTP1".utf8)
    @usableFromInline static let recordSize = 16

    public let sha: String
    public let isTruncated: Bool
    public let count: Int
    // Read by the inlined accessors below: called per entry from another module, unspecialised
    // generic calls cost more than the walk itself.
    @usableFromInline let bytes: [UInt8]
    /// Where the records start, and the text after them.
    @usableFromInline let recordsStart: Int
    @usableFromInline let textStart: Int

    /// Packs `tree` (a path over 65,535 bytes or a sha over 255 is kept empty: refused when walked).
    public init(_ tree: GitTree) {
        var bytes = Self.magic
        let sha = Array(tree.sha.utf8.prefix(255))
        bytes.append(tree.isTruncated ? 1 : 0)
        bytes.append(UInt8(sha.count))
        bytes += sha
        Self.append(UInt32(tree.entries.count), to: &bytes)
        let recordsStart = bytes.count
        var text: [UInt8] = []
        text.reserveCapacity(tree.entries.reduce(0) { $0 + $1.path.utf8.count + $1.sha.utf8.count })
        bytes.reserveCapacity(recordsStart + tree.entries.count * Self.recordSize)
        for entry in tree.entries {
            let path = entry.path.utf8.count <= Int(UInt16.max) ? Array(entry.path.utf8) : []
            let entrySHA = entry.sha.utf8.count <= 255 ? Array(entry.sha.utf8) : []
            Self.append(UInt32(text.count), to: &bytes)
            Self.append(UInt16(path.count), to: &bytes)
            bytes.append(UInt8(entrySHA.count))
            bytes.append(Self.code(entry.kind))
            Self.append(UInt64(bitPattern: Int64(entry.size ?? -1)), to: &bytes)
            text += path
            text += entrySHA
        }
        bytes += text
        self.init(bytes: bytes, sha: tree.sha, isTruncated: tree.isTruncated, count: tree.entries.count, recordsStart: recordsStart)
    }

    /// A stored body, checked: nil when it is not a packed tree or any record points outside it.
    init?(stored: Data) {
        let bytes = [UInt8](stored)
        guard bytes.count >= 10, Array(bytes[0..<4]) == Self.magic else { return nil }
        let shaCount = Int(bytes[5])
        let countAt = 6 + shaCount
        guard bytes.count >= countAt + 4 else { return nil }
        let count = Int(Self.load(UInt32.self, bytes, at: countAt))
        let recordsStart = countAt + 4
        let textStart = recordsStart + count * Self.recordSize
        guard textStart <= bytes.count else { return nil }
        let textCount = bytes.count - textStart
        for index in 0..<count {
            let at = recordsStart + index * Self.recordSize
            let end = Int(Self.load(UInt32.self, bytes, at: at)) + Int(Self.load(UInt16.self, bytes, at: at + 4)) + Int(bytes[at + 6])
            guard end <= textCount, bytes[at + 7] < 4 else { return nil }
        }
        self.init(bytes: bytes, sha: String(decoding: bytes[6..<countAt], as: UTF8.self), isTruncated: bytes[4] != 0,
                  count: count, recordsStart: recordsStart)
    }

    private init(bytes: [UInt8], sha: String, isTruncated: Bool, count: Int, recordsStart: Int) {
        self.bytes = bytes
        self.sha = sha
        self.isTruncated = isTruncated
        self.count = count
        self.recordsStart = recordsStart
        textStart = recordsStart + count * Self.recordSize
    }

    /// What the store keeps.
    var stored: Data { Data(bytes) }

    /// Entry `index`'s path as bytes, handed to `body` (no string made).
    @inlinable
    public func withPath<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let at = recordsStart + index * Self.recordSize
        let start = textStart + Int(Self.load(UInt32.self, bytes, at: at))
        let count = Int(Self.load(UInt16.self, bytes, at: at + 4))
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<(start + count)])) }
    }

    @inlinable
    public func kind(at index: Int) -> GitTreeEntry.Kind {
        Self.kinds[Int(bytes[recordsStart + index * Self.recordSize + 7])]
    }

    /// Entry `index` as the tree named it.
    public func entry(at index: Int) -> GitTreeEntry {
        let at = recordsStart + index * Self.recordSize
        let start = textStart + Int(Self.load(UInt32.self, bytes, at: at))
        let pathEnd = start + Int(Self.load(UInt16.self, bytes, at: at + 4))
        let shaEnd = pathEnd + Int(bytes[at + 6])
        let size = Int64(bitPattern: Self.load(UInt64.self, bytes, at: at + 8))
        return GitTreeEntry(path: String(decoding: bytes[start..<pathEnd], as: UTF8.self), kind: kind(at: index),
                            sha: String(decoding: bytes[pathEnd..<shaEnd], as: UTF8.self), size: size < 0 ? nil : Int(size))
    }

    /// The tree as its entries.
    public var tree: GitTree {
        GitTree(sha: sha, entries: (0..<count).map(entry(at:)), isTruncated: isTruncated)
    }

    @usableFromInline static let kinds: [GitTreeEntry.Kind] = [.file, .folder, .submodule, .symlink]

    private static func code(_ kind: GitTreeEntry.Kind) -> UInt8 { UInt8(kinds.firstIndex(of: kind) ?? 0) }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    @inlinable
    static func load<Integer: FixedWidthInteger>(_ type: Integer.Type, _ bytes: [UInt8], at offset: Int) -> Integer {
        bytes.withUnsafeBytes { Integer(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Integer.self)) }
    }
}

/// Trees, file contents by blob sha and releases, readable offline. `SQLiteStore` is one; the Files
/// and Releases tabs need only this.
public protocol RepositoryContentStore: AnyObject, Sendable {
    /// The stored tree of `ref` (a branch, tag or commit name), nil when none was stored.
    func tree(repositoryID: Int64, ref: String) throws -> StoredTree?
    /// The stored tree of `ref` packed (no entry made), nil when none was stored. Slow for a large tree
    /// stored before trees were packed (its JSON is decoded): call it off the UI thread.
    func packedTree(repositoryID: Int64, ref: String) throws -> PackedTree?
    /// Replaces the stored tree of `ref`.
    func saveTree(_ tree: PackedTree, repositoryID: Int64, ref: String, fetchedAt: Date) throws
    /// A file's bytes by blob sha, nil when never stored.
    func fileContent(sha: String) throws -> FileContent?
    /// Keeps a file's bytes for good (a blob never changes).
    func saveFileContent(_ content: FileContent, storedAt: Date) throws
    /// The stored releases, nil when none were stored.
    func releases(repositoryID: Int64) throws -> StoredReleases?
    /// Replaces the stored releases (the pages read so far, and the `Link` of the next).
    func saveReleases(_ releases: [Release], next: URL?, repositoryID: Int64, fetchedAt: Date) throws
}

extension RepositoryContentStore {
    public func packedTree(repositoryID: Int64, ref: String) throws -> PackedTree? {
        try tree(repositoryID: repositoryID, ref: ref).map { PackedTree($0.tree) }
    }
}

extension SQLiteStore: RepositoryContentStore {
    public func tree(repositoryID: Int64, ref: String) throws -> StoredTree? {
        try storedTree(repositoryID: repositoryID, ref: ref).map { StoredTree(tree: $0.tree.tree, fetchedAt: $0.fetchedAt) }
    }

    public func packedTree(repositoryID: Int64, ref: String) throws -> PackedTree? {
        try storedTree(repositoryID: repositoryID, ref: ref)?.tree
    }

    /// The row of `ref`: packed (`PackedTree`), or the API's JSON as trees were stored before, packed
    /// when read. A row that no longer decodes is as good as none: the tree is fetched again.
    private func storedTree(repositoryID: Int64, ref: String) throws -> (tree: PackedTree, fetchedAt: Date)? {
        // The body (megabytes for a monorepo) is copied once, from SQLite's page into the packed tree: read
        // through a cursor, whose row is not copied, without making a `Data` of it first.
        let found = try withDatabase { try $0.read { db -> (packed: PackedTree?, json: Data?, fetchedAt: Date?)? in
            let rows = try Row.fetchCursor(db, sql: "SELECT body, fetched_at FROM repository_tree WHERE repository_id = ? AND ref = ?",
                                           arguments: [repositoryID, ref])
            guard let row = try rows.next() else { return nil }
            let fetchedAt = Rows.decodeDate(row["fetched_at"])
            return try row.withUnsafeData(named: "body") { body in
                guard let body else { return (nil, nil, fetchedAt) }
                if let packed = PackedTree(stored: body) { return (packed, nil, fetchedAt) }
                // Stored as JSON before trees were packed: copied out, decoded outside the read.
                return (nil, Data(body), fetchedAt)
            }
        } }
        guard let found else { return nil }
        guard let tree = found.packed
                ?? found.json.flatMap({ body in (GitTree(scanning: body) ?? (try? JSONDecoder().decode(GitTree.self, from: body))).map(PackedTree.init) })
        else { return nil }
        return (tree, found.fetchedAt ?? Date(timeIntervalSinceReferenceDate: 0))
    }

    /// Packs `tree` and keeps it (see `saveTree(_:repositoryID:ref:fetchedAt:)` with a packed tree).
    public func saveTree(_ tree: GitTree, repositoryID: Int64, ref: String, fetchedAt: Date) throws {
        try saveTree(PackedTree(tree), repositoryID: repositoryID, ref: ref, fetchedAt: fetchedAt)
    }

    public func saveTree(_ tree: PackedTree, repositoryID: Int64, ref: String, fetchedAt: Date) throws {
        let body = tree.stored
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
