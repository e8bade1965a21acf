import Features
import Foundation
import Testing
@testable import AppCore

/// The user's editor for comments: picked as git picks it, run through `/bin/sh` with its arguments,
/// on a 0600 file in a private 0700 folder, with the terminal handed over; what the file holds is handed
/// to the caller to keep however the editor ended, and the folder goes only after that, and not when it
/// could not be kept or a failed editor left its own files there.
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
        #expect(editor.edit("line one\n# a template line\n", fileName: "COMMENT_EDITMSG.md", keep: { _ in true })
            == .edited("Hello\nline one\n# a template line\n"))
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
        #expect(failing.edit("x", fileName: "F.md", keep: { _ in true }) == .failed("the editor ended with status 3", text: "x"))
        let missing = ExternalEditor(environment: ["PATH": "/usr/bin:/bin", "TMPDIR": directory.path,
                                                   "EDITOR": "/nonexistent/editor"], handOver: { $0() })
        #expect(missing.edit("x", fileName: "F.md", keep: { _ in true })
            == .failed("the editor could not be started (/nonexistent/editor)", text: "x"))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("github-tui-edit.") }
        #expect(left.isEmpty)
        // A file name that is not one path component is refused before anything runs.
        var asked = false
        #expect(missing.edit("x", fileName: "../F.md", keep: { _ in asked = true; return true })
            == .failed("could not write the temporary file (../F.md)"))
        #expect(!asked)
    }

    /// An editor script that writes `text` into its file, then runs `then` (a shell command: `exit 1`,
    /// a signal to itself, a swap file of its own).
    func makeScript(in directory: URL, writing text: String, then: String) throws -> URL {
        let script = directory.appendingPathComponent("editor-\(UUID().uuidString).sh")
        try "#!/bin/sh\nprintf '%s' '\(text)' > \"$1\"\n\(then)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        return script
    }

    func editFolders(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("github-tui-edit.") }
    }

    @Test("An editor that fails, or dies of a hang-up, after saving: what it saved is handed to keep while the file is still there, then the folder goes")
    func failedEditorKeepsWhatItSaved() throws {
        let directory = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (then, reason) in [("exit 1", "the editor ended with status 1"), ("kill -HUP $$", "the editor ended with status 129")] {
            let script = try makeScript(in: directory, writing: "Saved before the end", then: then)
            let editor = ExternalEditor(environment: ["PATH": "/usr/bin:/bin", "TMPDIR": directory.path, "EDITOR": script.path],
                                        handOver: { $0() })
            var given: [EditorOutcome] = []
            var filesWhenKept: [String] = []
            let outcome = editor.edit("template", fileName: "F.md") { left in
                given.append(left)
                filesWhenKept = (try? editFolders(in: directory)) ?? []
                return true
            }
            #expect(given == [.failed(reason, text: "Saved before the end")])
            #expect(filesWhenKept.count == 1, "the folder is there while the text is kept")
            #expect(outcome == .failed(reason, text: "Saved before the end"))
            #expect(try editFolders(in: directory).isEmpty)
        }
    }

    @Test("A failed editor that left files of its own (a swap file) keeps its folder, and says where")
    func failedEditorsOwnFilesStay() throws {
        let directory = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try makeScript(in: directory, writing: "half written", then: "echo swap > \"$(dirname \"$1\")/.F.md.swp\"; exit 1")
        let editor = ExternalEditor(environment: ["PATH": "/usr/bin:/bin", "TMPDIR": directory.path, "EDITOR": script.path],
                                    handOver: { $0() })
        let outcome = editor.edit("template", fileName: "F.md", keep: { _ in true })
        let folder = try #require(outcome.folderKept)
        #expect(outcome.text == "half written")
        #expect(outcome.failure == "the editor ended with status 1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [".F.md.swp", "F.md"])
        #expect(try editFolders(in: directory) == [(folder as NSString).lastPathComponent])
    }

    @Test("Text the caller could not keep stays in its file, even from an editor that ended well; a file over 1 MB too")
    func notKeptStays() throws {
        let directory = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try makeScript(in: directory, writing: "precious", then: "exit 0")
        let editor = ExternalEditor(environment: ["PATH": "/usr/bin:/bin", "TMPDIR": directory.path, "EDITOR": script.path],
                                    handOver: { $0() })
        let outcome = editor.edit("template", fileName: "F.md", keep: { _ in false })
        let folder = try #require(outcome.folderKept)
        #expect(outcome.failure == nil)
        #expect(try String(contentsOfFile: folder + "/F.md", encoding: .utf8) == "precious")

        let large = directory.appendingPathComponent("large.sh")
        try "#!/bin/sh\nhead -c 1100000 /dev/zero | tr '\\0' a > \"$1\"\n".write(to: large, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: large.path)
        let tooLarge = ExternalEditor(environment: ["PATH": "/usr/bin:/bin", "TMPDIR": directory.path, "EDITOR": large.path],
                                      handOver: { $0() }).edit("template", fileName: "F.md", keep: { _ in true })
        #expect(tooLarge.failure == "the file is larger than 1 MB")
        #expect(tooLarge.text == nil)
        let kept = try #require(tooLarge.folderKept)
        #expect(try FileManager.default.attributesOfItem(atPath: kept + "/F.md")[.size] as? Int == 1_100_000)
    }

    @Test("When the app was asked to end while the editor ran, the outcome says so, with what the editor left")
    func appEnding() throws {
        let directory = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = try makeScript(in: directory, writing: "written", then: "exit 0")
        var handedOver = false
        let editor = ExternalEditor(environment: ["PATH": "/usr/bin:/bin", "TMPDIR": directory.path, "EDITOR": script.path],
                                    handOver: { handedOver = true; return $0() }, appIsEnding: { handedOver })
        var given: EditorOutcome?
        let outcome = editor.edit("template", fileName: "F.md") { given = $0; return true }
        #expect(given == EditorOutcome(text: "written", appIsEnding: true))
        #expect(outcome == EditorOutcome(text: "written", appIsEnding: true))
        #expect(try editFolders(in: directory).isEmpty)
    }
}
