import Foundation
import Testing
import TestSupport

/// The Files tab in the real binary against the fake server: sferik/rails_admin with its recorded tree
/// and the recorded blob of its README.mkd, plus one made-up Ruby file (the tree names it, the fake
/// serves its blob) to see keywords coloured.
@Suite("End to end: the Files tab", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct FilesEndToEndTests {
    @Test("Walk into a folder, open a file with its keywords coloured, come back, close")
    func walkOpenAndBack() async throws {
        let (server, _) = try RepoTabsEndToEndTests.server()
        server.addRecordedContents()
        // lib/rails_admin.rb's blob was not recorded: a made-up one under its recorded sha.
        let source = "module RailsAdmin\n  def self.config\n    'configured'\n  end\nend\n"
        server.addAnswer(path: "/repos/sferik/rails_admin/git/blobs/d36b4ba90e5fd730a44170894208ae1c881e0371", json: Fixtures.encode([
            "sha": "d36b4ba90e5fd730a44170894208ae1c881e0371", "size": source.utf8.count, "encoding": "base64",
            "content": Data(source.utf8).base64EncodedString(),
        ] as [String: Any]))
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                   width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        // The highlighter (Source-highlight, Boost, ICU) is not loaded until a file is opened.
        let pid = try #require(try tmux.appPID())
        // Read with cat: a /proc file says its size is 0, which a one-read file reader may take at its word.
        let mapsAtLaunch = try TmuxSession.run(["cat", "/proc/\(pid)/maps"]).output
        #expect(mapsAtLaunch.contains("libncursesw"), "the maps were read whole")
        #expect(!mapsAtLaunch.contains("libgithub-tui-highlight") && !mapsAtLaunch.contains("libsource-highlight"))
        try tmux.send("d")
        await tmux.waitFor(text: "─ sferik/rails_admin ─")
        try tmux.send("Left")
        let root = await tmux.waitFor(text: "README.mkd")
        #expect(root.contains("sferik/rails_admin · Files"))
        #expect(root.contains("rails_admin  @ master"))
        #expect(root.contains("24.7 KB"))

        // lib/ is the third folder.
        try tmux.send("j")
        try tmux.send("j")
        try tmux.send("Enter")
        let lib = await tmux.waitFor(text: "rails_admin / lib  @ master")
        #expect(lib.contains("rails_admin.rb"))
        try tmux.send("/")
        try tmux.type("admin.rb")
        await tmux.waitFor(text: "/admin.rb")
        try tmux.send("Enter")
        try tmux.send("Enter")
        let file = await tmux.waitFor(text: "'configured'")
        #expect(file.contains("lib/rails_admin.rb"))
        #expect(file.contains("1 module RailsAdmin"))
        // Keywords bold and coloured: the escape sequences of the pane say so.
        let coloured = try TmuxSession.run(["tmux", "-L", tmux.socket, "capture-pane", "-p", "-e"]).output
        let moduleLine = try #require(coloured.split(separator: "\n").first { $0.contains("RailsAdmin") && $0.contains("module") })
        #expect(moduleLine.contains("\u{1B}[1m") || moduleLine.contains(";1m") || moduleLine.contains("[1;"), "\(moduleLine.debugDescription)")
        let mapsAfterOpening = try TmuxSession.run(["cat", "/proc/\(pid)/maps"]).output
        #expect(mapsAfterOpening.contains("libgithub-tui-highlight.so") && mapsAfterOpening.contains("libsource-highlight"))

        try tmux.send("Escape")
        await tmux.waitFor("the folder again") { $0.contains("rails_admin / lib  @ master") && !$0.contains("'configured'") }
        // Backspace first clears the filter, ← goes up.
        try tmux.send("BSpace")
        await tmux.waitFor(text: "tasks/")
        try tmux.send("Left")
        await tmux.waitFor("the root again") { $0.contains("rails_admin  @ master") && $0.contains("README.mkd") }
        try tmux.send("Escape")
        await tmux.waitFor("the list") { !$0.contains("· Files") && $0.contains("1 repository") }
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
        #expect(await server.requests(pathPrefix: "/repos/sferik/rails_admin/git/blobs/").count == 1)
    }

    @Test("The Releases tab: the latest release's notes rendered, an asset downloaded with its progress into XDG_DOWNLOAD_DIR")
    func releaseNotesAndDownload() async throws {
        let (server, _) = try RepoTabsEndToEndTests.server()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        server.addAsset(path: "/downloads/tool.bin", bytes: bytes)
        var latest = try #require(try JSONSerialization.jsonObject(with: Fixtures.interactions(Fixtures.Name.releases)[2].body)
            as? [String: Any])
        var base = baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        latest["assets"] = [["id": 1, "name": "tool.bin", "size": bytes.count, "download_count": 42,
                             "browser_download_url": base + "/downloads/tool.bin"]]
        server.addReleases(owner: "sferik", repo: "rails_admin", releases: [Fixtures.encode(latest)])
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let downloads = data.appendingPathComponent("dl")
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data,
                                                       environment: ["LANG": "C.UTF-8", "XDG_DOWNLOAD_DIR": downloads.path]),
                                   width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("d")
        await tmux.waitFor(text: "─ sferik/rails_admin ─")
        try tmux.send("Left")
        try tmux.send("Left")
        await tmux.waitFor(text: "v3.7.1")
        try tmux.send("Enter")
        let notes = await tmux.waitFor(text: "tool.bin")
        #expect(notes.contains("• #543 Properly paginate PR comments"))
        #expect(notes.contains("42 downloads"))
        try tmux.send("d")
        await tmux.waitFor(text: "Downloaded to")
        #expect(try Data(contentsOf: downloads.appendingPathComponent("tool.bin")) == bytes)
        let requests = await server.requests(pathPrefix: "/downloads/")
        #expect(requests.allSatisfy { $0.header("authorization") == nil && $0.header("range") != nil })
        // A second download of the same name never replaces the first.
        try tmux.send("d")
        await tmux.waitFor(text: "already in the download folder")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
    }
}
