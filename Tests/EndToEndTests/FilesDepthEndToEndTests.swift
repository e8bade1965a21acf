import Foundation
import Testing
import TestSupport

/// The Files tab with a tree of 100,000 entries (fake-github's depth repository): stored once, then read
/// back offline, the screen answering keys while the stored tree is read and indexed.
@Suite("End to end: a 100,000-entry tree", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct FilesDepthEndToEndTests {
    @Test("While the stored 100,000-entry tree is read, the tab says so and answers keys: the filter typed meanwhile applies")
    func keysWhileTheTreeLoads() async throws {
        let server = FakeGitHubServer()
        let depth = FakeGitHubServer.Depth.self
        server.addOwner("scale", userJSON: FakeGitHubServer.generatedUser(login: "scale", repositories: 1),
                        repositories: [depth.repositoryJSON(owner: "scale")])
        server.addDepthRepository(owner: "scale")
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }

        // Online: the tree is fetched and stored.
        let online = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "scale"], dataDirectory: data),
                                     width: 100, height: 30)
        await online.waitFor(text: "Big content")
        try online.send("d")
        await online.waitFor(text: "─ scale/depth ─")
        try online.send("Left")
        // The root's listing first (a small answer), then the whole tree, read and stored: the note goes.
        await online.waitFor(text: depth.shortPath, timeout: .seconds(120))
        await online.waitFor("the whole tree stored", timeout: .seconds(120)) { !$0.contains("Reading the tree") }
        try online.send("q")
        #expect(await online.waitFor(text: "<<END>>").contains("EXIT:0"))

        // Offline: the stored tree, read while keys are answered.
        let offline = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "--offline", "scale"],
                                                          dataDirectory: data), width: 100, height: 30)
        await offline.waitFor(text: "Big content")
        try offline.send("d")
        await offline.waitFor(text: "─ scale/depth ─")
        try offline.send("Left")
        try offline.send("/")
        try offline.type("GUIDE")
        var answeredWhileLoading = false
        let filtered = await offline.waitFor("the stored tree, filtered", timeout: .seconds(120)) { screen in
            if screen.contains("/GUIDE"), screen.contains("Reading the tree") { answeredWhileLoading = true }
            return screen.contains(depth.markdownPath) && !screen.contains("Reading the tree")
        }
        #expect(answeredWhileLoading, "the filter field was drawn while the tree was being read")
        #expect(!filtered.contains(depth.shortPath) && !filtered.contains("app/"), "the filter applies to the tree that arrived")
        try offline.send("Escape")
        await offline.waitFor(text: depth.shortPath)
        try offline.send("q")
        #expect(await offline.waitFor(text: "<<END>>").contains("EXIT:0"))
    }
}
