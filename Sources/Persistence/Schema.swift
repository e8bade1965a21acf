import GRDB

/// The database schema, built by versioned migrations. Never edit a registered migration: add a new one.
///
/// Dates are stored as REAL seconds since Foundation's reference date (2001-01-01 00:00:00 UTC), which
/// round-trips a `Date` exactly. Booleans are INTEGER 0/1. Strings are stored exactly as given.
enum Schema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE owner (
                    login TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
                    id INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    name TEXT,
                    avatar_url TEXT,
                    html_url TEXT,
                    bio TEXT,
                    company TEXT,
                    location TEXT,
                    email TEXT,
                    blog TEXT,
                    followers INTEGER,
                    following INTEGER,
                    public_repos INTEGER,
                    created_at REAL,
                    fetched_at REAL NOT NULL
                );

                -- When each owner's list was last stored (kept apart from owner: a list can be stored
                -- before or without the owner's profile).
                CREATE TABLE owner_list (
                    owner_login TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
                    fetched_at REAL NOT NULL
                );

                -- owner_login is the login of the list the repository belongs to (as the caller named it);
                -- repository_owner_login is Repository.ownerLogin as the API gave it.
                CREATE TABLE repository (
                    id INTEGER NOT NULL PRIMARY KEY,
                    owner_login TEXT NOT NULL COLLATE NOCASE,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    full_name TEXT NOT NULL,
                    repository_owner_login TEXT NOT NULL,
                    description TEXT,
                    language TEXT,
                    stargazers_count INTEGER NOT NULL,
                    forks_count INTEGER NOT NULL,
                    watchers_count INTEGER NOT NULL,
                    open_issues_count INTEGER NOT NULL,
                    default_branch TEXT,
                    html_url TEXT NOT NULL,
                    homepage TEXT,
                    license TEXT,
                    topics TEXT NOT NULL DEFAULT '[]',
                    is_fork INTEGER NOT NULL,
                    is_archived INTEGER NOT NULL,
                    created_at REAL,
                    updated_at REAL,
                    pushed_at REAL,
                    fetched_at REAL NOT NULL
                );
                CREATE INDEX repository_on_owner_login_position ON repository(owner_login, position);

                -- The latest commits of a repository, position 0 (newest) to 2. No foreign key: commits
                -- are a cache keyed by repository id.
                CREATE TABLE "commit" (
                    repository_id INTEGER NOT NULL,
                    position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 2),
                    sha TEXT NOT NULL,
                    message TEXT NOT NULL,
                    author_name TEXT NOT NULL,
                    author_login TEXT,
                    date REAL,
                    html_url TEXT,
                    PRIMARY KEY (repository_id, position)
                );

                CREATE TABLE commit_fetch (
                    repository_id INTEGER NOT NULL PRIMARY KEY,
                    fetched_at REAL NOT NULL,
                    is_empty INTEGER NOT NULL
                );

                CREATE TABLE validator (
                    key TEXT NOT NULL PRIMARY KEY,
                    etag TEXT,
                    last_modified TEXT,
                    body BLOB, -- NULL for an empty body (SQLite binds an empty blob as NULL)
                    link_header TEXT,
                    stored_at REAL NOT NULL
                );

                -- User data. No foreign key on purpose: a favourite survives a refresh that drops its
                -- repository for a while.
                CREATE TABLE favourite (
                    repository_id INTEGER NOT NULL PRIMARY KEY,
                    created_at REAL NOT NULL
                );

                CREATE TABLE setting (
                    key TEXT NOT NULL PRIMARY KEY,
                    value TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v2") { db in
            // `snapshotHead` reads the first rows of a list in each sort order without a full scan.
            try db.execute(sql: """
                CREATE INDEX repository_on_owner_login_name ON repository(owner_login, name COLLATE NOCASE, id);
                CREATE INDEX repository_on_owner_login_updated
                    ON repository(owner_login, updated_at IS NULL, updated_at DESC, id);
                CREATE INDEX repository_on_owner_login_stars ON repository(owner_login, stargazers_count DESC, id);
                """)
        }
        return migrator
    }()

    /// Every table the current schema has (tests check them).
    static let tableNames: [String] = [
        "owner", "owner_list", "repository", "commit", "commit_fetch", "validator", "favourite", "setting",
    ]

    /// Migrates, tolerating another process that migrates the same file at the same moment (its
    /// migration wins the write lock, ours then fails on "table already exists"; the retry sees it done).
    static func migrate(_ writer: any DatabaseWriter) throws {
        do {
            try migrator.migrate(writer)
        } catch {
            if try writer.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
            try migrator.migrate(writer)
        }
    }
}
