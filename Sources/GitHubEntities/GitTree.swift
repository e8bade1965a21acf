import Foundation

/// A repository's tree at one commit, as `GET /repos/{owner}/{repo}/git/trees/{ref}?recursive=1`
/// gives it: every entry with its full path. `isTruncated` is GitHub saying the list is not whole
/// (over 100,000 entries or 7 MB): the caller then reads one folder at a time through the contents API.
///
/// Decoded tolerantly: an entry without a path, a sha or a known type is left out; paths stay as
/// GitHub wrote them (untrusted: `TreePath` checks them before they name anything).
public struct GitTree: Sendable, Equatable, Hashable {
    public var sha: String
    public var entries: [GitTreeEntry]
    public var isTruncated: Bool

    public init(sha: String, entries: [GitTreeEntry], isTruncated: Bool = false) {
        self.sha = sha
        self.entries = entries
        self.isTruncated = isTruncated
    }
}

/// One entry of a tree or of a folder listing: a file (blob), a folder (tree), a submodule (commit)
/// or a symbolic link.
public struct GitTreeEntry: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case file, folder, submodule, symlink
    }

    /// The path from the repository's root, `/`-separated, as GitHub wrote it.
    public var path: String
    public var kind: Kind
    public var sha: String
    /// Bytes, for files (nil for folders, or when GitHub did not say).
    public var size: Int?

    public init(path: String, kind: Kind, sha: String, size: Int? = nil) {
        self.path = path
        self.kind = kind
        self.sha = sha
        self.size = size
    }

    /// The last component of the path.
    public var name: String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

extension GitTree: Decodable {
    private enum CodingKeys: String, CodingKey { case sha, tree, truncated }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sha = ((try? c.decodeIfPresent(String.self, forKey: .sha)) ?? nil) ?? ""
        isTruncated = ((try? c.decodeIfPresent(Bool.self, forKey: .truncated)) ?? nil) ?? false
        let raw = ((try? c.decodeIfPresent([Lenient<RawTreeEntry>].self, forKey: .tree)) ?? nil) ?? []
        entries = raw.compactMap { $0.value?.entry }
    }
}

extension GitTreeEntry: Decodable {
    public init(from decoder: any Decoder) throws {
        guard let entry = try RawTreeEntry(from: decoder).entry else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a tree entry"))
        }
        self = entry
    }
}

/// A tree entry (`git/trees`: `path`, `type` blob/tree/commit, `mode`) or a contents entry
/// (`contents`: `path`, `type` file/dir/submodule/symlink) read into one shape.
struct RawTreeEntry: Decodable {
    var path: String?
    var type: String?
    var mode: String?
    var sha: String?
    var size: Int?

    var entry: GitTreeEntry? {
        guard let path, !path.isEmpty, let sha, let type else { return nil }
        let kind: GitTreeEntry.Kind
        switch type {
        case "blob", "file": kind = mode == "120000" ? .symlink : .file
        case "tree", "dir": kind = .folder
        case "commit", "submodule": kind = .submodule
        case "symlink": kind = .symlink
        default: return nil
        }
        return GitTreeEntry(path: path, kind: kind, sha: sha, size: kind == .folder ? nil : size.map { max(0, $0) })
    }
}

/// Decodes a value or nothing: one bad element does not spoil its list.
struct Lenient<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension GitTree: Encodable {
    /// Written in the API's own shape (`sha`, `truncated`, `tree`), so `init(from:)` reads it back.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sha, forKey: .sha)
        try c.encode(isTruncated, forKey: .truncated)
        try c.encode(entries, forKey: .tree)
    }
}

extension GitTreeEntry: Encodable {
    private enum CodingKeys: String, CodingKey { case path, type, mode, sha, size }

    /// A tree entry as `git/trees` writes it (`type` blob/tree/commit, `mode` 120000 for a link).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        let (type, mode): (String, String) = switch kind {
        case .file: ("blob", "100644")
        case .folder: ("tree", "040000")
        case .submodule: ("commit", "160000")
        case .symlink: ("blob", "120000")
        }
        try c.encode(type, forKey: .type)
        try c.encode(mode, forKey: .mode)
        try c.encode(sha, forKey: .sha)
        try c.encodeIfPresent(size, forKey: .size)
    }
}
