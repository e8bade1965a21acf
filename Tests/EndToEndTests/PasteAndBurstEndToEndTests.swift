import Foundation
import TestSupport
import Testing

/// Pasted text is text (bracketed paste), and keys that arrive together are handled together, in a
/// real terminal.
@Suite("Paste and bursts of keys in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct PasteAndBurstEndToEndTests {
    /// Lines of the list whose repository is marked ★ (the mark is the row's first column).
    func favouriteRows(_ screen: String) -> [String] {
        screen.split(separator: "\n").filter { $0.hasPrefix("★▸") || $0.hasPrefix("★▾") }.map(String.init)
    }

    @Test("gem⏎fj pasted into the filter stays in it: nothing starred; x⏎q pasted on the list runs nothing; after q the terminal's bracketed paste is off")
    func pasteIsText() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        // After the app, `cat -v` shows what a paste sends: the bracket sequences if the app left
        // bracketed paste on.
        let command = appCommand(["--demo"], dataDirectory: data).replacingOccurrences(of: "sleep 120", with: "cat -v")
        let tmux = try TmuxSession(command: command, width: 100, height: 30)
        await tmux.waitFor(text: "410_in_140")
        try tmux.send("/")
        await tmux.waitFor(text: "Enter keep")
        try tmux.paste("gem\nfj")
        var screen = await tmux.waitFor(text: "/gem fj")
        #expect(screen.contains("Enter keep"), "the filter is still open:\n\(screen)")
        try tmux.send("Escape")
        screen = await tmux.waitFor("the whole list again") { $0.contains("410_in_140") && footerPosition($0) == "1/30" }
        #expect(favouriteRows(screen).isEmpty, "a pasted f starred a row:\n\(screen)")

        try tmux.paste("x\nq")
        try tmux.send("Down")
        screen = await tmux.waitFor("the list, row 2") { footerPosition($0) == "2/30" }
        #expect(!screen.contains("EXIT:"))
        #expect(!screen.contains("▾"), "the pasted line break pressed Enter (a row expanded):\n\(screen)")

        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
        try tmux.paste("after")
        try tmux.send("Enter")
        screen = await tmux.waitFor("cat's line") { $0.components(separatedBy: "after").count >= 3 }
        #expect(screen.contains("EXIT:0"))
        #expect(!screen.contains("[200~"), "bracketed paste left on:\n\(screen)")
    }

    @Test("Ctrl-Z turns bracketed paste off for the shell; after fg a paste is text in the app again")
    func suspendTurnsPasteOff() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: "env -i PATH=/usr/bin:/bin TERM=xterm-256color HOME='\(data.path)' bash --norc --noprofile -i",
                                   width: 100, height: 30)
        await tmux.waitFor("a shell prompt") { $0.contains("$") || $0.contains("#") }
        // Readline would turn bracketed paste on and off itself around each line it reads.
        try tmux.type("bind 'set enable-bracketed-paste off'")
        try tmux.send("Enter")
        try tmux.type("XDG_DATA_HOME='\(data.path)' XDG_CONFIG_HOME=/nonexistent LC_MESSAGES=C '\(TmuxSession.binary.path)' --demo")
        try tmux.send("Enter")
        await tmux.waitFor(text: "410_in_140")
        try tmux.send("C-z")
        await tmux.waitFor("the shell back") { $0.contains("Stopped") }
        // Pasted once the shell has run the line (the terminal echoes again), so the paste reaches cat.
        try tmux.type("echo cat-runs; cat -v")
        try tmux.send("Enter")
        await tmux.waitFor("cat started") { $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "cat-runs" } }
        try tmux.paste("while-stopped")
        try tmux.send("Enter")
        var screen = await tmux.waitFor("cat's line") { $0.components(separatedBy: "while-stopped").count >= 3 }
        #expect(!screen.contains("[200~"), "bracketed paste left on while stopped:\n\(screen)")
        try tmux.send("C-d")
        try tmux.type("fg")
        try tmux.send("Enter")
        await tmux.waitFor(text: "410_in_140")
        try tmux.send("/")
        await tmux.waitFor(text: "Enter keep")
        try tmux.paste("x\nq")
        screen = await tmux.waitFor(text: "/x q")
        #expect(screen.contains("Enter keep"))
        try tmux.send("Escape", "q")
        await tmux.waitFor("the shell back") { !$0.contains("Enter keep") && !$0.contains("410_in_140") }
    }

    @Test("200 keys at once with 3,000 repositories loaded (199 f, then s): handled and drawn within 1.5 s, the ★ stored")
    func burstOfKeys() async throws {
        let server = FakeGitHubServer()
        server.addOwner("scale", userJSON: FakeGitHubServer.generatedUser(login: "scale", repositories: 3000),
                        repositories: FakeGitHubServer.generatedRepositories(count: 3000, owner: "scale"), pageSize: 100)
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "scale"], dataDirectory: data),
                                       width: 100, height: 30)
            await tmux.waitFor("the first page") { $0.contains("repo-00001") && !$0.contains("refreshing") }
            // End at the end of each page asks for the next: all 30 pages, the whole list in the store.
            func total(_ screen: String) -> Int { footerPosition(screen).flatMap { Int($0.split(separator: "/").last ?? "") } ?? 0 }
            var loaded = total(tmux.capture())
            for _ in 0..<40 where loaded < 3000 {
                try tmux.send("End")
                let before = loaded
                loaded = total(await tmux.waitFor("the page after \(before) rows") { total($0) > before })
            }
            try tmux.send("End")
            let position = footerPosition(await tmux.waitFor("the last row") { footerPosition($0) == "3000/3000" })
            #expect(position == "3000/3000")
            try tmux.send("Home")
            await tmux.waitFor(text: "card 1/5")
            try tmux.send("Down")
            await tmux.waitFor("row 1 selected") { footerPosition($0) == "1/3000" && $0.contains("by name") }

            let clock = ContinuousClock()
            let start = clock.now
            try tmux.type(String(repeating: "f", count: 199) + "s")
            let screen = await tmux.waitFor(text: "by updated")
            let elapsed = start.duration(to: clock.now)
            #expect(elapsed < .milliseconds(1500), "200 keys took \(elapsed)")
            #expect(favouriteRows(screen).count == 1, "the selected row, starred once in all:\n\(screen)")
            try tmux.send("q")
            await tmux.waitFor(text: "<<END>>")
        }
        // The burst's ★ was written: a relaunch shows it.
        let offline = try TmuxSession(command: appCommand(["--offline", "scale"], dataDirectory: data), width: 100, height: 30)
        let screen = await offline.waitFor(text: "repo-00001")
        #expect(favouriteRows(screen).map { $0.contains("repo-00001") } == [true], "stored ★:\n\(screen)")
        try offline.send("q")
        await offline.waitFor(text: "<<END>>")
    }
}
