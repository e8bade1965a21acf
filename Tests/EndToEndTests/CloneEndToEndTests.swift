#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

/// `c` in the overlay with names a hostile server chose, in a real terminal.
@Suite("Clone in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct CloneEndToEndTests {
    /// A repository object as GitHub's list answers hold it, with the name (and owner) given.
    static func repository(owner: String, name: String, id: Int) -> Data {
        Fixtures.encode([
            "id": id, "node_id": "R_hostile\(id)", "name": name, "full_name": "\(owner)/\(name)", "private": false,
            "owner": ["login": owner, "id": 9_000_001, "type": "User", "html_url": "https://github.com/\(owner)"] as [String: Any],
            "html_url": "https://github.com/\(owner)/escaped", "description": "A name that climbs out of the clone root",
            "fork": false, "url": "https://api.github.com/repos/\(owner)/escaped", "stargazers_count": 1, "watchers_count": 1,
            "forks_count": 0, "open_issues_count": 0, "default_branch": "main", "archived": false, "disabled": false,
            "topics": [String](), "created_at": "2020-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z",
            "pushed_at": "2024-01-01T00:00:00Z",
        ] as [String: Any])
    }

    @Test("A repository named ../../…/BASE/escaped: c refuses before git runs, says why, and makes nothing inside or outside the clone root")
    func climbingNameRefused() async throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: base) }
        let root = base.appendingPathComponent("src")
        // From ROOT/github.com/hostile up to / and down into BASE: git would have cloned to BASE/escaped.
        let climbing = String(repeating: "../", count: 16) + base.path.dropFirst() + "/escaped"
        let server = FakeGitHubServer()
        server.addOwner("hostile", userJSON: FakeGitHubServer.generatedUser(login: "hostile", repositories: 1),
                        repositories: [Self.repository(owner: "hostile", name: climbing, id: 8_000_001)])
        let baseURL = try await server.start()
        let config = base.appendingPathComponent("config.toml")
        try Data("clone_root = \"\(root.path)\"\n".utf8).write(to: config)
        let data = base.appendingPathComponent("data")

        // No git on PATH: should the refusal ever break, the message is "git is not installed", never a network clone.
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "--config", config.path, "hostile"],
                                                      dataDirectory: data, environment: ["LC_MESSAGES": "C", "PATH": "/nonexistent"]),
                                   width: 160, height: 30)
        await tmux.waitFor(text: "1 repository")
        try tmux.send("Space")
        await tmux.waitFor(text: "[×]")
        try tmux.send("c")
        let screen = await tmux.waitFor(text: "cannot be a folder name")
        #expect(screen.contains("Could not clone: the name cannot be a folder name (it contains a slash): “../../"), "\(screen)")
        #expect(!screen.contains("github-tui: git clone"), "git never ran:\n\(screen)")
        #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("escaped").path))
        #expect(!FileManager.default.fileExists(atPath: root.path), "nothing made under the clone root either")
        try tmux.send("Escape")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        await server.stop()
    }

    @Test("While git has the terminal, what it prints reaches the screen without escapes: a remote's OSC title sequence does not retitle the terminal")
    func gitOutputFiltered() async throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: base) }
        let bin = base.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // A git that prints what a hostile remote could send, makes the clone's .git and ends well.
        let git = bin.appendingPathComponent("git")
        try Data("""
        #!/bin/sh
        printf "Cloning into '%s'...\\n" "$5"
        printf 'remote: \\033]2;owned-title\\007hello \\033[31mred\\n' >&2
        [ "$3" = "--" ] && [ -n "$5" ] || exit 9
        /bin/mkdir -p "$5/.git"
        """.utf8).write(to: git)
        chmod(git.path, 0o755)
        let server = FakeGitHubServer()
        server.addOwner("calm", userJSON: FakeGitHubServer.generatedUser(login: "calm", repositories: 1),
                        repositories: FakeGitHubServer.generatedRepositories(count: 1, owner: "calm"))
        let baseURL = try await server.start()
        let root = base.appendingPathComponent("src")
        let config = base.appendingPathComponent("config.toml")
        try Data("clone_root = \"\(root.path)\"\n".utf8).write(to: config)
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "--config", config.path, "calm"],
                                                      dataDirectory: base.appendingPathComponent("data"),
                                                      environment: ["LC_MESSAGES": "C", "PATH": bin.path]),
                                   width: 120, height: 30)
        let title = { (try? TmuxSession.run(["tmux", "-L", tmux.socket, "display-message", "-p", "#{pane_title}"]))?.output ?? "" }
        await tmux.waitFor(text: "repo-00001")
        let before = title()
        try tmux.send("Space")
        await tmux.waitFor(text: "[×]")
        try tmux.send("c")
        let screen = await tmux.waitFor(text: "Cloned into")
        #expect(screen.contains(root.appendingPathComponent("github.com/calm/repo-00001").path), "\(screen)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("github.com/calm/repo-00001/.git").path))
        #expect(!title().contains("owned-title"), "the terminal's title changed: \(title())")
        #expect(title() == before)
        try tmux.send("Escape")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        await server.stop()
    }
}
