import Foundation

/// One release of a repository, as `GET /repos/{owner}/{repo}/releases` lists it: its tag, name,
/// notes (Markdown), marks and assets. Decoded tolerantly (only `id` is required).
public struct Release: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int
    public var tagName: String
    public var name: String
    /// The notes, as Markdown ("" when there are none).
    public var body: String
    public var isDraft: Bool
    public var isPrerelease: Bool
    public var createdAt: Date?
    public var publishedAt: Date?
    public var htmlURL: String?
    public var assets: [ReleaseAsset]

    public init(id: Int, tagName: String, name: String = "", body: String = "", isDraft: Bool = false,
                isPrerelease: Bool = false, createdAt: Date? = nil, publishedAt: Date? = nil,
                htmlURL: String? = nil, assets: [ReleaseAsset] = []) {
        self.id = id
        self.tagName = tagName
        self.name = name
        self.body = body
        self.isDraft = isDraft
        self.isPrerelease = isPrerelease
        self.createdAt = createdAt
        self.publishedAt = publishedAt
        self.htmlURL = htmlURL
        self.assets = assets
    }

    /// The date a reader sees: published, else created (a draft has no publication date).
    public var date: Date? { publishedAt ?? createdAt }
}

/// A file attached to a release.
public struct ReleaseAsset: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int
    /// The file name as GitHub gave it (untrusted: `PathComponent.checked` before it names a file).
    public var name: String
    public var label: String
    public var contentType: String
    public var size: Int
    public var downloadCount: Int
    /// Where the bytes are (github.com, redirected to another host): fetched without the token.
    public var downloadURL: String?
    /// The checksum GitHub lists for the file, as it gives it ("sha256:HEX"); nil for older assets.
    public var digest: String?

    public init(id: Int, name: String, label: String = "", contentType: String = "", size: Int = 0,
                downloadCount: Int = 0, downloadURL: String? = nil, digest: String? = nil) {
        self.id = id
        self.name = name
        self.label = label
        self.contentType = contentType
        self.size = size
        self.downloadCount = downloadCount
        self.downloadURL = downloadURL
        self.digest = digest
    }

    /// The SHA-256 `digest` names (32 bytes), nil when there is none or it is not a well-formed
    /// "sha256:" and 64 hexadecimal digits.
    public var sha256: [UInt8]? {
        guard let digest, digest.lowercased().hasPrefix("sha256:") else { return nil }
        let hex = Array(digest.utf8.dropFirst(7))
        guard hex.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for index in stride(from: 0, to: 64, by: 2) {
            guard let high = Self.nibble(hex[index]), let low = Self.nibble(hex[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Release: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, body, draft, prerelease, assets
        case tagName = "tag_name", createdAt = "created_at", publishedAt = "published_at", htmlURL = "html_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? c.decodeIfPresent(String.self, forKey: key)) ?? nil }
        func flag(_ key: CodingKeys) -> Bool { ((try? c.decodeIfPresent(Bool.self, forKey: key)) ?? nil) ?? false }
        id = try c.decode(Int.self, forKey: .id)
        tagName = text(.tagName) ?? ""
        name = text(.name) ?? ""
        body = text(.body) ?? ""
        isDraft = flag(.draft)
        isPrerelease = flag(.prerelease)
        createdAt = GitHubDate.parse(text(.createdAt))
        publishedAt = GitHubDate.parse(text(.publishedAt))
        htmlURL = text(.htmlURL)
        let raw = ((try? c.decodeIfPresent([Lenient<ReleaseAsset>].self, forKey: .assets)) ?? nil) ?? []
        assets = raw.compactMap(\.value)
    }
}

extension ReleaseAsset: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, label, size, digest
        case contentType = "content_type", downloadCount = "download_count", downloadURL = "browser_download_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? c.decodeIfPresent(String.self, forKey: key)) ?? nil }
        func number(_ key: CodingKeys) -> Int { max(0, ((try? c.decodeIfPresent(Int.self, forKey: key)) ?? nil) ?? 0) }
        id = try c.decode(Int.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        label = text(.label) ?? ""
        contentType = text(.contentType) ?? ""
        size = number(.size)
        downloadCount = number(.downloadCount)
        downloadURL = text(.downloadURL)
        digest = text(.digest)
    }
}

extension Release: Encodable {
    /// Written in the API's shape, so `init(from:)` reads it back (the store keeps releases so).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(tagName, forKey: .tagName)
        try c.encode(name, forKey: .name)
        try c.encode(body, forKey: .body)
        try c.encode(isDraft, forKey: .draft)
        try c.encode(isPrerelease, forKey: .prerelease)
        try c.encodeIfPresent(createdAt.map(GitHubDate.formatUTC), forKey: .createdAt)
        try c.encodeIfPresent(publishedAt.map(GitHubDate.formatUTC), forKey: .publishedAt)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
        try c.encode(assets, forKey: .assets)
    }
}

extension ReleaseAsset: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(label, forKey: .label)
        try c.encode(contentType, forKey: .contentType)
        try c.encode(size, forKey: .size)
        try c.encode(downloadCount, forKey: .downloadCount)
        try c.encodeIfPresent(downloadURL, forKey: .downloadURL)
        try c.encodeIfPresent(digest, forKey: .digest)
    }
}
