import Foundation

/// One commit of a repository's default branch, as the expanded row shows it.
public struct Commit: Sendable, Equatable, Hashable, Identifiable {
    public var sha: String
    public var message: String
    public var authorName: String
    public var authorLogin: String?
    public var date: Date?
    public var htmlURL: String?

    public var id: String { sha }

    /// How many of a repository's latest commits are asked for, stored and shown (the list's
    /// expansion, the Overview): the one "3".
    public static let latestCount = 3
    /// The first 7 characters of the sha, as git shows it.
    public var shortSHA: String { String(sha.prefix(7)) }
    /// The first line of the message.
    public var summary: String {
        String(message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    public init(sha: String, message: String, authorName: String, authorLogin: String? = nil,
                date: Date? = nil, htmlURL: String? = nil) {
        self.sha = sha
        self.message = message
        self.authorName = authorName
        self.authorLogin = authorLogin
        self.date = date
        self.htmlURL = htmlURL
    }
}

extension Commit: Decodable {
    private enum CodingKeys: String, CodingKey { case sha, commit, author, htmlURL = "html_url" }
    private struct Inner: Decodable {
        var message: String?
        var author: Person?
        var committer: Person?
    }
    private struct Person: Decodable {
        var name: String?
        var date: String?
    }
    private struct Account: Decodable { var login: String? }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sha = try c.decode(String.self, forKey: .sha)
        let inner = try c.decodeIfPresent(Inner.self, forKey: .commit)
        message = inner?.message ?? ""
        let account = try? c.decodeIfPresent(Account.self, forKey: .author)
        authorLogin = account?.login
        authorName = inner?.author?.name ?? authorLogin ?? "unknown"
        date = GitHubDate.parse(inner?.author?.date ?? inner?.committer?.date)
        htmlURL = try c.decodeIfPresent(String.self, forKey: .htmlURL)
    }
}
