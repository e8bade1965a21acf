import Foundation
import Testing
import TestSupport

/// Another GitHub host in the real binary: the fake server answers as a GitHub Enterprise Server
/// (`/api/v3`, `/api/graphql`, web addresses on its host); the list, a repository view and a link
/// followed come from it with its own token, in a store of its own, and github.com's store is untouched;
/// its answers carry no rate limit (an Enterprise Server's default), which the header says.
@Suite("End to end: GitHub Enterprise hosts", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct HostsEndToEndTests {
    static let host = "github.example.com"

    /// myteam's three generated repositories; the first one's README links to the second on the host.
    static func enterpriseServer() -> FakeGitHubServer {
        let server = FakeGitHubServer()
        let repositories = FakeGitHubServer.generatedRepositories(count: 3, owner: "myteam")
        server.addOwner("myteam", userJSON: FakeGitHubServer.generatedUser(login: "myteam", repositories: 3, organization: true),
                        repositories: repositories)
        // Written as on github.com: the fake answers with its web addresses on the Enterprise host.
        server.addAnswer(path: "/repos/myteam/repo-00001/readme",
                         body: Data("# repo-00001\n\nIts sibling: [the second one](https://github.com/myteam/repo-00002).\n".utf8))
        return server
    }

    @Test("--hostname github.example.com: the list (the host in the header), a repository view and a README link followed inside the app, from /api/v3 and /api/graphql with GH_ENTERPRISE_TOKEN only; a store of its own, github.com's untouched")
    func enterpriseHost() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let storeFolder = data.appendingPathComponent("github-tui")
        let dotComStore = storeFolder.appendingPathComponent("github-tui.sqlite")

        // github.com's data first, as a user had it before.
        let dotCom = FakeGitHubServer.sferik()
        let dotComURL = try await dotCom.start()
        do {
            let tmux = try TmuxSession(command: appCommand(["--api-url", dotComURL.absoluteString, "sferik"], dataDirectory: data))
            await tmux.waitFor(text: "30 repositories")
            await tmux.waitFor(text: "410_in_140")
            try tmux.send("q")
            await tmux.waitFor(text: "<<END>>")
        }
        await dotCom.stop()
        let before = try Data(contentsOf: dotComStore)
        let modifiedBefore = try FileManager.default.attributesOfItem(atPath: dotComStore.path)[.modificationDate] as? Date

        let server = Self.enterpriseServer()
        let root = try await server.start(enterpriseWebHost: Self.host)
        #expect(root.path == "/api/v3")
        let environment = ["LC_MESSAGES": "C", "GH_ENTERPRISE_TOKEN": "corp-token", "GH_TOKEN": "dotcom-token"]
        let tmux = try TmuxSession(command: appCommand(["--hostname", Self.host, "--api-url", root.absoluteString, "myteam"],
                                                       dataDirectory: data, environment: environment),
                                   width: 100, height: 30)
        var screen = await tmux.waitFor(text: "repo-00001")
        screen = await tmux.waitFor(text: "3 repositories")
        #expect(screen.split(separator: "\n").first?.contains(Self.host) == true, "the header names the host:\n\(screen)")
        // Its answers carry no rate limit: the header says so instead of counting.
        screen = await tmux.waitFor(text: "no rate limit")
        #expect(!screen.contains("github.com"))
        try tmux.send("d")
        await tmux.waitFor(text: "─ myteam/repo-00001 ─")
        try tmux.send("R")
        await tmux.waitFor(text: "Its sibling")
        // The link, written for github.com, is on the host in the answer: selected, then followed inside the app.
        try tmux.send("Tab")
        await tmux.waitFor(text: "[1] https://\(Self.host)/myteam/repo-00002 — Enter follows it")
        try tmux.send("Enter")
        await tmux.waitFor(text: "─ myteam/repo-00002 ─")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))

        let requests = await server.requests
        #expect(!requests.isEmpty)
        #expect(requests.allSatisfy { !$0.outsideAPI }, "every request under /api/v3 or /api/graphql: \(requests.filter(\.outsideAPI))")
        #expect(requests.allSatisfy { $0.header("Authorization") == "Bearer corp-token" }, "only the host's own token")
        #expect(requests.contains { $0.path == "/graphql" }, "the first screen's commits through /api/graphql")
        #expect(requests.contains { $0.path == "/repos/myteam/repo-00001/readme" })
        await server.stop()

        // Kept apart: the host's own store file; github.com's file as it was.
        #expect(FileManager.default.fileExists(atPath: storeFolder.appendingPathComponent("github-tui@\(Self.host).sqlite").path))
        #expect(try Data(contentsOf: dotComStore) == before)
        let modifiedAfter = try FileManager.default.attributesOfItem(atPath: dotComStore.path)[.modificationDate] as? Date
        #expect(modifiedAfter == modifiedBefore)

        // Offline on github.com: its own list; u github.example.com/myteam switches to the host's store.
        let offline = try TmuxSession(command: appCommand(["--offline", "sferik"], dataDirectory: data), width: 100, height: 30)
        screen = await offline.waitFor(text: "410_in_140")
        #expect(!screen.contains("myteam"))
        try offline.send("u")
        await offline.waitFor(text: "GitHub user or organization")
        try offline.type("\(Self.host)/myteam")
        try offline.send("Enter")
        screen = await offline.waitFor("myteam's stored list on the host") {
            $0.contains("repo-00001") && $0.split(separator: "\n").first?.contains(Self.host) == true
        }
        #expect(screen.contains("offline"))
        #expect(!screen.contains("410_in_140"))
        try offline.send("q")
        await offline.waitFor(text: "<<END>>")
    }
}
