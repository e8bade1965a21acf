import Foundation
import Testing
import TestSupport

/// The local search in the real binary: what was read (a README, an issue thread) is found after a
/// relaunch with the network down, and a hit opens the thread at its comment from the store.
@Suite("End to end: local search", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct LocalSearchEndToEndTests {
    @Test("Read a README and an issue thread, quit, relaunch with the server gone: Ctrl-K finds a word of each and opens the issue")
    func offlineSearch() async throws {
        let server = try IssuesEndToEndTests.server(
            readme: "# rails_admin\n\nTamed by the **quetzalcoatl** loader. See [issue](https://github.com/sferik/rails_admin/issues/2746).\n")
        let baseURL = try await server.start()
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                       width: 100, height: 30)
            await tmux.waitFor(text: "rails_admin")
            try tmux.send("d")
            await tmux.waitFor(text: "─ sferik/rails_admin ─")
            try tmux.send("R")
            await tmux.waitFor(text: "quetzalcoatl")
            try tmux.send("1")
            try tmux.send("Enter")
            await tmux.waitFor(text: "── catsby")
            try tmux.send("q")
            let end = await tmux.waitFor(text: "<<END>>")
            #expect(end.contains("EXIT:0"))
        }
        await server.stop()

        let offline = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                      width: 100, height: 30)
        await offline.waitFor(text: "offline · cached")
        try offline.send("C-k")
        await offline.waitFor(text: "Find in what you have seen")
        try offline.type("quetz")
        let readme = await offline.waitFor(text: "READMEs · 1")
        #expect(readme.contains("sferik/rails_admin README"), "\(readme)")
        #expect(readme.contains("quetzalcoatl loader"))
        try offline.send("C-u")
        try offline.type("unique identif")
        let comment = await offline.waitFor(text: "Comments · 1")
        #expect(comment.contains("sferik/rails_admin #2746 @catsby"), "\(comment)")
        #expect(comment.contains("not what you want? S searches GitHub"))
        try offline.send("Enter")
        let thread = await offline.waitFor(text: "sferik/rails_admin · Issues · #2746")
        #expect(thread.contains("unique identifier"), "the thread is open at the comment: \(thread)")
        try offline.send("Escape")
        await offline.waitFor(text: "Find in what you have seen")
        try offline.send("Escape")
        try offline.send("Escape")
        await offline.waitFor("the search closed") { !$0.contains("Find in what you have seen") }
        try offline.send("q")
        let end = await offline.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
    }
}
