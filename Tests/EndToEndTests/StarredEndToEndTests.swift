import Foundation
import TestSupport
import Testing

/// Starred lists: `--starred OWNER` and the list's `t`, in a real terminal.
@Suite("Starred lists in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct StarredEndToEndTests {
    @Test("--demo --starred sferik shows his starred list with owner/name rows; t goes to his own list and back")
    func demoStarredAndBack() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo", "--starred", "sferik"], dataDirectory: data))
        var screen = await tmux.waitFor(text: "starred · 8 repositories")
        screen = await tmux.waitFor(text: "codeforamerica/adopt-a-hydrant")
        #expect(screen.contains("sferik  starred"))
        #expect(screen.contains("demo-unicode/nihongo"))
        #expect(screen.contains(" active_admin "), "his own repository keeps its plain name:\n\(screen)")
        #expect(footerPosition(screen) == "1/8")
        try tmux.send("t")
        screen = await tmux.waitFor(text: "User · 30 repositories")
        screen = await tmux.waitFor(text: "410_in_140")
        #expect(!screen.contains("codeforamerica/"))
        try tmux.send("t")
        screen = await tmux.waitFor(text: "starred · 8 repositories")
        try tmux.send("q")
        screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"))
        #expect(terminalIsCooked(screen))
    }

    @Test("t loads /users/sferik/starred page by page into the store; a relaunch offline with --starred shows it, and his own list is intact")
    func starredPagesStoredAndOffline() async throws {
        let server = FakeGitHubServer.sferik(pageSize: 5)
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
            await tmux.waitFor(text: "30 repositories")
            try tmux.send("t")
            await tmux.waitFor(text: "sferik  starred")
            try tmux.send("G")
            var screen = await tmux.waitFor(text: "starred · 13 repositories")
            await waitForRequests(server, pathPrefix: "/users/sferik/starred", count: 3)
            screen = await tmux.waitFor("the whole list in the footer") { footerPosition($0)?.hasSuffix("/13") == true }
            #expect(screen.contains("codeforamerica/adopt-a-hydrant"))
            #expect(screen.contains(" bundler "), "his own repository keeps its plain name")
            try tmux.send("q")
            screen = await tmux.waitFor(text: "<<END>>")
            #expect(screen.contains("EXIT:0"))
        }
        await server.stop()

        let tmux = try TmuxSession(command: appCommand(["--offline", "--starred", "sferik"], dataDirectory: data))
        var screen = await tmux.waitFor(text: "starred · 13 repositories")
        #expect(screen.contains("offline · cached"))
        #expect(screen.contains("codeforamerica/"))
        try tmux.send("t")
        screen = await tmux.waitFor(text: "User · 30 repositories")
        screen = await tmux.waitFor(text: "410_in_140")
        try tmux.send("q")
        screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"))
    }
}
