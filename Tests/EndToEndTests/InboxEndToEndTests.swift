import Foundation
import Testing
import TestSupport

/// The notifications inbox against the fake server, as a user with a token meets it: listed at once with
/// `--inbox`, a new notification arriving on its own within the poll interval (asked with
/// If-Modified-Since in between), Enter opening the issue inside the app and the PATCH sent.
@Suite("End to end: the notifications inbox", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct InboxEndToEndTests {
    @Test("--inbox lists the threads; a new one appears without a key; Enter opens the issue in the app and marks it read")
    func inbox() async throws {
        let server = FakeGitHubServer.sferik()
        server.addRecordedInbox(pollInterval: 1)
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["LC_MESSAGES": "C", "GH_TOKEN": "ghp_e2einbox"]
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "--inbox", "sferik"], dataDirectory: data,
                                                       environment: environment), width: 100, height: 30)
        let listed = await tmux.waitFor(text: "Notification Test")
        #expect(listed.contains("Inbox") && listed.contains("2 unread") && listed.contains("Greetings"), "\(listed)")
        #expect(listed.contains("mention") && listed.contains("issue"), "\(listed)")

        // A new notification: on screen within the poll interval, no key pressed.
        var arriving = try #require(try JSONSerialization.jsonObject(with: Fixtures.recordedItems(Fixtures.Name.notifications)[0])
            as? [String: Any])
        arriving["id"] = "900000001"
        arriving["unread"] = true
        arriving["subject"] = ["title": "A new mention arrived", "type": "Issue",
                               "url": "https://api.github.com/repos/octocat/Hello-World/issues/1"]
        server.addNotifications([Fixtures.encode(arriving)], pollInterval: 1)
        let arrived = await tmux.waitFor(text: "A new mention arrived")
        #expect(arrived.contains("3 unread"), "\(arrived)")
        let lists = await server.requests.filter { $0.method == "GET" && $0.path == "/notifications" }
        #expect(lists.count >= 2)
        #expect(lists.dropFirst().allSatisfy { $0.header("if-modified-since") != nil }, "\(lists.map(\.headers))")

        // The selection stayed on the thread it was on: Enter opens its issue inside the app.
        let number = FakeGitHubServer.recordedInboxIssue
        try tmux.send("Enter")
        let opened = await tmux.waitFor(text: "#\(number)")
        #expect(opened.contains("#\(number)"), "\(opened)")
        var patches: [RecordedRequest] = []
        for _ in 0..<50 where patches.isEmpty {
            patches = await server.requests.filter { $0.method == "PATCH" }
            if patches.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(patches.map(\.path) == ["/notifications/threads/784658380"])
        // Esc: back to the inbox, the thread read.
        try tmux.send("Escape")
        let back = await tmux.waitFor(text: "2 unread")
        #expect(back.contains("Notification Test"), "\(back)")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0") && terminalIsCooked(end), "\(end)")
    }

    @Test("without a token the inbox says what is needed and asks nothing")
    func withoutToken() async throws {
        let server = FakeGitHubServer.sferik()
        server.addRecordedInbox()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data),
                                   width: 100, height: 30)
        await tmux.waitFor(text: "410_in_140")
        try tmux.send("n")
        let screen = await tmux.waitFor(text: "GH_TOKEN")
        #expect(screen.contains("gh auth login"), "\(screen)")
        #expect(await server.requests.filter { $0.path.hasPrefix("/notifications") }.isEmpty)
        try tmux.send("q")
        await tmux.waitFor(text: "<<END>>")
    }

    @Test("Needs you: its sections from one GraphQL query above the notifications; Enter opens an item in the app; back on the list, the header says the unread count")
    func needsYou() async throws {
        let server = FakeGitHubServer.sferik()
        server.addRecordedInbox(pollInterval: 1)
        server.addRecordedNeedsYou()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["LC_MESSAGES": "C", "GH_TOKEN": "ghp_e2eneedsyou"]
        let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "--inbox", "sferik"], dataDirectory: data,
                                                       environment: environment), width: 100, height: 30)
        let listed = await tmux.waitFor(text: "Your pull requests")
        #expect(listed.contains("Assigned to you · 1") && listed.contains("checks fail") && listed.contains("Notifications · 2 unread"),
                "\(listed)")
        // One query for the three sections (the list's own first-screen query is another).
        let posts = await server.requests.filter {
            $0.method == "POST" && $0.path == "/graphql" && String(decoding: $0.body, as: UTF8.self).contains("review-requested:@me")
        }
        #expect(posts.count == 1)
        // Home: the first item (the assigned issue), opened inside the app; nothing marked read.
        let number = FakeGitHubServer.recordedInboxIssue
        try tmux.send("Home")
        try tmux.send("Enter")
        let opened = await tmux.waitFor(text: "#\(number)")
        #expect(opened.contains("#\(number)"), "\(opened)")
        #expect(await server.requests.filter { $0.method == "PATCH" }.isEmpty)
        // Back to the inbox, then to the list: its header says how many are unread.
        try tmux.send("Escape")
        await tmux.waitFor(text: "Your pull requests")
        try tmux.send("Escape")
        let list = await tmux.waitFor(text: "inbox: 2 unread")
        #expect(list.contains("410_in_140") || list.contains("sferik"), "\(list)")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0") && terminalIsCooked(end), "\(end)")
    }

    @Test("--demo has an inbox: unread and read threads, several reasons, Needs you; Enter opens a demo thread and marks it read in memory")
    func demo() async throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let tmux = try TmuxSession(command: appCommand(["--demo"], dataDirectory: data), width: 100, height: 30)
        // The list's header says the count before the inbox was opened (the demo's inbox is in memory).
        await tmux.waitFor(text: "inbox: 3 unread")
        try tmux.send("n")
        let inbox = await tmux.waitFor(text: "Notifications · 3 unread")
        #expect(inbox.contains("Review requested from you · 1") && inbox.contains("Make testing painless"), "\(inbox)")
        #expect(inbox.contains("mention") && inbox.contains("review requested") && inbox.contains("CI activity"), "\(inbox)")
        // All: the read ones too, with other reasons.
        try tmux.send("a")
        let all = await tmux.waitFor(text: "v3.7.1")
        #expect(all.contains("assigned") && all.contains("watching"), "\(all)")
        try tmux.send("a")
        // The mention: its issue opens in the app, at its latest comment (sferik's).
        try tmux.send("/")
        try tmux.send("Mongoid")
        try tmux.send("Enter")
        try tmux.send("Enter")
        let thread = await tmux.waitFor(text: "#2746")
        #expect(thread.contains("sferik"), "\(thread)")
        try tmux.send("Escape")
        let back = await tmux.waitFor(text: "2 unread")
        #expect(back.contains("Inbox"), "\(back)")
        try tmux.send("q")
        let end = await tmux.waitFor(text: "<<END>>")
        #expect(end.contains("EXIT:0") && terminalIsCooked(end), "\(end)")
    }
}
