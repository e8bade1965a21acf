import Foundation
import GitHubEntities

extension GitHubClient {
    /// The most commits a history page asks for (GitHub's own cap).
    public static let maximumHistoryPageSize = 100
    /// A commit's answer larger than this is refused: its patches would not be read by anyone.
    public static let maximumCommitDetailBytes = 16 << 20
    /// Branch names longer than this are refused (git allows longer ones; GitHub's web interface does not show them).
    static let maximumBranchNameLength = 255

    public func commitHistory(ownerLogin: String, repository: String, branch: String?,
                              perPage: Int) async throws -> Page<Commit> {
        let base = try repositoryPath(ownerLogin, repository)
        var query = ""
        if let branch {
            guard !branch.isEmpty, branch.count <= Self.maximumBranchNameLength,
                  branch.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw GitHubError.http(status: 0, message: "Not a branch name.")
            }
            query = "sha=\(Self.queryValue(branch))&"
        }
        let size = min(max(perPage, 1), Self.maximumHistoryPageSize)
        return try await listPage(endpoint("\(base)/commits?\(query)per_page=\(size)"), of: Commit.self, emptyOn409: true)
    }

    public func commitHistory(page: URL) async throws -> Page<Commit> {
        try Self.checkFollowable(page)
        return try await listPage(page, of: Commit.self, emptyOn409: true)
    }

    /// Not kept as a validator: the caller stores the commit for good (it never changes), so it is
    /// never asked for twice.
    public func commitDetail(ownerLogin: String, repository: String, sha: String) async throws -> CommitDetail {
        let base = try repositoryPath(ownerLogin, repository)
        guard Self.isCommitID(sha) else { throw GitHubError.http(status: 0, message: "Not a commit id.") }
        let url = try endpoint("\(base)/commits/\(sha)")
        let fetched = try await exchange(method: "GET", url: url, body: nil, keepsValidators: false)
        guard fetched.response.body.count <= Self.maximumCommitDetailBytes else {
            throw GitHubError.http(status: fetched.response.statusCode, message: "The commit is larger than 16 MiB.")
        }
        // Patches lifted out in one pass (a big commit's megabytes), JSONDecoder for the rest; JSONDecoder
        // for the whole when the reader cannot be sure, and to say what is wrong.
        return try CommitDetail(liftingPatchesFrom: fetched.response.body) ?? Self.decode(CommitDetail.self, from: fetched.response.body)
    }

    public func branches(ownerLogin: String, repository: String) async throws -> Page<Branch> {
        let base = try repositoryPath(ownerLogin, repository)
        return try await listPage(endpoint("\(base)/branches?per_page=100"), of: Branch.self, emptyOn409: false)
    }

    public func branches(page: URL) async throws -> Page<Branch> {
        try Self.checkFollowable(page)
        return try await listPage(page, of: Branch.self, emptyOn409: false)
    }

    /// A full or abbreviated commit id: 4 to 64 hexadecimal digits (SHA-1 or SHA-256).
    public static func isCommitID(_ text: String) -> Bool {
        (4...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (97...102).contains(byte) || (65...70).contains(byte)
        }
    }

    func repositoryPath(_ ownerLogin: String, _ repository: String) throws -> String {
        try Self.validate(login: ownerLogin)
        try Self.validate(repositoryName: repository)
        return "/repos/\(Self.segment(ownerLogin))/\(Self.segment(repository))"
    }

    /// One page of a list with its `Link` next and last (conditional through the validator cache).
    func listPage<Item: Decodable & Sendable>(_ url: URL, of: Item.Type, emptyOn409: Bool) async throws -> Page<Item> {
        let fetched = try await get(url, passThrough: emptyOn409 ? [409] : [])
        if fetched.response.statusCode == 409 { return Page(items: [], url: url) }
        return fetched.page(try Self.decode([Item].self, from: fetched.response.body), from: url)
    }
}
