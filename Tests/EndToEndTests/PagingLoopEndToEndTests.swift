import Foundation
import Testing
import TestSupport

/// A server whose `Link: rel="next"` names the page just served, on the releases and on an issue's
/// comments: the real binary asks each a handful of times (not ~24 a second), with no key pressed and
/// with End pressed, and lists every release and comment once.
@Suite("End to end: a looping Link", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct PagingLoopEndToEndTests {
    static let releasesPath = "/repos/sferik/rails_admin/releases"
    static let commentsPath = "/repos/sferik/rails_admin/issues/2746/comments"

    /// How often `text` occurs in `screen`.
    static func occurrences(of text: String, in screen: String) -> Int {
        screen.components(separatedBy: text).count - 1
    }

    /// Expects no 10 further requests of any kind within 3 s (a loop makes them in well under one).
    static func expectQuiet(_ server: FakeGitHubServer, sourceLocation: SourceLocation = #_sourceLocation) async {
        let count = await server.requests.count
        let more = await server.waitForRequests(count: count + 10, timeout: .seconds(3))
        let asked = await server.requests.dropFirst(count).map(\.line).prefix(12)
        #expect(!more, "the app kept asking: \(asked)", sourceLocation: sourceLocation)
    }

    @Test("Releases and an issue's comments whose next page is themselves: a handful of requests, each entry once")
    func loopingLinkEnds() async throws {
        let server = try IssuesEndToEndTests.server()
        let interactions = Fixtures.interactions(Fixtures.Name.releases)
        let releases = [interactions[2].body, interactions[3].body] + Fixtures.recordedItems(Fixtures.Name.releases)
        server.addReleases(owner: "sferik", repo: "rails_admin", releases: releases)
        server.setFailure(.linkToItself, forPathPrefix: Self.releasesPath)
        server.setFailure(.linkToItself, forPathPrefix: Self.commentsPath)
        let tags = releases.compactMap { json in
            ((try? JSONSerialization.jsonObject(with: json)) as? [String: Any])?["tag_name"] as? String
        }
        #expect(tags.count == 6)
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                   width: 100, height: 40)
        await tmux.waitFor(text: "rails_admin")
        try tmux.send("d")
        await tmux.waitFor(text: "─ sferik/rails_admin ─")

        // The Releases tab: the first page fills nothing, so its next page is asked with no key pressed.
        try tmux.send("Left")
        try tmux.send("Left")
        await tmux.waitFor(text: "v3.7.1")
        for _ in 0..<3 { try tmux.send("End") }
        await Self.expectQuiet(server)
        let releaseRequests = await server.requests(pathPrefix: Self.releasesPath)
        // The next link was followed once (the rule is in force), and then never again.
        #expect((2...3).contains(releaseRequests.count), "\(releaseRequests.map(\.line))")
        let list = tmux.capture()
        for tag in tags {
            #expect(Self.occurrences(of: tag + " ", in: list) == 1, "\(tag) listed once in:\n\(list)")
        }

        // An issue's thread: End reads the next page of comments, which is the same page.
        try tmux.send("Escape")
        await tmux.waitFor("the view closed") { !$0.contains("─ sferik/rails_admin ─") }
        try tmux.send("i")
        await tmux.waitFor(text: "Open issues · 24")
        try tmux.send("Enter")
        await tmux.waitFor(text: "── catsby")
        for _ in 0..<5 { try tmux.send("End") }
        await Self.expectQuiet(server)
        let commentRequests = await server.requests(pathPrefix: Self.commentsPath)
        #expect((2...3).contains(commentRequests.count), "\(commentRequests.map(\.line))")
        let thread = tmux.capture()
        #expect(Self.occurrences(of: "Thanks for digging in on this.", in: thread) == 1, "the last comment once in:\n\(thread)")
        #expect(Self.occurrences(of: "── catsby", in: thread) <= 2)

        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0"))
    }
}
