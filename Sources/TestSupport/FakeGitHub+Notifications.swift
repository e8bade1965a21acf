import Foundation

/// The inbox the fake serves: threads (JSON objects, newest first), the `Last-Modified` of the last change,
/// the poll interval it asks for, and whether it refuses the token as GitHub refuses a fine-grained one.
struct NotificationInbox {
    var threads: [[String: Any]]
    var lastModified: String
    var pollInterval: Int
    var refusesToken = false
    /// Counts changes, so that every change gets a later `Last-Modified`.
    var changes = 0
}

extension FakeGitHub {
    /// `/notifications` as GitHub serves it, with a token only: GET (all, participating; `If-Modified-Since`
    /// equal to the last change → 304 without spending the rate limit; `Last-Modified`, `X-Poll-Interval`,
    /// paged by `Link`), PUT (mark all read: 205), PATCH …/threads/{id} (read: 205), DELETE …/threads/{id}
    /// (done: 204), DELETE …/threads/{id}/subscription (204).
    func notifications(_ request: RecordedRequest, path: String) -> Response {
        let headers = ["Content-Type": "application/json; charset=utf-8", "Server": "fake-github"]
        func failure(_ status: Int, _ message: String) -> Response {
            let body = try? JSONSerialization.data(withJSONObject: [
                "message": message, "status": "\(status)",
                "documentation_url": "https://docs.github.com/rest/activity/notifications"])
            return Response(status: status, headers: headers, body: body ?? Data())
        }
        guard request.header("authorization") != nil else { return failure(401, "Requires authentication") }
        guard let inbox = state.withLock({ $0.inbox }) else { return failure(404, "Not Found") }
        if inbox.refusesToken { return failure(403, "Resource not accessible by personal access token") }
        let parts = path.split(separator: "/").map(String.init)
        switch (request.method, parts.count) {
        case ("GET", 1):
            return list(request, inbox: inbox)
        case ("PUT", 1):
            changeInbox { inbox in
                for index in inbox.threads.indices { inbox.threads[index]["unread"] = false }
            }
            return Response(status: 205, headers: headers)
        case ("PATCH", 3) where parts[1] == "threads":
            let found = changeInbox { inbox in
                guard let index = inbox.threads.firstIndex(where: { $0["id"] as? String == parts[2] }) else { return false }
                inbox.threads[index]["unread"] = false
                inbox.threads[index]["last_read_at"] = ISO8601DateFormatter().string(from: Date())
                return true
            }
            return found ? Response(status: 205, headers: headers) : failure(404, "Not Found")
        case ("DELETE", 3) where parts[1] == "threads":
            changeInbox { inbox in inbox.threads.removeAll { $0["id"] as? String == parts[2] } }
            return Response(status: 204, headers: headers)
        case ("DELETE", 4) where parts[1] == "threads" && parts[3] == "subscription":
            return Response(status: 204, headers: headers)
        default:
            return failure(404, "Not Found")
        }
    }

    /// Adds threads (newest first) to the inbox, which then has a later `Last-Modified`.
    func addNotifications(_ threads: [Data], pollInterval: Int?) {
        let objects = threads.compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
        state.withLock { state in
            var inbox = state.inbox ?? NotificationInbox(threads: [], lastModified: "", pollInterval: 60)
            inbox.threads.insert(contentsOf: objects, at: 0)
            if let pollInterval { inbox.pollInterval = pollInterval }
            inbox.changes += 1
            inbox.lastModified = Self.lastModified(after: inbox.changes)
            state.inbox = inbox
        }
    }

    func setNotificationsRefused(_ refused: Bool) {
        state.withLock { state in
            var inbox = state.inbox ?? NotificationInbox(threads: [], lastModified: Self.lastModified(after: 0), pollInterval: 60)
            inbox.refusesToken = refused
            state.inbox = inbox
        }
    }

    @discardableResult
    private func changeInbox<T>(_ change: (inout NotificationInbox) -> T) -> T {
        state.withLock { state in
            var inbox = state.inbox ?? NotificationInbox(threads: [], lastModified: "", pollInterval: 60)
            let result = change(&inbox)
            inbox.changes += 1
            inbox.lastModified = Self.lastModified(after: inbox.changes)
            state.inbox = inbox
            return result
        }
    }

    private func list(_ request: RecordedRequest, inbox: NotificationInbox) -> Response {
        var headers = ["Content-Type": "application/json; charset=utf-8", "Server": "fake-github",
                       "X-Poll-Interval": String(inbox.pollInterval), "Last-Modified": inbox.lastModified]
        if request.header("if-modified-since") == inbox.lastModified {
            // GitHub: a 304 to a conditional request does not count against the rate limit.
            headers.merge(rateLimitHeaders(bucket: "core", spend: false)) { $1 }
            headers["Content-Type"] = nil
            return Response(status: 304, headers: headers)
        }
        headers.merge(rateLimitHeaders(bucket: "core", spend: true)) { $1 }
        var threads = inbox.threads
        if request.query["all"] != "true" { threads.removeAll { $0["unread"] as? Bool != true } }
        if request.query["participating"] == "true" {
            let watching: Set<String> = ["subscribed", "ci_activity", "security_alert"]
            threads.removeAll { watching.contains($0["reason"] as? String ?? "") }
        }
        let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 50, 1), 50)
        let page = max(Int(request.query["page"] ?? "") ?? 1, 1)
        let slice = Array(threads.dropFirst((page - 1) * perPage).prefix(perPage))
        if page * perPage < threads.count {
            var query = request.query
            query["page"] = String(page + 1)
            let text = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            let base = state.withLock { $0.baseURL }
            headers["Link"] = "<\(base)/notifications?\(text)>; rel=\"next\""
        }
        let body = (try? JSONSerialization.data(withJSONObject: slice)) ?? Data("[]".utf8)
        return Response(status: 200, headers: headers, body: body)
    }

    /// An HTTP date that moves one second on with every change (GitHub's form: `Mon, 30 Mar 2020 03:03:44 GMT`).
    static func lastModified(after changes: Int) -> String {
        let date = Date(timeIntervalSince1970: 1_585_537_424 + TimeInterval(changes))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// The Needs-you sections the fake answers with: each a list of search nodes in GitHub's GraphQL shape.
struct FakeNeedsYou {
    var reviewRequested: [[String: Any]] = []
    var assigned: [[String: Any]] = []
    var authored: [[String: Any]] = []
}

extension FakeGitHub {
    /// Answers the Needs-you query (`reviewRequested`, `assigned`, `authored`: aliased `search`es, with a
    /// token only, each `{ nodes }`); the sections are empty until set.
    func needsYou(_ query: String) -> Response {
        let sections = state.withLock { $0.needsYou } ?? FakeNeedsYou()
        var data: [String: Any] = [:]
        for (alias, nodes) in [("reviewRequested", sections.reviewRequested), ("assigned", sections.assigned),
                               ("authored", sections.authored)] where query.contains("\(alias): search(") {
            data[alias] = ["nodes": nodes]
        }
        var headers = ["Content-Type": "application/json; charset=utf-8", "Server": "fake-github"]
        headers.merge(rateLimitHeaders(bucket: "graphql", spend: true)) { $1 }
        return Response(status: 200, headers: headers, body: Fixtures.encode(["data": data]))
    }

    func setNeedsYou(_ needsYou: FakeNeedsYou) {
        state.withLock { $0.needsYou = needsYou }
    }

    /// A search node as GitHub's GraphQL answers it: an issue, or a pull request (draft flag, checks' rollup).
    static func searchNode(number: Int, title: String, repository: String, repositoryID: Int, isPullRequest: Bool,
                           checks: String? = nil, isDraft: Bool = false, updatedAt: String = "2020-03-30T03:03:44Z") -> [String: Any] {
        var node: [String: Any] = [
            "__typename": isPullRequest ? "PullRequest" : "Issue", "number": number, "title": title, "updatedAt": updatedAt,
            "repository": ["databaseId": repositoryID, "nameWithOwner": repository, "url": "https://github.com/\(repository)"],
        ]
        if isPullRequest {
            node["isDraft"] = isDraft
            node["statusCheckRollup"] = checks.map { ["state": $0] as Any } ?? NSNull()
        }
        return node
    }
}

extension FakeGitHubServer {
    /// Serves `/notifications` (a token needed) with `threads` (thread JSON objects, newest first) added on
    /// top of what it served; every change (this, a PATCH, a DELETE, a PUT) moves `Last-Modified` on.
    /// `pollInterval`: the `X-Poll-Interval` it answers with (60 by default).
    public func addNotifications(_ threads: [Data], pollInterval: Int? = nil) {
        core.addNotifications(threads, pollInterval: pollInterval)
    }

    /// Answers the Needs-you query with `reviewRequested`, `assigned` and `authored` search nodes
    /// (`searchNode`'s shape).
    public func setNeedsYou(reviewRequested: [[String: Any]] = [], assigned: [[String: Any]] = [], authored: [[String: Any]] = []) {
        core.setNeedsYou(FakeNeedsYou(reviewRequested: reviewRequested, assigned: assigned, authored: authored))
    }

    /// A search node of the Needs-you answer: an issue, or a pull request with its draft flag and its checks'
    /// rollup (`SUCCESS`, `FAILURE`, `PENDING`…; nil: none).
    public static func needsYouNode(number: Int, title: String, repository: String, repositoryID: Int = 1, isPullRequest: Bool,
                                    checks: String? = nil, isDraft: Bool = false) -> [String: Any] {
        FakeGitHub.searchNode(number: number, title: title, repository: repository, repositoryID: repositoryID,
                              isPullRequest: isPullRequest, checks: checks, isDraft: isDraft)
    }

    /// Whether `/notifications` answers 403 as GitHub does for a fine-grained token.
    public func setNotificationsRefused(_ refused: Bool) {
        core.setNotificationsRefused(refused)
    }
}

extension FakeGitHubServer {
    /// The number of the recorded rails_admin issue the recorded inbox's first thread is about.
    public static var recordedInboxIssue: Int {
        let first = Fixtures.recordedItems(Fixtures.Name.railsAdminIssues).lazy
            .compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
            .first { $0["pull_request"] == nil }
        return first?["number"] as? Int ?? 1
    }

    /// An inbox from the recordings: octokit.rb's recorded thread (a mention of an issue), made unread and
    /// moved to sferik/rails_admin's first recorded issue (which the server serves, with its comments), so
    /// it opens in the app; and the documented example thread (unread, watching) as recorded.
    public func addRecordedInbox(pollInterval: Int = 60) {
        let rails = Fixtures.recordedItems(Fixtures.Name.sferikRepositories).first { json in
            ((try? JSONSerialization.jsonObject(with: json)) as? [String: Any])?["name"] as? String == "rails_admin"
        }
        let repository = rails.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
            ?? ["id": 1, "name": "rails_admin", "full_name": "sferik/rails_admin", "owner": ["login": "sferik"]]
        let number = Self.recordedInboxIssue
        var thread = (try? JSONSerialization.jsonObject(with: Fixtures.recordedItems(Fixtures.Name.notifications)[0]))
            as? [String: Any] ?? [:]
        thread["unread"] = true
        thread["repository"] = repository
        thread["subject"] = ["title": "Notification Test", "type": "Issue",
                             "url": "https://api.github.com/repos/sferik/rails_admin/issues/\(number)",
                             "latest_comment_url": NSNull()]
        let example = (try? JSONSerialization.jsonObject(with: Fixtures.data(Fixtures.Name.notificationThreadsExample))) as? [Any]
        addNotifications([Fixtures.encode(example?.first ?? [:])], pollInterval: pollInterval)
        addNotifications([Fixtures.encode(thread)], pollInterval: pollInterval)
        let issue = Fixtures.recordedItems(Fixtures.Name.railsAdminIssues).first { json in
            ((try? JSONSerialization.jsonObject(with: json)) as? [String: Any])?["number"] as? Int == number
        }
        if let issue {
            addAnswer(path: "/repos/sferik/rails_admin/issues/\(number)", body: issue)
            addAnswer(path: "/repos/sferik/rails_admin/issues/\(number)/comments", body: Data("[]".utf8))
        }
    }

    /// Needs you from the recordings: the recorded inbox's issue (sferik/rails_admin's first recorded issue,
    /// with its recorded title) assigned to the user, and a made-up pull request of theirs whose checks fail.
    /// The issue is served with its comments (`addRecordedInbox` serves it too), so it opens in the app.
    public func addRecordedNeedsYou() {
        let number = Self.recordedInboxIssue
        let issue = Fixtures.recordedItems(Fixtures.Name.railsAdminIssues).lazy
            .compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
            .first { $0["number"] as? Int == number }
        if let issue {
            addAnswer(path: "/repos/sferik/rails_admin/issues/\(number)", body: Fixtures.encode(issue))
            addAnswer(path: "/repos/sferik/rails_admin/issues/\(number)/comments", body: Data("[]".utf8))
        }
        let repositoryID = Fixtures.recordedItems(Fixtures.Name.sferikRepositories).lazy
            .compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
            .first { $0["name"] as? String == "rails_admin" }?["id"] as? Int ?? 1
        setNeedsYou(assigned: [Self.needsYouNode(number: number, title: issue?["title"] as? String ?? "Recorded issue",
                                                 repository: "sferik/rails_admin", repositoryID: repositoryID, isPullRequest: false)],
                    authored: [Self.needsYouNode(number: 4242, title: "Made-up: the user's own pull request",
                                                 repository: "sferik/rails_admin", repositoryID: repositoryID, isPullRequest: true,
                                                 checks: "FAILURE")])
    }
}
