import Foundation
import GitHubEntities
import GRDB

/// One thing the local search found.
public struct SearchHit: Sendable, Equatable {
    /// A stretch of shown text: matched or not. The text is the store's, not yet sanitized.
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var isMatch: Bool

        public init(text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public var kind: SearchKind
    /// `owner/name`, lower case; empty when the store does not know it.
    public var repository: String
    public var repositoryID: Int64?
    /// The issue or pull request (a comment's thread), or the release's id.
    public var number: Int?
    /// A comment's id, a commit's sha, a release's tag.
    public var target: String?
    public var author: String?
    public var date: Date?
    /// The title with its matches (a comment's is its thread's, when stored).
    public var title: [Piece]
    /// Where the text matched, with the matches marked.
    public var snippet: [Piece]
    /// A comment on a pull request (its thread is stored as one).
    public var isOnPullRequest: Bool

    public init(kind: SearchKind, repository: String, repositoryID: Int64?, number: Int?, target: String?, author: String?,
                date: Date?, title: [Piece], snippet: [Piece], isOnPullRequest: Bool) {
        self.kind = kind
        self.repository = repository
        self.repositoryID = repositoryID
        self.number = number
        self.target = target
        self.author = author
        self.date = date
        self.title = title
        self.snippet = snippet
        self.isOnPullRequest = isOnPullRequest
    }
}

/// How big the index is and whether the store is indexed whole.
public struct SearchIndexStatus: Sendable, Equatable {
    public var documents: Int
    public var indexBytes: Int64
    /// Stored data from before the index is still being indexed.
    public var isBuilding: Bool
}

/// The local search over what the store holds. `SQLiteStore` is one; the search screen needs only this.
public protocol LocalSearchStore: AnyObject, Sendable {
    /// The best `limit` hits of `query`: bm25 (title weighed over body), the more recent first on ties, among
    /// its most recently indexed `SearchIndex.candidates` matches.
    /// Without words, the most recent documents the filters let through.
    func search(_ query: SearchQuery, limit: Int) throws -> [SearchHit]
    func searchIndexStatus() throws -> SearchIndexStatus
    /// Indexes stored data from before the index (a few thousand rows per transaction, so writes go on
    /// meanwhile); nothing when there is none. Call it off the UI thread.
    func buildSearchIndex() throws
    /// A stored repository by `owner/name` (any list), nil when none is stored.
    func storedRepository(fullName: String) throws -> Repository?
}

extension SQLiteStore: LocalSearchStore {
    /// The most rows one transaction of `buildSearchIndex` reads from a table.
    static let indexingSlice: Int64 = 2_000

    public func search(_ query: SearchQuery, limit: Int) throws -> [SearchHit] {
        guard !query.isEmpty else { return [] }
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let repository = query.repository {
            conditions.append("d.repository = ?")
            arguments.append(repository)
        }
        if let owner = query.owner {
            conditions.append("substr(d.repository, 1, ?) = ?")
            arguments.append(owner.count + 1)
            arguments.append(owner + "/")
        }
        if !query.kinds.isEmpty {
            let kinds = SearchKind.allCases.filter(query.kinds.contains)
            conditions.append("d.kind IN (\(kinds.map { _ in "?" }.joined(separator: ",")))")
            arguments.append(contentsOf: kinds.map(\.rawValue) as [any DatabaseValueConvertible])
        }
        let threadTitle = "(SELECT t.title FROM search_doc t WHERE d.kind = 'comment' AND t.key = 'thread:' || d.repository || '#' || d.number)"
        let threadKind = "(SELECT t.kind FROM search_doc t WHERE d.kind = 'comment' AND t.key = 'thread:' || d.repository || '#' || d.number)"
        let filter = conditions.map { " AND " + $0 }.joined()
        guard let match = query.matchExpression else {
            let sql = """
                SELECT d.kind, d.repository, d.repository_id, d.number, d.target, d.author, d.date,
                    CASE WHEN d.kind = 'comment' THEN COALESCE(\(threadTitle), '') ELSE d.title END AS title,
                    substr(d.body, 1, 160) AS snippet, \(threadKind) AS thread_kind
                FROM search_doc d WHERE 1\(filter) ORDER BY d.date DESC LIMIT ?
                """
            return try withDatabase { try $0.read { db in
                try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments + [limit])).compactMap(Self.hit)
            } }
        }
        // Two steps, so that the costly parts cost what is shown: the best `limit` of the most recently
        // indexed `SearchIndex.candidates` matches (bm25 reads each match's sizes; a common word in a big
        // store matches tens of thousands), then snippets and titles for those alone.
        let best = """
            WITH c AS (SELECT search_fts.rowid AS id, bm25(search_fts, 4.0, 1.0) AS score
                FROM search_fts JOIN search_doc d ON d.id = search_fts.rowid
                WHERE search_fts MATCH ?\(filter) ORDER BY search_fts.rowid DESC LIMIT \(SearchIndex.candidates))
            SELECT c.id FROM c JOIN search_doc d ON d.id = c.id ORDER BY c.score, d.date DESC LIMIT ?
            """
        return try withDatabase { try $0.read { db in
            let ids = try Int64.fetchAll(db, sql: best, arguments: StatementArguments([match] + arguments + [limit]))
            guard !ids.isEmpty else { return [] }
            let shown = """
                SELECT search_fts.rowid AS id, d.kind, d.repository, d.repository_id, d.number, d.target, d.author, d.date,
                    CASE WHEN d.kind = 'comment' THEN COALESCE(\(threadTitle), '')
                        ELSE highlight(search_fts, 0, char(1), char(2)) END AS title,
                    snippet(search_fts, 1, char(1), char(2), '…', 16) AS snippet, \(threadKind) AS thread_kind
                FROM search_fts JOIN search_doc d ON d.id = search_fts.rowid
                WHERE search_fts MATCH ? AND search_fts.rowid IN (\(ids.map { _ in "?" }.joined(separator: ",")))
                """
            var rows: [Int64: Row] = [:]
            for row in try Row.fetchAll(db, sql: shown, arguments: StatementArguments([match] + ids)) { rows[row["id"]] = row }
            return ids.compactMap { rows[$0].flatMap(Self.hit) }
        } }
    }

    private static func hit(_ row: Row) -> SearchHit? {
        guard let kind = SearchKind(rawValue: row["kind"]) else { return nil }
        let date: Double? = row["date"]
        let threadKind: String? = row["thread_kind"]
        return SearchHit(kind: kind, repository: row["repository"], repositoryID: row["repository_id"],
                         number: row["number"], target: row["target"], author: row["author"],
                         date: date.map { Date(timeIntervalSince1970: $0) },
                         title: pieces(row["title"] ?? ""), snippet: pieces(row["snippet"] ?? ""),
                         isOnPullRequest: kind == .pullRequest || threadKind == SearchKind.pullRequest.rawValue)
    }

    /// Indexed text with `\u{1}`…`\u{2}` around matches as pieces, CJK pairs made runs again, line breaks
    /// as spaces.
    static func pieces(_ marked: String) -> [SearchHit.Piece] {
        var pieces: [SearchHit.Piece] = []
        var current = ""
        var isMatch = false
        for scalar in SearchText.collapsed(marked).unicodeScalars {
            switch scalar {
            case "\u{1}", "\u{2}":
                if !current.isEmpty { pieces.append(SearchHit.Piece(text: current, isMatch: isMatch)) }
                current = ""
                isMatch = scalar == "\u{1}"
            case "\n":
                current.unicodeScalars.append(" ")
            default:
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { pieces.append(SearchHit.Piece(text: current, isMatch: isMatch)) }
        return pieces
    }

    public func searchIndexStatus() throws -> SearchIndexStatus {
        try withDatabase { try $0.read { db in
            let documents = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM search_doc") ?? 0
            let index = try Int64.fetchOne(db, sql: """
                SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name IN ('search_doc', 'sqlite_autoindex_search_doc_1',
                    'search_doc_on_repository_id', 'search_fts_data', 'search_fts_idx', 'search_fts_docsize',
                    'search_fts_config', 'repository_on_id')
                """) ?? 0
            let pending = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?",
                                              arguments: [SearchIndex.pendingSetting]) != nil
            return SearchIndexStatus(documents: documents, indexBytes: index, isBuilding: pending)
        } }
    }

    public func buildSearchIndex() throws {
        let pending = try withDatabase { try $0.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [SearchIndex.pendingSetting])
        } }
        guard pending != nil else { return }
        for source in SearchIndex.sources {
            let sql = SearchIndex.backfill(source)
            let last = try withDatabase { try $0.read { db in
                try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM \(source.table)") ?? 0
            } }
            var low: Int64 = 0
            while low <= last {
                let high = low + Self.indexingSlice - 1
                try withDatabase { try $0.write { db in try db.execute(sql: sql, arguments: [low, high]) } }
                low = high + 1
            }
        }
        try withDatabase { try $0.write { db in
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [SearchIndex.pendingSetting])
        } }
    }

    public func storedRepository(fullName: String) throws -> Repository? {
        try withDatabase { try $0.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Rows.repositoryColumns) FROM repository WHERE full_name = ? COLLATE NOCASE LIMIT 1",
                             arguments: [fullName]).map(Rows.repository)
        } }
    }
}
