import Foundation

/// A public GitHub repository, as the list and the detail overlay show it.
///
/// Decodes from the REST API's repository objects (`/users/{u}/repos`, `/repos/{o}/{r}`, search items):
/// unknown fields are ignored, nulls and missing optional fields are tolerated.
public struct Repository: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var name: String
    public var fullName: String
    public var ownerLogin: String
    public var description: String?
    public var language: String?
    public var stargazersCount: Int
    public var forksCount: Int
    public var watchersCount: Int
    public var openIssuesCount: Int
    public var defaultBranch: String?
    public var htmlURL: String
    public var homepage: String?
    /// SPDX identifier when GitHub knows one, else the licence's name.
    public var license: String?
    public var topics: [String]
    public var isFork: Bool
    public var isArchived: Bool
    public var createdAt: Date?
    public var updatedAt: Date?
    public var pushedAt: Date?

    public init(
        id: Int64, name: String, fullName: String, ownerLogin: String,
        description: String? = nil, language: String? = nil,
        stargazersCount: Int = 0, forksCount: Int = 0, watchersCount: Int = 0, openIssuesCount: Int = 0,
        defaultBranch: String? = nil, htmlURL: String = "", homepage: String? = nil, license: String? = nil,
        topics: [String] = [], isFork: Bool = false, isArchived: Bool = false,
        createdAt: Date? = nil, updatedAt: Date? = nil, pushedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.fullName = fullName
        self.ownerLogin = ownerLogin
        self.description = description
        self.language = language
        self.stargazersCount = stargazersCount
        self.forksCount = forksCount
        self.watchersCount = watchersCount
        self.openIssuesCount = openIssuesCount
        self.defaultBranch = defaultBranch
        self.htmlURL = htmlURL
        self.homepage = homepage
        self.license = license
        self.topics = topics
        self.isFork = isFork
        self.isArchived = isArchived
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.pushedAt = pushedAt
    }
}

extension Repository: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, owner, description, language, homepage, license, topics, fork, archived
        case fullName = "full_name"
        case stargazersCount = "stargazers_count"
        case forksCount = "forks_count"
        case watchersCount = "watchers_count"
        case openIssuesCount = "open_issues_count"
        case defaultBranch = "default_branch"
        case masterBranch = "master_branch"
        case htmlURL = "html_url"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case pushedAt = "pushed_at"
    }

    private struct OwnerRef: Decodable { var login: String }
    private struct LicenseRef: Decodable {
        var spdxID: String?
        var name: String?
        enum CodingKeys: String, CodingKey { case spdxID = "spdx_id", name }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        let owner = try c.decodeIfPresent(OwnerRef.self, forKey: .owner)
        let full = try c.decodeIfPresent(String.self, forKey: .fullName)
        ownerLogin = owner?.login ?? full?.split(separator: "/").first.map(String.init) ?? ""
        fullName = full ?? (ownerLogin.isEmpty ? name : "\(ownerLogin)/\(name)")
        description = try c.decodeIfPresent(String.self, forKey: .description)
        language = try c.decodeIfPresent(String.self, forKey: .language)
        // Before `stargazers_count` existed (2012), `watchers_count` held the stars.
        watchersCount = try c.decodeIfPresent(Int.self, forKey: .watchersCount) ?? 0
        stargazersCount = try c.decodeIfPresent(Int.self, forKey: .stargazersCount) ?? watchersCount
        forksCount = try c.decodeIfPresent(Int.self, forKey: .forksCount) ?? 0
        openIssuesCount = try c.decodeIfPresent(Int.self, forKey: .openIssuesCount) ?? 0
        defaultBranch = try c.decodeIfPresent(String.self, forKey: .defaultBranch)
            ?? c.decodeIfPresent(String.self, forKey: .masterBranch)
        htmlURL = try c.decodeIfPresent(String.self, forKey: .htmlURL) ?? ""
        homepage = try c.decodeIfPresent(String.self, forKey: .homepage)
        let licenseRef = try? c.decodeIfPresent(LicenseRef.self, forKey: .license)
        let spdx = licenseRef?.spdxID.flatMap { $0 == "NOASSERTION" ? nil : $0 }
        license = spdx ?? licenseRef?.name
        topics = (try? c.decodeIfPresent([String].self, forKey: .topics)) ?? []
        isFork = try c.decodeIfPresent(Bool.self, forKey: .fork) ?? false
        isArchived = try c.decodeIfPresent(Bool.self, forKey: .archived) ?? false
        createdAt = GitHubDate.parse(try? c.decodeIfPresent(String.self, forKey: .createdAt))
        updatedAt = GitHubDate.parse(try? c.decodeIfPresent(String.self, forKey: .updatedAt))
        pushedAt = GitHubDate.parse(try? c.decodeIfPresent(String.self, forKey: .pushedAt))
    }
}
