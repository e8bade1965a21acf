#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Issue 15's store rows against the real binary: a lock held by another process at quit, the
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
}
