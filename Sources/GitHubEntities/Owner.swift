import Foundation

/// Whether an owner is a person or an organization (the API's `type`).
public enum OwnerKind: String, Sendable, Equatable, Hashable, Codable {
    case user = "User"
    case organization = "Organization"

    /// The word the header shows.
    public var displayName: String { rawValue }
}

/// A GitHub user or organization, with the profile fields the app shows.
public struct Owner: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var login: String
    public var kind: OwnerKind
    public var name: String?
    public var avatarURL: String?
    public var htmlURL: String?
    public var bio: String?
    public var company: String?
    public var location: String?
    public var email: String?
    public var blog: String?
    public var followers: Int?
    public var following: Int?
    public var publicRepos: Int?
    public var createdAt: Date?

    public init(
        id: Int64, login: String, kind: OwnerKind = .user, name: String? = nil, avatarURL: String? = nil,
        htmlURL: String? = nil, bio: String? = nil, company: String? = nil, location: String? = nil,
        email: String? = nil, blog: String? = nil, followers: Int? = nil, following: Int? = nil,
        publicRepos: Int? = nil, createdAt: Date? = nil
    ) {
        self.id = id
        self.login = login
        self.kind = kind
        self.name = name
        self.avatarURL = avatarURL
        self.htmlURL = htmlURL
        self.bio = bio
        self.company = company
        self.location = location
        self.email = email
        self.blog = blog
        self.followers = followers
        self.following = following
        self.publicRepos = publicRepos
        self.createdAt = createdAt
    }
}

extension Owner: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, login, type, name, bio, company, location, email, blog, followers, following
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
        case publicRepos = "public_repos"
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        login = try c.decode(String.self, forKey: .login)
        let type = try c.decodeIfPresent(String.self, forKey: .type)
        kind = type.flatMap(OwnerKind.init(rawValue:)) ?? .user
        name = try c.decodeIfPresent(String.self, forKey: .name)
        avatarURL = try c.decodeIfPresent(String.self, forKey: .avatarURL)
        htmlURL = try c.decodeIfPresent(String.self, forKey: .htmlURL)
        bio = try c.decodeIfPresent(String.self, forKey: .bio)
        company = try c.decodeIfPresent(String.self, forKey: .company)
        location = try c.decodeIfPresent(String.self, forKey: .location)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        blog = try c.decodeIfPresent(String.self, forKey: .blog)
        followers = try c.decodeIfPresent(Int.self, forKey: .followers)
        following = try c.decodeIfPresent(Int.self, forKey: .following)
        publicRepos = try c.decodeIfPresent(Int.self, forKey: .publicRepos)
        createdAt = GitHubDate.parse(try? c.decodeIfPresent(String.self, forKey: .createdAt))
    }
}

/// GitHub login rules: 1–39 characters, ASCII letters and digits, single hyphens only between them.
public enum OwnerLogin {
    public static func isValid(_ login: String) -> Bool {
        let scalars = Array(login.unicodeScalars)
        guard (1...39).contains(scalars.count) else { return false }
        guard scalars.first != "-", scalars.last != "-" else { return false }
        var previousWasHyphen = false
        for scalar in scalars {
            if scalar == "-" {
                if previousWasHyphen { return false }
                previousWasHyphen = true
            } else if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                previousWasHyphen = false
            } else {
                return false
            }
        }
        return true
    }
}

/// GitHub repository names: 1–100 of ASCII letters, digits, `-`, `_`, `.`; not `.` or `..`.
public enum RepositoryName {
    public static func isValid(_ name: String) -> Bool {
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
        return allowed && (1...100).contains(name.unicodeScalars.count) && name != "." && name != ".."
    }
}
