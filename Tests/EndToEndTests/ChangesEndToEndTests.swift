import Foundation
import TestSupport
import Testing

/// "What changed since you last looked": two launches against the same data directory.
@Suite("Changes since the last look in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ChangesEndToEndTests {
    /// `repository` (one repository JSON object) with `changes` applied.
    static func edited(_ repository: Data, _ changes: [String: Any]) -> Data {
        guard var object = (try? JSONSerialization.jsonObject(with: repository)) as? [String: Any] else { return repository }
        for (key, value) in changes { object[key] = value }
        return Fixtures.encode(object)
    }

    static func server(_ repositories: [Data]) -> FakeGitHubServer {
        let server = FakeGitHubServer()
        server.addOwner("changer", userJSON: FakeGitHubServer.generatedUser(login: "changer", repositories: repositories.count),
                        repositories: repositories)
        return server
    }

    @Test("a relaunch marks the repository whose stars and push moved and the new one; c lists what changed and the removed one; C clears")
    func relaunchMarksChangedRows() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        var repositories = FakeGitHubServer.generatedRepositories(count: 5, owner: "changer")
        do {
            let server = Self.server(repositories)
            let baseURL = try await server.start()
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "changer"], dataDirectory: data))
            let screen = await tmux.waitFor(text: "5 repositories")
            #expect(!screen.contains("changed since"), "a first launch marks nothing:\n\(screen)")
            try tmux.send("q")
            await tmux.waitFor(text: "<<END>>")
            await server.stop()
        }
        // Upstream meanwhile: repo-00002 got stars and a push, repo-00006 is new, repo-00005 is gone.
        let pushed = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-2 * 3600))
        repositories[1] = Self.edited(repositories[1], ["stargazers_count": 500, "pushed_at": pushed])
        repositories += [FakeGitHubServer.generatedRepositories(count: 6, owner: "changer")[5]]
        repositories.remove(at: 4)
        let server = Self.server(repositories)
        let baseURL = try await server.start()
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "changer"], dataDirectory: data))
        var screen = await tmux.waitFor(text: "3 changed since")
        #expect(screen.contains("Δ repo-00002"), "the changed row is marked:\n\(screen)")
        #expect(screen.contains("Δ repo-00006"), "the new row is marked:\n\(screen)")
        #expect(!screen.contains("Δ repo-00001"))
        try tmux.send("c")
        screen = await tmux.waitFor(text: "★ 74 → 500")
        #expect(screen.contains("pushed 2 h ago"), "\(screen)")
        #expect(screen.contains("new"), "\(screen)")
        #expect(!screen.contains("repo-00003"), "only changed rows:\n\(screen)")
        #expect(screen.contains("removed: repo-00005"), "\(screen)")
        try tmux.send("C")
        screen = await tmux.waitFor(text: "repo-00003")
        #expect(!screen.contains("changed since") && !screen.contains("Δ "), "\(screen)")
        try tmux.send("q")
        screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"))
        await server.stop()
    }
}
