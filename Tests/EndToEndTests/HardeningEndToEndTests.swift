#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// The second hardening round against the real binary: a description no line holds, exported
/// LINES/COLUMNS, a FIFO where the store should be.
@Suite("Hardening in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct HardeningEndToEndTests {
    @Test("A 3 MB description without spaces: the overlay opens and scrolls to its end, and q quits at once")
    func longDescription() async throws {
        let server = FakeGitHubServer()
        let repository = FakeGitHubServer.generatedRepositories(count: 1, owner: "longword")[0]
        server.addOwner("longword", userJSON: FakeGitHubServer.generatedUser(login: "longword", repositories: 1),
                        repositories: [FakeGitHubServer.withLongDescription(repository, bytes: 3_000_000)])
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["longword", "--api-url", base.absoluteString], dataDirectory: data))
        await tmux.waitFor(text: "1 repository")
        await tmux.waitFor("the refresh to end") { !$0.contains("refreshing") }

        let clock = ContinuousClock()
        var started = clock.now
        try tmux.send("d")
        // The overlay's title, then its first line of the description, whole (92 columns of it).
        await tmux.waitFor(text: "longword/repo-00001", timeout: .seconds(20))
        let opened = clock.now - started
        let screen = tmux.capture()
        #expect(screen.contains("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789ab"))
        // The end of the overlay: only the lines a screen could show were laid out (the last ends with …).
        try tmux.send("End")
        let end = await tmux.waitFor(text: "Latest commits", timeout: .seconds(20))
        #expect(end.contains("…"), "\(end)")
        started = clock.now
        try tmux.send("q")
        let quit = await tmux.waitFor(text: "<<END>>", timeout: .seconds(10))
        let quitting = clock.now - started
        #expect(quit.contains("EXIT:0"), "\(quit)")
        #expect(terminalIsCooked(quit))
        // Bounds for a debug build on a loaded machine: before, opening took minutes and q was ignored.
        #expect(opened < .seconds(10), "opening the overlay took \(opened)")
        #expect(quitting < .seconds(3), "q took \(quitting)")
    }

    @Test("Exported LINES and COLUMNS do not override the terminal's real size",
          arguments: [("99999", "5"), ("150", "12")])
    func linesAndColumnsIgnored(columns: String, lines: String) async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data,
                                                       environment: ["LC_MESSAGES": "C", "COLUMNS": columns, "LINES": lines]))
        // The footer with the list's position at its end: the demo's list is read (a loaded machine can
        // show the footer while the list still says it is loading).
        let screen = await tmux.waitFor("the footer with the list's position") { screen in
            screen.split(separator: "\n").contains { $0.contains("? help") && $0.last?.isNumber == true }
        }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        // The footer sits on the pane's last row (30), and its right end, the list's position
        // ("1/N"), fits in the pane's 100 columns.
        let footer = try #require(rows.firstIndex { $0.contains("? help") })
        #expect(footer == 29, "\(screen)")
        #expect(rows[footer].last?.isNumber == true, "\(screen)")
        try tmux.send("q")
        let quit = await tmux.waitFor(text: "<<END>>")
        #expect(quit.contains("EXIT:0"))
    }

    @Test("A FIFO where the database should be: --plain does not wait on it, says why on stderr, prints the list")
    func fifoStore() async throws {
        let server = FakeGitHubServer.sferik()
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let directory = data.appendingPathComponent("github-tui")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fifo = directory.appendingPathComponent("github-tui.sqlite").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // `timeout`: a run that waited on the FIFO would end with 124 instead of hanging the suite.
        let run = try await ScriptRun.spawn(["/usr/bin/timeout", "20", TmuxSession.binary.path, "sferik", "--plain",
                                       "--api-url", base.absoluteString],
                                      environment: ["XDG_DATA_HOME": data.path, "PATH": "/usr/bin:/bin", "LC_MESSAGES": "C"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("FIFO"), "\(run.stderr)")
        #expect(run.stderr.contains("nothing will be saved"), "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 30)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is left as it was")
    }
}
