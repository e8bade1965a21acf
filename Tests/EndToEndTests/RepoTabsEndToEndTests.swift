import Foundation
import Testing
import TestSupport

/// The repository view's tabs in the real binary against the fake server: sferik/rails_admin with
/// its recorded history (98 commits and the recorded one, paged by Link) and one recorded commit in full.
@Suite("End to end: the repository view's tabs", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct RepoTabsEndToEndTests {
    /// A server whose sferik owns one repository, rails_admin, whose default branch's history is the
    /// recorded one.
    static func server() throws -> (FakeGitHubServer, commitIndex: Int) {
        let server = FakeGitHubServer()
        var repository = try #require(try JSONSerialization.jsonObject(
            with: FakeGitHubServer.generatedRepositories(count: 1, owner: "sferik")[0]) as? [String: Any])
        repository["name"] = "rails_admin"
        repository["full_name"] = "sferik/rails_admin"
        repository["default_branch"] = "master"
        repository["html_url"] = "https://github.com/sferik/rails_admin"
        server.addOwner("sferik", userJSON: Fixtures.recordedBody(Fixtures.Name.sferikUser),
                        repositories: [Fixtures.encode(repository)])
        // The recorded commit in full is not in the recorded history pages: it goes in at 35, on the
        // second page (a commit's JSON has the shape of a history entry, plus its files).
        let detail = Fixtures.recordedBody(Fixtures.Name.railsAdminCommitDetail)
        var history = Fixtures.railsAdminHistory()
        let index = 35
        history.insert(detail, at: index)
        server.addCommits(owner: "sferik", repo: "rails_admin",
                          commitsJSON: Data("[".utf8) + Data(history.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",").utf8) + Data("]".utf8))
        server.addCommitDetail(owner: "sferik", repo: "rails_admin", detailJSON: detail)
        return (server, index)
    }

    @Test("Open the view, switch tabs, page the history past its first pages, open a commit's diff, Esc back to the history, Esc closes")
    func tabsHistoryCommitAndBack() async throws {
        let (server, commitIndex) = try Self.server()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                   width: 100, height: 30)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("d")
        let overview = await tmux.waitFor(text: "─ sferik/rails_admin ─")
        #expect(overview.contains("Overview   README   Commits"))
        // The fake server answers the Overview's pictures: the languages bar and the year of commits, no failure note.
        let pictures = await tmux.waitFor(text: "Commits, last 52 weeks")
        #expect(pictures.contains("Languages") && !pictures.contains("could not load them"), "\(pictures)")
        try tmux.send("Right")
        await tmux.waitFor(text: "sferik/rails_admin · README")
        try tmux.send("Right")
        await tmux.waitFor(text: "sferik/rails_admin · Commits")
        await tmux.waitFor(text: "⌥ master")
        await tmux.waitFor(text: "/30+")

        // To the end, page after page: 30 + 30 + 30 + 9.
        for total in ["/60+", "/90+", "/99 "] {
            try tmux.send("G")
            await tmux.waitFor(text: total)
        }
        let pages = await server.requests(pathPrefix: "/repos/sferik/rails_admin/commits").filter { $0.query["per_page"] == "30" }
        #expect(pages.count == 4, "\(pages.map(\.query))")

        // The recorded commit, opened with Enter; Esc walks back.
        try tmux.send("g")
        for _ in 0..<commitIndex { try tmux.send("j") }
        try tmux.send("Enter")
        let diff = await tmux.waitFor(text: "· Commits · 3cdfabd")
        #expect(diff.contains("Author:"))
        try tmux.send("Escape")
        let back = await tmux.waitFor("the history again") { $0.contains("⌥ master") && !$0.contains("3cdfabd ─") }
        #expect(back.contains("sferik/rails_admin · Commits"))
        try tmux.send("Escape")
        await tmux.waitFor("the list") { !$0.contains("sferik/rails_admin · Commits") && $0.contains("1 repository") }
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
    }
}
