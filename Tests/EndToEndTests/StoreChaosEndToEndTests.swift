#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// The store's hostile cases against the real binary: a lock held by another process at quit, the
/// database deleted while running, two instances started together.
@Suite("Store chaos in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct StoreChaosEndToEndTests {
    /// Runs sferik's list once against the fake server so the store has it, then quits.
    func fillStore(_ data: URL, _ baseURL: URL) async throws {
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
        await tmux.waitFor(text: "30 repositories")
        await tmux.waitFor("the refresh to end") { !$0.contains("refreshing") }
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
    }

    @Test("q is instant while another process holds the store's lock, and the store is intact afterwards")
    func quitWithLockHeld() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await fillStore(data, baseURL)
        let database = data.appendingPathComponent("github-tui/github-tui.sqlite").path
        let tmux = try TmuxSession(command: appCommand(["--offline", "sferik"], dataDirectory: data))
        await tmux.waitFor(text: "30 repositories")
        // Another process takes the lock and keeps it for 20 s.
        let holder = try TmuxSession(command: "python3 -c \"import sqlite3,time; c=sqlite3.connect('\(database)', isolation_level=None); c.execute('BEGIN EXCLUSIVE'); print('LOCKED', flush=True); time.sleep(20)\"")
        await holder.waitFor(text: "LOCKED")
        let started = ContinuousClock.now
        try tmux.send("q")
        let screen = await tmux.waitFor(text: "<<END>>", timeout: .seconds(8))
        #expect(ContinuousClock.now - started < .seconds(3), "q waited for the lock")
        #expect(screen.contains("EXIT:0"))
        _ = try TmuxSession.run(["tmux", "-L", holder.socket, "kill-server"])
        let again = try TmuxSession(command: appCommand(["--offline", "sferik"], dataDirectory: data))
        await again.waitFor(text: "30 repositories")
    }

    @Test("The database deleted while running: a favourite set afterwards is there on the next launch")
    func deletedWhileRunning() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await fillStore(data, baseURL)
        let database = data.appendingPathComponent("github-tui/github-tui.sqlite").path
        let tmux = try TmuxSession(command: appCommand(["--offline", "sferik"], dataDirectory: data))
        await tmux.waitFor(text: "30 repositories")
        for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
        try tmux.send("f")
        await tmux.waitFor(text: "★")
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
        let relaunch = try TmuxSession(command: appCommand(["--offline", "sferik"], dataDirectory: data))
        await relaunch.waitFor(text: "30 repositories")
        try relaunch.send("F")
        await relaunch.waitFor(text: "favourites only (1)")
    }

    @Test("Two instances started together on a new data directory both keep the store")
    func twoInstances() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
        let second = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
        for tmux in [first, second] {
            let screen = await tmux.waitFor(text: "30 repositories")
            #expect(!screen.contains("nothing will be saved"), "\(screen)")
        }
    }

    @Test("Ctrl-C at any moment while a 240-repository owner loads: the app always ends cleanly (no crash on quit)")
    func quitWhileLoading() async throws {
        let server = FakeGitHubServer()
        server.addOwner("bigorg", userJSON: FakeGitHubServer.generatedUser(login: "bigorg", repositories: 240),
                        repositories: FakeGitHubServer.generatedRepositories(count: 240, owner: "bigorg"))
        server.setFailure(.delay(seconds: 0.05), forPathPrefix: "/repos/")
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        for attempt in 0..<12 {
            let data = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: data) }
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "bigorg"], dataDirectory: data))
            await tmux.waitFor(text: "bigorg")
            // A different moment each time: right away, while pages and commits are in flight, later.
            // (The first screen makes about 27: the owner, a page, the visible rows' commits.)
            let waitedRequests = attempt * 2
            if waitedRequests > 0 {
                #expect(await server.waitForRequests(count: waitedRequests, timeout: .seconds(10)), "attempt \(attempt)")
            }
            try tmux.send("C-c")
            let screen = await tmux.waitFor(text: "<<END>>", timeout: .seconds(10))
            #expect(screen.contains("EXIT:0"), "attempt \(attempt):\n\(screen)")
            #expect(terminalIsCooked(screen), "attempt \(attempt): terminal not restored")
            await server.clearRequests()
        }
    }

    @Test("A store on a read-only mount is shown, with a one-line notice, not an empty throwaway list",
          .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), "needs root for a read-only bind mount"))
    func readOnlyMount() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        try await fillStore(data, baseURL)
        let store = data.appendingPathComponent("github-tui").path
        let command = "unshare -m --propagation private sh -c \"mount --bind '\(store)' '\(store)' && mount -o remount,bind,ro '\(store)' && "
            + appCommand(["--offline", "sferik"], dataDirectory: data).replacingOccurrences(of: "\"", with: "\\\"") + "\""
        let tmux = try TmuxSession(command: command)
        let screen = await tmux.waitFor(text: "30 repositories")
        #expect(screen.contains("410_in_140"))
        #expect(screen.contains("read-only"), "the notice says changes will not be saved:\n\(screen)")
    }
}
