import Foundation
import Testing
import TestSupport

/// A fresh launch asks only what its first screen needs, and its commits wait for no settle delay.
@Suite("The first screen of a fresh launch", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct FirstScreenEndToEndTests {
    /// 240 repositories, each with rails_admin's recorded commits (3 shown).
    func server() -> FakeGitHubServer {
        let server = FakeGitHubServer()
        let repositories = FakeGitHubServer.generatedRepositories(count: 240, owner: "bigorg")
        server.addOwner("bigorg", userJSON: FakeGitHubServer.generatedUser(login: "bigorg", repositories: 240),
                        repositories: repositories)
        let commits = Fixtures.recordedBody(Fixtures.Name.railsAdminCommits)
        for json in repositories {
            guard let name = ((try? JSONSerialization.jsonObject(with: json)) as? [String: Any])?["name"] as? String else { continue }
            server.addCommits(owner: "bigorg", repo: name, commitsJSON: commits)
        }
        return server
    }

    /// Waits until the server has had no request for `quiet` (polling, bounded).
    func waitUntilIdle(_ server: FakeGitHubServer, quiet: Duration = .milliseconds(800)) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(30))
        var count = await server.requests.count
        var since = clock.now
        while clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50)) // polling interval, not a wait for the condition
            let now = await server.requests.count
            if now != count { count = now; since = clock.now } else if clock.now - since >= quiet { return }
        }
        Issue.record("the app kept asking the server")
    }

    /// Launches on a fresh store at 120×40 (35 rows), waits for the `expected` requests the first screen
    /// needs (bounded: a loaded machine may take seconds, and a quiet spell is not the end), then until
    /// the requests stop, and returns their lines.
    func launch(token: String?, expected: Int) async throws -> (lines: [String], screen: String) {
        let server = server()
        let url = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        var environment = ["LC_MESSAGES": "C"]
        if let token { environment["GH_TOKEN"] = token }
        let tmux = try TmuxSession(command: appCommand(["--api-url", url.absoluteString, "bigorg"], dataDirectory: data,
                                                       environment: environment),
                                   width: 120, height: 40)
        await tmux.waitFor(text: "of 240 repositories")
        _ = await server.waitForRequests(count: expected, timeout: .seconds(30))
        await waitUntilIdle(server)
        let screen = tmux.capture()
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
        return (await server.requests.map(\.line), screen)
    }

    @Test("With a token: the owner, page 1 and one GraphQL query for the screen's commits; no second page, no REST commits")
    func withToken() async throws {
        let (lines, screen) = try await launch(token: "ghp_e2efirstscreen", expected: 3)
        #expect(lines.sorted() == ["GET /users/bigorg", "GET /users/bigorg/repos?per_page=100", "POST /graphql"],
                "\(lines)")
        #expect(!screen.contains("loading"), "\(screen)")
    }

    @Test("Without a token: the owner, page 1 and one commits request per visible row; no second page")
    func withoutToken() async throws {
        // The owner, page 1 and a screen of rows' commits (at least 30, see below).
        let (lines, _) = try await launch(token: nil, expected: 2 + 30)
        let commits = lines.filter { $0.hasPrefix("GET /repos/bigorg/") && $0.hasSuffix("/commits?per_page=3") }
        #expect(lines.count == 2 + commits.count, "\(lines)")
        #expect(lines.contains("GET /users/bigorg") && lines.contains("GET /users/bigorg/repos?per_page=100"))
        // 40 lines less the header, the carousel and the footer; at most one screen's worth.
        #expect((30...36).contains(commits.count), "\(commits.count) commit requests")
        #expect(Set(commits).count == commits.count, "no row asked twice")
    }
}
