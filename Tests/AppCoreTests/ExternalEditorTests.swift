import Features
import Foundation
import Testing
@testable import AppCore

/// The user's editor for comments: picked as git picks it, run through `/bin/sh` with its arguments,
/// on a 0600 file in a private 0700 folder that is gone afterwards, with the terminal handed over.
@Suite("The user's editor")
@MainActor
struct ExternalEditorTests {
    func temporaryFolder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-editor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// An editor script: checks it got `--wait` first (the command's own argument), notes the file's
    /// path and modes and what it held, then writes `Hello` above what was there (or exits 3).
    func makeEditor(in directory: URL) throws -> URL {
        let script = directory.appendingPathComponent("fake editor")
        try """
        #!/bin/sh
        [ "$1" = "--wait" ] || exit 3
        shift
        echo "$1" > "$OUT/path"
        stat -c %a "$1" > "$OUT/mode"
        stat -c %a "$(dirname "$1")" > "$OUT/folder-mode"
        cp "$1" "$OUT/given"
        { echo Hello; cat "$OUT/given"; } > "$1"
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        return script
    }

    @Test("$VISUAL, then $EDITOR, then vi; blank ones skipped; $VISUAL not on a dumb terminal")
    func command() {
        #expect(ExternalEditor.command(environment: [:]) == "vi")
        #expect(ExternalEditor.command(environment: ["EDITOR": "nano"]) == "nano")
        #expect(ExternalEditor.command(environment: ["EDITOR": "nano", "VISUAL": "code --wait"]) == "code --wait")
        #expect(ExternalEditor.command(environment: ["EDITOR": "nano", "VISUAL": " "]) == "nano")
        #expect(ExternalEditor.command(environment: ["EDITOR": "nano", "VISUAL": "code", "TERM": "dumb"]) == "nano")
        #expect(ExternalEditor.arguments(command: "code --wait", file: "/t/F") == ["/bin/sh", "-c", "code --wait \"$@\"", "code --wait", "/t/F"])
    }

    @Test("The editor edits a 0600 file in a private folder with the terminal handed over; the folder is gone after")
    func edits() throws {
        let directory = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try makeEditor(in: directory)
        var handedOver = 0
        let editor = ExternalEditor(environment: ["PATH": "/usr/bin:/bin", "OUT": directory.path, "TMPDIR": directory.path,
                                                  "EDITOR": "'\(script.path)' --wait"],
                                    handOver: { body in handedOver += 1; return body() })
        #expect(editor.edit("line one\n# a template line\n", fileName: "COMMENT_EDITMSG.md") == .edited("Hello\nline one\n# a template line\n"))
        #expect(handedOver == 1)
        func noted(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try noted("mode") == "600")
        #expect(try noted("folder-mode") == "700")
        #expect(try noted("given") == "line one\n# a template line")
        let path = try noted("path")
        #expect(path.hasPrefix(directory.path + "/github-tui-edit."))
        #expect(path.hasSuffix("/COMMENT_EDITMSG.md"))
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
    }

    @Test("An editor that fails, or is not there, says so, and the folder is gone all the same")
    func failures() throws {
        let directory = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try makeEditor(in: directory)
        // Without --wait the script exits 3.
        let failing = ExternalEditor(environment: ["PATH": "/usr/bin:/bin", "OUT": directory.path, "TMPDIR": directory.path,
                                                   "VISUAL": "'\(script.path)'"], handOver: { $0() })
        #expect(failing.edit("x", fileName: "F.md") == .failed("the editor ended with status 3"))
        let missing = ExternalEditor(environment: ["PATH": "/usr/bin:/bin", "TMPDIR": directory.path,
                                                   "EDITOR": "/nonexistent/editor"], handOver: { $0() })
        #expect(missing.edit("x", fileName: "F.md") == .failed("the editor could not be started (/nonexistent/editor)"))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("github-tui-edit.") }
        #expect(left.isEmpty)
        // A file name that is not one path component is refused before anything runs.
        #expect(missing.edit("x", fileName: "../F.md") == .failed("could not write the temporary file (../F.md)"))
    }
}
