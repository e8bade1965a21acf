import Foundation
import GitHubEntities
import GRDB
@testable import Persistence
import Testing

@Suite("Search index")
struct SearchIndexTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func search(_ store: SQLiteStore, _ text: String, limit: Int = 50) throws -> [SearchHit] {
        try store.search(SearchQuery.parse(text, typing: false), limit: limit)
    }

    func text(_ pieces: [SearchHit.Piece]) -> String { pieces.map(\.text).joined() }
    func matches(_ pieces: [SearchHit.Piece]) -> [String] { pieces.filter(\.isMatch).map(\.text) }

    func readmeKey(_ fullName: String) -> String {
        "https://api.github.com/repos/\(fullName)/readme tokenhash"
    }

    func saveReadme(_ store: SQLiteStore, _ fullName: String, _ markdown: String, at date: Date? = nil) throws {
        try store.saveValidator(StoredValidator(etag: "\"e\"", lastModified: nil, body: Data(markdown.utf8), linkHeader: nil,
                                                storedAt: date ?? now), for: readmeKey(fullName))
    }

    @Test("repositories, READMEs, issues, comments, commits and releases are found as they are stored")
    func everyKind() throws {
        let store = try SQLiteStore.inMemory()
        try store.replaceRepositories([Repository(id: 1, name: "zephyr", fullName: "octo/zephyr", ownerLogin: "octo",
                                                  description: "A windy toolkit", topics: ["breeze"])],
                                      list: .owner("octo"), fetchedAt: now)
        try saveReadme(store, "octo/zephyr", "# Zephyr\n\nInstall with [the **quokka** installer](https://example.com/x).")
        try store.saveIssuePage([Issue(number: 7, title: "Crash on marmot input", body: "It fails")], next: nil,
                                pageIndex: 0, repository: "Octo/Zephyr", key: .issues(state: "open"), fetchedAt: now)
        try store.savePullRequestPage([PullRequest(issue: Issue(number: 8, title: "Fix the ocelot", isPullRequest: true), baseRef: "main", headLabel: "x")],
                                      next: nil, pageIndex: 0, repository: "octo/zephyr", key: .pullRequests(state: "open"),
                                      fetchedAt: now)
        try store.saveCommentPage([IssueComment(id: 900, author: "ann", body: "Seen with a narwhal too")], next: nil,
                                  pageIndex: 0, repository: "octo/zephyr", number: 7, fetchedAt: now)
        try store.saveHistoryPage([Commit(sha: "abc123", message: "Teach the pangolin\n\nLonger body about axolotl",
                                          authorName: "Bo")], next: nil, pageIndex: 0, repositoryID: 1, branch: nil, fetchedAt: now)
        try store.saveReleases([Release(id: 55, tagName: "v1.0", name: "Capybara", body: "Notes on *tapir*")], next: nil,
                               repositoryID: 1, fetchedAt: now)

        #expect(try search(store, "breeze").map(\.kind) == [.repository])
        #expect(try search(store, "windy").first?.repository == "octo/zephyr")
        let readme = try #require(try search(store, "quokka").first)
        #expect(readme.kind == .readme)
        #expect(readme.repository == "octo/zephyr")
        #expect(!text(readme.snippet).contains("https"), "link targets are not indexed")
        #expect(!text(readme.snippet).contains("**"))
        #expect(try search(store, "example").isEmpty)
        let issue = try #require(try search(store, "marmot").first)
        #expect(issue.kind == .issue && issue.number == 7 && issue.repository == "octo/zephyr")
        #expect(matches(issue.title) == ["marmot"])
        #expect(try search(store, "ocelot").first?.kind == .pullRequest)
        let comment = try #require(try search(store, "narwhal").first)
        #expect(comment.kind == .comment && comment.number == 7 && comment.target == "900" && comment.author == "ann")
        #expect(text(comment.title) == "Crash on marmot input", "a comment is titled by its thread")
        #expect(!comment.isOnPullRequest)
        let commit = try #require(try search(store, "pangolin").first)
        #expect(commit.kind == .commit && commit.target == "abc123" && commit.repository == "octo/zephyr")
        #expect(try search(store, "axolotl").first?.kind == .commit)
        let release = try #require(try search(store, "capybara").first)
        #expect(release.kind == .release && release.number == 55 && release.target == "v1.0")
        #expect(try search(store, "tapir").first?.kind == .release)
        #expect(try store.storedRepository(fullName: "OCTO/zephyr")?.id == 1)
        #expect(try store.storedRepository(fullName: "octo/none") == nil)
    }

    @Test("an edited comment is indexed again, a deleted one and a removed issue leave the index")
    func keptInStep() throws {
        let store = try SQLiteStore.inMemory()
        try store.saveCommentPage([IssueComment(id: 1, author: "a", body: "first wombat"),
                                   IssueComment(id: 2, author: "b", body: "second dingo")], next: nil,
                                  pageIndex: 0, repository: "o/r", number: 3, fetchedAt: now)
        #expect(try search(store, "wombat").count == 1)
        // Read again: comment 1 edited, comment 2 deleted upstream.
        try store.saveCommentPage([IssueComment(id: 1, author: "a", body: "first koala")], next: nil,
                                  pageIndex: 0, repository: "o/r", number: 3, fetchedAt: now)
        #expect(try search(store, "wombat").isEmpty)
        #expect(try search(store, "koala").count == 1)
        #expect(try search(store, "dingo").isEmpty)

        // An issue in two lists stays until the last of them drops it.
        let issue = Issue(number: 4, title: "Platypus problem")
        try store.saveIssuePage([issue], next: nil, pageIndex: 0, repository: "o/r", key: .issues(state: "open"), fetchedAt: now)
        try store.saveIssuePage([issue], next: nil, pageIndex: 0, repository: "o/r", key: .issues(state: "all"), fetchedAt: now)
        try store.saveIssuePage([], next: nil, pageIndex: 0, repository: "o/r", key: .issues(state: "open"), fetchedAt: now)
        #expect(try search(store, "platypus").count == 1)
        try store.saveIssuePage([], next: nil, pageIndex: 0, repository: "o/r", key: .issues(state: "all"), fetchedAt: now)
        #expect(try search(store, "platypus").isEmpty)

        // A repository dropped by a refresh of its only list leaves; the README replaced is indexed anew.
        try store.replaceRepositories([Repository(id: 9, name: "gone", fullName: "o/gone", ownerLogin: "o")],
                                      list: .owner("o"), fetchedAt: now)
        #expect(try search(store, "gone").count == 1)
        try store.replaceRepositories([], list: .owner("o"), fetchedAt: now)
        #expect(try search(store, "gone").isEmpty)
        try saveReadme(store, "o/r", "old emu text")
        try saveReadme(store, "o/r", "new cassowary text")
        #expect(try search(store, "emu").isEmpty)
        #expect(try search(store, "cassowary").count == 1)
        #expect(try store.searchIndexStatus().documents == 2, "the koala comment and the README")
    }

    @Test("bm25 ranks a title match over a body mention; equal ranks put the recent first")
    func ranking() throws {
        let store = try SQLiteStore.inMemory()
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try store.saveIssuePage([
            Issue(number: 1, title: "Unrelated", updatedAt: now, body: "mentions gazelle once among many other words here"),
            Issue(number: 2, title: "Gazelle crash", updatedAt: old, body: "short"),
            Issue(number: 3, title: "Twin", updatedAt: old, body: "ibex"),
            Issue(number: 4, title: "Twin", updatedAt: now, body: "ibex"),
        ], next: nil, pageIndex: 0, repository: "o/r", key: .issues(state: "all"), fetchedAt: now)
        #expect(try search(store, "gazelle").map(\.number) == [2, 1])
        #expect(try search(store, "ibex").map(\.number) == [4, 3])
    }

    @Test("query syntax: phrases, prefixes, repo:, owner:, is:")
    func syntax() throws {
        let store = try SQLiteStore.inMemory()
        try store.saveIssuePage([Issue(number: 1, title: "The quick brown fox"), Issue(number: 2, title: "brown quick fox")],
                                next: nil, pageIndex: 0, repository: "alice/one", key: .issues(state: "all"), fetchedAt: now)
        try store.saveIssuePage([Issue(number: 3, title: "quick brown fox again")], next: nil, pageIndex: 0,
                                repository: "bob/two", key: .issues(state: "all"), fetchedAt: now)
        try saveReadme(store, "alice/one", "quick brown notes")
        #expect(Set(try search(store, "\"quick brown\"").compactMap(\.number)) == [1, 3])
        #expect(try search(store, "\"quick brown\"").count == 3, "and the README")
        #expect(try search(store, "qui*").count == 4)
        #expect(try search(store, "qui").isEmpty, "a finished word is a word")
        #expect(try store.search(SearchQuery.parse("qui"), limit: 10).count == 4, "the word being typed is a prefix")
        #expect(try search(store, "fox repo:alice/one").compactMap(\.number).sorted() == [1, 2])
        #expect(try search(store, "fox repo:ALICE/ONE").count == 2)
        #expect(try search(store, "fox owner:bob").map(\.number) == [3])
        #expect(try search(store, "brown is:readme").map(\.kind) == [.readme])
        #expect(try search(store, "brown is:issue owner:alice").count == 2)
        #expect(try search(store, "is:readme").map(\.kind) == [.readme], "filters alone list the most recent")
        let query = SearchQuery.parse("is:wiki fox", typing: false)
        #expect(query.unknownFilters == ["is:wiki"])
    }

    @Test("hostile text: FTS5 syntax in a query is text, controls never reach a snippet")
    func hostile() throws {
        let store = try SQLiteStore.inMemory()
        let body = "evil \u{1B}[31mred\u{1B}[0m \u{1}marker\u{2} NEAR(a b) \"quote\" col:umn * ^ - AND OR NOT"
        try store.saveIssuePage([Issue(number: 1, title: "hostile \u{7}bell", body: body)], next: nil, pageIndex: 0,
                                repository: "o/r", key: .issues(state: "all"), fetchedAt: now)
        for query in ["NEAR(a b)", "\"", "\"\"", "col:umn", "*", "^evil", "- AND OR NOT", "a\"b", "(", ")", "{title}: evil",
                      "evil\" OR \"x", "\u{0}", "repo:", "owner:", "is:", String(repeating: "x", count: 10_000)] {
            _ = try search(store, query)
            _ = try store.search(SearchQuery.parse(query), limit: 5)
        }
        let hit = try #require(try search(store, "evil").first)
        let shown = text(hit.snippet) + text(hit.title)
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(shown.debugDescription)")
        #expect(matches(hit.snippet) == ["evil"])
        #expect(try search(store, "marker").count == 1, "a marker character in the text is a space, the word is found")
        #expect(try search(store, "\"quote\"").count == 1)
    }

    @Test("CJK words inside runs, diacritics and case folded both ways")
    func cjkAndDiacritics() throws {
        let store = try SQLiteStore.inMemory()
        try store.saveIssuePage([
            Issue(number: 1, title: "\u{6771}\u{4EAC}\u{90FD}\u{306E}\u{5929}\u{6C17}"),      // 東京都の天気
            Issue(number: 2, title: "Cr\u{E8}me Br\u{FB}l\u{E9}e"),                             // Crème Brûlée
            Issue(number: 3, title: "\u{D55C}\u{AD6D}\u{C5B4} \u{C5F0}\u{AD6C}"),                // 한국어 연구
        ], next: nil, pageIndex: 0, repository: "o/r", key: .issues(state: "all"), fetchedAt: now)
        #expect(try search(store, "\u{4EAC}\u{90FD}").map(\.number) == [1], "京都 inside 東京都")
        #expect(try search(store, "\u{5929}\u{6C17}").map(\.number) == [1], "天気 at the run's end")
        #expect(try search(store, "\u{6771}").map(\.number) == [1], "one character as typed")
        #expect(try search(store, "\u{5927}\u{962A}").isEmpty, "大阪 is not there")
        let hit = try #require(try search(store, "\u{4EAC}\u{90FD}").first)
        #expect(text(hit.title) == "\u{6771}\u{4EAC}\u{90FD}\u{306E}\u{5929}\u{6C17}", "the title reads as written")
        #expect(matches(hit.title) == ["\u{4EAC}\u{90FD}"])
        #expect(try search(store, "creme brulee").map(\.number) == [2])
        #expect(try search(store, "CR\u{C8}ME").map(\.number) == [2])
        #expect(try search(store, "\u{D55C}\u{AD6D}").map(\.number) == [3])
    }

    @Test("huge bodies are indexed up to the limit")
    func bounded() throws {
        let store = try SQLiteStore.inMemory()
        let body = String(repeating: "filler ", count: SearchText.maximumUTF8 / 7 + 10) + "beyondthelimit"
        try store.saveIssuePage([Issue(number: 1, title: "big", body: "early " + body)], next: nil, pageIndex: 0,
                                repository: "o/r", key: .issues(state: "all"), fetchedAt: now)
        #expect(try search(store, "early").count == 1)
        #expect(try search(store, "beyondthelimit").isEmpty)
    }

    @Test("a store from before the index is indexed by buildSearchIndex, and writes meanwhile are kept")
    func backfill() throws {
        let queue = try DatabaseQueue()
        let migrator = Schema.migrator
        queue.writeWithoutTransaction { db in SearchIndex.register(db) }
        try migrator.migrate(queue, upTo: "v13-pending-reviews")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO issue (repository, kind, number, body, stored_at) VALUES ('o/r', 'issue', 5, ?, 0)
                """, arguments: [Data(#"{"number":5,"title":"Old heron issue","body":"from before"}"#.utf8)])
            try db.execute(sql: """
                INSERT INTO validator (key, body, stored_at) VALUES (?, ?, 0)
                """, arguments: [readmeKey("o/r"), Data("an old README about egrets".utf8)])
        }
        try Schema.migrate(queue)
        let store = SQLiteStore(writer: queue, outcome: .opened, databaseURL: nil)
        #expect(try store.searchIndexStatus().isBuilding)
        #expect(try search(store, "heron").isEmpty)
        try store.saveIssue(Issue(number: 6, title: "New heron"), repository: "o/r", storedAt: now)
        try store.buildSearchIndex()
        #expect(!(try store.searchIndexStatus().isBuilding))
        #expect(Set(try search(store, "heron").compactMap(\.number)) == [5, 6])
        #expect(try search(store, "egrets").first?.kind == .readme)
        #expect(try store.searchIndexStatus().indexBytes > 0)
    }

    @Test("the README's repository is read from its validator key; other keys are not READMEs")
    func readmeKeys() {
        #expect(SearchIndex.readmeRepository(validatorKey: "https://api.github.com/repos/Octo/Cat/readme abc") == "octo/cat")
        #expect(SearchIndex.readmeRepository(validatorKey: "https://ghe.example/api/v3/repos/a/b/readme x") == "a/b")
        #expect(SearchIndex.readmeRepository(validatorKey: "https://api.github.com/repos/a/b/commits x") == nil)
        #expect(SearchIndex.readmeRepository(validatorKey: "https://api.github.com/repos/a/b/contents/readme x") == nil)
    }

    @Test("Markdown marks are taken out, words kept")
    func markdown() {
        let stripped = SearchText.strippingMarkdown("""
            # Title
            See [the docs](https://x.example/a_b) and ![logo](logo.png) <img src="a.png"> **bold** `code` snake_case
            ```swift
            let a = 1
            ```
            [ref]: https://ref.example
            """)
        #expect(!stripped.contains("https"))
        #expect(!stripped.contains("png"))
        #expect(!stripped.contains("**"))
        #expect(stripped.contains("snake_case"))
        #expect(stripped.contains("the docs"))
        #expect(stripped.contains("let a = 1"))
    }
}
