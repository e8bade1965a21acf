import Foundation
import Testing
import TestSupport

/// Reviewing a pull request in the real binary against the fake server: the recorded review comment
/// shown under the line it was written on (`}` jumps to it), a line comment written through an `EDITOR`
/// script kept pending across a quit and a relaunch, then the review approved: GitHub gets the comment
/// with its path, line and side. Its thread resolved (GraphQL): folded to one line, unfolded by Enter,
/// unresolved and resolved again with `D`, each mutation reaching the server.
@Suite("End to end: review a pull request in its diff", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ReviewEndToEndTests {
    static let reviewsPath = "/repos/sferik/rails_admin/pulls/2741/reviews"

    /// An editor that writes a review (`approve`) into the review's file and a line comment into any other.
    func editor(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("review-editor.sh")
        try """
            #!/bin/sh
            if grep -q 'approve, request changes or comment' "$1"; then
              printf 'approve\\n\\nLooks good.\\n' > "$1"
            else
              printf 'Use a constant here.\\n' > "$1"
            fi
            """.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        return url
    }

    /// Launches the app on sferik's list and opens the recorded pull request.
    func openPull(server: URL, data: URL, editor: URL) async throws -> TmuxSession {
        let environment = ["LC_MESSAGES": "C", "GH_TOKEN": "ghp_e2ereview", "VISUAL": editor.path, "EDITOR": editor.path]
        let tmux = try TmuxSession(command: appCommand(["--api-url", server.absoluteString, "sferik"], dataDirectory: data,
                                                       environment: environment), width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("i")
        await tmux.waitFor(text: "Open issues · 24")
        try tmux.send("Right")
        await tmux.waitFor(text: "Open pull requests · 1")
        try tmux.send("Enter")
        await tmux.waitFor(text: "approved (1)")
        return tmux
    }

    @Test("a resolved thread folded to one line; Enter unfolds it; D unresolves it, D resolves it again (folded), each mutation at the server")
    func resolvedThread() async throws {
        let server = try IssuesEndToEndTests.server()
        server.addRecordedPullRequest()
        server.setResolvedReviewThreads([401_530])
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try await openPull(server: baseURL, data: data, editor: try editor(in: data))
        try tmux.send("}")
        let folded = await tmux.waitFor(text: "▸ resolved by e2e-commenter · 1 comment · line 33")
        #expect(!folded.contains("This is causing a test to fail"), "\(folded)")
        try tmux.send("Enter")
        let unfolded = await tmux.waitFor(text: "This is causing a test to fail")
        #expect(unfolded.contains("┌─ catsby") && unfolded.contains("resolved by e2e-commenter"), "\(unfolded)")
        try tmux.send("D")
        await tmux.waitFor(text: "Thread unresolved")
        func mutations() async -> [String] {
            await server.requests(pathPrefix: "/graphql").filter { $0.method == "POST" }.map { String(decoding: $0.body, as: UTF8.self) }
                .filter { $0.contains("mutation") }
        }
        #expect(await mutations().count == 1)
        #expect(await mutations().first?.contains("unresolveReviewThread(") == true)
        #expect(await mutations().first?.contains("PRRT_fake_401530") == true)
        try tmux.send("D")
        await tmux.waitFor(text: "Thread resolved")
        let again = await tmux.waitFor(text: "▸ resolved by e2e-commenter")
        #expect(!again.contains("This is causing a test to fail"), "\(again)")
        let both = await mutations()
        #expect(both.count == 2 && both.last?.contains("ResolveReviewThread(") == true && both.last?.contains("unresolve") == false)
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
        await server.stop()
    }

    @Test("--demo: the pull request the inbox asks a review of has threads; the resolved one folded, Enter unfolds it; D says a token is needed")
    func demo() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data, environment: ["LC_MESSAGES": "C"]),
                                   width: 100, height: 30)
        await tmux.waitFor(text: "inbox: 3 unread")
        try tmux.send("n")
        await tmux.waitFor(text: "Review requested from you · 1")
        try tmux.send("Home")
        try tmux.send("Enter")
        await tmux.waitFor(text: "#403 Make testing painless")
        await tmux.waitFor(text: "{} threads")
        try tmux.send("}")
        let folded = await tmux.waitFor(text: "▸ resolved by robin-example · 2 comments · line 15")
        #expect(folded.contains("+      :github_url].freeze"), "\(folded)")
        try tmux.send("Enter")
        let unfolded = await tmux.waitFor(text: "Does :github_url need to be in VALID_OPTIONS_KEYS")
        #expect(unfolded.contains("resolved by robin-example"), "\(unfolded)")
        try tmux.send("D")
        await tmux.waitFor(text: "Reviewing needs a token")
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
    }

    @Test("a thread at its line; a line comment pending across a relaunch; the review approved with the comment's path, line and side")
    func reviewInTheDiff() async throws {
        let server = try IssuesEndToEndTests.server()
        server.addRecordedPullRequest()
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let editor = try editor(in: data)
        do {
            let tmux = try await openPull(server: baseURL, data: data, editor: editor)
            try tmux.send("}")
            let thread = await tmux.waitFor(text: "┌─ catsby")
            let lines = thread.components(separatedBy: "\n")
            let header = try #require(lines.firstIndex { $0.contains("┌─ catsby") })
            #expect(header > 0 && lines[header - 1].contains("+      if Client.github_url"), "\(thread)")
            #expect(lines[header + 1].contains("This is causing a test to fail"), "\(thread)")
            // A reply in the thread: the cursor on its last line (seven lines above the diff's last), C.
            try tmux.send("v")
            await tmux.waitFor(text: "Choose a line of the diff")
            try tmux.send("End")
            for _ in 0..<7 { try tmux.send("Up") }
            try tmux.send("C")
            let replied = await tmux.waitFor(text: "├─ e2e-commenter")
            #expect(replied.contains("Use a constant here."), "\(replied)")
            let replies = await server.requests(pathPrefix: "/repos/sferik/rails_admin/pulls/2741/comments/401530/replies")
            #expect(replies.count == 1 && replies.first?.method == "POST")
            // The last line of the diff chosen, commented on in the editor: kept pending.
            try tmux.send("End")
            try tmux.send("C")
            await tmux.waitFor(text: "In your pending review (1 comments")
            try tmux.send("End")
            let pending = await tmux.waitFor(text: "Use a constant here.")
            #expect(pending.contains("┌─  pending  · line 40"), "\(pending)")
            #expect(await server.requests(pathPrefix: Self.reviewsPath).allSatisfy { $0.method == "GET" })
            try tmux.send("q")
            await tmux.waitFor(text: "<<END>>")
        }
        // Relaunched: the comment is still pending; S approves with it.
        let tmux = try await openPull(server: baseURL, data: data, editor: editor)
        try tmux.send("End")
        let kept = await tmux.waitFor(text: "Use a constant here.")
        #expect(kept.contains("┌─  pending  · line 40"), "\(kept)")
        try tmux.send("S")
        await tmux.waitFor(text: "Review of #2741 submitted")
        let posts = await server.requests(pathPrefix: Self.reviewsPath).filter { $0.method == "POST" }
        #expect(posts.count == 1)
        let post = try #require(posts.first)
        let payload = try #require(try JSONSerialization.jsonObject(with: post.body) as? [String: Any])
        #expect(payload["event"] as? String == "APPROVE")
        #expect(payload["body"] as? String == "Looks good.")
        let comments = try #require(payload["comments"] as? [[String: Any]])
        #expect(comments.count == 1)
        #expect(comments.first?["path"] as? String == "lib/octokit/repository.rb")
        #expect(comments.first?["line"] as? Int == 40)
        #expect(comments.first?["side"] as? String == "RIGHT")
        #expect(comments.first?["body"] as? String == "Use a constant here.")
        // Taken: nothing is pending any more.
        await tmux.waitFor("the pending comment gone") { !$0.contains("pending  · line 40") }
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
        await server.stop()
    }
}
