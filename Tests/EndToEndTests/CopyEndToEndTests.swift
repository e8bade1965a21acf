import Foundation
import TestSupport
import Testing

/// `y` in the overlay inside tmux, whose options decide whether anything is copied at all.
@Suite("Copy in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct CopyEndToEndTests {
    @Test("tmux dropping OSC 52 (its default): y says nothing was copied and why; with set-clipboard on it says Copied, and tmux's buffer holds the SSH address as one safe line")
    func honestCopy() async throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: base) }
        let server = FakeGitHubServer()
        let name = "evil\nrm -rf ~\u{1B}]2;t\u{07}"
        server.addOwner("hostile", userJSON: FakeGitHubServer.generatedUser(login: "hostile", repositories: 1),
                        repositories: [CloneEndToEndTests.repository(owner: "hostile", name: name, id: 8_000_002)])
        let baseURL = try await server.start()
        // No desktop clipboard command: only tmux decides.
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "hostile"], dataDirectory: base,
                                                      environment: ["LC_MESSAGES": "C", "DISPLAY": "", "WAYLAND_DISPLAY": ""]),
                                   width: 120, height: 30)
        _ = try TmuxSession.run(["tmux", "-L", tmux.socket, "set", "-s", "set-clipboard", "external"])
        await tmux.waitFor(text: "1 repository")
        try tmux.send("Space")
        await tmux.waitFor(text: "[×]")
        try tmux.send("y")
        await tmux.waitFor(text: "SSH clone URL")
        try tmux.send("2")
        var screen = await tmux.waitFor(text: "Could not copy")
        #expect(screen.contains("Could not copy: tmux drops OSC 52 (set-clipboard is not on, allow-passthrough is off)"), "\(screen)")
        #expect(!screen.contains("Copied"))
        #expect(try TmuxSession.run(["tmux", "-L", tmux.socket, "list-buffers"]).output.isEmpty)

        _ = try TmuxSession.run(["tmux", "-L", tmux.socket, "set", "-s", "set-clipboard", "on"])
        try tmux.send("y")
        await tmux.waitFor(text: "SSH clone URL")
        try tmux.send("2")
        screen = await tmux.waitFor(text: "(tmux paste buffer)")
        #expect(screen.contains("Copied SSH clone URL: git@github.com:hostile/evil rm -rf ~]2;t.git (tmux paste buffer)"), "\(screen)")
        let buffer = try TmuxSession.run(["tmux", "-L", tmux.socket, "show-buffer"]).output
        #expect(buffer == "git@github.com:hostile/evil rm -rf ~]2;t.git", "\(buffer.debugDescription)")
        try tmux.send("Escape")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        await server.stop()
    }
}
