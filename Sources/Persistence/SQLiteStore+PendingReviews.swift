import Foundation
import GRDB

/// One comment of a review being written on a pull request, as stored: where it goes in the diff (the
/// last line of its range on `side`, GitHub's `LEFT` or `RIGHT`; `startLine` on `startSide` for a
/// range), its text exactly as written, and why GitHub last refused it, if it did.
public struct PendingReviewComment: Sendable, Equatable {
    /// The store's id (0 for one not stored yet).
    public var id: Int64
    public var path: String
    public var line: Int
    public var side: String
    public var startLine: Int?
    public var startSide: String?
    public var body: String
    public var refusal: String?
    public var updatedAt: Date

    public init(id: Int64 = 0, path: String, line: Int, side: String, startLine: Int? = nil, startSide: String? = nil, body: String,
                refusal: String? = nil, updatedAt: Date) {
        self.id = id
        self.path = path
        self.line = line
        self.side = side
        self.startLine = startLine
        self.startSide = startSide
        self.body = body
        self.refusal = refusal
        self.updatedAt = updatedAt
    }
}

/// The review being written on each pull request (repository `owner/name`, any case, and number): kept
/// until the caller removes it, whatever else happens. `SQLiteStore` is one.
public protocol PendingReviewStore: AnyObject, Sendable {
    /// The pull request's pending comments, oldest first.
    func pendingReviewComments(repository: String, number: Int) throws -> [PendingReviewComment]
    /// Writes a comment: a new one (id 0) is added, one stored is replaced. Returns its id.
    @discardableResult
    func savePendingReviewComment(_ comment: PendingReviewComment, repository: String, number: Int) throws -> Int64
    func removePendingReviewComment(id: Int64, repository: String, number: Int) throws
    /// Removes the whole pending review (submitted or discarded).
    func removePendingReview(repository: String, number: Int) throws
    /// Says why GitHub refused the pending review (nil clears it) on every one of its comments.
    func setPendingReviewRefusal(_ refusal: String?, repository: String, number: Int) throws
}

extension SQLiteStore: PendingReviewStore {
    public func pendingReviewComments(repository: String, number: Int) throws -> [PendingReviewComment] {
        try withDatabase { try $0.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, path, line, side, start_line, start_side, body, refusal, updated_at FROM pending_review_comment
                WHERE repository = ? AND number = ? ORDER BY id
                """, arguments: [repository.lowercased(), number]).map { row in
                PendingReviewComment(id: row["id"], path: row["path"], line: row["line"], side: row["side"], startLine: row["start_line"],
                                     startSide: row["start_side"], body: Rows.text(row, "body") ?? "", refusal: row["refusal"],
                                     updatedAt: Rows.decodeDate(row["updated_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
            }
        } }
    }

    @discardableResult
    public func savePendingReviewComment(_ comment: PendingReviewComment, repository: String, number: Int) throws -> Int64 {
        try withDatabase { try $0.write { db -> Int64 in
            let values: Rows.Values = [repository.lowercased(), number, comment.path, comment.line, comment.side, comment.startLine,
                                       comment.startSide, Rows.text(comment.body), comment.refusal, Rows.encode(comment.updatedAt)]
            if comment.id != 0 {
                try db.execute(sql: """
                    UPDATE pending_review_comment SET repository = ?, number = ?, path = ?, line = ?, side = ?, start_line = ?,
                    start_side = ?, body = ?, refusal = ?, updated_at = ? WHERE id = ?
                    """, arguments: StatementArguments(values + [comment.id]))
                if db.changesCount > 0 { return comment.id }
            }
            try db.execute(sql: """
                INSERT INTO pending_review_comment (repository, number, path, line, side, start_line, start_side, body, refusal,
                updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: StatementArguments(values))
            return db.lastInsertedRowID
        } }
    }

    public func removePendingReviewComment(id: Int64, repository: String, number: Int) throws {
        try withDatabase { try $0.write { db in
            try db.execute(sql: "DELETE FROM pending_review_comment WHERE id = ? AND repository = ? AND number = ?",
                           arguments: [id, repository.lowercased(), number])
        } }
    }

    public func removePendingReview(repository: String, number: Int) throws {
        try withDatabase { try $0.write { db in
            try db.execute(sql: "DELETE FROM pending_review_comment WHERE repository = ? AND number = ?",
                           arguments: [repository.lowercased(), number])
        } }
    }

    public func setPendingReviewRefusal(_ refusal: String?, repository: String, number: Int) throws {
        try withDatabase { try $0.write { db in
            try db.execute(sql: "UPDATE pending_review_comment SET refusal = ? WHERE repository = ? AND number = ?",
                           arguments: [refusal, repository.lowercased(), number])
        } }
    }
}
