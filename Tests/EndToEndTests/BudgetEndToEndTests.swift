import Foundation
import Testing
import TestSupport

/// The bar for users without a token: GitHub gives 60 requests an hour and counts a 304.
@Suite("Without a token, a budget that lasts", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct BudgetEndToEndTests {
    /// Waits until the server has had no request for `quiet` (polling, bounded).
    func waitUntilIdle(_ server: FakeGitHubServer, quiet: Duration = .milliseconds(600), timeout: Duration = .seconds(30)) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var count = await server.requests.count
        var since = clock.now
        while clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50)) // polling interval, not a wait for the condition
            let now = await server.requests.count
            if now != count { count = now; since = clock.now } else if clock.now - since >= quiet { return }
        }
        Issue.record("the app kept asking the server")
    }

    @Test("A minute of browsing a 240-repository owner (launch, three pages down, End) leaves at least 20 of 60, none refused; Enter still loads a row's commits")
    func minuteOfBrowsing() async throws {
        let server = FakeGitHubServer()
        server.addOwner("bigorg", userJSON: FakeGitHubServer.generatedUser(login: "bigorg", repositories: 240),
                        repositories: FakeGitHubServer.generatedRepositories(count: 240, owner: "bigorg"))
        server.setUnauthenticatedLimit(60)
        let url = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }

        let tmux = try TmuxSession(command: appCommand(["--api-url", url.absoluteString, "bigorg"], dataDirectory: data),
                                   width: 120, height: 40)
        await tmux.waitFor(text: "of 240 repositories")
        await waitUntilIdle(server)
        for _ in 0..<3 {
            try tmux.send("PageDown")
            await waitUntilIdle(server)
        }
        // End, and End again once the pages it asked for have come (as a user would, seeing more arrive). On a
        // loaded machine a page can come after the quiet spell that ended the wait: End once more then.
        for _ in 0..<6 where !tmux.capture().contains("240/240") {
            try tmux.send("End")
            await waitUntilIdle(server)
        }
        await tmux.waitFor(text: "240/240")
        await waitUntilIdle(server)
        let spent = await server.requests.count
        #expect(spent <= 40, "a minute of browsing spent \(spent) of 60")
        var screen = tmux.capture()
        #expect(screen.contains("commits on Enter"), "the header says why rows are not loading:\n\(screen)")
        #expect(!screen.contains("rate limit"), "nothing was refused:\n\(screen)")

        // The last row's commits were held back; Enter asks for them anyway.
        let before = await server.requests(pathPrefix: "/repos/").count
        try tmux.send("Enter")
        screen = await tmux.waitFor(text: "No commits yet")
        #expect(await server.requests(pathPrefix: "/repos/").count == before + 1)
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
    }
}
