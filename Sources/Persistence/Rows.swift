import Foundation
import GitHubEntities
import GRDB

/// Mapping between the entities and the tables' rows, with hand-written SQL: bulk writes reuse one
/// cached `INSERT … ON CONFLICT` statement instead of record-by-record upserts.
enum Rows {
    typealias Values = [(any DatabaseValueConvertible)?]

    // MARK: Dates

    static func encode(_ date: Date) -> Double { date.timeIntervalSinceReferenceDate }
    static func encode(_ date: Date?) -> Double? { date.map(encode) }
    static func decodeDate(_ value: Double?) -> Date? { value.map(Date.init(timeIntervalSinceReferenceDate:)) }

    // MARK: Text, exactly

    /// Free text as SQLite is to store it. GRDB binds and reads a `String` as a C string, which ends at
    /// the first NUL byte: text holding one is stored as a BLOB of its UTF-8 (exact), other text as
    /// TEXT (as before). `text(_:_:)` reads either.
    static func text(_ value: String?) -> (any DatabaseValueConvertible)? {
        guard let value else { return nil }
        return value.utf8.contains(0) ? Data(value.utf8) : value
    }

    /// A column written by `text(_:)`, NUL bytes included.
    static func text(_ row: Row, _ index: Int) -> String? {
        decodeText(row[index])
    }

    static func text(_ row: Row, _ column: String) -> String? {
        decodeText(row[column])
    }

    private static func decodeText(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .string(let text): return text
        case .blob(let data): return String(decoding: data, as: UTF8.self)
        default: return nil
        }
    }

    // MARK: Owner

    static let upsertOwnerSQL = """
        INSERT INTO owner (login, id, kind, name, avatar_url, html_url, bio, company, location, email, blog,
                           followers, following, public_repos, created_at, fetched_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(login) DO UPDATE SET
            login = excluded.login, id = excluded.id, kind = excluded.kind, name = excluded.name,
            avatar_url = excluded.avatar_url, html_url = excluded.html_url, bio = excluded.bio,
            company = excluded.company, location = excluded.location, email = excluded.email,
            blog = excluded.blog, followers = excluded.followers, following = excluded.following,
            public_repos = excluded.public_repos, created_at = excluded.created_at,
            fetched_at = excluded.fetched_at
        """

    static func ownerArguments(_ owner: Owner, fetchedAt: Date) -> StatementArguments {
        let values: Values = [
            owner.login, owner.id, owner.kind.rawValue, text(owner.name), owner.avatarURL, owner.htmlURL, text(owner.bio),
            text(owner.company), text(owner.location), text(owner.email), text(owner.blog), owner.followers, owner.following,
            owner.publicRepos, encode(owner.createdAt), encode(fetchedAt),
        ]
        return StatementArguments(values)
    }

    static func owner(_ row: Row) -> Owner {
        let kindText: String = row["kind"]
        return Owner(
            id: row["id"], login: row["login"], kind: OwnerKind(rawValue: kindText) ?? .user,
            name: text(row, "name"), avatarURL: row["avatar_url"], htmlURL: row["html_url"], bio: text(row, "bio"),
            company: text(row, "company"), location: text(row, "location"), email: text(row, "email"), blog: text(row, "blog"),
            followers: row["followers"], following: row["following"], publicRepos: row["public_repos"],
            createdAt: decodeDate(row["created_at"]))
    }

    // MARK: Repository

    /// Inserts a repository, or updates it only when something besides `fetched_at` differs: a page
    /// stored again unchanged (a 304 answer, a refresh) writes no row, so the list's observers are
    /// not woken to read 10,000 rows for nothing. `fetched_at` is thus when the row last changed.
    static let upsertRepositorySQL = """
        INSERT INTO repository (id, list_key, position, name, full_name, repository_owner_login,
                                description, language, stargazers_count, forks_count, watchers_count,
                                open_issues_count, default_branch, html_url, homepage, license, topics,
                                is_fork, is_archived, created_at, updated_at, pushed_at, fetched_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(list_key, id) DO UPDATE SET
            list_key = excluded.list_key, position = excluded.position, name = excluded.name,
            full_name = excluded.full_name, repository_owner_login = excluded.repository_owner_login,
            description = excluded.description, language = excluded.language,
            stargazers_count = excluded.stargazers_count, forks_count = excluded.forks_count,
            watchers_count = excluded.watchers_count, open_issues_count = excluded.open_issues_count,
            default_branch = excluded.default_branch, html_url = excluded.html_url,
            homepage = excluded.homepage, license = excluded.license, topics = excluded.topics,
            is_fork = excluded.is_fork, is_archived = excluded.is_archived,
            created_at = excluded.created_at, updated_at = excluded.updated_at,
            pushed_at = excluded.pushed_at, fetched_at = excluded.fetched_at
        WHERE (list_key, position, name, full_name, repository_owner_login, description, language,
               stargazers_count, forks_count, watchers_count, open_issues_count, default_branch, html_url,
               homepage, license, topics, is_fork, is_archived, created_at, updated_at, pushed_at)
        IS NOT (excluded.list_key COLLATE BINARY, excluded.position, excluded.name, excluded.full_name,
                excluded.repository_owner_login, excluded.description, excluded.language,
                excluded.stargazers_count, excluded.forks_count, excluded.watchers_count,
                excluded.open_issues_count, excluded.default_branch, excluded.html_url, excluded.homepage,
                excluded.license, excluded.topics, excluded.is_fork, excluded.is_archived,
                excluded.created_at, excluded.updated_at, excluded.pushed_at)
        """

    static func repositoryArguments(_ repository: Repository, listKey: String, position: Int,
                                    fetchedAt: Date) throws -> StatementArguments {
        let values: Values = [
            repository.id, listKey, position, text(repository.name), text(repository.fullName), text(repository.ownerLogin),
            text(repository.description), text(repository.language), repository.stargazersCount, repository.forksCount,
            repository.watchersCount, repository.openIssuesCount, text(repository.defaultBranch),
            text(repository.htmlURL), text(repository.homepage), text(repository.license), try encodeTopics(repository.topics),
            repository.isFork, repository.isArchived, encode(repository.createdAt),
            encode(repository.updatedAt), encode(repository.pushedAt), encode(fetchedAt),
        ]
        return StatementArguments(values)
    }

    /// The columns `repository(_:)` reads, by index (much faster than by name for 10k rows).
    static let repositoryColumns = """
        id, name, full_name, repository_owner_login, description, language, stargazers_count, forks_count,
        watchers_count, open_issues_count, default_branch, html_url, homepage, license, topics, is_fork,
        is_archived, created_at, updated_at, pushed_at
        """

    static func repository(_ row: Row) -> Repository {
        Repository(
            id: row[0], name: text(row, 1) ?? "", fullName: text(row, 2) ?? "", ownerLogin: text(row, 3) ?? "",
            description: text(row, 4),
            language: text(row, 5), stargazersCount: row[6], forksCount: row[7], watchersCount: row[8],
            openIssuesCount: row[9], defaultBranch: text(row, 10), htmlURL: text(row, 11) ?? "", homepage: text(row, 12),
            license: text(row, 13), topics: decodeTopics(row[14]), isFork: row[15], isArchived: row[16],
            createdAt: decodeDate(row[17]), updatedAt: decodeDate(row[18]), pushedAt: decodeDate(row[19]))
    }

    static func encodeTopics(_ topics: [String]) throws -> String {
        if topics.isEmpty { return "[]" }
        return String(decoding: try JSONEncoder().encode(topics), as: UTF8.self)
    }

    /// A damaged topics value yields no topics rather than an error.
    static func decodeTopics(_ text: String?) -> [String] {
        guard let text, text != "[]" else { return [] }
        if let topics = decodeSimpleTopics(text) { return topics }
        return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }

    /// `["a","b-c"]` without escapes — what `encodeTopics` writes for GitHub's topics (lowercase letters,
    /// digits, hyphens) — split without a `JSONDecoder`, which costs ~20 µs per row. Anything else
    /// (escapes, spaces, other JSON) returns `nil` and goes to the decoder.
    static func decodeSimpleTopics(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
        var topics: [String] = []
        var index = 1
        let end = bytes.count - 1
        while index < end {
            guard bytes[index] == UInt8(ascii: "\"") else { return nil }
            var close = index + 1
            while close < end, bytes[close] != UInt8(ascii: "\""), bytes[close] != UInt8(ascii: "\\"),
                  bytes[close] >= 0x20 { close += 1 }
            guard close < end, bytes[close] == UInt8(ascii: "\"") else { return nil }
            topics.append(String(decoding: bytes[(index + 1)..<close], as: UTF8.self))
            index = close + 1
            if index < end {
                guard bytes[index] == UInt8(ascii: ","), index + 1 < end else { return nil }
                index += 1
            }
        }
        return topics
    }

    // MARK: Commit

    static let insertCommitSQL = """
        INSERT INTO "commit" (repository_id, position, sha, message, author_name, author_login, date, html_url)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    static func commitArguments(_ commit: Commit, repositoryID: Int64, position: Int) -> StatementArguments {
        let values: Values = [
            repositoryID, position, commit.sha, text(commit.message), text(commit.authorName), commit.authorLogin,
            encode(commit.date), commit.htmlURL,
        ]
        return StatementArguments(values)
    }

    static func commit(_ row: Row) -> Commit {
        Commit(sha: row["sha"], message: text(row, "message") ?? "", authorName: text(row, "author_name") ?? "",
               authorLogin: row["author_login"], date: decodeDate(row["date"]), htmlURL: row["html_url"])
    }

    // MARK: Validator

    static func validator(_ row: Row) -> StoredValidator {
        StoredValidator(etag: row["etag"], lastModified: row["last_modified"], body: row["body"] ?? Data(),
                        linkHeader: row["link_header"], storedAt: decodeDate(row["stored_at"]) ?? Date(timeIntervalSinceReferenceDate: 0))
    }
}
