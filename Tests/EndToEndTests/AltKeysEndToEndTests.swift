#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// Alt-], Alt-P and Alt-_ send `ESC ]`, `ESC P` and `ESC _`, the beginnings of the strings a terminal
/// answers queries with. Typed by mistake they are keys, and the keys after them still work: q quits.
@Suite("Alt-], Alt-P, Alt-_ in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct AltKeysEndToEndTests {
    @Test("Alt-] (Alt-P, Alt-_) then q: the app quits", arguments: ["M-]", "M-P", "M-_"])
    func altThenQuit(key: String) async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data))
        await tmux.waitFor(text: "? help")
        try tmux.send(key)
        try tmux.send("q")
        let quit = await tmux.waitFor(text: "<<END>>", timeout: .seconds(10))
        #expect(quit.contains("EXIT:0"), "\(quit)")
        #expect(terminalIsCooked(quit))
    }

    @Test("Alt-] and q typed while the app starts (the terminal still answering its queries): it quits")
    func altWhileStarting() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data))
        try tmux.send("M-]", "q")
        let quit = await tmux.waitFor(text: "<<END>>", timeout: .seconds(15))
        #expect(quit.contains("EXIT:0"), "\(quit)")
    }

    @Test("After Alt-], ? still opens the help and Esc closes it")
    func altThenHelp() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data))
        await tmux.waitFor(text: "? help")
        try tmux.send("M-]")
        try tmux.send("?")
        await tmux.waitFor(text: "─ Keys ─")
        try tmux.send("Escape")
        await tmux.waitFor("the help closed") { !$0.contains("─ Keys ─") && $0.contains("? help") }
        try tmux.send("q")
        let quit = await tmux.waitFor(text: "<<END>>", timeout: .seconds(10))
        #expect(quit.contains("EXIT:0"), "\(quit)")
    }
}
