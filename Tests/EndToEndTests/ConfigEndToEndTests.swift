import Foundation
import Testing

/// The config file (`--config`, `$XDG_CONFIG_HOME/github-tui/config.toml`) with the real binary.
@Suite("Config file in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ConfigEndToEndTests {
    func write(_ text: String) throws -> URL {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("config.toml")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("Remapped keys: help (?) shows them, the new keys work, the old one does nothing, Ctrl-Q quits")
    func remappedKeys() async throws {
        let config = try write("""
        [keys]
        toggleFavourite = "x"
        quit = ["q", "ctrl-q"]
        [keys.list]
        search = "<disabled>"
        """)
        defer { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }
        let tmux = try TmuxSession(command: appCommand(["--demo", "--config", config.path]))
        var screen = await tmux.waitFor(text: "410_in_140")
        #expect(!screen.contains("S search"), "the footer still offers the disabled search:\n\(screen)")
        try tmux.send("?")
        screen = await tmux.waitFor(text: "favourite ★ on/off")
        let favouriteLine = try #require(screen.split(separator: "\n").first { $0.contains("favourite ★ on/off") })
        #expect(favouriteLine.contains("│ x "), "help shows x for favourite:\n\(screen)")
        #expect(screen.contains("q/Ctrl-Q/Ctrl-C"), "\(screen)")
        #expect(!screen.contains("search GitHub"), "\(screen)")
        try tmux.send("Escape")
        await tmux.waitFor("help closed") { !$0.contains("favourite ★ on/off") }
        try tmux.send("f") // the old key: nothing
        try tmux.send("x")
        screen = await tmux.waitFor("★ on the selected row") { $0.contains("★▸") }
        #expect(screen.split(separator: "\n").filter { $0.hasPrefix("★▸") }.count == 1, "f still toggles:\n\(screen)")
        // S is disabled on the list: the help that ? brings next is still the list's.
        try tmux.send("S")
        try tmux.send("?")
        await tmux.waitFor(text: "favourite ★ on/off")
        try tmux.send("Escape")
        try tmux.send("C-q")
        screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"), "\(screen)")
        #expect(terminalIsCooked(screen), "terminal not restored:\n\(screen)")
    }

    @Test("A missing --config file: one clear line, exit 2")
    func missingFile() throws {
        let result = try TmuxSession.run([TmuxSession.binary.path, "--demo", "--config", "/nonexistent/github-tui/config.toml"])
        #expect(result.status == 2)
        #expect(result.output == "github-tui: /nonexistent/github-tui/config.toml: no such config file (No such file or directory)\n")
    }

    @Test("A bad file: the file, the line and the problem, exit 2, before the terminal is touched")
    func badFile() throws {
        let config = try write("theme = \"light\"\n\n[keys]\ntoggleFavourite = \"s\"\n")
        defer { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }
        let result = try TmuxSession.run([TmuxSession.binary.path, "--demo", "--config", config.path])
        #expect(result.status == 2)
        #expect(result.output == "github-tui: \(config.path):4: s is bound to both toggleFavourite and cycleSort on the list screen\n")
    }
}
