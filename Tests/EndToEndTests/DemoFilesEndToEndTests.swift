import Foundation
import Testing

/// The demo's Files tab in the real binary: sferik/rails_admin's recorded tree (shown as active_admin's)
/// with made-up contents for its text files and its pictures said to be not in the demo data; the other repositories'
/// trees generated.
@Suite("End to end: the demo's Files tab", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct DemoFilesEndToEndTests {
    @Test("--demo: lib/rails_admin.rb opens with its keywords coloured; a generated tree opens; a picture is said to be not in the demo data")
    func openFiles() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        // Colours on: the test runner's NO_COLOR (when set) is not passed on.
        let tmux = try TmuxSession(command: "env -u NO_COLOR " + appCommand(["--demo"], dataDirectory: data), width: 100, height: 30)
        await tmux.waitFor(text: "active_admin")
        // The first repository's tree is generated: its files, each saying it is made up.
        try tmux.send("d")
        await tmux.waitFor(text: "─ sferik/410_in_140 ─")
        try tmux.send("Left")
        let other = await tmux.waitFor(text: "410_in_140  @ master")
        #expect(other.contains("Gemfile") && other.contains("410_in_140.gemspec") && other.contains("lib/"))
        #expect(!other.contains("Could not") && !other.contains("not in the demo"))
        try tmux.send("/")
        try tmux.type("Gemfile")
        await tmux.waitFor(text: "/Gemfile")
        try tmux.send("Enter")
        try tmux.send("Enter")
        let gemfile = await tmux.waitFor(text: "source \"https://rubygems.org\"")
        #expect(gemfile.contains("1 # Made up for github-tui --demo: generated"))
        try tmux.send("Escape")
        await tmux.waitFor("the tree again") { $0.contains("410_in_140  @ master") && !$0.contains("rubygems.org") }
        // Esc clears the filter, then closes the view.
        try tmux.send("Escape")
        await tmux.waitFor("the whole tree") { $0.contains("lib/") && $0.contains("Gemfile") }
        try tmux.send("Escape")
        await tmux.waitFor("the list") { !$0.contains("· Files") && $0.contains("1/30") }
        try tmux.send("j")
        await tmux.waitFor(text: "2/30")
        try tmux.send("d")
        await tmux.waitFor(text: "─ sferik/active_admin ─")
        try tmux.send("Left")
        let root = await tmux.waitFor(text: "README.mkd")
        #expect(root.contains("active_admin  @ master"))
        #expect(root.contains("Gemfile") && root.contains("rails_admin.gemspec"))

        // lib/ is the third folder.
        try tmux.send("j")
        try tmux.send("j")
        try tmux.send("Enter")
        let lib = await tmux.waitFor(text: "active_admin / lib  @ master")
        #expect(lib.contains("rails_admin.rb"))
        try tmux.send("/")
        try tmux.type("admin.rb")
        await tmux.waitFor(text: "/admin.rb")
        try tmux.send("Enter")
        try tmux.send("Enter")
        let file = await tmux.waitFor(text: "8 module RailsAdmin")
        #expect(file.contains("lib/rails_admin.rb"))
        #expect(file.contains("1 # Made up for github-tui --demo"))
        #expect(!file.contains("Could not read the file"))
        // Keywords bold and coloured, strings green: the pane's escape sequences say so (once the
        // highlighted frame has reached tmux).
        func keywordsColoured(_ pane: String) -> Bool {
            let lines = pane.split(separator: "\n")
            guard let moduleLine = lines.first(where: { $0.contains("RailsAdmin") && $0.contains("module") }),
                  let stringLine = lines.first(where: { $0.contains("'rails_admin/engine'") }) else { return false }
            let bold = moduleLine.contains("\u{1B}[1m") || moduleLine.contains(";1m") || moduleLine.contains("[1;")
            let green = stringLine.contains("32m'rails_admin/engine'")
            return bold && green
        }
        let pane = try await colouredPane(tmux, until: keywordsColoured)
        #expect(keywordsColoured(pane), "\(pane.debugDescription)")

        // Back to the root; a picture's bytes are not bundled: said as such, not as an error.
        try tmux.send("Escape")
        await tmux.waitFor("the folder again") { $0.contains("active_admin / lib  @ master") && !$0.contains("module RailsAdmin") }
        try tmux.send("BSpace")
        await tmux.waitFor(text: "tasks/")
        try tmux.send("Left")
        await tmux.waitFor("the root again") { $0.contains("active_admin  @ master") && $0.contains("README.mkd") }
        try tmux.send("/")
        try tmux.type("screenshots")
        await tmux.waitFor(text: "/screenshots")
        try tmux.send("Enter")
        try tmux.send("Enter")
        await tmux.waitFor(text: "edit.png")
        try tmux.send("Enter")
        let missing = await tmux.waitFor(text: "Not in the demo data")
        #expect(missing.contains("screenshots/edit.png"))
        #expect(!missing.contains("Could not") && !missing.contains("repository not found"))

        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
    }

    /// The pane with its escape sequences once `condition` holds, or the last one after `timeout`.
    private func colouredPane(_ tmux: TmuxSession, timeout: Duration = .seconds(15),
                              until condition: (String) -> Bool) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let pane = try TmuxSession.run(["tmux", "-L", tmux.socket, "capture-pane", "-p", "-e"]).output
            if condition(pane) || clock.now > deadline { return pane }
            try await Task.sleep(for: .milliseconds(40)) // polling interval, not a wait for the condition
        }
    }
}
