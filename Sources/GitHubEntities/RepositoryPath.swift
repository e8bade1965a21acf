/// A path inside a repository (`lib/rails_admin.rb`), as a tree or the contents API names it, checked:
/// `/`-separated, no leading or trailing `/`, no empty, `.` or `..` component, no control or invisible
/// formatting character. Such a path never climbs out of the repository's root, never reaches a
/// terminal as an escape sequence, and can go into a request URL one encoded segment at a time.
public enum RepositoryPath {
    /// The most bytes a path may have (git's own limit is the file system's, 4096 on Linux).
    public static let maximumBytes = 4096

    /// The path's components, or nil when the path is not one to follow. The root is `""` → `[]`.
    public static func components(_ path: String) -> [String]? {
        if path.isEmpty { return [] }
        guard path.utf8.count <= maximumBytes else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part.isEmpty || part == "." || part == ".." { return nil }
            if !part.unicodeScalars.allSatisfy(PathComponent.isVisible) { return nil }
        }
        return parts
    }

    /// Whether `path` is one to follow (see `components`).
    public static func isValid(_ path: String) -> Bool {
        components(path) != nil
    }
}
