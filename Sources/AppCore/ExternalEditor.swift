#if canImport(Glibc)
import Glibc
#endif
import Features
import Foundation
import GitHubEntities
import TerminalKit

/// The user's editor, for text the app asks for (a comment on an issue), picked as git picks it:
/// `$VISUAL` (not on a dumb terminal), else `$EDITOR`, else `vi`. The command may carry arguments
/// (`code --wait`): it runs as git runs it, `/bin/sh -c '$EDITOR "$@"' $EDITOR FILE`. The file is made
/// in a private temporary folder (mode 0700, the file 0600); the terminal is handed over while the editor
/// runs and taken back when it ends. What the file holds then is read back and handed to the caller to
/// keep however the editor ended (well, badly, or while the app was asked to end); only then is the
/// folder removed, and not at all when the caller could not keep the text or the editor failed and left
/// files of its own there (a swap file to recover from), as git keeps `COMMIT_EDITMSG`.
@MainActor
final class ExternalEditor: TextEditing {
    /// What is read back at most.
    static let maximumBytes = 1 << 20
    private let environment: [String: String]
    /// Gives the terminal to `body` and takes it back (curses suspended meanwhile).
    private let handOver: @MainActor (() -> Int32) -> Int32
    /// Asked when the editor has ended: whether the app was meanwhile asked to end (a hang-up, SIGTERM).
    private let appIsEnding: @MainActor () -> Bool

    init(environment: [String: String], handOver: @escaping @MainActor (() -> Int32) -> Int32,
         appIsEnding: @escaping @MainActor () -> Bool = { false }) {
        self.environment = environment
        self.handOver = handOver
        self.appIsEnding = appIsEnding
    }

    /// The editor's command: `$VISUAL` unless `TERM` is dumb, `$EDITOR`, else `vi` (blank ones skipped).
    nonisolated static func command(environment: [String: String]) -> String {
        var names = ["EDITOR"]
        if environment["TERM"] != "dumb" { names.insert("VISUAL", at: 0) }
        for name in names {
            if let value = environment[name], !value.allSatisfy(\.isWhitespace) { return value }
        }
        return "vi"
    }

    /// The argument vector: the shell splits and expands the command; the file is `"$@"`, never read by it.
    nonisolated static func arguments(command: String, file: String) -> [String] {
        ["/bin/sh", "-c", command + " \"$@\"", command, file]
    }

    func edit(_ text: String, fileName: String, keep: (EditorOutcome) -> Bool) -> EditorOutcome {
        let name: String
        do throws(PathComponent.Refusal) {
            name = try PathComponent.checked(fileName)
        } catch {
            return .failed(L10n.tr("editor.noFile", Sanitizer.line(fileName)))
        }
        let base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/github-tui-edit.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            return .failed(L10n.tr("editor.noFile", String(cString: strerror(errno))))
        }
        let folder = String(cString: made)
        let path = folder + "/" + name
        guard Self.write(Array(text.utf8), to: path) else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: folder)
            return .failed(L10n.tr("editor.noFile", reason))
        }
        let arguments = Self.arguments(command: Self.command(environment: environment), file: path)
        let status = handOver {
            ChildProcess.run(arguments, environment: environment, input: .inherited, output: .inherited)?.status ?? -1
        }
        var outcome = EditorOutcome(text: nil, appIsEnding: appIsEnding())
        // 127: the shell found no such command (126: not executable), as a shell says it.
        if status < 0 || status == 126 || status == 127 {
            outcome.failure = L10n.tr("editor.notStarted", arguments[3])
        } else if status != 0 {
            outcome.failure = L10n.tr("editor.failedStatus", status)
        }
        // Read back whatever way the editor ended: a failed or interrupted one may have saved text.
        var tooLarge = false
        if let bytes = Self.read(path) {
            tooLarge = bytes.count > Self.maximumBytes
            if tooLarge {
                outcome.failure = outcome.failure ?? L10n.tr("editor.tooLarge")
            } else {
                outcome.text = String(decoding: bytes, as: UTF8.self)
            }
        } else if outcome.failure == nil {
            outcome.failure = L10n.tr("editor.noFile", String(cString: strerror(errno)))
        }
        let kept = keep(outcome)
        let recoveryFiles = outcome.failure != nil
            && ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0 != name }
        if kept, !tooLarge, !recoveryFiles {
            try? FileManager.default.removeItem(atPath: folder)
        } else {
            outcome.folderKept = folder
        }
        return outcome
    }

    /// A new file (never an existing one, never through a link) readable by its owner only.
    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The file as the editor left it (it may have replaced it), up to one byte past the limit.
    private static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
