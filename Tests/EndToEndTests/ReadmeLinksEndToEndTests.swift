import Foundation
import Testing

/// The overlay's README as hypertext, in the real binary on the demo data.
@Suite("End to end: README search and links", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct ReadmeLinksEndToEndTests {
    @Test("--demo: the overlay, R for the README, / search with n, a link to another repository opens its overlay, an owner's link that owner's list, Esc comes back from both")
    func followAndBack() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data), width: 100, height: 30)
        await tmux.waitFor(text: "410_in_140")
        try tmux.send("Space")
        await tmux.waitFor(text: "─ sferik/410_in_140 ─")
        try tmux.send("R")
        await tmux.waitFor(text: "It answers 410 Gone")

        // Search: the status line counts the matches; n moves on.
        try tmux.send("/")
        try tmux.type("gone")
        try tmux.send("Enter")
        await tmux.waitFor(text: "1/4 matches")
        try tmux.send("n")
        await tmux.waitFor(text: "2/4 matches")
        try tmux.send("Escape")
        try tmux.send("G")
        await tmux.waitFor(text: "28–51/51")

        // Link 3 is sferik/active_admin (…/tree/master): its overlay opens over this one.
        try tmux.send("3")
        await tmux.waitFor(text: "Link [3]")
        try tmux.send("Enter")
        let other = await tmux.waitFor(text: "─ sferik/active_admin ─")
        #expect(other.contains("The administration framework for Ruby on Rails"))

        // Esc: back to the README, where it was.
        try tmux.send("Escape")
        let back = await tmux.waitFor("the README again") { $0.contains("410_in_140 · README") && !$0.contains("sferik/active_admin ─") }
        #expect(back.contains("28–51/51"))

        // The link followed stays selected; Tab selects the next on screen; the owner's link shows the
        // owner's list over the overlay, and Esc comes back to the README where it was.
        try tmux.send("Tab")
        await tmux.waitFor(text: "[4] https://github.com/sferik — Enter follows it")
        try tmux.send("Enter")
        await tmux.waitFor("the owner's list") { !$0.contains("README") && $0.contains("sferik") && $0.contains("repositories") }
        try tmux.send("Escape")
        let returned = await tmux.waitFor("the README after the owner's list") { $0.contains("410_in_140 · README") }
        #expect(returned.contains("28–51/51"))

        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
    }
}
