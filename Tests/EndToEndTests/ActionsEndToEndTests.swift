import Foundation
import Testing
import TestSupport

/// The Actions tab in the real binary against the fake server: runs listed, a job's log folded and
/// coloured (its hostile sequences dropped), a running run that completes on its own; offline the runs
/// and the finished log are still there.
@Suite("End to end: Actions", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ActionsEndToEndTests {
    static func server() throws -> FakeGitHubServer {
        let server = FakeGitHubServer()
        var repository = try #require(try JSONSerialization.jsonObject(
            with: FakeGitHubServer.generatedRepositories(count: 1, owner: "sferik")[0]) as? [String: Any])
        repository["name"] = "active_admin"
        repository["full_name"] = "sferik/active_admin"
        repository["html_url"] = "https://github.com/sferik/active_admin"
        server.addOwner("sferik", userJSON: Fixtures.recordedBody(Fixtures.Name.sferikUser), repositories: [Fixtures.encode(repository)])
        server.addSampleActions(owner: "sferik", repo: "active_admin")
        return server
    }

    @Test("a lists the runs; Enter a run, a job's log folded by step with the failing step open; a running run completes on its own; offline too")
    func runsLogAndWatch() async throws {
        let server = try Self.server()
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                       width: 100, height: 30)
            await tmux.waitFor(text: "active_admin")
            try tmux.send("d")
            await tmux.waitFor(text: "─ sferik/active_admin ─")
            try tmux.send("a")
            let list = await tmux.waitFor(text: "Fix the parser")
            #expect(list.contains("in progress  Deploy  Ship it"))
            #expect(list.contains("failure  CI  Fix the parser"))
            #expect(list.contains("success  Lint  Update README"))
            // The failed run, its test job's log: the failing step open, the others folded; no ESC left.
            try tmux.send("Down")
            try tmux.send("Enter")
            await tmux.waitFor(text: "Jobs")
            for _ in 0..<7 { try tmux.send("Down") }
            try tmux.send("Enter")
            let log = await tmux.waitFor(text: "Error: Process completed with exit code 1.")
            #expect(log.contains("▾ ✗ failure Run tests"))
            #expect(log.contains("▸ ✓ success Set up job"))
            #expect(log.contains("✘ Test emoji failed"))
            #expect(!log.contains("52;c;") && !log.contains("[2J"))
            // The error's mark drawn bold (the tests' terminal shows attributes, not colours; the log's own
            // colours are checked by the unit tests and the snapshots).
            let styled = try TmuxSession.run(["tmux", "-L", tmux.socket, "capture-pane", "-p", "-e"]).output
            let errorLine = try #require(styled.split(separator: "\n").first { $0.contains("Process completed with exit code 1.") })
            #expect(errorLine.contains("\u{1B}[1m") || errorLine.contains(";1m") || errorLine.contains("[1;"), "\(errorLine.debugDescription)")
            // Back to the list, the running run: watched until it completes.
            try tmux.send("Escape")
            try tmux.send("Escape")
            try tmux.send("Home")
            try tmux.send("Enter")
            await tmux.waitFor(text: "watching: asked again every 3 s")
            let done = await tmux.waitFor(text: "The run finished: success", timeout: .seconds(30))
            #expect(done.contains("✓ success  Deploy"))
            try tmux.send("q")
            let end = await tmux.waitFor(text: "<<END>>")
            #expect(end.contains("EXIT:0"))
        }
        await server.stop()

        let offline = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                      width: 100, height: 30)
        await offline.waitFor(text: "active_admin")
        await offline.waitFor(text: "offline · cached")
        try offline.send("d")
        await offline.waitFor(text: "─ sferik/active_admin ─")
        try offline.send("a")
        let stored = await offline.waitFor(text: "Fix the parser")
        // The stored runs, under them why they are not fresh.
        #expect(stored.contains("Could not load the workflow runs"))
        try offline.send("Down")
        try offline.send("Enter")
        await offline.waitFor(text: "Jobs")
        for _ in 0..<7 { try offline.send("Down") }
        try offline.send("Enter")
        await offline.waitFor(text: "Error: Process completed with exit code 1.")
        try offline.send("q")
        await offline.waitFor(text: "<<END>>")
    }

    @Test("e shows the failed runs, / a filter in GitHub's words (the list over it says which), Esc every run again")
    func filters() async throws {
        let server = try Self.server()
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                   width: 100, height: 30)
        await tmux.waitFor(text: "active_admin")
        try tmux.send("d")
        await tmux.waitFor(text: "─ sferik/active_admin ─")
        try tmux.send("a")
        let all = await tmux.waitFor(text: "Update README")
        #expect(all.contains("e status") && all.contains("/ filter"))
        try tmux.send("e")
        let failed = await tmux.waitFor(text: "Runs: is:failure")
        #expect(failed.contains("Fix the parser"))
        #expect(!failed.contains("Update README") && !failed.contains("Ship it"))
        try tmux.send("Escape")
        await tmux.waitFor(text: "Ship it")
        try tmux.send("/")
        try tmux.type("branch:docs workflow:lint.yml")
        try tmux.send("Enter")
        let docs = await tmux.waitFor(text: "Runs: workflow:lint.yml branch:docs")
        await tmux.waitFor(text: "Update README")
        let shown = tmux.capture()
        #expect(!shown.contains("Fix the parser") && !shown.contains("Ship it"), "\(docs)")
        let requests = await server.requests(pathPrefix: "/repos/sferik/active_admin/actions/workflows/lint.yml/runs")
        #expect(requests.first?.query["branch"] == "docs")
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
        await server.stop()
    }
}
