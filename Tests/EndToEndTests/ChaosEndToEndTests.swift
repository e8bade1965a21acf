#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Hostile situations a user meets (the first hardening round's table), one test each, against the real binary.
@Suite("Chaos in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ChaosEndToEndTests {
    /// The app's process id inside a session started with `appCommand` (the shell's child).
    /// Whether `pid` is gone within `timeout` (polling /proc).
    func waitForExit(_ pid: pid_t, timeout: Duration = .seconds(10)) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if kill(pid, 0) != 0 { return true }
            // A zombie has exited: its parent (the shell) has not reaped it yet.
            if let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
               status.split(separator: " ").dropFirst(2).first == "Z" { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test("TERM without cursor addressing (dumb): one clear line and exit 2, not a blank screen")
    func dumbTerminal() async throws {
        let tmux = try TmuxSession(command: "TERM=dumb '\(TmuxSession.binary.path)' --demo; echo \"EXIT:$?\"; sleep 60")
        let screen = await tmux.waitFor(text: "EXIT:")
        #expect(screen.contains("EXIT:2"))
        #expect(screen.lowercased().contains("term"), "\(screen)")
    }

    @Test("A terminal without an alternate screen (vt100): quitting clears it, so the shell's next line is not written over the last frame")
    func noAlternateScreen() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: "TERM=vt100 '\(TmuxSession.binary.path)' --demo --data-dir '\(data.path)'; echo \"EXIT:$?\"; sleep 60")
        _ = await tmux.waitFor(text: "? help")
        try tmux.send("q")
        let screen = await tmux.waitFor(text: "EXIT:")
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines == ["EXIT:0"], "\(screen)")
    }

    @Test("--data-dir ending in a newline is refused with exit 2, and no such directory is made")
    func dataDirectoryWithNewline() async throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: base) }
        let tmux = try TmuxSession(command: "'\(TmuxSession.binary.path)' --data-dir \"$(printf '\(base.path)/store\\n_')\" --offline; echo \"EXIT:$?\"; sleep 60")
        let screen = await tmux.waitFor(text: "EXIT:")
        #expect(screen.contains("EXIT:2"), "\(screen)")
        #expect(screen.contains("control characters"), "\(screen)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: base.path)).isEmpty)
    }

    @Test("A token with CR/LF in it is refused with one clear line and exit 2 (it would inject a header)")
    func tokenWithLineBreak() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: "GH_TOKEN=\"$(printf 'abc\\r\\nX-Injected: yes')\" '\(TmuxSession.binary.path)' --data-dir '\(data.path)' octocat; echo \"EXIT:$?\"; sleep 60")
        let screen = await tmux.waitFor(text: "EXIT:")
        #expect(screen.contains("EXIT:2"), "\(screen)")
        #expect(screen.contains("GH_TOKEN is not a token"), "\(screen)")
    }

    /// A folder whose `libcurl.so.4` (and the other names the app tries) is not a library: the
    /// dynamic loader finds it first (`LD_LIBRARY_PATH`) and fails, as on a machine without libcurl.
    func brokenLibcurlDirectory() throws -> URL {
        let folder = try temporaryDirectory()
        for name in ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"] {
            try Data("not a library\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test("No usable libcurl: the modal says libcurl is missing and how to install it (not 'check your Internet connection')")
    func libcurlMissing() async throws {
        let server = FakeGitHubServer.sferik()
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        let libraries = try brokenLibcurlDirectory()
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: libraries)
        }
        let environment = ["LC_MESSAGES": "C", "LD_LIBRARY_PATH": libraries.path]
        let tmux = try TmuxSession(command: appCommand(["--api-url", base.absoluteString, "sferik"], dataDirectory: data,
                                                       environment: environment))
        let screen = await tmux.waitFor(text: "Network access needs libcurl")
        #expect(screen.contains("install libcurl4"), "\(screen)")
        #expect(screen.contains("file too short"), "\(screen)")
        #expect(!screen.contains("Check your Internet connection"), "\(screen)")
        #expect(await server.requests.isEmpty)
        try tmux.send("Escape")
        _ = await tmux.waitFor("the message to close") { !$0.contains("[ OK ]") }
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"), "\(end)")
    }

    @Test("SIGUSR1, SIGUSR2 and SIGALRM end the app with the terminal given back (exit 128+N)", arguments: [SIGUSR1, SIGUSR2, SIGALRM])
    func terminatingSignals(signal: Int32) async throws {
        let tmux = try TmuxSession(command: appCommand(["--demo"]))
        await tmux.waitFor(text: "410_in_140")
        let pid = try #require(try tmux.appPID())
        kill(pid, signal)
        let screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:\(128 + signal)"), "\(screen)")
        #expect(terminalIsCooked(screen), "terminal not restored:\n\(screen)")
    }

    @Test("The terminal goes away under a shell that ignores SIGHUP: the app quits instead of spinning")
    func hangUpUnderHUPTrappingShell() async throws {
        let tmux = try TmuxSession(command: "sh -c \"trap '' HUP; '\(TmuxSession.binary.path)' --demo\"")
        await tmux.waitFor(text: "410_in_140")
        let shell = try TmuxSession.run(["tmux", "-L", tmux.socket, "list-panes", "-F", "#{pane_pid}"])
        let shellPID = try #require(Int32(shell.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let app = try TmuxSession.run(["pgrep", "-P", "\(shellPID)", "-f", "github-tui"]).output
        let pid = try #require(app.split(separator: "\n").compactMap { Int32($0) }.first)
        _ = try TmuxSession.run(["tmux", "-L", tmux.socket, "kill-server"])
        #expect(await waitForExit(pid), "github-tui is still running after its terminal went away")
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }

    @Test("A server streaming an endless body: the app stops at the limit, says so, and its memory stays bounded")
    func endlessBody() async throws {
        let port = Int.random(in: 20_000..<60_000)
        let server = try TmuxSession(command: """
            python3 -c "
            import socket, threading
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', \(port))); s.listen(8)
            print('LISTENING', flush=True)
            def serve(c):
                c.recv(65536)
                c.sendall(b'HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n')
                chunk = b'1000\\r\\n' + b' ' * 4096 + b'\\r\\n'
                try:
                    while True: c.sendall(chunk)
                except Exception: pass
            while True:
                c, _ = s.accept(); threading.Thread(target=serve, args=(c,), daemon=True).start()
            "
            """)
        await server.waitFor(text: "LISTENING")
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", "http://127.0.0.1:\(port)", "octocat"], dataDirectory: data))
        let screen = await tmux.waitFor(text: "far larger than GitHub", timeout: .seconds(30))
        #expect(screen.contains("far larger than GitHub"))
        if let pid = try tmux.appPID(), let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
           let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
            #expect(kilobytes < 300_000, "resident \(kilobytes) kB after an endless body")
        }
        _ = try TmuxSession.run(["tmux", "-L", server.socket, "kill-server"])
    }

    @Test("A burst of 200 f (a paste) leaves the app responsive and the marks consistent")
    func favouriteBurst() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data))
        await tmux.waitFor(text: "410_in_140")
        try tmux.type(String(repeating: "f", count: 201))
        try tmux.send("F")
        // An odd number of presses: the selected repository is a favourite, and only it.
        let screen = await tmux.waitFor(text: "favourites only (1)")
        #expect(screen.contains("★"))
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
    }
}
