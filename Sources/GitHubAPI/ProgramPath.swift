#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The one way the app finds a program to run (`gh`, `git`, `tmux`, the browser): in the absolute
/// directories of a `$PATH`, never a relative one (`.`, `bin`, an empty entry), which would run whatever
/// sits in the current directory under that name.
public enum ProgramPath {
    /// `program` itself when it names a path (a `$BROWSER` of `/opt/firefox/firefox`), else the first
    /// executable of that name in an absolute directory of `path`, in order; nil when there is none.
    public static func locate(_ program: String, path: String,
                              isExecutable: (String) -> Bool = ProgramPath.isExecutableFile) -> String? {
        guard !program.isEmpty else { return nil }
        if program.contains("/") { return isExecutable(program) ? program : nil }
        for directory in path.split(separator: ":", omittingEmptySubsequences: true) where directory.hasPrefix("/") {
            let candidate = directory.hasSuffix("/") ? "\(directory)\(program)" : "\(directory)/\(program)"
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// Whether `path` is a regular file this process may execute (not a directory, not a dangling link).
    public static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
