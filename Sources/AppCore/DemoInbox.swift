import Foundation
import GitHubAPI

/// What the demo's inbox remembers of the user's changes (in memory: marked read, marked done).
struct DemoInboxState: Sendable {
    var read: Set<String> = []
    var done: Set<String> = []
    /// Counts changes: each gives a later `Last-Modified`.
    var changes = 0
}

/// The demo's inbox (SOURCES.md, "The inbox"): notification threads in the shape of GitHub's documented
/// example thread (octokit.swift's recorded `notification_threads.json`), about things the demo has —
/// sferik/active_admin's recorded issue 2746 at its recorded latest comment, its recorded pull request 403,
/// its recorded release v3.7.1, the recorded commit 3cdfabd, its Actions runs —, unread and read, several
/// reasons; and the Needs-you sections of the recorded pull requests and issues. Marking read or done is
/// kept in memory; the clock places the threads minutes to days before the demo was opened.
extension DemoTransport {
    /// The inbox's repository (every thread is about it).
    static let inboxRepository = "sferik/active_admin"

    /// `/notifications` and the Needs-you query; nil for any other request.
    func inboxAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        let path = request.url.path
        if request.method == "POST", path == "/graphql" {
            let query = request.body.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }?["query"] as? String
            return query?.contains("review-requested:@me") == true ? Self.json(["data": needsYou()]) : nil
        }
        guard path == "/notifications" || path.hasPrefix("/notifications/") else { return nil }
        let parts = path.split(separator: "/").map(String.init)
        switch (request.method, parts.count) {
        case ("GET", 1): return notifications(request)
        case ("PUT", 1):
            inbox.withLock { state in
                state.read.formUnion(Self.inboxThreads.map(\.id))
                state.changes += 1
            }
            return HTTPResponse(statusCode: 205, headers: [:], body: Data())
        case ("PATCH", 3) where parts[1] == "threads":
            inbox.withLock { state in
                state.read.insert(parts[2])
                state.changes += 1
            }
            return HTTPResponse(statusCode: 205, headers: [:], body: Data())
        case ("DELETE", 3) where parts[1] == "threads":
            inbox.withLock { state in
                state.done.insert(parts[2])
                state.changes += 1
            }
            return HTTPResponse(statusCode: 204, headers: [:], body: Data())
        case ("DELETE", 4) where parts[1] == "threads" && parts[3] == "subscription":
            return HTTPResponse(statusCode: 204, headers: [:], body: Data())
        default:
            return nil
        }
    }

    /// One made-up thread of the demo's inbox.
    struct InboxThread {
        var id: String
        var unread: Bool
        var reason: String
        var minutesAgo: Int
        var title: String
        var type: String
        /// After `/repos/OWNER/REPO/`: `issues/2746`, `releases/949537`… (nil: none, as for a check suite).
        var subject: String?
        var latestComment: String?
    }

    static let inboxThreads: [InboxThread] = [
        InboxThread(id: "9000000001", unread: true, reason: "mention", minutesAgo: 4,
                    title: "including Mongoid::Autoinc would not display a model in Rails_admin", type: "Issue",
                    subject: "issues/2746", latestComment: "issues/comments/1199663"),
        InboxThread(id: "9000000002", unread: true, reason: "review_requested", minutesAgo: 35, title: "Make testing painless",
                    type: "PullRequest", subject: "pulls/403", latestComment: "pulls/403"),
        InboxThread(id: "9000000003", unread: true, reason: "ci_activity", minutesAgo: 80,
                    title: "Demo CI workflow run failed for master branch", type: "CheckSuite", subject: nil, latestComment: nil),
        InboxThread(id: "9000000004", unread: false, reason: "assign", minutesAgo: 60 * 5,
                    title: "Couldn't edit/show/export User model", type: "Issue", subject: "issues/2745", latestComment: "issues/2745"),
        InboxThread(id: "9000000005", unread: false, reason: "subscribed", minutesAgo: 60 * 26, title: "v3.7.1", type: "Release",
                    subject: "releases/949537", latestComment: "releases/949537"),
        InboxThread(id: "9000000006", unread: false, reason: "author", minutesAgo: 60 * 24 * 3,
                    title: "Merge branch '3pp_history'", type: "Commit",
                    subject: "commits/3cdfabd973bc3caac209cba903cfdb3bf6636bcd", latestComment: nil),
        InboxThread(id: "9000000007", unread: false, reason: "state_change", minutesAgo: 60 * 24 * 9,
                    title: "Favicon is not customizable", type: "Issue", subject: "issues/2743", latestComment: "issues/2743"),
    ]

    /// `GET /notifications` as GitHub answers it: unread only unless `all=true`, participating only when
    /// asked, `Last-Modified` moving on with each change (a 304 when nothing changed), `X-Poll-Interval: 60`.
    private func notifications(_ request: HTTPRequest) -> HTTPResponse {
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func flag(_ name: String) -> Bool { query.first { $0.name == name }?.value == "true" }
        let state = inbox.withLock { $0 }
        let lastModified = Self.httpDate(openedAt.addingTimeInterval(TimeInterval(state.changes)))
        var headers = ["content-type": "application/json; charset=utf-8", "last-modified": lastModified, "x-poll-interval": "60"]
        if request.headers.first(where: { $0.key.lowercased() == "if-modified-since" })?.value == lastModified {
            headers["content-type"] = nil
            return HTTPResponse(statusCode: 304, headers: headers, body: Data())
        }
        let repository = (answers["/repos/\(Self.inboxRepository)"].flatMap { try? JSONSerialization.jsonObject(with: $0.body) }
            as? [String: Any]) ?? ["id": 1, "name": "active_admin", "full_name": Self.inboxRepository, "owner": ["login": "sferik"]]
        let api = "https://api.github.com/repos/\(Self.inboxRepository)/"
        let threads = Self.inboxThreads.compactMap { thread -> [String: Any]? in
            let unread = thread.unread && !state.read.contains(thread.id)
            guard !state.done.contains(thread.id), unread || flag("all"),
                  !flag("participating") || !["subscribed", "ci_activity"].contains(thread.reason) else { return nil }
            let updated = openedAt.addingTimeInterval(-60 * TimeInterval(thread.minutesAgo))
            // JSON's null where there is nothing.
            func orNull(_ text: String?) -> Any { text.map { $0 as Any } ?? NSNull() }
            return [
                "id": thread.id, "unread": unread, "reason": thread.reason, "updated_at": DemoFiles.iso(updated),
                "last_read_at": orNull(unread ? nil : DemoFiles.iso(updated.addingTimeInterval(60))),
                "subject": ["title": thread.title, "url": orNull(thread.subject.map { api + $0 }),
                            "latest_comment_url": orNull(thread.latestComment.map { api + $0 }), "type": thread.type],
                "repository": repository,
                "url": "https://api.github.com/notifications/threads/\(thread.id)",
                "subscription_url": "https://api.github.com/notifications/threads/\(thread.id)/subscription",
            ]
        }
        let body = (try? JSONSerialization.data(withJSONObject: threads, options: [.sortedKeys])) ?? Data("[]".utf8)
        return HTTPResponse(statusCode: 200, headers: headers, body: body)
    }

    /// The Needs-you answer (GraphQL's shape): the recorded pull request 403 awaiting the user's review,
    /// the recorded issues 2745 and 2742 assigned, and two recorded pull requests as the user's own, one
    /// with failing checks and one a draft still running (the checks made up, as the demo's are).
    private func needsYou() -> [String: Any] {
        let items = bundledList("/repos/\(Self.inboxRepository)/issues") + bundledList("/repos/\(Self.inboxRepository)/pulls")
        let repository = (answers["/repos/\(Self.inboxRepository)"].flatMap { try? JSONSerialization.jsonObject(with: $0.body) }
            as? [String: Any])
        func node(_ number: Int, pull: Bool, checks: String? = nil, draft: Bool = false) -> [String: Any]? {
            guard let item = items.first(where: { $0["number"] as? Int == number }) else { return nil }
            var node: [String: Any] = [
                "__typename": pull ? "PullRequest" : "Issue", "number": number, "title": item["title"] as? String ?? "",
                "updatedAt": item["updated_at"] as? String ?? "",
                "repository": ["databaseId": repository?["id"] ?? 1, "nameWithOwner": Self.inboxRepository,
                               "url": repository?["html_url"] ?? "https://github.com/\(Self.inboxRepository)"],
            ]
            if pull {
                node["isDraft"] = draft
                node["statusCheckRollup"] = checks.map { ["state": $0] as Any } ?? NSNull()
            }
            return node
        }
        return [
            "reviewRequested": ["nodes": [node(403, pull: true, checks: "SUCCESS")].compactMap { $0 }],
            "assigned": ["nodes": [node(2745, pull: false), node(2742, pull: false)].compactMap { $0 }],
            "authored": ["nodes": [node(402, pull: true, checks: "FAILURE"), node(397, pull: true, checks: "PENDING", draft: true)]
                .compactMap { $0 }],
        ]
    }

    /// An HTTP date (`Mon, 30 Mar 2020 03:03:44 GMT`).
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date.rounded())
    }
}

private extension Date {
    /// To the second (an HTTP date has no fractions).
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
