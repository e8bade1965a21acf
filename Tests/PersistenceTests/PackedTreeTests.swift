import Foundation
import GitHubEntities
import GRDB
import Testing
import TestSupport
@testable import Persistence

/// Trees are stored packed (`PackedTree`: records and text in one buffer, read without parsing); a tree
/// stored as the API's JSON before still reads; a damaged body reads as none (the tree is fetched again).
@Suite("Packed trees")
struct PackedTreeTests {
    static let tree = GitTree(sha: "t1", entries: [
        GitTreeEntry(path: "lib", kind: .folder, sha: "a1"),
        GitTreeEntry(path: "lib/ä b.rb", kind: .file, sha: "b2", size: 0),
        GitTreeEntry(path: "link", kind: .symlink, sha: "c3", size: 12),
        GitTreeEntry(path: "vendor/x", kind: .submodule, sha: String(repeating: "d", count: 40)),
        GitTreeEntry(path: "big.bin", kind: .file, sha: "e5", size: 5 << 32),
    ])

    @Test("Every field round-trips, through the stored bytes too; entries are made one at a time")
    func roundTrip() throws {
        let packed = PackedTree(Self.tree)
        #expect(packed.tree == Self.tree && packed.count == 5 && packed.sha == "t1" && !packed.isTruncated)
        #expect(packed.entry(at: 1) == Self.tree.entries[1])
        #expect(packed.kind(at: 3) == .submodule)
        #expect(packed.withPath(at: 1) { String(decoding: $0, as: UTF8.self) } == "lib/ä b.rb")
        let again = try #require(PackedTree(stored: packed.stored))
        #expect(again == packed)
        let truncated = GitTree(sha: "t", entries: [], isTruncated: true)
        #expect(PackedTree(stored: PackedTree(truncated).stored)?.tree == truncated)
    }

    @Test("A body that is not a packed tree, or whose records point outside it, is refused")
    func damaged() {
        var stored = PackedTree(Self.tree).stored
        #expect(PackedTree(stored: Data("{\"sha\":\"t\"}".utf8)) == nil)
        #expect(PackedTree(stored: stored.prefix(20)) == nil, "cut inside the records")
        stored.removeLast()
        #expect(PackedTree(stored: stored) == nil, "the last sha one byte short")
        #expect(PackedTree(stored: Data()) == nil)
    }

    @Test("The store writes packed trees and still reads the JSON trees stored before; a damaged row is none")
    func storedFormats() throws {
        let store = try SQLiteStore.inMemory()
        try store.saveTree(Self.tree, repositoryID: 1, ref: "main", fetchedAt: Date(timeIntervalSince1970: 100))
        let body = try store.withDatabase { try $0.read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM repository_tree WHERE repository_id = 1")
        } }
        #expect(body?.prefix(4) == Data("GTP1".utf8))
        #expect(try store.packedTree(repositoryID: 1, ref: "main") == PackedTree(Self.tree))
        // As trees were stored before: the API's JSON.
        let json = try JSONEncoder().encode(Self.tree)
        try store.withDatabase { try $0.write { db in
            try db.execute(sql: "INSERT INTO repository_tree (repository_id, ref, body, fetched_at) VALUES (2, 'main', ?, 0)",
                           arguments: [json])
            try db.execute(sql: "INSERT INTO repository_tree (repository_id, ref, body, fetched_at) VALUES (3, 'main', X'47545031FF', 0)")
        } }
        #expect(try store.tree(repositoryID: 2, ref: "main")?.tree == Self.tree)
        #expect(try store.packedTree(repositoryID: 2, ref: "main")?.tree == Self.tree)
        #expect(try store.tree(repositoryID: 3, ref: "main") == nil)
        #expect(try store.packedTree(repositoryID: 3, ref: "main") == nil)
    }
}
