import Foundation
import GitHubEntities
import Testing
import TestSupport
@testable import Persistence

/// Histories per (repository, branch) and commits in full by sha: round trips, paging, offline reads.
@Suite("History store")
struct HistoryStoreTests {
    private func commits(_ range: ClosedRange<Int>) -> [Commit] {
        range.map { Commit(sha: String(format: "%040x", $0), message: "Commit \($0)\n\nbody", authorName: "Author \($0)",
                           authorLogin: $0 % 2 == 0 ? "login\($0)" : nil, date: date(1_300_000_000 - Double($0) * 60),
                           htmlURL: "https://github.com/o/r/commit/\($0)") }
    }

    @Test("pages append in order, page 0 replaces, branches and repositories are apart")
    func paging() throws {
        let store = try SQLiteStore.inMemory()
        #expect(try store.history(repositoryID: 1, branch: nil) == nil)
        let next = URL(string: "https://api.github.com/repositories/1/commits?sha=main&page=2")
        try store.saveHistoryPage(commits(1...30), next: next, pageIndex: 0, repositoryID: 1, branch: nil, fetchedAt: date(100))
        // The second page overlaps the first by one commit (history moved while reading): kept once.
        try store.saveHistoryPage(commits(30...40), next: nil, pageIndex: 1, repositoryID: 1, branch: nil, fetchedAt: date(200))
        let stored = try #require(try store.history(repositoryID: 1, branch: nil))
        #expect(stored.commits == commits(1...40))
        #expect(stored.next == nil)
        #expect(stored.pages == 2)
        #expect(stored.fetchedAt == date(100))

        try store.saveHistoryPage(commits(5...6), next: nil, pageIndex: 0, repositoryID: 1, branch: "feature/x", fetchedAt: date(300))
        try store.saveHistoryPage(commits(7...7), next: nil, pageIndex: 0, repositoryID: 2, branch: nil, fetchedAt: date(300))
        #expect(try store.history(repositoryID: 1, branch: "feature/x")?.commits == commits(5...6))
        #expect(try store.history(repositoryID: 1, branch: nil)?.commits.count == 40)

        try store.saveHistoryPage(commits(50...51), next: next, pageIndex: 0, repositoryID: 1, branch: nil, fetchedAt: date(400))
        let replaced = try #require(try store.history(repositoryID: 1, branch: nil))
        #expect(replaced.commits == commits(50...51))
        #expect(replaced.next == next)
        #expect(replaced.pages == 1)
        #expect(replaced.fetchedAt == date(400))
    }

    @Test("a recorded commit in full round-trips, by sha in any case, and is readable after reopening offline")
    func commitDetailOffline() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let detail = try JSONDecoder().decode(CommitDetail.self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminCommitDetail))
        let history = try JSONDecoder().decode([Commit].self, from: Fixtures.interactions(Fixtures.Name.railsAdminHistoryPages)[0].body)
        do {
            let store = SQLiteStore.open(directory: directory.url).store
            #expect(try store.commitDetail(sha: detail.sha) == nil)
            try store.saveCommitDetail(detail, storedAt: date(10))
            try store.saveHistoryPage(history, next: URL(string: "https://api.github.com/x?page=2"), pageIndex: 0,
                                      repositoryID: 810796, branch: "master", fetchedAt: date(10))
            try store.close()
        }
        let reopened = SQLiteStore.open(directory: directory.url).store
        #expect(try reopened.commitDetail(sha: detail.sha) == detail)
        #expect(try reopened.commitDetail(sha: detail.sha.uppercased()) == detail)
        let stored = try #require(try reopened.history(repositoryID: 810796, branch: "master"))
        #expect(stored.commits == history)
        #expect(stored.next?.absoluteString == "https://api.github.com/x?page=2")
        try reopened.close()
    }

    @Test("a stored body that no longer decodes reads as none")
    func damagedDetail() throws {
        let store = try SQLiteStore.inMemory()
        try store.withDatabase { try $0.write { db in
            try db.execute(sql: "INSERT INTO commit_detail (sha, body, stored_at) VALUES ('abc', X'7B', 0)")
        } }
        #expect(try store.commitDetail(sha: "abc") == nil)
    }

    @Test("a commit is stored packed: patches of every kind come back as they were, and a JSON row of before still reads")
    func packedCommit() throws {
        let person = CommitDetail.Person(name: "Ада 日本", email: "a@b", date: date(100), login: "ada")
        let patches: [String?] = [nil, "", "@@ -1 +1 @@\n-a\n+b", String(repeating: "+ 日本語 🎉 \u{0}\t\"\\ line\n", count: 5_000), nil]
        let files = patches.enumerated().map { CommitDetail.File(filename: "f\($0.offset)", status: "modified", additions: 1, patch: $0.element) }
        let detail = CommitDetail(sha: String(repeating: "c", count: 40), message: "Big\n\nbody", author: person, committer: person,
                                  parentSHAs: ["p"], stats: .init(additions: 1, deletions: 2, total: 3), files: files, htmlURL: "https://x")
        let store = try SQLiteStore.inMemory()
        try store.saveCommitDetail(detail, storedAt: date(10))
        #expect(try store.commitDetail(sha: detail.sha) == detail)
        let body = try #require(try store.withDatabase { try $0.read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM commit_detail WHERE sha = ?", arguments: [detail.sha])
        } })
        #expect(body.starts(with: Array("GCP1".utf8)), "packed, not JSON")
        #expect(body.count < (try JSONEncoder().encode(detail)).count, "smaller than its JSON (no escapes)")
        // Cut anywhere, or with a byte more: read as none (fetched again), never a wrong commit.
        for cut in [5, 9, body.count / 2, body.count - 1] {
            #expect(PackedCommit.unpack(body.prefix(cut)) == nil)
        }
        #expect(PackedCommit.unpack(body + Data([0])) == nil)
        // A row written as JSON by an earlier version.
        let old = try JSONEncoder().encode(detail)
        try store.withDatabase { try $0.write { db in
            try db.execute(sql: "INSERT INTO commit_detail (sha, body, stored_at) VALUES ('old', ?, 0)", arguments: [old])
        } }
        #expect(try store.commitDetail(sha: "old")?.files == detail.files)
    }
}
