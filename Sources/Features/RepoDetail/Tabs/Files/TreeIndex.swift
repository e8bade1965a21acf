import GitHubEntities
import Persistence

/// A recursive tree ready to walk: the entries packed (`PackedTree`, one buffer) and each folder's
/// children as entry numbers, by folder path.
/// Built off the UI thread (100,000 entries: tens of milliseconds); entries are made only for the
/// folder shown. Paths that are not ones to follow (`RepositoryPath`) are left out and counted.
struct TreeIndex: Sendable, Equatable {
    private(set) var packed: PackedTree
    /// Each folder's children by the folder's path ("" the root), in the tree's order: a folder is sorted
    /// when it is shown (`entries(in:)`), so a tree of 100,000 entries shows its root without sorting
    /// every folder first.
    private var children: [String: [Int32]]
    /// Entries left out because their path could climb out or hide characters.
    private(set) var refused: Int

    var isTruncated: Bool { packed.isTruncated }

    init(_ tree: GitTree) {
        self.init(packed: PackedTree(tree))
    }

    init(packed: PackedTree) {
        self.packed = packed
        var children: [String: [Int32]] = ["": []]
        var refused = 0
        // Siblings mostly follow each other (GitHub lists paths in order): the last parent is looked up once.
        var lastParent: [UInt8] = []
        var lastKey = ""
        for index in 0..<(packed.isTruncated ? 0 : packed.count) {
            let followable: Bool = packed.withPath(at: index) { path in
                guard Self.isFollowable(path) else { return false }
                let slash = path.lastIndex(of: UInt8(ascii: "/")) ?? 0
                let parent = UnsafeBufferPointer(rebasing: path[..<slash])
                if !parent.elementsEqual(lastParent) {
                    lastParent = Array(parent)
                    lastKey = String(decoding: parent, as: UTF8.self)
                }
                return true
            }
            guard followable else {
                refused += 1
                continue
            }
            children[lastKey, default: []].append(Int32(index))
            if packed.kind(at: index) == .folder {
                let path = packed.withPath(at: index) { String(decoding: $0, as: UTF8.self) }
                if children[path] == nil { children[path] = [] }
            }
        }
        self.children = children
        self.refused = refused
    }

    /// The entries of `folder`, sorted (folders first, then by name ignoring case); nil when the tree has
    /// no such folder.
    func entries(in folder: String) -> [GitTreeEntry]? {
        children[folder].map { Self.sorted($0, in: packed).map { packed.entry(at: Int($0)) } }
    }

    func hasFolder(_ folder: String) -> Bool { children[folder] != nil }

    /// Whether a path is one to follow: `RepositoryPath.components`' rule, on the bytes of a printable
    /// ASCII path (most of them) without making strings.
    static func isFollowable(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !path.isEmpty, path.count <= RepositoryPath.maximumBytes else { return false }
        guard path.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return RepositoryPath.components(String(decoding: path, as: UTF8.self)).map { !$0.isEmpty } ?? false
        }
        var start = 0
        for end in 0...path.count where end == path.count || path[end] == UInt8(ascii: "/") {
            let length = end - start
            if length == 0 { return false }
            if path[start] == UInt8(ascii: "."), length == 1 || (length == 2 && path[start + 1] == UInt8(ascii: ".")) { return false }
            start = end + 1
        }
        return true
    }

    /// Where an entry goes in its folder: folders and submodules first, then files and links; each by
    /// name ignoring case (the name folded once, when the key is made, not in every comparison).
    struct SortKey: Comparable {
        var isFolder: Bool
        var folded: String
        var name: String

        init(kind: GitTreeEntry.Kind, name: String) {
            isFolder = kind == .folder || kind == .submodule
            folded = name.lowercased()
            self.name = name
        }

        static func < (a: SortKey, b: SortKey) -> Bool {
            if a.isFolder != b.isFolder { return a.isFolder }
            return a.folded != b.folded ? a.folded < b.folded : a.name < b.name
        }
    }

    static func sorted(_ indices: [Int32], in packed: PackedTree) -> [Int32] {
        let keyed = indices.map { index in
            let name = packed.withPath(at: Int(index)) { path in
                let slash = path.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
                return String(decoding: UnsafeBufferPointer(rebasing: path[slash...]), as: UTF8.self)
            }
            return (key: SortKey(kind: packed.kind(at: Int(index)), name: name), index: index)
        }
        return keyed.sorted { $0.key < $1.key }.map(\.index)
    }
}
