import Foundation
import GitHubEntities
import Testing
import TestSupport
@testable import GitHubAPI

/// The inbox's calls over the loopback fake, which serves the recorded threads.
@Suite("Notifications over the API")
struct NotificationClientTests {
    /// The recorded thread (read, a mention) and the documented one (unread, subscribed), newest first.
    static func server() -> FakeGitHubServer {
        let server = FakeGitHubServer()
        server.addNotifications([Fixtures.recordedItems(Fixtures.Name.notifications)[0]], pollInterval: 60)
        let example = try? JSONSerialization.jsonObject(with: Fixtures.data(Fixtures.Name.notificationThreadsExample)) as? [Any]
        server.addNotifications([Fixtures.encode(example?.first ?? [:])], pollInterval: 60)
        return server
    }

    @Test("the list: filters asked, threads decoded, Last-Modified and X-Poll-Interval read; the same Last-Modified again is a 304 that keeps nothing and spends nothing")
    func listAndNotModified() async throws {
        try await withFakeGitHub(Self.server(), token: "ghp_test") { server, client, _ in
            let unread = try await client.notifications(NotificationFilter(), ifModifiedSince: nil)
            #expect(unread.threads.map(\.id) == ["1"])
            #expect(unread.pollInterval == 60)
            let lastModified = try #require(unread.lastModified)
            let all = try await client.notifications(NotificationFilter(all: true), ifModifiedSince: nil)
            #expect(all.threads.map(\.id) == ["1", "784658380"])
            #expect(all.threads[1].reason == .mention && !all.threads[1].isUnread)
            let participating = try await client.notifications(NotificationFilter(all: true, participating: true), ifModifiedSince: nil)
            #expect(participating.threads.map(\.id) == ["784658380"])
            let before = client.lastRateLimit?.remaining
            let again = try await client.notifications(NotificationFilter(), ifModifiedSince: lastModified)
            #expect(again.notModified && again.threads.isEmpty && again.lastModified == lastModified && again.pollInterval == 60)
            #expect(client.lastRateLimit?.remaining == before)
            let requests = await server.requests(pathPrefix: "/notifications")
            #expect(requests.map(\.rawQuery) == ["all=false&participating=false&per_page=50", "all=true&participating=false&per_page=50",
                                                 "all=true&participating=true&per_page=50", "all=false&participating=false&per_page=50"])
            #expect(requests[0].header("if-modified-since") == nil)
            #expect(requests[3].header("if-modified-since") == lastModified)
        }
    }

    @Test("marking read (PATCH, 205) changes Last-Modified: the next conditional request brings the list again")
    func markReadThenChanged() async throws {
        try await withFakeGitHub(Self.server(), token: "ghp_test") { server, client, _ in
            let first = try await client.notifications(NotificationFilter(), ifModifiedSince: nil)
            try await client.markThreadRead(id: "1")
            let next = try await client.notifications(NotificationFilter(), ifModifiedSince: first.lastModified)
            #expect(!next.notModified && next.threads.isEmpty && next.lastModified != first.lastModified)
            let patch = await server.requests.first { $0.method == "PATCH" }
            #expect(patch?.path == "/notifications/threads/1")
        }
    }

    @Test("done, unsubscribe and mark all read send GitHub's methods and bodies")
    func actions() async throws {
        try await withFakeGitHub(Self.server(), token: "ghp_test") { server, client, _ in
            try await client.markThreadDone(id: "784658380")
            try await client.unsubscribe(threadID: "1")
            try await client.markAllRead(lastReadAt: Date(timeIntervalSince1970: 1_585_537_424))
            let sent = await server.requests.map { "\($0.method) \($0.path)" }
            #expect(sent == ["DELETE /notifications/threads/784658380", "DELETE /notifications/threads/1/subscription",
                             "PUT /notifications"])
            let put = try #require(await server.requests.last)
            let body = try JSONSerialization.jsonObject(with: put.body) as? [String: Any]
            #expect(body?["last_read_at"] as? String == "2020-03-30T03:03:44Z")
            let all = try await client.notifications(NotificationFilter(all: true), ifModifiedSince: nil)
            #expect(all.threads.map(\.id) == ["1"] && all.threads.allSatisfy { !$0.isUnread })
        }
    }

    @Test("a refused token is said exactly: notifications need a classic token; no token asks nothing")
    func refusedAndWithoutToken() async throws {
        let server = Self.server()
        server.setNotificationsRefused(true)
        try await withFakeGitHub(server, token: "github_pat_fine") { server, client, _ in
            #expect(await gitHubError { try await client.notifications(NotificationFilter(), ifModifiedSince: nil) }
                    == .notificationsNeedClassicToken)
            #expect(await gitHubError { try await client.markThreadRead(id: "1") } == .notificationsNeedClassicToken)
            #expect(GitHubError.notificationsNeedClassicToken.userMessage.contains("classic tokens with the notifications or repo scope"))
            #expect(await server.requests.count == 2)
        }
        try await withFakeGitHub(Self.server()) { server, client, _ in
            #expect(await gitHubError { try await client.notifications(NotificationFilter(), ifModifiedSince: nil) } == .unauthorized)
            #expect(await gitHubError { try await client.markThreadDone(id: "1") } == .unauthorized)
            #expect(await server.requests.isEmpty)
        }
    }

    @Test("pages follow Link; a bad thread id or a header-breaking Last-Modified never reaches the wire")
    func pagingAndHostileInput() async throws {
        let server = FakeGitHubServer()
        let thread = Fixtures.recordedItems(Fixtures.Name.notifications)[0]
        var object = try #require(try JSONSerialization.jsonObject(with: thread) as? [String: Any])
        let threads = (1...60).reversed().map { index -> Data in
            object["id"] = String(index)
            object["unread"] = true
            return Fixtures.encode(object)
        }
        server.addNotifications(threads)
        try await withFakeGitHub(server, token: "ghp_test") { server, client, _ in
            let first = try await client.notifications(NotificationFilter(), ifModifiedSince: "x\r\nX-Evil: 1")
            #expect(first.threads.count == 50)
            let next = try #require(first.next)
            let second = try await client.notifications(page: next)
            #expect(second.threads.count == 10 && second.next == nil)
            #expect(await server.requests.first?.header("if-modified-since") == nil)
            #expect(await gitHubError { try await client.markThreadRead(id: "../../user") } != nil)
            #expect(await server.requests.count == 2)
        }
    }

    @Test("Needs you: one GraphQL query, its three sections decoded (checks rolled up, drafts, nulls and other nodes left out)")
    func needsYou() async throws {
        let server = FakeGitHubServer()
        var odd = FakeGitHubServer.needsYouNode(number: 5, title: "no repository", repository: "", isPullRequest: false)
        odd["repository"] = NSNull()
        server.setNeedsYou(
            reviewRequested: [FakeGitHubServer.needsYouNode(number: 7, title: "Review me", repository: "o/r", repositoryID: 42,
                                                            isPullRequest: true, checks: "ERROR")],
            assigned: [FakeGitHubServer.needsYouNode(number: 3, title: "Fix it", repository: "o/r", isPullRequest: false), odd,
                       ["__typename": "Discussion", "number": 1]],
            authored: [FakeGitHubServer.needsYouNode(number: 9, title: "Mine", repository: "me/x", isPullRequest: true, isDraft: true),
                       FakeGitHubServer.needsYouNode(number: 10, title: "Running", repository: "me/x", isPullRequest: true,
                                                     checks: "EXPECTED")])
        try await withFakeGitHub(server, token: "ghp_test") { server, client, _ in
            let sections = try await client.needsYou()
            #expect(sections.reviewRequested == [NeedsYouItem(number: 7, title: "Review me", isPullRequest: true, repository: "o/r",
                                                              repositoryID: 42, repositoryURL: "https://github.com/o/r",
                                                              updatedAt: GitHubDate.parse("2020-03-30T03:03:44Z"), checks: .failure)])
            #expect(sections.assigned.map(\.number) == [3] && sections.assigned[0].checks == nil && !sections.assigned[0].isPullRequest)
            #expect(sections.authored.map(\.isDraft) == [true, false] && sections.authored.map(\.checks) == [nil, .pending])
            #expect(sections.reviewRequested[0].repositoryValue?.fullName == "o/r" && sections.reviewRequested[0].repositoryValue?.id == 42)
            let posts = await server.requests.filter { $0.method == "POST" && $0.path == "/graphql" }
            #expect(posts.count == 1)
        }
        // Without a token nothing is asked.
        try await withFakeGitHub(FakeGitHubServer(), token: nil) { server, client, _ in
            await #expect(throws: GitHubError.unauthorized) { try await client.needsYou() }
            #expect(await server.requests.isEmpty)
        }
    }
}
