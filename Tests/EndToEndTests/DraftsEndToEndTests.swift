import Foundation
import Testing
import TestSupport

/// What the user wrote survives the app's endings: a hang-up while the editor is open, and a comment
/// GitHub refused followed by q. In both, the next launch says the draft is kept and `C` opens the
/// editor on it.
@Suite("End to end: drafts survive the app's endings", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct DraftsEndToEndTests {
    static let commentsPath = "/repos/sferik/rails_admin/issues/2746/comments"

    /// An executable script in `folder`.
    func script(_ name: String, in folder: URL, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        return url
    }

    /// An editor that copies the file it was given to `given` and leaves it as it is.
    func copyingEditor(in folder: URL) throws -> URL {
        try script("copying-editor.sh", in: folder, "#!/bin/sh\ncp \"$1\" '\(folder.path)/given'\n")
    }

    /// Launches the app on sferik's list with `editor`, opens issue 2746 in the Issues tab.
    func openIssue(server: URL, data: URL, editor: URL) async throws -> TmuxSession {
        let environment = ["LC_MESSAGES": "C", "GH_TOKEN": "ghp_e2edrafts", "VISUAL": editor.path, "EDITOR": editor.path]
        let tmux = try TmuxSession(command: appCommand(["--api-url", server.absoluteString, "sferik"], dataDirectory: data,
                                                       environment: environment), width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("i")
        await tmux.waitFor(text: "Open issues · 24")
        try tmux.send("Enter")
        await tmux.waitFor(text: "── catsby")
        return tmux
    }

    /// The next launch: the thread says a draft is kept, and C hands the editor a file that starts with
    /// it; the editor leaves it as it is, so it is posted again and `then` is said.
    func draftOffered(_ text: String, server: URL, data: URL, then: String) async throws {
        let tmux = try await openIssue(server: server, data: data, editor: try copyingEditor(in: data))
        let screen = await tmux.waitFor(text: "Draft kept on #2746: C to continue")
        #expect(screen.contains("Draft kept on #2746: C to continue"), "\(screen)")
        try tmux.send("C")
        await tmux.waitFor(text: then)
        let given = data.appendingPathComponent("given")
        let file = try String(contentsOf: given, encoding: .utf8)
        #expect(file.hasPrefix(text + "\n\n# ------------------------ >8"), "\(file)")
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
    }

    @Test("SIGHUP while the editor is open: the app waits for it, keeps what it wrote, posts nothing, and the next launch offers it")
    func hangUpWhileEditing() async throws {
        let server = try IssuesEndToEndTests.server()
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let release = data.appendingPathComponent("release")
        // Writes its comment, says so on the terminal, then stays open until the test lets it end.
        let editor = try script("waiting-editor.sh", in: data, """
            #!/bin/sh
            { printf 'Written before the hang-up.\\n'; cat "$1"; } > "$1.new" && mv "$1.new" "$1"
            echo EDITOR-WAITING
            while [ ! -e '\(release.path)' ]; do sleep 0.05; done
            """)
        let tmux = try await openIssue(server: baseURL, data: data, editor: editor)
        try tmux.send("C")
        await tmux.waitFor(text: "EDITOR-WAITING")
        let pid = try #require(try tmux.appPID())
        #expect(kill(pid, SIGHUP) == 0)
        #expect(FileManager.default.createFile(atPath: release.path, contents: Data()))
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:129"), "\(end)")
        #expect(terminalIsCooked(end), "\(end)")
        let posts = await server.requests.filter { $0.method == "POST" && $0.path == Self.commentsPath }
        #expect(posts.isEmpty, "\(posts.map(\.line))")
        try await draftOffered("Written before the hang-up.", server: baseURL, data: data, then: "Commented on #2746")
        let post = await server.requests.first { $0.method == "POST" && $0.path == Self.commentsPath }
        let body = try #require(post).body
        #expect((try JSONSerialization.jsonObject(with: body) as? [String: String]) == ["body": "Written before the hang-up."])
        await server.stop()
    }

    @Test("The terminal goes away while the editor is open (both get SIGHUP): what the editor saved is kept and offered next time")
    func terminalGoneWhileEditing() async throws {
        let server = try IssuesEndToEndTests.server()
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        // Saves its comment, then stays open until the hang-up ends it (status 129).
        let editor = try script("saving-editor.sh", in: data, """
            #!/bin/sh
            { printf 'Saved before the terminal went away.\n'; cat "$1"; } > "$1.new" && mv "$1.new" "$1"
            echo EDITOR-WAITING
            while true; do sleep 0.05; done
            """)
        let tmux = try await openIssue(server: baseURL, data: data, editor: editor)
        try tmux.send("C")
        await tmux.waitFor(text: "EDITOR-WAITING")
        let pid = try #require(try tmux.appPID())
        _ = try TmuxSession.run(["tmux", "-L", tmux.socket, "kill-server"])
        #expect(await ChaosEndToEndTests().waitForExit(pid), "github-tui is still running after its terminal went away")
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        let posts = await server.requests.filter { $0.method == "POST" && $0.path == Self.commentsPath }
        #expect(posts.isEmpty, "\(posts.map(\.line))")
        try await draftOffered("Saved before the terminal went away.", server: baseURL, data: data, then: "Commented on #2746")
        await server.stop()
    }

    @Test("A comment the server refused is kept through q: the next launch offers it")
    func refusedThenQuit() async throws {
        let server = try IssuesEndToEndTests.server()
        server.setFailure(.method("POST", .status(422, body: #"{"message":"Validation Failed"}"#)), forPathPrefix: Self.commentsPath)
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let editor = try script("editor.sh", in: data,
                                "#!/bin/sh\n{ printf 'Refused, not lost.\\n'; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"\n")
        let tmux = try await openIssue(server: baseURL, data: data, editor: editor)
        try tmux.send("C")
        await tmux.waitFor(text: "the draft is kept, C to continue")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        try await draftOffered("Refused, not lost.", server: baseURL, data: data, then: "Comment not posted (HTTP 422)")
        await server.stop()
    }
}
