import Foundation
import GitHubEntities
import GRDB

extension SQLiteStore {
    /// Stores one page of a thread's comments without losing the pages read after it. A page read again
    /// (page 1 when a thread reopens) is the truth for the stretch of stored comments it shares: a stored
    /// comment inside that stretch that the page no longer has was deleted, the ones it has are written
    /// again with their edits, and a new one takes its place in the page's order. What lies before the
    /// stretch stays unless this is page 1; what lies after it stays while GitHub says a page follows
    /// (the last page ends the thread). A page that shares nothing is added after the stored comments (the
    /// next page, or a comment just posted), except page 1, which then starts the thread anew. While the
    /// store reaches further than this page, its `next` and its count of pages stay the store's, so the
    /// thread goes on where the reader left it.
    func mergeCommentPage(_ comments: [IssueComment], next: URL?, pageIndex: Int, repository: String, number: Int,
                          fetchedAt: Date) throws {
        let (kind, state) = IssueListKey.comments(number: number).columns
        let repository = repository.lowercased()
        let encoder = JSONEncoder()
        var fresh: [Int64: Data] = [:]
        var freshOrder: [Int64] = []
        for comment in comments where fresh[comment.id] == nil {
            fresh[comment.id] = try encoder.encode(comment)
            freshOrder.append(comment.id)
        }
        try withDatabase { try $0.write { db in
            let arguments: StatementArguments = [repository, kind, state]
            let head = try Row.fetchOne(db, sql: """
                SELECT next_url, pages, fetched_at FROM issue_list WHERE repository = ? AND kind = ? AND state = ?
                """, arguments: arguments)
            if pageIndex > 0, !freshOrder.isEmpty, try !sharesAny(db, arguments, freshOrder) {
                // The usual page: after the stored ones, sharing none of them. Appended without reading
                // the thread (a 5,000-comment thread's 50th page read 4,900 rows only to find that).
                try append(db, arguments, freshOrder.compactMap { id in fresh[id].map { (id, $0) } }, next: next, pages: pageIndex + 1,
                           fetchedAt: head.flatMap { Rows.decodeDate($0["fetched_at"]) } ?? fetchedAt)
                return
            }
            let stored = try Row.fetchAll(db, sql: """
                SELECT position, number FROM issue_list_item WHERE repository = ? AND kind = ? AND state = ? ORDER BY position
                """, arguments: arguments).map { (position: $0["position"] as Int, id: $0["number"] as Int64) }
            let storedIDs = stored.map(\.id)
            let shared = storedIDs.indices.filter { fresh[storedIDs[$0]] != nil }
            let final: [Int64]
            var reachesFurther = false
            if let first = shared.first, let last = shared.last {
                let before = pageIndex > 0 ? storedIDs[..<first].filter { fresh[$0] == nil } : []
                let after = next != nil ? storedIDs[(last + 1)...].filter { fresh[$0] == nil } : []
                reachesFurther = !after.isEmpty
                final = before + freshOrder + after
            } else if pageIndex == 0 {
                final = freshOrder
            } else {
                final = storedIDs + freshOrder
            }
            let finalIDs = Set(final)
            let delete = try db.cachedStatement(sql: """
                DELETE FROM issue_list_item WHERE repository = ? AND kind = ? AND state = ? AND position = ?
                """)
            for row in stored where !finalIDs.contains(row.id) {
                try delete.execute(arguments: [repository, kind, state, row.position])
            }
            let update = try db.cachedStatement(sql: """
                UPDATE issue_list_item SET body = ? WHERE repository = ? AND kind = ? AND state = ? AND number = ?
                """)
            let storedSet = Set(storedIDs)
            for id in freshOrder where storedSet.contains(id) {
                try update.execute(arguments: [fresh[id], repository, kind, state, id])
            }
            let insert = try db.cachedStatement(sql: """
                INSERT INTO issue_list_item (repository, kind, state, position, number, body) VALUES (?, ?, ?, ?, ?, ?)
                """)
            // The usual case (a page after the stored ones, or one read again) keeps every position; a
            // comment that lands between stored ones (rare: one that was hidden) renumbers the thread.
            let keptOrder = storedIDs.filter(finalIDs.contains)
            if Array(final.prefix(keptOrder.count)) == keptOrder {
                var position = (stored.last?.position ?? -1) + 1
                for id in final.dropFirst(keptOrder.count) {
                    try insert.execute(arguments: [repository, kind, state, position, id, fresh[id]])
                    position += 1
                }
            } else {
                try db.execute(sql: """
                    UPDATE issue_list_item SET position = -1 - position WHERE repository = ? AND kind = ? AND state = ?
                    """, arguments: arguments)
                var free = -2 - (stored.map(\.position).max() ?? 0)   // below every negated position
                for id in final where !storedSet.contains(id) {
                    try insert.execute(arguments: [repository, kind, state, free, id, fresh[id]])
                    free -= 1
                }
                let renumber = try db.cachedStatement(sql: """
                    UPDATE issue_list_item SET position = ? WHERE repository = ? AND kind = ? AND state = ? AND number = ?
                    """)
                for (position, id) in final.enumerated() { try renumber.execute(arguments: [position, repository, kind, state, id]) }
            }
            let storedPages: Int = head?["pages"] ?? 0
            let storedNext: String? = head?["next_url"]
            let pages = reachesFurther ? max(storedPages, pageIndex + 1) : pageIndex + 1
            let nextURL = reachesFurther ? storedNext : next?.absoluteString
            let firstFetchedAt = pageIndex == 0 ? fetchedAt : (head.flatMap { Rows.decodeDate($0["fetched_at"]) } ?? fetchedAt)
            try db.execute(sql: """
                INSERT INTO issue_list (repository, kind, state, next_url, pages, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(repository, kind, state) DO UPDATE SET
                    next_url = excluded.next_url, pages = excluded.pages, fetched_at = excluded.fetched_at
                """, arguments: [repository, kind, state, nextURL, pages, Rows.encode(firstFetchedAt)])
        } }
    }

    /// Whether any of `ids` is stored in the thread (SQLite looks, the rows stay on its side).
    private func sharesAny(_ db: Database, _ arguments: StatementArguments, _ ids: [Int64]) throws -> Bool {
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
        return try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM issue_list_item WHERE repository = ? AND kind = ? AND state = ? AND number IN (\(marks)))
            """, arguments: arguments + StatementArguments(ids)) ?? false
    }

    /// Adds `items` after the thread's stored comments and sets its head.
    private func append(_ db: Database, _ arguments: StatementArguments, _ items: [(id: Int64, body: Data)],
                        next: URL?, pages: Int, fetchedAt: Date) throws {
        var position = try Int.fetchOne(db, sql: """
            SELECT COALESCE(MAX(position) + 1, 0) FROM issue_list_item WHERE repository = ? AND kind = ? AND state = ?
            """, arguments: arguments) ?? 0
        let insert = try db.cachedStatement(sql: """
            INSERT INTO issue_list_item (repository, kind, state, position, number, body) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for item in items {
            try insert.execute(arguments: arguments + [position, item.id, item.body])
            position += 1
        }
        try db.execute(sql: """
            INSERT INTO issue_list (repository, kind, state, next_url, pages, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(repository, kind, state) DO UPDATE SET
                next_url = excluded.next_url, pages = excluded.pages, fetched_at = excluded.fetched_at
            """, arguments: arguments + [next?.absoluteString, pages, Rows.encode(fetchedAt)])
    }
}
