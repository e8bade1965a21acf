import Foundation
import TestSupport
import Testing

/// The list scrolled a row or a few at a time is drawn by scrolling the terminal's lines and painting
/// only the new rows (`BufferDiff.verticalShift`, `FrameEncoder`'s scroll region). Whatever it sent, the
/// screen must read exactly as a full repaint of the same state: a resize away and back repaints
/// everything, and the two captures are compared.
@Suite("End to end: scrolling", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ScrollingEndToEndTests {
    @Test("Rows scrolled one at a time, down and up, over wide and hostile text read as a full repaint does")
    func scrolledScreenEqualsRepaint() async throws {
        let server = FakeGitHubServer()
        server.addOwner("wide", userJSON: FakeGitHubServer.generatedUser(login: "wide", repositories: 100),
                        repositories: FakeGitHubServer.generatedRepositories(count: 100, owner: "wide", exotic: true))
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }

        // Commits load only when asked: a mark changing between the two captures would not be the drawing's fault.
        let config = data.appendingPathComponent("config.toml")
        try Data("commit_prefetch = \"enter\"\n".utf8).write(to: config)
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "--config", config.path, "wide"],
                                                      dataDirectory: data),
                                   width: 100, height: 30)
        await tmux.waitFor(text: " 1/100")
        // Down past the screen's end one row at a time, a little back, down again, then up past the top.
        // One page of 100: no later page can arrive between the two captures and change the header.
        let steps: [(keys: [String], position: String)] = [
            (Array(repeating: "Down", count: 30), " 31/100"),
            (Array(repeating: "Up", count: 4), " 27/100"),
            (Array(repeating: "j", count: 9), " 36/100"),
            (Array(repeating: "k", count: 25), " 11/100"),
        ]
        for step in steps {
            for key in step.keys { try tmux.send(key) }
            let scrolled = await tmux.waitFor(text: step.position)
            try tmux.resize(width: 90, height: 30)
            await tmux.waitFor("the narrower repaint") { $0 != scrolled }
            try tmux.resize(width: 100, height: 30)
            let repainted = await tmux.waitFor("the same screen, repainted whole") { $0 == scrolled }
            #expect(repainted == scrolled, "after \(step.keys.count) × \(step.keys[0])")
        }
        try tmux.send("q")
        let screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"))
        await server.stop()
    }
}
