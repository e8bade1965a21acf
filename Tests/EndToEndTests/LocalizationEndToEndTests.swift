import Foundation
import Testing

@Suite("Interface language", .enabled(if: TmuxSession.isAvailable))
struct LocalizationEndToEndTests {
    @Test("LANG=de_DE.UTF-8: --demo in German (header, footer, help), wide characters intact even where the locale is not installed")
    func german() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data, environment: ["LANG": "de_DE.UTF-8"]),
                                   width: 100, height: 30)
        var screen = await tmux.waitFor(text: "410_in_140")
        screen = await tmux.waitFor(text: "Repositorys")
        #expect(screen.contains("Benutzer · 30 Repositorys · nach Name"))
        #expect(screen.contains("↑↓ wählen"))
        #expect(screen.contains("? Hilfe"))
        #expect(screen.contains("q Ende"))
        try tmux.send("?")
        screen = await tmux.waitFor(text: "Tasten")
        #expect(screen.contains("Favorit ★ an/aus"))
        #expect(screen.contains("GitHub durchsuchen"))
        try tmux.send("Escape")
        try tmux.send("q")
        screen = await tmux.waitFor(text: "<<END>>")
        #expect(screen.contains("EXIT:0"))
    }

    @Test("LC_ALL=C wins over LANG=de_DE.UTF-8: English")
    func lcAllWins() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data,
                                                       environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "C.UTF-8"]),
                                   width: 100, height: 30)
        let screen = await tmux.waitFor(text: "30 repositories")
        #expect(screen.contains("q quit"))
        #expect(screen.contains("User · 30 repositories · by name"))
        try tmux.send("q")
        _ = await tmux.waitFor(text: "<<END>>")
    }
}
