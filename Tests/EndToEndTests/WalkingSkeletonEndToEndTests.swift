import Foundation
import TestSupport
import Testing

/// Waits (bounded) until the server has seen `count` requests under `pathPrefix`.
func waitForRequests(_ server: FakeGitHubServer, pathPrefix: String, count: Int,
                     sourceLocation: SourceLocation = #_sourceLocation) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    while await server.requests(pathPrefix: pathPrefix).count < count {
        if ContinuousClock.now > deadline {
            Issue.record("Timed out waiting for \(count) requests to \(pathPrefix)", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(20)) // polling interval
    }
}

/// The position shown at the right of the footer ("12/300", "card 1/5").
func footerPosition(_ screen: String) -> String? {
    guard let footer = screen.split(separator: "\n").last(where: { $0.contains("quit") }) else { return nil }
    return footer.split(separator: " ").last.map(String.init)
}

/// The whole binary in tmux against the fake GitHub server over loopback.
@Suite("End to end in tmux", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct WalkingSkeletonEndToEndTests {
    @Test("Lists an owner's repositories from the API, moves, quits with q and gives the terminal back; relaunch offline shows the stored list, says offline in the header and keeps the keys")
    func listMoveQuitRelaunchOffline() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }

        do {
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
            var screen = await tmux.waitFor(text: "410_in_140")
            screen = await tmux.waitFor(text: "30 repositories")
            #expect(screen.contains("sferik"))
            #expect(screen.contains("1/30"))
            try tmux.send("Down", "Down")
            screen = await tmux.waitFor(text: "3/30")
            #expect(screen.contains("ajax-demo"))
            try tmux.send("j")
            await tmux.waitFor(text: "4/30")
            try tmux.send("q")
            screen = await tmux.waitFor(text: "<<END>>")
            #expect(screen.contains("EXIT:0"))
            #expect(terminalIsCooked(screen), "terminal not restored:\n\(screen)")
        }
        // The store was closed on the way out: its write-ahead log is folded into the file, so the next
        // launch does not replay it before its first frame. What is left is one tiny transaction (a
        // header and at most a few frames), kept so that the next open need not write one.
        let store = data.appendingPathComponent("github-tui/github-tui.sqlite")
        #expect(FileManager.default.fileExists(atPath: store.path))
        let walSize = (try? FileManager.default.attributesOfItem(atPath: store.path + "-wal")[.size] as? Int) ?? 0
        #expect(walSize > 0 && walSize <= 32 + 8 * (24 + 4096), "the write-ahead log was left with \(walSize) bytes")

        let requests = await server.requests
        #expect(requests.contains { $0.path == "/users/sferik" })
        #expect(requests.contains { $0.path == "/users/sferik/repos" })
        #expect(requests.allSatisfy { $0.header("user-agent")?.hasPrefix("github-tui/") == true })
        #expect(requests.allSatisfy { $0.header("authorization") == nil })
        await server.stop()

        // Server gone: the stored list is on screen and the header says offline; no message box takes the
        // keys, so ↓ moves the selection while the header says so.
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
        var screen = await tmux.waitFor(text: "410_in_140")
        screen = await tmux.waitFor(text: "offline · cached")
        #expect(screen.contains("1/30"))
        #expect(!screen.contains("[ OK ]"), "\(screen)")
        #expect(!screen.contains("A network error has occurred."), "\(screen)")
        try tmux.send("Down")
        screen = await tmux.waitFor(text: "2/30")
        #expect(screen.contains("offline · cached"))
        #expect(!screen.contains("[ OK ]"), "\(screen)")
        #expect(screen.contains("410_in_140"))
        try tmux.send("C-c")
        screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"))
        #expect(terminalIsCooked(screen))
    }

    @Test("An unknown owner gives the exact not-found message in a modal")
    func unknownOwner() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "nosuchuser"], dataDirectory: data))
        var screen = await tmux.waitFor(text: "User not found. Please enter another name.")
        #expect(screen.contains("[ OK ]"))
        try tmux.send("Escape")
        screen = await tmux.waitFor("the message to close") { !$0.contains("[ OK ]") }
        try tmux.send("q")
        screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"))
    }

    @Test("--demo runs on bundled data with wide characters aligned, and SIGTERM restores the terminal")
    func demoAndSigterm() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo", "demo-unicode"], dataDirectory: data), width: 80, height: 24)
        let screen = await tmux.waitFor(text: "全角文字")
        #expect(screen.contains("DEMO"))
        #expect(!screen.contains("\u{1B}"))
        // Every line fits the terminal width: nothing wrapped or pushed out of line.
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 25)
        // Nothing may have been written to the data directory by the demo.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: data.path))?.isEmpty ?? true)
        _ = try TmuxSession.run(["pkill", "-TERM", "-f", "github-tui --demo demo-unicode"])
        let after = await tmux.waitFor(text: "<<END>>")
        #expect(after.contains("EXIT:143"))
        #expect(terminalIsCooked(after))
    }

    @Test("Below 40×12 the app says the terminal is too small, and recovers on resize")
    func tooSmall() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data), width: 100, height: 30)
        await tmux.waitFor(text: "410_in_140")
        try tmux.resize(width: 30, height: 10)
        await tmux.waitFor(text: "Terminal too small")
        try tmux.resize(width: 90, height: 20)
        await tmux.waitFor(text: "410_in_140")
        try tmux.send("q")
        let screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"))
    }

    @Test("Ctrl-Z and fg in an interactive shell: the whole screen comes back, not a blank one")
    func suspendAndContinue() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: "env -i PATH=/usr/bin:/bin TERM=xterm-256color HOME='\(data.path)' bash --norc --noprofile -i",
                                   width: 100, height: 30)
        await tmux.waitFor("a shell prompt") { $0.contains("$") || $0.contains("#") }
        try tmux.type("XDG_DATA_HOME='\(data.path)' XDG_CONFIG_HOME=/nonexistent LC_MESSAGES=C '\(TmuxSession.binary.path)' --demo")
        try tmux.send("Enter")
        await tmux.waitFor(text: "410_in_140")
        try tmux.send("Down", "Down")
        let before = await tmux.waitFor(text: "3/30")
        try tmux.send("C-z")
        await tmux.waitFor("the shell back") { $0.contains("Stopped") }
        try tmux.type("fg")
        try tmux.send("Enter")
        let after = await tmux.waitFor("the list back") { $0.contains("410_in_140") && $0.contains("3/30") }
        // The same screen (commit marks may have arrived meanwhile): every line drawn again.
        func lines(_ screen: String) -> [String] {
            screen.split(separator: "\n").map { String($0).replacingOccurrences(of: "●", with: " ") }
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        #expect(lines(after) == lines(before), "after fg:\n\(after)\nbefore Ctrl-Z:\n\(before)")
        try tmux.send("q")
        await tmux.waitFor("the shell back") { !$0.contains("3/30") }
    }
}

@Suite("Command line contract")
struct CommandLineTests {
    @Test("Output not a terminal: lines for scripts, exit 0; the full-screen app with input not a terminal: one line on stderr, exit 2")
    func notATerminal() async throws {
        let result = try TmuxSession.run([TmuxSession.binary.path, "--demo"])
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").count == 30)
        #expect(result.output.hasPrefix("410_in_140\t"))
        let tui = try await ScriptRun.spawn([TmuxSession.binary.path, "--demo"], environment: ["TERM": "xterm-256color"],
                                      stdoutTerminal: true)
        #expect(tui.status == 2)
        #expect(tui.stdout == "")
        #expect(tui.stderr.contains("standard input must be a terminal"))
        #expect(tui.stderr.split(separator: "\n").count == 1)
    }

    @Test("Plain http to a non-loopback host is refused with exit 2")
    func insecureURL() throws {
        let result = try TmuxSession.run([TmuxSession.binary.path, "--api-url", "http://example.com", "sferik"])
        #expect(result.status == 2)
        #expect(result.output.contains("http"))
    }

    @Test("An invalid login is refused with exit 2")
    func invalidLogin() throws {
        let result = try TmuxSession.run([TmuxSession.binary.path, "bad--login"])
        #expect(result.status == 2)
        #expect(result.output.contains("not a GitHub login"))
    }

    @Test("--version and --help exit 0")
    func versionAndHelp() throws {
        let version = try TmuxSession.run([TmuxSession.binary.path, "--version"])
        #expect(version.status == 0)
        #expect(version.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try TmuxSession.run([TmuxSession.binary.path, "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--api-url"))
        #expect(help.output.contains("--offline"))
    }
}

@Suite("Store in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct StoreEndToEndTests {
    @Test("A second launch revalidates with If-None-Match and gets 304s")
    func conditionalRelaunch() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        for launch in 1...2 {
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
            await tmux.waitFor(text: "30 repositories")
            await waitForRequests(server, pathPrefix: "/users/sferik", count: 2 * launch)
            await tmux.waitFor("the refresh to end") { !$0.contains("refreshing") }
            try tmux.send("q")
            await tmux.waitFor(text: "<<END>>")
        }
        let requests = await server.requests(pathPrefix: "/users/sferik")
        #expect(requests.count == 4)
        let second = requests.suffix(2)
        #expect(second.allSatisfy { $0.header("if-none-match") != nil })
    }

    @Test("Garbage in place of the database: the app starts, says so in one line, and works")
    func garbageDatabase() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let directory = data.appendingPathComponent("github-tui")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("this is not a database".utf8).write(to: directory.appendingPathComponent("github-tui.sqlite"))
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
        var screen = await tmux.waitFor(text: "The stored data was damaged and has been moved aside")
        screen = await tmux.waitFor(text: "410_in_140")
        #expect(screen.contains("30 repositories"))
        try tmux.send("j")
        screen = await tmux.waitFor(text: "2/30")
        #expect(!screen.contains("moved aside"))
        let moved = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".corrupt-") }
        #expect(moved.count == 1)
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
    }
}

@Suite("Repository list in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct RepoListEndToEndTests {
    /// Row lines of the list area that start with the row marker.
    func rowNames(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("▸") || trimmed.hasPrefix("▾") else { return nil }
            return trimmed.dropFirst(2).split(separator: " ").first.map(String.init)
        }
    }

    @Test("Carousel wraps both ways; Enter shows 3 commits; only visible rows' commits are requested")
    func carouselCommitsAndLazyRequests() async throws {
        let server = FakeGitHubServer()
        server.addOwner("scale", userJSON: FakeGitHubServer.generatedUser(login: "scale", repositories: 300),
                        repositories: FakeGitHubServer.generatedRepositories(count: 300, owner: "scale"), pageSize: 100)
        let commits = Fixtures.recordedBody(Fixtures.Name.railsAdminCommits)
        server.addCommits(owner: "scale", repo: "repo-00002", commitsJSON: commits)
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "scale"], dataDirectory: data), width: 100, height: 30)
        await tmux.waitFor(text: "repo-00001")
        await tmux.waitFor("the refresh to end") { !$0.contains("refreshing") }
        let visible = Set(rowNames(tmux.capture()))
        #expect(visible.count == 25)

        // ← on the first card shows the last card focused, → on the last shows the first.
        try tmux.send("Home")
        await tmux.waitFor(text: "card 1/5")
        try tmux.send("Left")
        await tmux.waitFor(text: "card 5/5")
        try tmux.send("Right")
        await tmux.waitFor(text: "card 1/5")
        try tmux.send("Down", "Down", "Enter")
        await tmux.waitFor("row 2 selected") { footerPosition($0)?.hasPrefix("2/") == true }
        await tmux.waitFor("three commit lines under repo-00002") { screen in
            screen.split(separator: "\n").filter { $0.hasPrefix("      ") && $0.contains(" · ") }.count == 3
        }

        // Let the visible rows settle, then hold ↓ to row 120 at a key-repeat pace.
        await tmux.waitFor("commits of the first screen to load") { !$0.contains("◌") }
        for _ in 0..<58 { try tmux.send("Down") }
        await tmux.waitFor("row 60 selected") { footerPosition($0)?.hasPrefix("60/") == true }
        await tmux.waitFor("the last screen's commits to load") { !$0.contains("◌") && $0.contains("●") || $0.contains("○") }
        let lastScreen = Set(rowNames(tmux.capture()))
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")

        let requested = await server.requests(pathPrefix: "/repos/").map { request in
            String(request.path.split(separator: "/")[2])
        }
        let allowed = visible.union(lastScreen)
        #expect(!requested.isEmpty)
        #expect(Set(requested).isSubset(of: allowed), "requested off-screen rows: \(Set(requested).subtracting(allowed).sorted())")
        #expect(requested.count <= 60)
    }
}

@Suite("Owner prompt, profile and search in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct OwnerScreensEndToEndTests {
    @Test("u: an unknown login gives the exact message; [ OK ]; a real login shows its repositories; p shows the profile")
    func ownerPromptAndProfile() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
        await tmux.waitFor(text: "410_in_140")
        try tmux.send("u")
        await tmux.waitFor(text: "GitHub user or organization")
        try tmux.type("nosuchuser")
        try tmux.send("Enter")
        var screen = await tmux.waitFor(text: "User not found. Please enter another name.")
        #expect(screen.contains("[ OK ]"))
        try tmux.send("Enter")
        await tmux.waitFor("the message to close") { !$0.contains("[ OK ]") }
        try tmux.send("C-u")
        try tmux.type("codeforamerica")
        try tmux.send("Enter")
        screen = await tmux.waitFor(text: "codeforamerica  Organization")
        screen = await tmux.waitFor(text: "adopt-a-hydrant")
        try tmux.send("p")
        screen = await tmux.waitFor(text: "@codeforamerica")
        #expect(screen.contains("Repositories"))
        try tmux.send("Escape")
        await tmux.waitFor("back to the list") { !$0.contains("@codeforamerica") && $0.contains("adopt-a-hydrant") }
        try tmux.send("q")
        screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"))
    }
}

@Suite("Detail overlay and favourites in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct DetailEndToEndTests {
    @Test("Space opens the overlay with [×]; Esc closes it and the selection is unchanged; a favourite survives a relaunch")
    func overlayAndFavourite() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        var tmux: TmuxSession? = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
        await tmux!.waitFor(text: "410_in_140")
        try tmux!.send("Down", "Down")
        await tmux!.waitFor("row 3 selected") { footerPosition($0)?.hasPrefix("3/") == true }
        try tmux!.send("Space")
        // The panel is written top line first: wait for its last content line, not only its [×].
        var screen = await tmux!.waitFor("the overlay drawn whole") {
            $0.contains("[×]") && $0.contains("https://github.com/sferik/ajax-demo")
        }
        #expect(screen.contains("sferik/ajax-demo"))
        #expect(screen.contains("https://github.com/sferik/ajax-demo"))
        try tmux!.send("f")
        await tmux!.waitFor(text: "favourites")
        try tmux!.send("Escape")
        screen = await tmux!.waitFor("the overlay to close") { !$0.contains("[×]") }
        #expect(footerPosition(screen) == "3/30")
        try tmux!.send("q")
        await tmux!.waitFor(text: "<<END>>")
        tmux = nil

        let before = await server.requests(pathPrefix: "/").count
        let again = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik", "--offline"], dataDirectory: data))
        await again.waitFor(text: "410_in_140")
        try again.send("F")
        screen = await again.waitFor("favourites only") { footerPosition($0) == "1/1" }
        #expect(screen.contains("ajax-demo"))
        // Every tab of the repository view, offline: stored data or a note, and not one request sent.
        try again.send("Space")
        await again.waitFor("the overlay drawn whole") { $0.contains("[×]") && $0.contains("https://github.com/sferik/ajax-demo") }
        for _ in 0..<8 { try again.send("Right") }  // the eight tabs, round to the Overview
        await again.waitFor("back on the Overview") { $0.contains("https://github.com/sferik/ajax-demo") }
        try again.send("q")
        await again.waitFor(text: "<<END>>")
        #expect(await server.requests(pathPrefix: "/").count == before, "--offline sent requests")
    }

    @Test("The binary does not link libcurl or FoundationNetworking: they load on the first request, after the first frame")
    func networkingIsNotLinked() throws {
        let (status, output) = try TmuxSession.run(["ldd", TmuxSession.binary.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("libncursesw"), "\(output)")
        #expect(!output.contains("libcurl"), "\(output)")
        #expect(!output.contains("FoundationNetworking"), "\(output)")
    }
}
