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
        migrator.registerMigration("v3") { db in
            // A list has an identity of its own (`RepositoryListID.key`: "owner:sferik", "starred:sferik"),
            // so one repository can be in several lists (its owner's, and the starred lists of others).
            // Each list keeps its own row of a repository (primary key list_key, id): every list order
            // keeps an index of its own, and a list's row is as fresh as that list's last refresh.
            // Favourites and commits stay keyed by repository id, shared by every list.
            try db.execute(sql: """
                CREATE TABLE repository_list (
                    list_key TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
                    fetched_at REAL NOT NULL
                );
                INSERT INTO repository_list (list_key, fetched_at)
                    SELECT 'owner:' || owner_login, fetched_at FROM owner_list;
                DROP TABLE owner_list;

                -- list_key: the list the row belongs to; repository_owner_login is Repository.ownerLogin
                -- as the API gave it.
                CREATE TABLE list_repository (
                    list_key TEXT NOT NULL COLLATE NOCASE,
                    id INTEGER NOT NULL,
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
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (list_key, id)
                );
                INSERT INTO list_repository (list_key, id, position, name, full_name, repository_owner_login,
                        description, language, stargazers_count, forks_count, watchers_count, open_issues_count,
                        default_branch, html_url, homepage, license, topics, is_fork, is_archived, created_at,
                        updated_at, pushed_at, fetched_at)
                    SELECT 'owner:' || owner_login, id, position, name, full_name, repository_owner_login,
                        description, language, stargazers_count, forks_count, watchers_count, open_issues_count,
                        default_branch, html_url, homepage, license, topics, is_fork, is_archived, created_at,
                        updated_at, pushed_at, fetched_at
                    FROM repository;
                DROP TABLE repository;
                ALTER TABLE list_repository RENAME TO repository;
                CREATE INDEX repository_on_list_key_position ON repository(list_key, position, id);
                CREATE INDEX repository_on_list_key_name ON repository(list_key, name COLLATE NOCASE, id);
                CREATE INDEX repository_on_list_key_updated
                    ON repository(list_key, updated_at IS NULL, updated_at DESC, id);
                CREATE INDEX repository_on_list_key_stars ON repository(list_key, stargazers_count DESC, id);
                """)
        }
        migrator.registerMigration("v4-commit-history") { db in
            // A branch's history as read so far, per repository id and branch ('' for the
            // default branch): the commits in order and the `Link` URL of the page after them. And
            // commits in full by sha, as the API's JSON: a commit never changes, so it is kept for good.
            try db.execute(sql: """
                CREATE TABLE history (
                    repository_id INTEGER NOT NULL,
                    branch TEXT NOT NULL,
                    next_url TEXT,
                    pages INTEGER NOT NULL,
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (repository_id, branch)
                );
                CREATE TABLE history_commit (
                    repository_id INTEGER NOT NULL,
                    branch TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    sha TEXT NOT NULL,
                    message TEXT NOT NULL,
                    author_name TEXT NOT NULL,
                    author_login TEXT,
                    date REAL,
                    html_url TEXT,
                    PRIMARY KEY (repository_id, branch, position)
                );
                CREATE TABLE commit_detail (
                    sha TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
                    body BLOB NOT NULL,
                    stored_at REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration("v5-issues") { db in
            // Issues and pull requests, per repository as `owner/name` (lower case: a link can
            // open one whose repository was never listed). A list (issues or pulls, per state filter) as
            // read so far: its items in order, as the API's JSON, and the page after them; single issues,
            // pull requests and their comments the same way.
            try db.execute(sql: """
                CREATE TABLE issue_list (
                    repository TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    state TEXT NOT NULL,
                    next_url TEXT,
                    pages INTEGER NOT NULL,
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (repository, kind, state)
                );
                CREATE TABLE issue_list_item (
                    repository TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    state TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    number INTEGER NOT NULL,
                    body BLOB NOT NULL,
                    PRIMARY KEY (repository, kind, state, position)
                );
                CREATE TABLE issue (
                    repository TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    number INTEGER NOT NULL,
                    body BLOB NOT NULL,
                    stored_at REAL NOT NULL,
                    PRIMARY KEY (repository, kind, number)
                );
                """)
        }
        migrator.registerMigration("v6-files-releases") { db in
            // The Files and Releases tabs. A file's bytes by blob sha, kept for good (a blob
            // never changes: a file read once reads offline and is never fetched twice). A repository's
            // tree per ref and its releases, as the API's JSON, replaced on each refresh.
            try db.execute(sql: """
                CREATE TABLE file_blob (
                    sha TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
                    size INTEGER NOT NULL,
                    bytes BLOB NOT NULL,
                    stored_at REAL NOT NULL
                );
                CREATE TABLE repository_tree (
                    repository_id INTEGER NOT NULL,
                    ref TEXT NOT NULL,
                    body BLOB NOT NULL,
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (repository_id, ref)
                );
                CREATE TABLE repository_releases (
                    repository_id INTEGER NOT NULL PRIMARY KEY,
                    body BLOB NOT NULL,
                    next_url TEXT,
                    fetched_at REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration("v7-list-baselines") { db in
            // What the user last saw of each list (`RepositoryListID.key`), to say what changed
            // since. One row per list (when the whole list was last taken) and one per repository of it.
            try db.execute(sql: """
                CREATE TABLE list_baseline (
                    list_key TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
                    taken_at REAL NOT NULL
                );
                CREATE TABLE list_baseline_entry (
                    list_key TEXT NOT NULL COLLATE NOCASE,
                    id INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    pushed_at REAL,
                    stargazers_count INTEGER NOT NULL,
                    forks_count INTEGER NOT NULL,
                    description TEXT,
                    PRIMARY KEY (list_key, id)
                );
                """)
        }
        migrator.registerMigration("v8-drafts") { db in
            // What the user wrote and has not posted, so that no ending of the app loses it: one row per
            // repository (`owner/name`, lower case), issue or pull request number and kind (`comment` on
            // the thread; other kinds, such as a review's comments, can be added without a new table).
            // The text is written as `Rows.text` writes free text (a BLOB when it holds a NUL).
            try db.execute(sql: """
                CREATE TABLE draft (
                    repository TEXT NOT NULL,
                    number INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    text NOT NULL,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (repository, number, kind)
                );
                """)
        }
        // The notifications inbox: per account (API host and token identity) and filter, the
        // threads as the API's JSON, the Last-Modified for the next If-Modified-Since, the poll interval.
        migrator.registerMigration("v9-notifications-inbox") { db in
            try db.execute(sql: """
                CREATE TABLE inbox (
                    account TEXT NOT NULL,
                    filter TEXT NOT NULL,
                    threads BLOB NOT NULL,
                    last_modified TEXT,
                    poll_interval INTEGER,
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (account, filter)
                );
                """)
        }
        migrator.registerMigration("v10-actions") { db in
            // The Actions tab, readable offline: a repository's runs (the pages read so far, as the API's
            // JSON), each run's jobs, and the logs of completed jobs (a finished job's log never changes;
            // at most `SQLiteStore.maximumStoredLogs` are kept, the oldest read removed first).
            try db.execute(sql: """
                CREATE TABLE actions_runs (
                    repository_id INTEGER NOT NULL PRIMARY KEY,
                    body BLOB NOT NULL,
                    next_url TEXT,
                    fetched_at REAL NOT NULL
                );
                CREATE TABLE actions_jobs (
                    run_id INTEGER NOT NULL PRIMARY KEY,
                    body BLOB NOT NULL,
                    fetched_at REAL NOT NULL
                );
                CREATE TABLE actions_log (
                    job_id INTEGER NOT NULL PRIMARY KEY,
                    bytes BLOB NOT NULL,
                    stored_at REAL NOT NULL
                );
                """)
        }
        // What needs the user beside the notifications (review requests, assignments, their own pull
        // requests), per account as the inbox: the sections as JSON (`NeedsYou`), and when they were read.
        migrator.registerMigration("v11-needs-you") { db in
            try db.execute(sql: """
                CREATE TABLE needs_you (
                    account TEXT NOT NULL PRIMARY KEY,
                    body BLOB NOT NULL,
                    fetched_at REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration("v12-actions-filters") { db in
            // A runs list per filter (branch, status, event, workflow: `RunFilter.key`, "" for every run),
            // so that a filtered list read offline is never shown as the whole list, nor the other way.
            try db.execute(sql: """
                CREATE TABLE actions_runs_by_filter (
                    repository_id INTEGER NOT NULL,
                    filter TEXT NOT NULL,
                    body BLOB NOT NULL,
                    next_url TEXT,
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (repository_id, filter)
                );
                INSERT INTO actions_runs_by_filter (repository_id, filter, body, next_url, fetched_at)
                    SELECT repository_id, '', body, next_url, fetched_at FROM actions_runs;
                DROP TABLE actions_runs;
                ALTER TABLE actions_runs_by_filter RENAME TO actions_runs;
                """)
        }
        migrator.registerMigration("v13-pending-reviews") { db in
            // A pull request's review being written: its comments on the diff's lines, each kept the moment
            // the editor hands it back and removed only when GitHub took the review or the user discarded
            // it, so that no ending of the app loses one. `refusal` is why GitHub last refused it.
            try db.execute(sql: """
                CREATE TABLE pending_review_comment (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    repository TEXT NOT NULL,
                    number INTEGER NOT NULL,
                    path TEXT NOT NULL,
                    line INTEGER NOT NULL,
                    side TEXT NOT NULL,
                    start_line INTEGER,
                    start_side TEXT,
                    body NOT NULL,
                    refusal TEXT,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX pending_review_comment_pull ON pending_review_comment (repository, number);
                """)
        }
        migrator.registerMigration("v14-search-index") { db in
            // The local search's full-text index (`SearchIndex`): its documents, FTS5 over them, and the
            // triggers that keep it in the transaction of every write to what it indexes.
            try db.execute(sql: SearchIndex.creation)
        }
        return migrator
    }()

    /// Every table the current schema has (tests check them).
    static let tableNames: [String] = [
        "owner", "repository_list", "repository", "commit", "commit_fetch", "validator", "favourite", "setting",
        "history", "history_commit", "commit_detail", "issue_list", "issue_list_item", "issue",
        "file_blob", "repository_tree", "repository_releases", "list_baseline", "list_baseline_entry", "draft",
        "inbox",
        "actions_runs", "actions_jobs", "actions_log",
        "needs_you",
        "pending_review_comment",
        "search_doc", "search_fts",
    ]

    /// Migrates, tolerating other processes that migrate the same file at the same moment: each
    /// migration is its own transaction, so another instance may win the write lock for one step after
    /// we read which were applied, and ours then fails on "table already exists". Each retry starts from
    /// what is applied by then, so every attempt but the last one lost to a step another process
    /// completed; with several instances racing through the steps one retry was not enough (one open in
    /// eight fell back to memory with four instances).
    static func migrate(_ writer: any DatabaseWriter) throws {
        // The search index's triggers call these: every write goes through this connection.
        writer.writeWithoutTransaction { db in SearchIndex.register(db) }
        var attempt = 1
        while true {
            do {
                try migrator.migrate(writer)
                return
            } catch {
                if try writer.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
                guard attempt < migrationAttempts else { throw error }
                attempt += 1
            }
        }
    }

    /// At most one attempt for each step another instance could win, and one more.
    static var migrationAttempts: Int { migrator.migrations.count + 1 }
}
