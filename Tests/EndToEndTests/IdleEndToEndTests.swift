import Foundation
import TestSupport
import Testing

/// An idle app sleeps: once the screen has settled, the UI thread (in `poll`) and the network thread
/// (in `curl_multi_poll`) are not scheduled at all. A polling loop in either, at any period up to 3 s,
/// fails this. `scripts/bench` measures the CPU time of every thread (docs/performance.md, "Idle").
@Suite("End to end: an idle app sleeps", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct IdleEndToEndTests {
    /// How many times each of the app's threads has been scheduled in, by name (`comm`); the main
    /// thread is "main". From /proc/PID/task/*/schedstat (its third field).
    static func runCounts(of pid: pid_t) -> [String: Int] {
        var counts: [String: Int] = [:]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            // Read with cat: a /proc file says its size is 0, which a one-read file reader may take at its word.
            guard let stat = try? TmuxSession.run(["cat", "/proc/\(pid)/task/\(task)/schedstat"]).output,
                  let comm = try? TmuxSession.run(["cat", "/proc/\(pid)/task/\(task)/comm"]).output else { continue }
            let fields = stat.split(separator: " ")
            guard fields.count >= 3, let runs = Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
            let name = task == "\(pid)" ? "main" : comm.trimmingCharacters(in: .whitespacesAndNewlines)
            counts[name, default: 0] += runs
        }
        return counts
    }

    /// The threads of ours that must sleep while nothing happens.
    static let sleepers = ["main", "github-tui-net"]

    @Test("Settled after loading a list and its commits, the UI and network threads are not woken for 3 s")
    func settledThreadsSleep() async throws {
        let server = ChangesEndToEndTests.server(FakeGitHubServer.generatedRepositories(count: 5, owner: "changer"))
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "changer"], dataDirectory: data))
        await tmux.waitFor(text: "5 repositories")
        let pid = try #require(try tmux.appPID())
        #expect(Self.runCounts(of: pid)["github-tui-net"] != nil, "the network thread is named (it made the list's requests)")

        // Settled: a second in which neither thread ran (the commits arrive, the memory trim fires).
        var settled = false
        for _ in 0..<30 where !settled {
            let before = Self.runCounts(of: pid)
            try await Task.sleep(for: .seconds(1))
            let after = Self.runCounts(of: pid)
            settled = Self.sleepers.allSatisfy { after[$0] == before[$0] }
        }
        #expect(settled, "the UI and network threads never stayed asleep for a second in 30 s")

        let before = Self.runCounts(of: pid)
        try await Task.sleep(for: .seconds(3))
        let after = Self.runCounts(of: pid)
        for thread in Self.sleepers {
            #expect(after[thread] == before[thread],
                    "\(thread) was scheduled \((after[thread] ?? 0) - (before[thread] ?? 0)) times in 3 s of nothing")
        }
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
    }
}
