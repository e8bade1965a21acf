import Foundation
import GRDB

/// What a draft is written for, on one issue or pull request.
public struct DraftKind: RawRepresentable, Sendable, Hashable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// A comment on the thread.
    public static let comment = DraftKind(rawValue: "comment")
    /// A pull request's review: its verdict and text (its line comments are `PendingReviewStore`'s).
    public static let review = DraftKind(rawValue: "review")

    /// A reply in one review thread of a pull request, the thread named by its first comment's id (one
    /// draft a thread).
    public static func reply(to root: Int64) -> DraftKind { DraftKind(rawValue: "reply \(root)") }
}

/// A draft as stored: the text exactly as written, and when it was last written.
public struct StoredDraft: Sendable, Equatable {
    public var text: String
    public var updatedAt: Date
}

/// Text the user wrote and has not posted, per repository (`owner/name`, any case), issue or pull
/// request number and kind. Kept until the caller removes it: nothing else (a refresh, a newer list)
/// ever touches it. `SQLiteStore` is one.
public protocol DraftStore: AnyObject, Sendable {
    func draft(repository: String, number: Int, kind: DraftKind) throws -> StoredDraft?
    /// The numbers of a repository that have a draft of `kind`.
    func draftNumbers(repository: String, kind: DraftKind) throws -> Set<Int>
    /// Writes the draft, replacing the one before.
    func saveDraft(_ text: String, repository: String, number: Int, kind: DraftKind, updatedAt: Date) throws
    func removeDraft(repository: String, number: Int, kind: DraftKind) throws
}

extension SQLiteStore: DraftStore {
    public func draft(repository: String, number: Int, kind: DraftKind) throws -> StoredDraft? {
        try withDatabase { try $0.read { db -> StoredDraft? in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT text, updated_at FROM draft WHERE repository = ? AND number = ? AND kind = ?
                """, arguments: [repository.lowercased(), number, kind.rawValue]),
                let text = Rows.text(row, "text") else { return nil }
            return StoredDraft(text: text, updatedAt: Rows.decodeDate(row["updated_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
        } }
    }

    public func draftNumbers(repository: String, kind: DraftKind) throws -> Set<Int> {
        try withDatabase { try $0.read { db in
            Set(try Int.fetchAll(db, sql: "SELECT number FROM draft WHERE repository = ? AND kind = ?",
                                 arguments: [repository.lowercased(), kind.rawValue]))
        } }
    }

    public func saveDraft(_ text: String, repository: String, number: Int, kind: DraftKind, updatedAt: Date) throws {
        try withDatabase { try $0.write { db in
            try db.execute(sql: """
                INSERT INTO draft (repository, number, kind, text, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(repository, number, kind) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
                """, arguments: StatementArguments([repository.lowercased(), number, kind.rawValue, Rows.text(text),
                                                    Rows.encode(updatedAt)] as Rows.Values))
        } }
    }

    public func removeDraft(repository: String, number: Int, kind: DraftKind) throws {
        try withDatabase { try $0.write { db in
            try db.execute(sql: "DELETE FROM draft WHERE repository = ? AND number = ? AND kind = ?",
                           arguments: [repository.lowercased(), number, kind.rawValue])
        } }
    }
}
