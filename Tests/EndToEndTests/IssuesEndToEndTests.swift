import Foundation
import Testing
import TestSupport

/// Issues in the real binary against the fake server: a README's link to an issue opens it inside the
/// app and Esc comes back; the Issues tab lists the recorded issues; offline they are still there.
@Suite("End to end: issues", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct IssuesEndToEndTests {
    /// sferik owns one repository, rails_admin, whose README links to its issue 2746; its recorded open
    /// issues, issue 2746 and octokit.rb issue 25's recorded comments as 2746's.
    static func server(readme: String = "# rails_admin\n\nKnown problem: [Mongoid autoinc](https://github.com/sferik/rails_admin/issues/2746).\n")
        throws -> FakeGitHubServer {
        let server = FakeGitHubServer()
        var repository = try #require(try JSONSerialization.jsonObject(
            with: FakeGitHubServer.generatedRepositories(count: 1, owner: "sferik")[0]) as? [String: Any])
        repository["name"] = "rails_admin"
        repository["full_name"] = "sferik/rails_admin"
        repository["html_url"] = "https://github.com/sferik/rails_admin"
        server.addOwner("sferik", userJSON: Fixtures.recordedBody(Fixtures.Name.sferikUser),
                        repositories: [Fixtures.encode(repository)])
        server.addAnswer(path: "/repos/sferik/rails_admin/readme",
                         body: Data(readme.utf8))
        let issues = Fixtures.recordedBody(Fixtures.Name.railsAdminIssues)
        server.addAnswer(path: "/repos/sferik/rails_admin/issues", body: issues)
        server.addAnswer(path: "/repos/sferik/rails_admin/issues/2746", body: Fixtures.recordedItems(Fixtures.Name.railsAdminIssues)[0])
        server.addAnswer(path: "/repos/sferik/rails_admin/issues/2746/comments", body: Fixtures.recordedBody(Fixtures.Name.issueComments))
        return server
    }

    @Test("A README link to an issue opens it in the app with its comments; Esc comes back to the README; the Issues tab lists it, offline too")
    func readmeLinkToIssueAndBack() async throws {
        let server = try Self.server()
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                       width: 100, height: 30)
            await tmux.waitFor(text: "rails_admin")
            try tmux.send("d")
            await tmux.waitFor(text: "─ sferik/rails_admin ─")
            try tmux.send("R")
            await tmux.waitFor(text: "Mongoid autoinc")
            try tmux.send("1")
            try tmux.send("Enter")
            let issue = await tmux.waitFor(text: "── catsby")
            #expect(issue.contains("sferik/rails_admin · Issues · #2746"))
            #expect(issue.contains("#2746 including Mongoid::Autoinc would not display a model in Rails_admin"))
            try tmux.send("Escape")
            let back = await tmux.waitFor(text: "sferik/rails_admin · README")
            #expect(back.contains("Mongoid autoinc"))
            // The Issues tab: its list (pull requests left out).
            try tmux.send("Right")
            try tmux.send("Right")
            let list = await tmux.waitFor(text: "Open issues · 24")
            #expect(list.contains("#2745 Couldn't edit/show/export User model"))
            try tmux.send("q")
            let end = await tmux.waitFor(text: "<<END>>")
            #expect(end.contains("EXIT:0"))
        }
        await server.stop()

        // Offline (the server gone): the stored list and the stored issue.
        let offline = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                      width: 100, height: 30)
        await offline.waitFor(text: "rails_admin")
        // The list's header says it is offline (no message box takes the keys).
        await offline.waitFor(text: "offline · cached")
        try offline.send("d")
        await offline.waitFor(text: "─ sferik/rails_admin ─")
        for _ in 0..<3 { try offline.send("Right") }
        let stored = await offline.waitFor(text: "#2746 including Mongoid")
        #expect(stored.contains("Open issues · 24"))
        try offline.send("Enter")
        await offline.waitFor(text: "── catsby")
        try offline.send("q")
        await offline.waitFor(text: "<<END>>")
    }

    @Test("`i` on a list row opens the view on the Issues tab; a README's `#2746` is a numbered link that opens the issue; Esc comes back")
    func hashReferenceAndIssuesKey() async throws {
        let server = try Self.server(readme: "# rails_admin\n\nFixed in #2746, not `#1`.\n")
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                   width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("i")
        let list = await tmux.waitFor(text: "Open issues · 24")
        #expect(list.contains("sferik/rails_admin · Issues"))
        try tmux.send("Escape")
        await tmux.waitFor("the view closed") { !$0.contains("─ sferik/rails_admin ─") }
        try tmux.send("d")
        await tmux.waitFor(text: "─ sferik/rails_admin ─")
        try tmux.send("R")
        let readme = await tmux.waitFor(text: "Fixed in #2746[1], not #1.")
        #expect(readme.contains("[1] https://github.com/sferik/rails_admin/issues/2746"))
        #expect(!readme.contains("[2]"), "`#1` in code is not a link")
        try tmux.send("1")
        try tmux.send("Enter")
        let issue = await tmux.waitFor(text: "── catsby")
        #expect(issue.contains("sferik/rails_admin · Issues · #2746"))
        try tmux.send("Escape")
        let back = await tmux.waitFor(text: "sferik/rails_admin · README")
        #expect(back.contains("Fixed in #2746[1]"))
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        await server.stop()
    }

    @Test("With a token, C in an issue opens $EDITOR (a script) on the comment's file; what it wrote is posted and shown")
    func commentInEditor() async throws {
        let server = try Self.server()
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        // The editor: writes its comment above the template, replacing the file as many editors do.
        let editor = data.appendingPathComponent("editor.sh")
        try "#!/bin/sh\n{ printf 'Looks fixed to me.\\n'; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"\n"
            .write(to: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor.path)
        let environment = ["LC_MESSAGES": "C", "GH_TOKEN": "ghp_e2ecomment", "VISUAL": editor.path, "EDITOR": editor.path]
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data,
                                                       environment: environment), width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("i")
        await tmux.waitFor(text: "Open issues · 24")
        try tmux.send("Enter")
        await tmux.waitFor(text: "── catsby")
        try tmux.send("C")
        let posted = await tmux.waitFor(text: "Commented on #2746")
        #expect(posted.contains("── e2e-commenter"), "\(posted)")
        #expect(posted.contains("Looks fixed to me."))
        let post = await server.requests.first { $0.method == "POST" && $0.path == "/repos/sferik/rails_admin/issues/2746/comments" }
        let body = try #require(post).body
        #expect((try JSONSerialization.jsonObject(with: body) as? [String: String]) == ["body": "Looks fixed to me."])
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        await server.stop()
    }

    @Test("A pull request shows its review decision and checks (recorded), asked only once it is opened")
    func pullRequestReviewAndChecks() async throws {
        let server = try Self.server()
        server.addRecordedPullRequest()
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                   width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("i")
        await tmux.waitFor(text: "Open issues · 24")
        try tmux.send("Right")
        let list = await tmux.waitFor(text: "Open pull requests · 1")
        #expect(list.contains("#2741"))
        #expect(await server.requests.allSatisfy { !$0.path.hasSuffix("/reviews") && !$0.path.hasSuffix("/check-runs") })
        try tmux.send("Enter")
        let pull = await tmux.waitFor(text: "approved (1)")
        #expect(pull.contains("1 pending"), "\(pull)")
        #expect(pull.contains("sferik/rails_admin · Pull requests · #2741"))
        let paths = await server.requests.map(\.path)
        #expect(paths.contains("/repos/sferik/rails_admin/pulls/2741/reviews"))
        #expect(paths.contains { $0.hasSuffix("/check-runs") })
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        await server.stop()
    }

    @Test("A README's link to another repository's issue opens that repository's view on the issue; Esc comes back to the README")
    func anotherRepositorysIssue() async throws {
        let server = try Self.server(readme: "# rails_admin\n\nFixed upstream in rails/rails#2745.\n")
        // rails/rails: a generated repository whose issue 2745 is rails_admin's recorded one.
        var rails = try #require(try JSONSerialization.jsonObject(
            with: FakeGitHubServer.generatedRepositories(count: 1, owner: "rails")[0]) as? [String: Any])
        rails["name"] = "rails"
        rails["full_name"] = "rails/rails"
        rails["html_url"] = "https://github.com/rails/rails"
        server.addOwner("rails", userJSON: FakeGitHubServer.generatedUser(login: "rails", repositories: 1, organization: true),
                        repositories: [Fixtures.encode(rails)])
        server.addAnswer(path: "/repos/rails/rails/issues/2745", body: Fixtures.recordedItems(Fixtures.Name.railsAdminIssues)[1])
        server.addAnswer(path: "/repos/rails/rails/issues/2745/comments", body: Data("[]".utf8))
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                   width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("d")
        await tmux.waitFor(text: "─ sferik/rails_admin ─")
        try tmux.send("R")
        await tmux.waitFor(text: "Fixed upstream in rails/rails#2745[1].")
        try tmux.send("1")
        try tmux.send("Enter")
        let issue = await tmux.waitFor(text: "rails/rails · Issues · #2745")
        #expect(issue.contains("#2745 Couldn't edit/show/export User model"), "\(issue)")
        try tmux.send("Escape")
        let back = await tmux.waitFor(text: "sferik/rails_admin · README")
        #expect(!back.contains("rails/rails · Issues"))
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        await server.stop()
    }
}
