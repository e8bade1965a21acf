import Foundation
import Testing
import TestSupport

/// A comment GitHub answers with a 502 is POSTed once: a 5xx does not say the comment was not created,
/// so the app never sends it again by itself; the user sees that it failed.
@Suite("End to end: a failed comment is posted once", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct NoDuplicatePostEndToEndTests {
    @Test("A comment POSTed into a 502 is sent once and the failure is shown; reading the thread still works")
    func commentIntoABadGateway() async throws {
        let server = try IssuesEndToEndTests.server()
        let commentsPath = "/repos/sferik/rails_admin/issues/2746/comments"
        // Only the POST fails: the thread's comments are still read from the same path.
        server.setFailure(.method("POST", .status(502, body: #"{"message":"Server Error"}"#)), forPathPrefix: commentsPath)
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let editor = data.appendingPathComponent("editor.sh")
        try "#!/bin/sh\n{ printf 'Posted once.\\n'; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"\n"
            .write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor.path)
        let environment = ["LC_MESSAGES": "C", "GH_TOKEN": "ghp_e2enoduplicate", "VISUAL": editor.path, "EDITOR": editor.path]
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data,
                                                       environment: environment), width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("i")
        await tmux.waitFor(text: "Open issues · 24")
        try tmux.send("Enter")
        await tmux.waitFor(text: "── catsby")
        try tmux.send("C")
        // The failure is shown only once the client has given up: with a retry it would come after them.
        let failed = await tmux.waitFor(text: "Comment not posted (HTTP 502)")
        #expect(!failed.contains("Commented on #2746"), "\(failed)")
        let posts = await server.requests.filter { $0.method == "POST" && $0.path == commentsPath }
        #expect(posts.count == 1, "POSTed \(posts.count) times")
        let body = try #require(posts.first).body
        #expect((try JSONSerialization.jsonObject(with: body) as? [String: String]) == ["body": "Posted once."])
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        await server.stop()
    }
}
