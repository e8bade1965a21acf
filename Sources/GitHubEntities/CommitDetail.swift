import Foundation

/// One commit in full, as `GET /repos/{owner}/{repo}/commits/{sha}` gives it: the whole message,
/// author and committer, parents, stats and the changed files with their patches. A commit never
/// changes, so a stored one is never fetched again.
///
/// Decoded tolerantly (nulls, missing and unknown fields are fine; only `sha` is required), and
/// encoded back in the same shape, so the store keeps it as the API's JSON.
public struct CommitDetail: Sendable, Equatable, Hashable, Identifiable {
    /// A person as the commit names them, with their GitHub login when GitHub knows the account.
    public struct Person: Sendable, Equatable, Hashable {
        public var name: String
        public var email: String?
        public var date: Date?
        public var login: String?

        public init(name: String, email: String? = nil, date: Date? = nil, login: String? = nil) {
            self.name = name
            self.email = email
            self.date = date
            self.login = login
        }
    }

    /// Lines added and removed over the whole commit.
    public struct Stats: Sendable, Equatable, Hashable {
        public var additions: Int
        public var deletions: Int
        public var total: Int

        public init(additions: Int, deletions: Int, total: Int) {
            self.additions = additions
            self.deletions = deletions
            self.total = total
        }
    }

    /// One changed file. `patch` is nil when GitHub leaves it out (a binary file, or a diff too large).
    public struct File: Sendable, Equatable, Hashable {
        public enum Status: String, Sendable, Hashable, CaseIterable {
            case added, removed, modified, renamed, copied, changed, unchanged
        }

        public var filename: String
        /// The name before a rename or copy.
        public var previousFilename: String?
        /// The status as GitHub wrote it; `status` reads it.
        public var rawStatus: String
        public var additions: Int
        public var deletions: Int
        public var changes: Int
        public var patch: String?

        public init(filename: String, previousFilename: String? = nil, status: String, additions: Int = 0,
                    deletions: Int = 0, changes: Int = 0, patch: String? = nil) {
            self.filename = filename
            self.previousFilename = previousFilename
            self.rawStatus = status
            self.additions = additions
            self.deletions = deletions
            self.changes = changes
            self.patch = patch
        }

        /// The status, nil for one this version does not know.
        public var status: Status? { Status(rawValue: rawStatus.lowercased()) }
    }

    public var sha: String
    public var message: String
    public var author: Person
    public var committer: Person
    public var parentSHAs: [String]
    /// Nil when the answer had no `stats`.
    public var stats: Stats?
    public var files: [File]
    public var htmlURL: String?

    public var id: String { sha }
    /// The first 7 characters of the sha, as git shows it.
    public var shortSHA: String { String(sha.prefix(7)) }
    /// The first line of the message.
    public var summary: String {
        String(message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// GitHub lists at most this many files in one answer (more are on further pages of the same
    /// request, which this app does not read): a commit with this many may have more.
    public static let maximumFilesPerAnswer = 300

    /// Whether GitHub may have left files out (it gave `maximumFilesPerAnswer` of them).
    public var mayHaveMoreFiles: Bool { files.count >= Self.maximumFilesPerAnswer }

    public init(sha: String, message: String, author: Person, committer: Person, parentSHAs: [String] = [],
                stats: Stats? = nil, files: [File] = [], htmlURL: String? = nil) {
        self.sha = sha
        self.message = message
        self.author = author
        self.committer = committer
        self.parentSHAs = parentSHAs
        self.stats = stats
        self.files = files
        self.htmlURL = htmlURL
    }

    /// The commit as a line of the history shows it.
    public var commit: Commit {
        Commit(sha: sha, message: message, authorName: author.name, authorLogin: author.login,
               date: author.date ?? committer.date, htmlURL: htmlURL)
    }
}

extension CommitDetail: Codable {
    private enum CodingKeys: String, CodingKey {
        case sha, commit, author, committer, parents, stats, files
        case htmlURL = "html_url"
    }
    private struct Inner: Codable {
        var message: String?
        var author: GitPerson?
        var committer: GitPerson?
    }
    private struct GitPerson: Codable {
        var name: String?
        var email: String?
        var date: String?
    }
    private struct Account: Codable { var login: String? }
    private struct Parent: Codable { var sha: String? }
    private struct RawStats: Codable {
        var additions: Int?
        var deletions: Int?
        var total: Int?
    }
    private struct RawFile: Codable {
        var filename: String?
        var previous_filename: String?
        var status: String?
        var additions: Int?
        var deletions: Int?
        var changes: Int?
        var patch: String?
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sha = try c.decode(String.self, forKey: .sha)
        let inner = try? c.decodeIfPresent(Inner.self, forKey: .commit)
        message = inner?.message ?? ""
        let authorAccount = (try? c.decodeIfPresent(Account.self, forKey: .author)) ?? nil
        let committerAccount = (try? c.decodeIfPresent(Account.self, forKey: .committer)) ?? nil
        func person(_ git: GitPerson?, _ account: Account?) -> Person {
            Person(name: git?.name ?? account?.login ?? "unknown", email: git?.email,
                   date: GitHubDate.parse(git?.date), login: account?.login)
        }
        author = person(inner?.author, authorAccount)
        committer = person(inner?.committer, committerAccount)
        parentSHAs = ((try? c.decodeIfPresent([Parent].self, forKey: .parents)) ?? nil)?.compactMap(\.sha) ?? []
        stats = ((try? c.decodeIfPresent(RawStats.self, forKey: .stats)) ?? nil).map {
            Stats(additions: $0.additions ?? 0, deletions: $0.deletions ?? 0,
                  total: $0.total ?? (($0.additions ?? 0) + ($0.deletions ?? 0)))
        }
        // A file the decoder cannot read is left out, not the whole commit.
        var files: [File] = []
        if var list = try? c.nestedUnkeyedContainer(forKey: .files) {
            while !list.isAtEnd {
                guard let raw = try? list.decode(RawFile.self) else {
                    _ = try? list.decode(Skip.self)
                    continue
                }
                guard let name = raw.filename else { continue }
                files.append(File(filename: name, previousFilename: raw.previous_filename,
                                  status: raw.status ?? "modified", additions: raw.additions ?? 0,
                                  deletions: raw.deletions ?? 0, changes: raw.changes ?? 0, patch: raw.patch))
            }
        }
        self.files = files
        htmlURL = (try? c.decodeIfPresent(String.self, forKey: .htmlURL)) ?? nil
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sha, forKey: .sha)
        func git(_ person: Person) -> GitPerson {
            GitPerson(name: person.name, email: person.email, date: person.date.map(GitHubDate.formatUTC))
        }
        try c.encode(Inner(message: message, author: git(author), committer: git(committer)), forKey: .commit)
        try c.encodeIfPresent(author.login.map { Account(login: $0) }, forKey: .author)
        try c.encodeIfPresent(committer.login.map { Account(login: $0) }, forKey: .committer)
        try c.encode(parentSHAs.map { Parent(sha: $0) }, forKey: .parents)
        try c.encodeIfPresent(stats.map { RawStats(additions: $0.additions, deletions: $0.deletions, total: $0.total) },
                              forKey: .stats)
        try c.encode(files.map {
            RawFile(filename: $0.filename, previous_filename: $0.previousFilename, status: $0.rawStatus,
                    additions: $0.additions, deletions: $0.deletions, changes: $0.changes, patch: $0.patch)
        }, forKey: .files)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
    }

    /// Consumes one element of any shape.
    private struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
