import Foundation
import GRDB

/// The full-text index over what the store holds, kept by SQLite itself.
///
/// `search_doc` holds one row per thing found (a repository, a README, an issue or pull request, a comment,
/// a commit, a release) with its text as indexed (`SearchText`); `search_fts` is FTS5 over it (external
/// content, `unicode61 remove_diacritics 2`: case and diacritics folded; CJK through `SearchText`'s pairs).
/// Triggers on the stored tables write `search_doc` in the same transaction as the data, so the index
/// cannot disagree with the store: a comment edited is indexed again, a thread or list replaced takes its
/// documents with it (a document shared by several stored rows — an issue in two lists, a repository in two
/// lists, a commit in two branches — goes with the last of them). A store from before the index is indexed
/// by `SQLiteStore.buildSearchIndex()`, after the first frame, in slices.
enum SearchIndex {
    /// The setting that says the stored data is not indexed yet (set by the migration on a store with data).
    static let pendingSetting = "search_index_pending"
    /// A query ranks at most this many of its matches, the most recently indexed (see `SQLiteStore.search`).
    static let candidates = 1_000

    /// Where a stored table's rows become documents: the table, a condition on its row (`NEW`), and the
    /// SELECT that makes the documents of `NEW` (its FROM part, when the row holds several).
    struct Source {
        let name: String
        let table: String
        let when: String
        let from: String
        let select: String
        /// Deletes the documents of `OLD` that no other stored row still makes.
        let delete: String
    }

    static let documentColumns = "key, kind, repository, repository_id, number, target, author, date, title, body"

    /// Seconds between 1970 and 2001 (the store's dates count from 2001; the index's from 1970).
    private static let referenceOffset = "978307200"

    private static func json(_ path: String, _ of: String = "CAST(NEW.body AS TEXT)") -> String {
        "json_extract(\(of), '\(path)')"
    }

    private static let threadSelect = """
        SELECT 'thread:' || NEW.repository || '#' || NEW.number,
            CASE WHEN NEW.kind IN ('pulls', 'pull') THEN 'pull' ELSE 'issue' END,
            NEW.repository, NULL, NEW.number, NULL, \(json("$.user.login")),
            unixepoch(COALESCE(\(json("$.updated_at")), \(json("$.created_at")))),
            search_plain(\(json("$.title"))), search_markdown(\(json("$.body")))
        """

    private static var commitSelect: String {
        """
        SELECT 'commit:' || NEW.repository_id || ':' || NEW.sha, 'commit',
            COALESCE((SELECT lower(full_name) FROM repository WHERE id = NEW.repository_id LIMIT 1), ''),
            NEW.repository_id, NULL, NEW.sha, NEW.author_name, NEW.date + \(referenceOffset),
            search_plain(CASE WHEN instr(NEW.message, char(10)) > 0
                THEN substr(NEW.message, 1, instr(NEW.message, char(10)) - 1) ELSE NEW.message END),
            search_plain(CASE WHEN instr(NEW.message, char(10)) > 0
                THEN substr(NEW.message, instr(NEW.message, char(10)) + 1) ELSE '' END)
        """
    }

    private static let commitDelete = """
        DELETE FROM search_doc WHERE key = 'commit:' || OLD.repository_id || ':' || OLD.sha
            AND NOT EXISTS (SELECT 1 FROM history_commit WHERE repository_id = OLD.repository_id AND sha = OLD.sha)
            AND NOT EXISTS (SELECT 1 FROM "commit" WHERE repository_id = OLD.repository_id AND sha = OLD.sha);
        """

    private static func threadDelete(_ guardOnRow: String) -> String {
        """
        DELETE FROM search_doc WHERE \(guardOnRow) AND key = 'thread:' || OLD.repository || '#' || OLD.number
            AND NOT EXISTS (SELECT 1 FROM issue_list_item WHERE repository = OLD.repository
                            AND kind IN ('issues', 'pulls') AND number = OLD.number)
            AND NOT EXISTS (SELECT 1 FROM issue WHERE repository = OLD.repository AND number = OLD.number);
        """
    }

    static let sources: [Source] = [
        Source(
            name: "repository", table: "repository", when: "1", from: "",
            select: """
                SELECT 'repository:' || NEW.id, 'repository', lower(NEW.full_name), NEW.id, NULL, NULL, NULL,
                    COALESCE(NEW.pushed_at, NEW.updated_at) + \(referenceOffset), search_plain(NEW.full_name),
                    search_plain(COALESCE(NEW.description, '') || ' ' || COALESCE(NEW.language, '') || ' '
                        || COALESCE((SELECT group_concat(value, ' ') FROM json_each(CASE WHEN json_valid(NEW.topics)
                            THEN NEW.topics ELSE '[]' END)), ''))
                """,
            delete: """
                DELETE FROM search_doc WHERE key = 'repository:' || OLD.id
                    AND NOT EXISTS (SELECT 1 FROM repository WHERE id = OLD.id);
                """),
        Source(
            name: "thread_item", table: "issue_list_item",
            when: "NEW.kind IN ('issues', 'pulls') AND json_valid(CAST(NEW.body AS TEXT))", from: "",
            select: threadSelect,
            delete: threadDelete("OLD.kind IN ('issues', 'pulls')")),
        Source(
            name: "comment", table: "issue_list_item",
            when: "NEW.kind = 'comments' AND json_valid(CAST(NEW.body AS TEXT))", from: "",
            select: """
                SELECT 'comment:' || NEW.repository || ':' || NEW.number, 'comment', NEW.repository, NULL,
                    CAST(NEW.state AS INTEGER), CAST(NEW.number AS TEXT), \(json("$.user.login")),
                    unixepoch(COALESCE(\(json("$.updated_at")), \(json("$.created_at")))), '',
                    search_markdown(\(json("$.body")))
                """,
            delete: """
                DELETE FROM search_doc WHERE OLD.kind = 'comments' AND key = 'comment:' || OLD.repository || ':' || OLD.number
                    AND NOT EXISTS (SELECT 1 FROM issue_list_item WHERE repository = OLD.repository AND kind = 'comments'
                                    AND state = OLD.state AND number = OLD.number);
                """),
        Source(
            name: "issue", table: "issue", when: "json_valid(CAST(NEW.body AS TEXT))", from: "",
            select: threadSelect, delete: threadDelete("1")),
        Source(
            name: "history_commit", table: "history_commit", when: "1", from: "",
            select: commitSelect, delete: commitDelete),
        Source(
            name: "latest_commit", table: "\"commit\"", when: "1", from: "",
            select: commitSelect, delete: commitDelete),
        Source(
            name: "releases", table: "repository_releases", when: "json_valid(CAST(NEW.body AS TEXT))",
            from: "json_each(CAST(NEW.body AS TEXT)) AS rel",
            select: """
                SELECT 'release:' || NEW.repository_id || ':' || \(json("$.id", "rel.value")), 'release',
                    COALESCE((SELECT lower(full_name) FROM repository WHERE id = NEW.repository_id LIMIT 1), ''),
                    NEW.repository_id, \(json("$.id", "rel.value")), \(json("$.tag_name", "rel.value")), NULL,
                    unixepoch(COALESCE(\(json("$.published_at", "rel.value")), \(json("$.created_at", "rel.value")))),
                    search_plain(COALESCE(\(json("$.name", "rel.value")), '') || ' '
                        || COALESCE(\(json("$.tag_name", "rel.value")), '')),
                    search_markdown(\(json("$.body", "rel.value")))
                """,
            delete: "DELETE FROM search_doc WHERE repository_id = OLD.repository_id AND kind = 'release';"),
        Source(
            name: "readme", table: "validator", when: "search_readme_repository(NEW.key) IS NOT NULL", from: "",
            select: """
                SELECT 'readme:' || search_readme_repository(NEW.key), 'readme', search_readme_repository(NEW.key),
                    NULL, NULL, NULL, NULL, NEW.stored_at + \(referenceOffset), '', search_markdown(NEW.body)
                """,
            delete: """
                DELETE FROM search_doc WHERE search_readme_repository(OLD.key) IS NOT NULL
                    AND key = 'readme:' || search_readme_repository(OLD.key)
                    AND NOT EXISTS (SELECT 1 FROM validator WHERE key GLOB substr(OLD.key, 1, instr(OLD.key, ' ')) || '*');
                """),
    ]

    private static let upsertTail = """
        ON CONFLICT(key) DO UPDATE SET kind = excluded.kind, repository = excluded.repository,
            repository_id = excluded.repository_id, number = excluded.number, target = excluded.target,
            author = excluded.author, date = excluded.date, title = excluded.title, body = excluded.body
        WHERE title IS NOT excluded.title OR body IS NOT excluded.body OR date IS NOT excluded.date
            OR repository IS NOT excluded.repository OR author IS NOT excluded.author OR kind IS NOT excluded.kind
        """

    /// The statement that writes `source`'s documents of the row `NEW` (in a trigger).
    static func upsert(_ source: Source) -> String {
        let from = source.from.isEmpty ? "" : " FROM \(source.from)"
        return "INSERT INTO search_doc (\(documentColumns)) \(source.select)\(from) WHERE \(source.when) \(upsertTail);"
    }

    /// The statement that writes `source`'s documents for the rows of its table with rowids in [?, ?].
    static func backfill(_ source: Source) -> String {
        let select = source.select.replacingOccurrences(of: "NEW.", with: "s.")
        let from = source.from.replacingOccurrences(of: "NEW.", with: "s.")
        let when = source.when.replacingOccurrences(of: "NEW.", with: "s.")
        return """
            INSERT INTO search_doc (\(documentColumns)) \(select) FROM \(source.table) AS s\(from.isEmpty ? "" : ", \(from)")
            WHERE s.rowid BETWEEN ? AND ? AND \(when) \(upsertTail);
            """
    }

    /// The migration's SQL: the tables, the index's own triggers, and each source's three.
    static var creation: String {
        var sql = """
            CREATE TABLE search_doc (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                repository TEXT NOT NULL,
                repository_id INTEGER,
                number INTEGER,
                target TEXT,
                author TEXT,
                date REAL,
                title TEXT NOT NULL,
                body TEXT NOT NULL
            );
            CREATE INDEX search_doc_on_repository_id ON search_doc(repository_id, kind);
            CREATE INDEX repository_on_id ON repository(id);
            CREATE VIRTUAL TABLE search_fts USING fts5(title, body, content = 'search_doc', content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
            CREATE TRIGGER search_doc_insert AFTER INSERT ON search_doc BEGIN
                INSERT INTO search_fts (rowid, title, body) VALUES (NEW.id, NEW.title, NEW.body);
            END;
            CREATE TRIGGER search_doc_delete AFTER DELETE ON search_doc BEGIN
                INSERT INTO search_fts (search_fts, rowid, title, body) VALUES ('delete', OLD.id, OLD.title, OLD.body);
            END;
            CREATE TRIGGER search_doc_update AFTER UPDATE ON search_doc BEGIN
                INSERT INTO search_fts (search_fts, rowid, title, body) VALUES ('delete', OLD.id, OLD.title, OLD.body);
                INSERT INTO search_fts (rowid, title, body) VALUES (NEW.id, NEW.title, NEW.body);
            END;

            """
        for source in sources {
            let upsert = upsert(source)
            sql += """
                CREATE TRIGGER search_\(source.name)_insert AFTER INSERT ON \(source.table) BEGIN \(upsert) END;
                CREATE TRIGGER search_\(source.name)_update AFTER UPDATE ON \(source.table) BEGIN \(upsert) END;
                CREATE TRIGGER search_\(source.name)_delete AFTER DELETE ON \(source.table) BEGIN \(source.delete) END;

                """
        }
        // Stored data from before the index: indexed after the first frame (`buildSearchIndex`).
        sql += """
            INSERT INTO setting (key, value) SELECT '\(pendingSetting)', '1' WHERE
                EXISTS (SELECT 1 FROM repository) OR EXISTS (SELECT 1 FROM issue_list_item) OR EXISTS (SELECT 1 FROM issue)
                OR EXISTS (SELECT 1 FROM history_commit) OR EXISTS (SELECT 1 FROM "commit")
                OR EXISTS (SELECT 1 FROM repository_releases) OR EXISTS (SELECT 1 FROM validator);
            """
        return sql
    }

    // MARK: Functions

    /// The functions the triggers call, registered on every connection (a trigger that calls one that is
    /// missing fails its write).
    static func register(_ db: Database) {
        db.add(function: DatabaseFunction("search_plain", argumentCount: 1, pure: true) { values in
            SearchText.plain(text(values[0]))
        })
        db.add(function: DatabaseFunction("search_markdown", argumentCount: 1, pure: true) { values in
            SearchText.markdown(text(values[0]))
        })
        db.add(function: DatabaseFunction("search_readme_repository", argumentCount: 1, pure: true) { values in
            readmeRepository(validatorKey: text(values[0]))
        })
    }

    /// A value as text: TEXT as it is, a BLOB as its UTF-8 (repaired), anything else empty.
    private static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .string(let string): string
        case .blob(let data): String(decoding: data, as: UTF8.self)
        default: ""
        }
    }

    /// `owner/name` (lower case) when `key` is a README's validator key (`…/repos/OWNER/NAME/readme TOKEN`),
    /// else nil.
    static func readmeRepository(validatorKey key: String) -> String? {
        let url = key.split(separator: " ", maxSplits: 1).first ?? ""
        guard url.hasSuffix("/readme"), let range = url.range(of: "/repos/", options: .backwards) else { return nil }
        let parts = url[range.upperBound...].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
              let owner = parts[0].removingPercentEncoding, let name = parts[1].removingPercentEncoding
        else { return nil }
        return (owner + "/" + name).lowercased()
    }
}
