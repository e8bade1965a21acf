#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GRDB

extension SQLiteStore {
    /// SQLite's `quick_check` over the whole file, off the first frame's path: run it on a background
    /// queue once the first screen is drawn. Nil when the file is sound, when there is no file (an
    /// in-memory store) or when the check could not run (the store closed meanwhile); else a one-line
    /// account of the damage, and the file is marked so that the next start moves it aside and builds
    /// a new one (the damage is not repaired under a running session, which may still read what is
    /// sound).
    public func checkIntegrity() -> String? {
        guard let file = databaseURL else { return nil }
        let findings: [String]
        do {
            findings = try withDatabase { try $0.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") } }
        } catch where Self.isCorruption(error) {
            findings = [Self.describe(error)]
        } catch {
            return nil
        }
        guard findings != ["ok"] else { return nil }
        let account = findings.prefix(3).joined(separator: "; ").map { $0.isNewline ? " " : $0 }
        let summary = String(account.prefix(300))
        Integrity.markDamaged(file, summary)
        return summary
    }

    /// The mark a failed integrity check leaves beside the database file: `<file>.damaged`, holding what
    /// the check found.
    enum Integrity {
        static func markPath(_ file: URL) -> String { file.path + ".damaged" }

        static func isMarkedDamaged(_ file: URL) -> Bool {
            var info = stat()
            return lstat(markPath(file), &info) == 0
        }

        static func markDamaged(_ file: URL, _ summary: String) {
            _ = FileManager.default.createFile(atPath: markPath(file), contents: Data(summary.utf8),
                                               attributes: [.posixPermissions: 0o600])
        }

        static func clearMark(_ file: URL) {
            try? FileManager.default.removeItem(atPath: markPath(file))
        }
    }
}
