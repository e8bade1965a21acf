import Foundation
import Testing
import TestSupport

/// A README anyone could write, against the real binary: code fences whose info strings are only a
/// Unicode separator or space (which once ended the app when the README was shown).
@Suite("End to end: a hostile README", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct HostileReadmeEndToEndTests {
    static let readme = """
        # fences

        before the fences

        ```\u{2028}
        line one
        ```

        ```\u{2029}
        line two
        ```

        ```\u{0085}
        line three
        ```

        ```\u{00A0}
        line four
        ```

        ```\u{200B}
        line five
        ```

        ```\u{00A0}swift\u{2028}title
        line six
        ```

        after the fences
        """

    @Test("Fences with only U+2028, U+2029, NEL, NBSP or ZWSP as info string draw boxes without labels; the app stays and q quits")
    func separatorFences() async throws {
        let server = FakeGitHubServer()
        server.addOwner("fence", userJSON: FakeGitHubServer.generatedUser(login: "fence", repositories: 1),
                        repositories: FakeGitHubServer.generatedRepositories(count: 1, owner: "fence"))
        server.addAnswer(path: "/repos/fence/repo-00001/readme", body: Data(Self.readme.utf8))
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["fence", "--api-url", base.absoluteString], dataDirectory: data),
                                   width: 100, height: 50)
        await tmux.waitFor(text: "repo-00001")
        try tmux.send("d")
        await tmux.waitFor(text: "─ fence/repo-00001 ─")
        try tmux.send("R")
        let shown = await tmux.waitFor(text: "after the fences")
        for line in ["line one", "line two", "line three", "line four", "line five", "line six"] {
            #expect(shown.contains("│ \(line)"), "\(line) in its box:\n\(shown)")
        }
        #expect(shown.contains("┌─ swift ─"), "the first word after a no-break space is the label:\n\(shown)")
        #expect(shown.contains("┌──────────┐"), "a box with no label:\n\(shown)")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"), "\(end)")
    }
}
