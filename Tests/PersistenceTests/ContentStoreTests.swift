import Foundation
import GitHubEntities
import Testing
import TestSupport
@testable import Persistence

/// Trees per ref, file contents by blob sha (kept for good) and releases: round trips and offline reads.
@Suite("Content store")
struct ContentStoreTests {
    @Test func treesPerRepositoryAndRef() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.tree(repositoryID: 1, ref: "master") == nil)
        let recorded = try JSONDecoder().decode(GitTree.self, from: Fixtures.interactions(Fixtures.Name.railsAdminTree)[1].body)
        try store.saveTree(recorded, repositoryID: 1, ref: "master", fetchedAt: date(100))
        let small = GitTree(sha: "t2", entries: [GitTreeEntry(path: "l", kind: .symlink, sha: "a"),
                                                  GitTreeEntry(path: "m", kind: .submodule, sha: "b")], isTruncated: true)
        try store.saveTree(small, repositoryID: 1, ref: "v1.0", fetchedAt: date(200))
        #expect(try store.tree(repositoryID: 1, ref: "master") == StoredTree(tree: recorded, fetchedAt: date(100)))
        #expect(try store.tree(repositoryID: 1, ref: "v1.0")?.tree == small)
        #expect(try store.tree(repositoryID: 2, ref: "master") == nil)
        try store.saveTree(small, repositoryID: 1, ref: "master", fetchedAt: date(300))
        #expect(try store.tree(repositoryID: 1, ref: "master") == StoredTree(tree: small, fetchedAt: date(300)))
    }

    @Test func blobsAreKeptBySHAForGood() throws {
        let store = try SQLiteStore.inMemory()
        let blob = try JSONDecoder().decode(FileContent.self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminReadmeBlob))
        #expect(try store.fileContent(sha: blob.sha) == nil)
        try store.saveFileContent(blob, storedAt: date(1))
        #expect(try store.fileContent(sha: blob.sha) == blob)
        #expect(try store.fileContent(sha: blob.sha.uppercased()) == blob)
        // A blob never changes: a second save with other bytes does not replace the first.
        try store.saveFileContent(FileContent(sha: blob.sha, size: 1, bytes: Data([0])), storedAt: date(2))
        #expect(try store.fileContent(sha: blob.sha) == blob)
    }

    @Test func releasesRoundTrip() throws {
        let store = try SQLiteStore.inMemory()
        var releases = try JSONDecoder().decode([Release].self, from: Fixtures.recordedBody(Fixtures.Name.releases))
        releases.append(try JSONDecoder().decode(Release.self, from: Fixtures.interactions(Fixtures.Name.releases)[2].body))
        releases[0].assets = [ReleaseAsset(id: 9, name: "a.tgz", label: "A", contentType: "application/gzip", size: 10,
                                           downloadCount: 3, downloadURL: "https://github.com/o/r/releases/download/v1/a.tgz")]
        let next = URL(string: "https://api.github.com/repositories/1/releases?page=2")
        try store.saveReleases(releases, next: next, repositoryID: 7, fetchedAt: date(50))
        #expect(try store.releases(repositoryID: 7) == StoredReleases(releases: releases, next: next, fetchedAt: date(50)))
        #expect(try store.releases(repositoryID: 8) == nil)
    }
}
