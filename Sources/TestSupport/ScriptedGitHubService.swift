import Foundation
import GitHubAPI
import GitHubEntities
import Locking

/// The one `GitHubService` fake for tests: every answer scripted, every call recorded as a line
/// ("owner octocat", "repos octocat", "starred octocat", "repos page 2", "search swift", "search page 1",
/// "repo o/r", "commits o/r", "batch o/r,o/s", "star o/r", "unstar o/r", "avatar URL 16", "image URL", "readme o/r",
/// "history o/r BRANCH" (`-` for the default branch), "history page 1", "commit o/r SHA", "branches o/r").
public final class ScriptedGitHubService: GitHubService {
    public struct Script: Sendable {
        /// Owners by lowercased login; any other login is 404.
        public var owners: [String: Owner] = [:]
        /// An error every owner lookup fails with instead.
        public var ownerError: GitHubError?
        /// Pages of repositories; page N links to N+1 (`https://api.test/repos/N`).
        public var repositoryPages: [[Repository]] = [[]]
        public var repositoryErrors: [Int: GitHubError] = [:]
        /// The page the last page links back to (a `Link` loop); nil: the last page links nowhere.
        public var lastPageLinksBackTo: Int?
        /// Search pages; page N links to N+1 (`https://api.test/search/N`) while there are more.
        public var searchPages: [SearchPage<Repository>] = []
        public var searchErrors: [Int: GitHubError] = [:]
        /// Whether the last search page still links to a next one (as GitHub does at the cap).
        public var searchLinksPastEnd = false
        /// Every repository's latest commits (REST).
        public var commits: Result<[Commit], GitHubError> = .success([])
        /// The batched (GraphQL) answer; nil: the batch is asked one repository at a time over REST.
        public var batchedCommits: Result<[RepositoryReference: [Commit]], GitHubError>?
        /// With a token: batching and starring.
        public var isAuthenticated = false
        /// The first screen's query answer (`firstScreenCommits`); nil: `unauthorized`.
        public var firstScreen: Result<FirstScreenCommits, GitHubError>?
        public var starred = false
        public var avatar: Result<Data, GitHubError> = .failure(.notFound)
        public var storedAvatar: Data?
        /// README pictures by URL; any other is 404.
        public var images: [String: Data] = [:]
        /// The README (nil: the repository has none).
        public var readme: Result<String?, GitHubError> = .success(nil)
        public var storedReadme: String?
        public var rateLimit: RateLimit?
        /// Single repositories by lowercased "owner/name"; any other is 404.
        public var repositories: [String: Repository] = [:]
        /// A branch's history, page by page; page N links to N+1 (`https://api.test/history/N`).
        public var historyPages: [[Commit]] = [[]]
        public var historyErrors: [Int: GitHubError] = [:]
        /// Commits in full by sha; any other is 404.
        public var commitDetails: [String: CommitDetail] = [:]
        public var branches: Result<[Branch], GitHubError> = .success([])

        public init(owners: [String: Owner] = [:], ownerError: GitHubError? = nil, repositoryPages: [[Repository]] = [[]],
                    repositoryErrors: [Int: GitHubError] = [:], searchPages: [SearchPage<Repository>] = [],
                    searchErrors: [Int: GitHubError] = [:], searchLinksPastEnd: Bool = false,
                    commits: Result<[Commit], GitHubError> = .success([])) {
            self.owners = owners
            self.ownerError = ownerError
            self.repositoryPages = repositoryPages
            self.repositoryErrors = repositoryErrors
            self.searchPages = searchPages
            self.searchErrors = searchErrors
            self.searchLinksPastEnd = searchLinksPastEnd
            self.commits = commits
        }
    }

    public let script: Mutex<Script>
    public let calls = Mutex<[String]>([])

    public init(_ script: Script = Script()) { self.script = Mutex(script) }

    /// The calls so far.
    public var recorded: [String] { calls.withLock { $0 } }

    private func record(_ call: String) { calls.withLock { $0.append(call) } }
    private var current: Script { script.withLock { $0 } }

    public func owner(login: String) async throws -> Owner {
        record("owner \(login)")
        let script = current
        if let error = script.ownerError { throw error }
        guard let owner = script.owners[login.lowercased()] else { throw GitHubError.notFound }
        return owner
    }

    public func repositories(ownerLogin: String) async throws -> Page<Repository> {
        record("repos \(ownerLogin)")
        return try repositoryPage(0)
    }

    /// The same scripted pages as an owner's list.
    public func starredRepositories(ownerLogin: String) async throws -> Page<Repository> {
        record("starred \(ownerLogin)")
        return try repositoryPage(0)
    }

    public func repositories(page url: URL) async throws -> Page<Repository> {
        record("repos page \(url.lastPathComponent)")
        return try repositoryPage(Int(url.lastPathComponent) ?? -1)
    }

    public func searchRepositories(query: String) async throws -> (SearchPage<Repository>, next: URL?) {
        record("search \(query)")
        return try searchPage(0)
    }

    public func searchRepositories(page url: URL) async throws -> (SearchPage<Repository>, next: URL?) {
        record("search page \(url.lastPathComponent)")
        return try searchPage(Int(url.lastPathComponent) ?? -1)
    }

    public func repository(ownerLogin: String, name: String) async throws -> Repository {
        record("repo \(ownerLogin)/\(name)")
        guard let repository = current.repositories["\(ownerLogin)/\(name)".lowercased()] else { throw GitHubError.notFound }
        return repository
    }

    public func latestCommits(ownerLogin: String, repository: String) async throws -> [Commit] {
        record("commits \(ownerLogin)/\(repository)")
        return try current.commits.get()
    }

    public func latestCommits(of repositories: [RepositoryReference]) async throws -> [RepositoryReference: [Commit]] {
        record("batch " + repositories.map(\.description).joined(separator: ","))
        if let batched = current.batchedCommits { return try batched.get() }
        var result: [RepositoryReference: [Commit]] = [:]
        for repository in repositories { result[repository] = try current.commits.get() }
        return result
    }

    public func firstScreenCommits(ownerLogin: String, rows: Int, order: FirstScreenOrder) async throws -> FirstScreenCommits {
        record("firstScreen \(ownerLogin) \(rows) \(order)")
        guard let answer = current.firstScreen else { throw GitHubError.unauthorized }
        return try answer.get()
    }

    public var lastRateLimit: RateLimit? { current.rateLimit }
    public var batchesCommitQueries: Bool { current.isAuthenticated }
    public var isAuthenticated: Bool { current.isAuthenticated }

    public func isStarred(ownerLogin: String, repository: String) async throws -> Bool {
        guard current.isAuthenticated else { throw GitHubError.unauthorized }
        return current.starred
    }

    public func setStarred(_ on: Bool, ownerLogin: String, repository: String) async throws {
        guard current.isAuthenticated else { throw GitHubError.unauthorized }
        record("\(on ? "star" : "unstar") \(ownerLogin)/\(repository)")
        script.withLock { $0.starred = on }
    }

    public func avatar(url: String, size: Int) async throws -> Data {
        record("avatar \(url) \(size)")
        return try current.avatar.get()
    }

    public func storedAvatar(url: String, size: Int) -> Data? { current.storedAvatar }

    public func image(url: String) async throws -> Data {
        record("image \(url)")
        guard let data = current.images[url] else { throw GitHubError.notFound }
        return data
    }

    public func storedImage(url: String) -> Data? { nil }

    public func readme(ownerLogin: String, repository: String) async throws -> String? {
        record("readme \(ownerLogin)/\(repository)")
        return try current.readme.get()
    }

    public func storedReadme(ownerLogin: String, repository: String) -> String? { current.storedReadme }

    public func commitHistory(ownerLogin: String, repository: String, branch: String?,
                              perPage: Int) async throws -> Page<Commit> {
        record("history \(ownerLogin)/\(repository) \(branch ?? "-")")
        return try historyPage(0)
    }

    public func commitHistory(page url: URL) async throws -> Page<Commit> {
        record("history page \(url.lastPathComponent)")
        return try historyPage(Int(url.lastPathComponent) ?? -1)
    }

    public func commitDetail(ownerLogin: String, repository: String, sha: String) async throws -> CommitDetail {
        record("commit \(ownerLogin)/\(repository) \(sha)")
        guard let detail = current.commitDetails[sha] else { throw GitHubError.notFound }
        return detail
    }

    public func branches(ownerLogin: String, repository: String) async throws -> Page<Branch> {
        record("branches \(ownerLogin)/\(repository)")
        return Page(items: try current.branches.get())
    }

    public func branches(page url: URL) async throws -> Page<Branch> {
        record("branches page \(url.lastPathComponent)")
        throw GitHubError.notFound
    }

    private func historyPage(_ index: Int) throws -> Page<Commit> {
        let script = current
        if let error = script.historyErrors[index] { throw error }
        guard script.historyPages.indices.contains(index) else { throw GitHubError.notFound }
        let next = index + 1 < script.historyPages.count ? URL(string: "https://api.test/history/\(index + 1)") : nil
        return Page(items: script.historyPages[index], next: next)
    }

    private func repositoryPage(_ index: Int) throws -> Page<Repository> {
        let script = current
        if let error = script.repositoryErrors[index] { throw error }
        guard script.repositoryPages.indices.contains(index) else { throw GitHubError.notFound }
        let linked = index + 1 < script.repositoryPages.count ? index + 1 : script.lastPageLinksBackTo
        let next = linked.flatMap { URL(string: "https://api.test/repos/\($0)") }
        return Page(items: script.repositoryPages[index], next: next, url: URL(string: "https://api.test/repos/\(index)"))
    }

    private func searchPage(_ index: Int) throws -> (SearchPage<Repository>, next: URL?) {
        let script = current
        if let error = script.searchErrors[index] { throw error }
        guard script.searchPages.indices.contains(index) else {
            throw GitHubError.http(status: 422, message: "Only the first 1000 search results are available")
        }
        let hasNext = index + 1 < script.searchPages.count || script.searchLinksPastEnd
        return (script.searchPages[index], next: hasNext ? URL(string: "https://api.test/search/\(index + 1)") : nil)
    }
}
