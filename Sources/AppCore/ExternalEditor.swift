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
/// in a private temporary folder (mode 0700, the file 0600) and both are removed afterwards; the
/// terminal is handed over while the editor runs and taken back when it ends.
@MainActor
final class ExternalEditor: TextEditing {
    /// What is read back at most.
    static let maximumBytes = 1 << 20
    private let environment: [String: String]
    /// Gives the terminal to `body` and takes it back (curses suspended meanwhile).
    private let handOver: @MainActor (() -> Int32) -> Int32

    init(environment: [String: String], handOver: @escaping @MainActor (() -> Int32) -> Int32) {
        self.environment = environment
        self.handOver = handOver
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

    func edit(_ text: String, fileName: String) -> EditorOutcome {
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
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        guard Self.write(Array(text.utf8), to: path) else {
            return .failed(L10n.tr("editor.noFile", String(cString: strerror(errno))))
        }
        let arguments = Self.arguments(command: Self.command(environment: environment), file: path)
        let status = handOver {
            ChildProcess.run(arguments, environment: environment, input: .inherited, output: .inherited)?.status ?? -1
        }
        // 127: the shell found no such command (126: not executable), as a shell says it.
        guard status >= 0, status != 126, status != 127 else { return .failed(L10n.tr("editor.notStarted", arguments[3])) }
        guard status == 0 else { return .failed(L10n.tr("editor.failedStatus", status)) }
        guard let bytes = Self.read(path) else {
            return .failed(L10n.tr("editor.noFile", String(cString: strerror(errno))))
        }
        guard bytes.count <= Self.maximumBytes else { return .failed(L10n.tr("editor.tooLarge")) }
        return .edited(String(decoding: bytes, as: UTF8.self))
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
