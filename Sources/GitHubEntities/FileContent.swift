import Foundation

/// A file's bytes as the API gives them: a blob (`GET /repos/{o}/{r}/git/blobs/{sha}`) or a file of
/// the contents API (`GET /repos/{o}/{r}/contents/{path}`), both base64 in `content`. A blob never
/// changes, so its bytes are stored by `sha` for good.
public struct FileContent: Sendable, Equatable, Hashable {
    public var sha: String
    /// The size GitHub gave (the file's, even when `bytes` is empty because GitHub left it out).
    public var size: Int
    public var bytes: Data

    public init(sha: String, size: Int, bytes: Data) {
        self.sha = sha
        self.size = size
        self.bytes = bytes
    }
}

extension FileContent: Decodable {
    private enum CodingKeys: String, CodingKey { case sha, size, content, encoding }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sha = try c.decode(String.self, forKey: .sha)
        let content = ((try? c.decodeIfPresent(String.self, forKey: .content)) ?? nil) ?? ""
        let encoding = ((try? c.decodeIfPresent(String.self, forKey: .encoding)) ?? nil) ?? "base64"
        if encoding == "base64" {
            bytes = Data(base64Encoded: content, options: .ignoreUnknownCharacters) ?? Data()
        } else {
            bytes = Data(content.utf8)
        }
        size = max(0, ((try? c.decodeIfPresent(Int.self, forKey: .size)) ?? nil) ?? bytes.count)
    }
}

/// One folder of the contents API (`GET /repos/{o}/{r}/contents/{path}`): its entries, used when
/// the recursive tree was truncated. Entries that are not understood are left out.
public struct FolderListing: Sendable, Equatable, Hashable {
    public var entries: [GitTreeEntry]

    public init(entries: [GitTreeEntry]) {
        self.entries = entries
    }
}

extension FolderListing: Decodable {
    public init(from decoder: any Decoder) throws {
        let raw = try [Lenient<RawTreeEntry>](from: decoder)
        entries = raw.compactMap { $0.value?.entry }
    }
}
