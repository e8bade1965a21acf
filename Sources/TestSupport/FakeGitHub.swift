import Foundation
import Locking

/// The fake's behaviour, independent of any HTTP server: requests in, responses out.
final class FakeGitHub: Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body: Data = Data()
        /// Seconds to wait before answering.
        var delay: Double = 0
        /// Send the headers, then drop the connection before the body.
        var closeConnection = false
    }

    struct OwnerEntry {
        var login: String
        var userJSON: Data
        var isOrganization: Bool
        var repositories: [RepositoryEntry]
        var pageSize: Int
    }

    struct RepositoryEntry {
        var json: Data
        var name: String
        var ownerLogin: String
        var description: String
        /// What the first screen's query sorts and answers by, read once when added.
        var id: Int = 0
        var stars: Int = 0
        var updatedAt: String = ""
    }

    struct FailureRule {
        var prefix: String
        var failure: FakeGitHubServer.Failure
        var used: Int = 0
    }

    struct State {
        var baseURL = "http://127.0.0.1"
        /// Serving as GitHub Enterprise Server on this web host (`FakeGitHubServer.start`).
        var enterpriseWebHost: String?
        var owners: [String: OwnerEntry] = [:]
        var ownerOrder: [String] = []
        /// Each repository's commits, newest first, one encoded JSON object each (parsed once when added).
        var commits: [String: [Data]] = [:]
        /// The items of each commits body added so far (many repositories may share one body).
        var parsedCommitBodies: [Data: [Data]] = [:]
        /// Histories of named branches (`?sha=BRANCH`) by "owner/repo", then branch name; encoded commits.
        var branchCommits: [String: [String: [Data]]] = [:]
        /// `GET /repos/{o}/{r}/branches` items by "owner/repo".
        var branches: [String: [Data]] = [:]
        /// Commits in full by "owner/repo/sha" (lowercased).
        var commitDetails: [String: Data] = [:]
        /// Fixed JSON answers by exact path (trees, folders, blobs: `addAnswer`).
        var answers: [String: Data] = [:]
        /// A tree answer cut to its root entries (GitHub's non-recursive tree), made once per path.
        var rootTrees: [String: Data] = [:]
        /// A tree answer's folders as the contents API lists them, by tree path, then folder ("" the root).
        var treeFolders: [String: [String: Data]] = [:]
        /// Release assets' bytes by path (served with `Range`, outside the API).
        var assets: [String: Data] = [:]
        /// How an asset is served when not as a storage host would (`FakeGitHub+Assets`), by path.
        var assetBehaviours: [String: AssetServing] = [:]
        /// `GET /repos/{o}/{r}/releases` items by "owner/repo".
        var releases: [String: [Data]] = [:]
        /// What each owner starred (repository JSON objects) and its page size, by lowercased login.
        var starred: [String: (repositories: [Data], pageSize: Int)] = [:]
        /// Bodies served as they are at one exact path (lowercased): READMEs, issues, pull requests.
        var fixedAnswers: [String: Data] = [:]
        /// Lists served paged (`per_page`, `page`, `Link`) by exact path: encoded items (`addPagedAnswer`).
        var pagedAnswers: [String: [Data]] = [:]
        /// Workflow runs, their jobs and logs (`FakeGitHub+Actions`).
        var actions = FakeActions()
        /// How many more times the weeks of commits answer 202 (GitHub still counting), by "owner/repo participation".
        var statisticsComputing: [String: Int] = [:]
        var failures: [FailureRule] = []
        /// The inbox `/notifications` serves (nil: no inbox, 404).
        var inbox: NotificationInbox?
        /// What the Needs-you query answers (`FakeGitHub+Notifications`): its three sections' nodes.
        var needsYou: FakeNeedsYou?
        /// The review threads GraphQL says are resolved, by their first comment's id (`FakeGitHub+ReviewThreads`).
        var resolvedReviewThreads: Set<Int> = []
        var requests: [RecordedRequest] = []
        var inFlight = 0
        var maxInFlight = 0
        var remaining: [String: Int] = ["core": 5000, "search": 30, "graphql": 5000]
        var resetAt = Date().addingTimeInterval(3600)
        /// GitHub's real budget for requests without a token, when set: every core request counts (a
        /// 304 too) and, once it is spent, requests are refused with 403 until the reset.
        var unauthenticatedLimit: Int?
        var unauthenticatedSpent = 0
        var waiters: [(id: UInt64, count: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextWaiterID: UInt64 = 0
    }

    let state = Mutex(State())

    static let limits = ["core": 5000, "search": 30, "graphql": 5000]

    // MARK: Scripting

    func addOwner(_ login: String, userJSON: Data, repositories: [Data], pageSize: Int) {
        let user = (try? JSONSerialization.jsonObject(with: userJSON)) as? [String: Any]
        let isOrganization = (user?["type"] as? String) == "Organization"
        let entries = repositories.map { json -> RepositoryEntry in
            let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] ?? [:]
            let owner = (object["owner"] as? [String: Any])?["login"] as? String ?? login
            return RepositoryEntry(json: json, name: object["name"] as? String ?? "",
                                   ownerLogin: owner, description: object["description"] as? String ?? "",
                                   id: object["id"] as? Int ?? 0, stars: object["stargazers_count"] as? Int ?? 0,
                                   updatedAt: object["updated_at"] as? String ?? "")
        }
        let key = login.lowercased()
        state.withLock { state in
            if state.owners[key] == nil { state.ownerOrder.append(key) }
            state.owners[key] = OwnerEntry(login: login, userJSON: userJSON, isOrganization: isOrganization,
                                           repositories: entries, pageSize: max(1, min(pageSize, 100)))
        }
    }

    func addStarred(_ login: String, repositories: [Data], pageSize: Int) {
        state.withLock { $0.starred[login.lowercased()] = (repositories, max(1, min(pageSize, 100))) }
    }

    func addCommits(owner: String, repo: String, commitsJSON: Data) {
        state.withLock { state in
            let items = state.parsedCommitBodies[commitsJSON] ?? {
                let all = ((try? JSONSerialization.jsonObject(with: commitsJSON)) as? [Any]) ?? []
                return all.map(Fixtures.encode)
            }()
            state.parsedCommitBodies[commitsJSON] = items
            state.commits["\(owner)/\(repo)".lowercased()] = items
        }
    }

    func addBranchHistory(owner: String, repo: String, branch: String, commits: [Data]) {
        state.withLock { $0.branchCommits["\(owner)/\(repo)".lowercased(), default: [:]][branch] = commits }
    }

    func addBranches(owner: String, repo: String, branches: [Data]) {
        state.withLock { $0.branches["\(owner)/\(repo)".lowercased()] = branches }
    }

    func addCommitDetail(owner: String, repo: String, sha: String, json: Data) {
        state.withLock { $0.commitDetails["\(owner)/\(repo)/\(sha)".lowercased()] = json }
    }

    func addAnswer(path: String, json: Data) {
        state.withLock {
            $0.answers[path] = json
            $0.rootTrees[path] = nil
            $0.treeFolders = $0.treeFolders.filter { $0.key != path }
        }
        // A tree's root cut now, not on the first ask (13 MB of JSON read then would be the fake's time, not GitHub's).
        if path.contains("/git/trees/") { _ = rootTree(path: path, recursive: json) }
    }

    func addAsset(path: String, bytes: Data) {
        state.withLock { $0.assets[path] = bytes }
    }

    func addReleases(owner: String, repo: String, releases: [Data]) {
        state.withLock { $0.releases["\(owner)/\(repo)".lowercased()] = releases }
    }

    func setFailure(_ failure: FakeGitHubServer.Failure?, forPathPrefix prefix: String) {
        state.withLock { state in
            state.failures.removeAll { $0.prefix == prefix }
            if let failure { state.failures.append(FailureRule(prefix: prefix, failure: failure)) }
        }
    }

    // MARK: Handling

    func begin(_ request: RecordedRequest) {
        let ready = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.requests.append(request)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            let count = state.requests.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return ready
        }
        ready.forEach { $0.resume(returning: true) }
    }

    /// Returns `true` once at least `count` requests have arrived, `false` when `timeout` passes first
    /// (a test waiting for requests the app never makes must fail, not hang).
    func waitForRequests(_ count: Int, timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let waiter = state.withLock { state -> UInt64? in
                if state.requests.count >= count { return nil }
                state.nextWaiterID += 1
                state.waiters.append((state.nextWaiterID, count, continuation))
                return state.nextWaiterID
            }
            guard let waiter else { return continuation.resume(returning: true) }
            Task.detached { [self] in
                try? await Task.sleep(for: timeout)
                let expired = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == waiter }) else { return nil }
                    return state.waiters.remove(at: index).continuation
                }
                expired?.resume(returning: false)
            }
        }
    }

    func end() {
        state.withLock { $0.inFlight -= 1 }
    }

    func respond(to request: RecordedRequest) -> Response {
        let decodedPath = request.path.removingPercentEncoding ?? request.path
        if let failure = takeFailure(for: decodedPath) {
            if let response = apply(failure, to: request, path: decodedPath) { return response }
        }
        guard request.header("authorization") == nil, !decodedPath.hasPrefix("/search/"), decodedPath != "/graphql",
              let (limit, spent, reset) = spendUnauthenticated() else {
            return route(request, path: decodedPath)
        }
        var response = spent > limit
            ? error(403, "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit.)",
                    docs: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting")
            : route(request, path: decodedPath)
        response.headers["X-RateLimit-Limit"] = String(limit)
        response.headers["X-RateLimit-Remaining"] = String(max(0, limit - spent))
        response.headers["X-RateLimit-Used"] = String(min(limit, spent))
        response.headers["X-RateLimit-Reset"] = String(Int(reset.timeIntervalSince1970))
        response.headers["X-RateLimit-Resource"] = "core"
        return response
    }

    /// Counts one request against the unauthenticated budget, when there is one: (limit, spent so far, reset).
    private func spendUnauthenticated() -> (Int, Int, Date)? {
        state.withLock { state in
            guard let limit = state.unauthenticatedLimit else { return nil }
            state.unauthenticatedSpent += 1
            return (limit, state.unauthenticatedSpent, state.resetAt)
        }
    }

    func setUnauthenticatedLimit(_ limit: Int?) {
        state.withLock { state in
            state.unauthenticatedLimit = limit
            state.unauthenticatedSpent = 0
        }
    }

    /// The failure scripted for the longest matching prefix, counting its use.
    private func takeFailure(for path: String) -> FakeGitHubServer.Failure? {
        state.withLock { state in
            let matches = state.failures.indices.filter { path.hasPrefix(state.failures[$0].prefix) }
            guard let index = matches.max(by: { state.failures[$0].prefix.count < state.failures[$1].prefix.count })
            else { return nil }
            state.failures[index].used += 1
            let rule = state.failures[index]
            switch rule.failure {
            case .statusThenSuccess(_, let times), .times(let times, _):
                return rule.used <= times ? rule.failure : nil
            default:
                return rule.failure
            }
        }
    }

    private func apply(_ failure: FakeGitHubServer.Failure, to request: RecordedRequest, path: String) -> Response? {
        switch failure {
        case .status(let status, let body, let headers):
            var all = jsonHeaders()
            all.merge(headers) { $1 }
            return Response(status: status, headers: all, body: Data(body.utf8))
        case .garbage:
            return Response(status: 200, headers: jsonHeaders(),
                            body: Data(#"{"login": "sferik", "id": 10308, "type": "Us"#.utf8))
        case .rateLimited(let reset):
            var headers = jsonHeaders()
            headers["X-RateLimit-Limit"] = path.hasPrefix("/search/") ? "10" : "60"
            headers["X-RateLimit-Remaining"] = "0"
            headers["X-RateLimit-Used"] = path.hasPrefix("/search/") ? "10" : "60"
            headers["X-RateLimit-Reset"] = String(Int(reset.timeIntervalSince1970))
            headers["X-RateLimit-Resource"] = path.hasPrefix("/search/") ? "search" : "core"
            let body = #"{"message":"API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}"#
            return Response(status: 403, headers: headers, body: Data(body.utf8))
        case .secondaryLimit(let retryAfter):
            var headers = jsonHeaders()
            headers["Retry-After"] = String(retryAfter)
            let body = #"{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}"#
            return Response(status: 403, headers: headers, body: Data(body.utf8))
        case .delay(let seconds):
            var response = route(request, path: path)
            response.delay = seconds
            return response
        case .closeConnection:
            return Response(status: 200, headers: jsonHeaders(), closeConnection: true)
        case .statusThenSuccess(let status, _):
            let body = status >= 500 ? #"{"message":"Server Error"}"# : #"{"message":"Error"}"#
            return Response(status: status, headers: jsonHeaders(), body: Data(body.utf8))
        case .redirect(let url):
            return Response(status: 302, headers: ["Location": url.absoluteString, "Content-Type": "text/html"],
                            body: Data("<html><body>You are being redirected.</body></html>".utf8))
        case .times(_, let inner):
            return apply(inner, to: request, path: path)
        case .method(let method, let inner):
            return request.method == method ? apply(inner, to: request, path: path) : nil
        case .linkToItself:
            var response = route(request, path: path)
            let base = state.withLock { $0.baseURL }
            let query = request.rawQuery.isEmpty ? "" : "?" + request.rawQuery
            response.headers["Link"] = "<\(base)\(request.path)\(query)>; rel=\"next\""
            return response
        }
    }

    /// `/avatars/LOGIN`: a 1×1 PNG photo with an ETag (304 when asked with it), as
    /// avatars.githubusercontent.com answers.
    private func avatar(_ request: RecordedRequest) -> Response {
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==")!
        let etag = "\"\(Self.fnv1a(png))\""
        if let match = request.header("if-none-match"), Self.etagMatches(match, etag) {
            return Response(status: 304, headers: ["ETag": etag])
        }
        return Response(status: 200, headers: ["Content-Type": "image/png", "ETag": etag, "Cache-Control": "max-age=300"], body: png)
    }

    private func jsonHeaders() -> [String: String] {
        ["Content-Type": "application/json; charset=utf-8", "Server": "fake-github"]
    }

    /// An answer's web addresses on an Enterprise Server's host: github.com's pages on `webHost`,
    /// api.github.com's addresses at the fake's root.
    func onEnterpriseHost(_ body: Data, webHost: String) -> Data {
        guard !body.isEmpty else { return body }
        let base = state.withLock { $0.baseURL }
        var text = String(decoding: body, as: UTF8.self)
        text = text.replacingOccurrences(of: "https://api.github.com", with: base)
        text = text.replacingOccurrences(of: "https://github.com/", with: "https://\(webHost)/")
        return Data(text.utf8)
    }

    // MARK: Routes

    private func route(_ request: RecordedRequest, path: String) -> Response {
        if request.method == "POST", path == "/graphql" {
            return graphQL(request)
        }
        if request.method == "POST", path.hasPrefix("/repos/"), path.contains("/pulls/"), path.hasSuffix("/replies") {
            return postReply(request, path: path)
        }
        if request.method == "POST", path.hasPrefix("/repos/"), path.contains("/pulls/"), path.hasSuffix("/reviews") {
            return postReview(request, path: path)
        }
        if request.method == "POST", path.hasPrefix("/repos/"), path.hasSuffix("/comments") {
            return postComment(request, path: path)
        }
        if path == "/notifications" || path.hasPrefix("/notifications/") {
            return notifications(request, path: path)
        }
        if let response = actionsRoute(request, path: path) { return response }
        guard request.method == "GET" || request.method == "HEAD" else {
            return error(404, "Not Found", docs: "https://docs.github.com/rest")
        }
        if let body = state.withLock({ $0.fixedAnswers[path.lowercased()] }) { return ok(body, request: request, bucket: "core") }
        if let items = state.withLock({ $0.pagedAnswers[path] }) {
            let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 30, 1), 100)
            return paged(items, perPage: perPage, path: path, extraQuery: [], request: request, bucket: "core") { Self.jsonArray($0) }
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if parts.count == 2, parts[0] == "avatars" { return avatar(request) }
        if path.contains("/git/trees/"), request.query["recursive"] == nil, let tree = state.withLock({ $0.answers[path] }) {
            return ok(rootTree(path: path, recursive: tree), request: request, bucket: "core")
        }
        if let body = state.withLock({ $0.answers[path] }) { return ok(body, request: request, bucket: "core") }
        if let listing = folderFromTree(path: path, ref: request.query["ref"]) { return ok(listing, request: request, bucket: "core") }
        if let bytes = state.withLock({ $0.assets[path] }) { return asset(bytes, path: path, request: request) }
        switch parts.count {
        case 2 where parts[0] == "users":
            return user(parts[1], request: request)
        case 3 where (parts[0] == "users" || parts[0] == "orgs") && parts[2] == "repos":
            return repositories(of: parts[1], viaOrgs: parts[0] == "orgs", request: request)
        case 3 where parts[0] == "users" && parts[2] == "starred":
            return starred(by: parts[1], request: request)
        case 3 where parts[0] == "repos":
            return repository(owner: parts[1], name: parts[2], request: request)
        case 4 where parts[0] == "repos" && parts[3] == "commits":
            return commits(owner: parts[1], repo: parts[2], request: request)
        case 5 where parts[0] == "repos" && parts[3] == "commits":
            return commitDetail(owner: parts[1], repo: parts[2], sha: parts[4], request: request)
        case 4 where parts[0] == "repos" && parts[3] == "branches":
            return branches(owner: parts[1], repo: parts[2], request: request)
        case 4 where parts[0] == "repos" && parts[3] == "releases":
            return releases(owner: parts[1], repo: parts[2], request: request)
        case 4 where parts[0] == "repos" && parts[3] == "languages":
            return statistics(owner: parts[1], repo: parts[2], participation: false, request: request)
        case 5 where parts[0] == "repos" && parts[3] == "stats" && parts[4] == "participation":
            return statistics(owner: parts[1], repo: parts[2], participation: true, request: request)
        case 2 where parts[0] == "search" && parts[1] == "repositories":
            return search(request)
        case 1 where parts[0] == "rate_limit":
            return rateLimit()
        default:
            return error(404, "Not Found", docs: "https://docs.github.com/rest")
        }
    }

    /// `GET /repos/{o}/{r}/languages` and `…/stats/participation` of a known repository, generated from its
    /// name (its own language first; 52 weeks of commits, the owner's part of them); 202 with `{}` while
    /// `setStatisticsComputing` says GitHub is still counting.
    private func statistics(owner: String, repo: String, participation: Bool, request: RecordedRequest) -> Response {
        let key = "\(owner)/\(repo)".lowercased()
        let (entry, computing) = state.withLock { state -> (RepositoryEntry?, Bool) in
            let entry = state.owners[owner.lowercased()]?.repositories.first { $0.name.lowercased() == repo.lowercased() }
            let counter = "\(key) \(participation ? "participation" : "languages")"
            guard entry != nil, let left = state.statisticsComputing[counter], left > 0 else { return (entry, false) }
            state.statisticsComputing[counter] = left - 1
            return (entry, true)
        }
        guard let entry else { return error(404, "Not Found", docs: "https://docs.github.com/rest/metrics/statistics") }
        if computing { return Response(status: 202, headers: jsonHeaders(), body: Data("{}".utf8)) }
        var seed = UInt64(truncatingIfNeeded: Int(Self.fnv1a(Data(key.utf8)).prefix(15), radix: 16) ?? 1)
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(max(bound, 1)))
        }
        let body: Any
        if participation {
            let all = (0..<52).map { _ in next(4) == 0 ? 0 : next(12) }
            body = ["all": all, "owner": all.map { $0 / 2 }]
        } else {
            let language = ((try? JSONSerialization.jsonObject(with: entry.json)) as? [String: Any])?["language"] as? String
            var languages: [String: Int] = [:]
            if let language { languages[language] = 50_000 + next(200_000) }
            for other in ["Shell", "HTML", "Makefile"] where other != language && next(2) == 0 { languages[other] = 500 + next(20_000) }
            body = languages
        }
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data("{}".utf8)
        return ok(data, request: request, bucket: "core")
    }

    func setStatisticsComputing(owner: String, repo: String, times: Int) {
        let key = "\(owner)/\(repo)".lowercased()
        state.withLock { $0.statisticsComputing["\(key) participation"] = times }
    }

    private func user(_ login: String, request: RecordedRequest) -> Response {
        guard let owner = state.withLock({ $0.owners[login.lowercased()] }) else {
            return error(404, "Not Found", docs: "https://docs.github.com/rest/users/users#get-a-user")
        }
        return ok(owner.userJSON, request: request, bucket: "core")
    }

    private func repositories(of login: String, viaOrgs: Bool, request: RecordedRequest) -> Response {
        guard let owner = state.withLock({ $0.owners[login.lowercased()] }), !viaOrgs || owner.isOrganization else {
            return error(404, "Not Found",
                         docs: viaOrgs ? "https://docs.github.com/rest/repos/repos#list-organization-repositories"
                                       : "https://docs.github.com/rest/repos/repos#list-repositories-for-a-user")
        }
        let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 30, 1), 100, owner.pageSize)
        let path = viaOrgs ? "/orgs/\(owner.login)/repos" : "/users/\(owner.login)/repos"
        return paged(owner.repositories.map(\.json), perPage: perPage, path: path, extraQuery: [],
                     request: request, bucket: "core") { Self.jsonArray($0) }
    }

    /// `GET /users/{login}/starred`: what `addStarred` gave (none for a known owner without), paged.
    private func starred(by login: String, request: RecordedRequest) -> Response {
        let (owner, starred) = state.withLock { ($0.owners[login.lowercased()], $0.starred[login.lowercased()]) }
        guard let owner else {
            return error(404, "Not Found",
                         docs: "https://docs.github.com/rest/activity/starring#list-repositories-starred-by-a-user")
        }
        let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 30, 1), 100, starred?.pageSize ?? 100)
        return paged(starred?.repositories ?? [], perPage: perPage, path: "/users/\(owner.login)/starred",
                     extraQuery: [], request: request, bucket: "core") { Self.jsonArray($0) }
    }

    private func repository(owner: String, name: String, request: RecordedRequest) -> Response {
        let entry = state.withLock { state in
            state.owners[owner.lowercased()]?.repositories.first { $0.name.lowercased() == name.lowercased() }
        }
        guard let entry else {
            return error(404, "Not Found", docs: "https://docs.github.com/rest/repos/repos#get-a-repository")
        }
        return ok(entry.json, request: request, bucket: "core")
    }

    private func commits(owner: String, repo: String, request: RecordedRequest) -> Response {
        let branch = request.query["sha"]
        let (known, defaultItems, branchItems) = state.withLock { state in
            let key = "\(owner)/\(repo)".lowercased()
            return (state.owners[owner.lowercased()] != nil, state.commits[key], state.branchCommits[key])
        }
        var items = defaultItems
        if let branch, let branchItems {
            // A repository with branch histories: another branch (or sha) is unknown, as GitHub says.
            guard let history = branchItems[branch] else {
                return error(404, "No commit found for SHA: \(branch)", docs: "https://docs.github.com/rest/commits/commits#list-commits")
            }
            items = history
        }
        guard let items else {
            if !known {
                return error(404, "Not Found", docs: "https://docs.github.com/rest/commits/commits#list-commits")
            }
            var response = error(409, "Git Repository is empty.",
                                 docs: "https://docs.github.com/rest/commits/commits#list-commits")
            response.headers.merge(rateLimitHeaders(bucket: "core", spend: true)) { $1 }
            return response
        }
        let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 30, 1), 100)
        let path = "/repos/\(owner)/\(repo)/commits"
        return paged(items, perPage: perPage, path: path, extraQuery: branch.map { [("sha", $0)] } ?? [],
                     request: request, bucket: "core") { Self.jsonArray($0) }
    }

    /// `GET /repos/{o}/{r}/commits/{sha}`: a commit added with `addCommitDetail`, else 422 as GitHub
    /// answers for a sha it does not know.
    private func commitDetail(owner: String, repo: String, sha: String, request: RecordedRequest) -> Response {
        guard let json = state.withLock({ $0.commitDetails["\(owner)/\(repo)/\(sha)".lowercased()] }) else {
            return error(422, "No commit found for SHA: \(sha)", docs: "https://docs.github.com/rest/commits/commits#get-a-commit")
        }
        return ok(json, request: request, bucket: "core")
    }

    /// `GET /repos/{o}/{r}/branches`: what `addBranches` gave, paged (404 for a repository without).
    private func branches(owner: String, repo: String, request: RecordedRequest) -> Response {
        guard let items = state.withLock({ $0.branches["\(owner)/\(repo)".lowercased()] }) else {
            return error(404, "Not Found", docs: "https://docs.github.com/rest/branches/branches#list-branches")
        }
        let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 30, 1), 100)
        return paged(items, perPage: perPage, path: "/repos/\(owner)/\(repo)/branches", extraQuery: [],
                     request: request, bucket: "core") { Self.jsonArray($0) }
    }

    /// `GET /repos/{o}/{r}/releases`: what `addReleases` gave, paged (an empty list for a repository without).
    private func releases(owner: String, repo: String, request: RecordedRequest) -> Response {
        let items = state.withLock { $0.releases["\(owner)/\(repo)".lowercased()] } ?? []
        let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 30, 1), 100)
        return paged(items, perPage: perPage, path: "/repos/\(owner)/\(repo)/releases", extraQuery: [],
                     request: request, bucket: "core") { Self.jsonArray($0) }
    }

    private func search(_ request: RecordedRequest) -> Response {
        let query = request.query["q"] ?? ""
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            return error(422, "Validation Failed",
                         docs: "https://docs.github.com/v3/search", extra: #","errors":[{"resource":"Search","field":"q","code":"missing"}]"#)
        }
        var words: [String] = []
        var ownerFilter: String?
        for token in query.split(separator: " ") {
            let lower = token.lowercased()
            if lower.hasPrefix("user:") || lower.hasPrefix("org:") {
                ownerFilter = String(lower.split(separator: ":", maxSplits: 1)[1])
            } else if !lower.contains(":") {
                words.append(lower)
            }
        }
        let matches = state.withLock { state in
            state.ownerOrder.compactMap { state.owners[$0] }.flatMap(\.repositories).filter { repo in
                if let ownerFilter, repo.ownerLogin.lowercased() != ownerFilter { return false }
                let haystack = (repo.name + " " + repo.description).lowercased()
                return words.allSatisfy { haystack.contains($0) }
            }
        }
        let perPage = min(max(Int(request.query["per_page"] ?? "") ?? 30, 1), 100)
        let page = max(Int(request.query["page"] ?? "") ?? 1, 1)
        if page * perPage > 1000 {
            return error(422, "Only the first 1000 search results are available",
                         docs: "https://docs.github.com/v3/search/")
        }
        let visible = Array(matches.prefix(1000)).map(\.json)
        let total = matches.count
        return paged(visible, perPage: perPage, path: "/search/repositories",
                     extraQuery: [("q", query)], request: request, bucket: "search") { items in
            var body = Data(#"{"total_count":\#(total),"incomplete_results":false,"items":"#.utf8)
            body.append(Self.jsonArray(items))
            body.append(Data("}".utf8))
            return body
        }
    }

    /// Answers `rN: repository(owner: "o", name: "n") { … history(first: K) … }` aliases with the
    /// scripted commits in GraphQL's shape. Unknown repositories are null with a NOT_FOUND error. The
    /// first screen's, Needs you's and the review threads' queries have their own answers.
    private func graphQL(_ request: RecordedRequest) -> Response {
        guard request.header("authorization") != nil else {
            return error(401, "This endpoint requires you to be authenticated.",
                         docs: "https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql")
        }
        let payload = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
        guard let query = payload?["query"] as? String else {
            return error(400, "Problems parsing JSON", docs: "https://docs.github.com/graphql")
        }
        if query.contains("repositoryOwner(") { return firstScreen(query) }
        if query.contains("review-requested:@me") { return needsYou(query) }
        if let threads = reviewThreadsGraphQL(query: query, variables: payload?["variables"] as? [String: Any] ?? [:]) { return threads }
        let pattern = #"(\w+)\s*:\s*repository\(owner:\s*"([^"]*)",\s*name:\s*"([^"]*)"\)"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            return error(500, "Server Error", docs: "https://docs.github.com/graphql")
        }
        let first = query.range(of: #"history\(first:\s*(\d+)"#, options: .regularExpression)
            .flatMap { Int(query[$0].filter(\.isNumber)) } ?? 3
        var data: [String: Any] = [:]
        var errors: [[String: Any]] = []
        let text = query as NSString
        for match in regex.matches(in: query, range: NSRange(location: 0, length: text.length)) {
            let alias = text.substring(with: match.range(at: 1))
            let owner = text.substring(with: match.range(at: 2))
            let name = text.substring(with: match.range(at: 3))
            let (known, commits) = state.withLock { state in
                (state.owners[owner.lowercased()]?.repositories.contains { $0.name.lowercased() == name.lowercased() }
                    ?? false,
                 state.commits["\(owner)/\(name)".lowercased()])
            }
            if let commits {
                let nodes = commits.prefix(first)
                    .compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
                    .map(Self.graphQLNode)
                data[alias] = ["defaultBranchRef": ["target": ["history": ["nodes": nodes]]]]
            } else if known {
                data[alias] = ["defaultBranchRef": NSNull()]
            } else {
                data[alias] = NSNull()
                errors.append(["type": "NOT_FOUND", "path": [alias],
                               "message": "Could not resolve to a Repository with the name '\(owner)/\(name)'."])
            }
        }
        var body: [String: Any] = ["data": data]
        if !errors.isEmpty { body["errors"] = errors }
        var headers = jsonHeaders()
        headers.merge(rateLimitHeaders(bucket: "graphql", spend: true)) { $1 }
        return Response(status: 200, headers: headers, body: Fixtures.encode(body))
    }

    /// Answers the first screen's query: `repositoryOwner(login:)`'s first N `repositories` in the asked
    /// order (NAME ascending, UPDATED_AT or STARGAZERS descending), each with `databaseId`, `name` and its
    /// scripted commits, and `rateLimit { cost remaining limit resetAt }` (cost 1).
    private func firstScreen(_ query: String) -> Response {
        func capture(_ pattern: String) -> String? {
            guard let regex = try? NSRegularExpression(pattern: pattern),
                  let match = regex.firstMatch(in: query, range: NSRange(query.startIndex..., in: query)),
                  let range = Range(match.range(at: 1), in: query) else { return nil }
            return String(query[range])
        }
        let login = capture(#"repositoryOwner\(login:\s*"([^"]*)"\)"#) ?? ""
        let count = capture(#"repositories\(first:\s*(\d+)"#).flatMap(Int.init) ?? 0
        let field = capture(#"orderBy:\s*\{field:\s*(\w+)"#) ?? "NAME"
        let depth = capture(#"history\(first:\s*(\d+)"#).flatMap(Int.init) ?? 3
        let (entries, commits, reset) = state.withLock { state in
            (state.owners[login.lowercased()]?.repositories, state.commits, state.resetAt)
        }
        var headers = jsonHeaders()
        headers.merge(rateLimitHeaders(bucket: "graphql", spend: true)) { $1 }
        let remaining = Int(headers["X-RateLimit-Remaining"] ?? headers["x-ratelimit-remaining"] ?? "") ?? 0
        var data: [String: Any] = [
            "rateLimit": ["cost": 1, "remaining": remaining, "limit": Self.limits["graphql"] ?? 5000,
                          "resetAt": ISO8601DateFormatter().string(from: reset)] as [String: Any],
        ]
        var body: [String: Any] = [:]
        if let entries {
            let sorted: [RepositoryEntry] = switch field {
            case "STARGAZERS": entries.sorted { $0.stars > $1.stars }
            case "UPDATED_AT": entries.sorted { $0.updatedAt > $1.updatedAt }
            default: entries.sorted { $0.name.lowercased() < $1.name.lowercased() }
            }
            let nodes = sorted.prefix(count).map { entry -> [String: Any] in
                let name = entry.name
                var node: [String: Any] = ["databaseId": entry.id, "name": name, "defaultBranchRef": NSNull()]
                if let items = commits["\(login)/\(name)".lowercased()] {
                    let history = items.prefix(depth)
                        .compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
                        .map(Self.graphQLNode)
                    node["defaultBranchRef"] = ["target": ["history": ["nodes": history]]]
                }
                return node
            }
            data["owner"] = ["repositories": ["nodes": nodes]]
        } else {
            data["owner"] = NSNull()
            body["errors"] = [["type": "NOT_FOUND", "path": ["owner"],
                               "message": "Could not resolve to a RepositoryOwner with the login of '\(login)'."]]
        }
        body["data"] = data
        return Response(status: 200, headers: headers, body: Fixtures.encode(body))
    }

    /// A REST commit object in GraphQL's `Commit` shape.
    private static func graphQLNode(_ rest: [String: Any]) -> [String: Any] {
        let inner = rest["commit"] as? [String: Any] ?? [:]
        let author = inner["author"] as? [String: Any] ?? [:]
        let committer = inner["committer"] as? [String: Any] ?? [:]
        let account = rest["author"] as? [String: Any]
        return [
            "oid": rest["sha"] ?? "",
            "message": inner["message"] ?? "",
            "committedDate": committer["date"] ?? NSNull(),
            "url": rest["html_url"] ?? NSNull(),
            "author": [
                "name": author["name"] ?? NSNull(),
                "date": author["date"] ?? NSNull(),
                "user": account.map { ["login": $0["login"] ?? NSNull()] as [String: Any] } ?? NSNull(),
            ] as [String: Any],
        ]
    }

    private func rateLimit() -> Response {
        let (remaining, reset) = state.withLock { ($0.remaining, Int($0.resetAt.timeIntervalSince1970)) }
        func entry(_ bucket: String) -> String {
            let limit = Self.limits[bucket] ?? 0
            let left = remaining[bucket] ?? limit
            return #"{"limit":\#(limit),"remaining":\#(left),"reset":\#(reset),"used":\#(limit - left)}"#
        }
        let body = #"{"resources":{"core":\#(entry("core")),"search":\#(entry("search"))},"rate":\#(entry("core"))}"#
        return Response(status: 200, headers: jsonHeaders(), body: Data(body.utf8))
    }

    // MARK: Building responses

    func paged(_ items: [Data], perPage: Int, path: String, extraQuery: [(String, String)],
                       request: RecordedRequest, bucket: String, render: ([Data]) -> Data) -> Response {
        let pages = max(1, (items.count + perPage - 1) / perPage)
        let page = max(Int(request.query["page"] ?? "") ?? 1, 1)
        let start = min((page - 1) * perPage, items.count)
        let slice = Array(items[start..<min(start + perPage, items.count)])
        var response = ok(render(slice), request: request, bucket: bucket)
        if pages > 1 {
            let base = state.withLock { $0.baseURL }
            func link(_ number: Int, _ rel: String) -> String {
                var query = extraQuery.map { "\($0.0)=\(Self.encodeQueryValue($0.1))" }
                query.append("per_page=\(perPage)")
                query.append("page=\(number)")
                return "<\(base)\(Self.encodePath(path))?\(query.joined(separator: "&"))>; rel=\"\(rel)\""
            }
            var links: [String] = []
            if page > 1 { links.append(link(min(page - 1, pages), "prev")) }
            if page < pages { links.append(link(page + 1, "next")) }
            links.append(link(pages, "last"))
            if page > 1 { links.append(link(1, "first")) }
            response.headers["Link"] = links.joined(separator: ", ")
        }
        return response
    }

    /// 200 with an ETag, or 304 when If-None-Match matches (a 304 does not spend the limit).
    func ok(_ body: Data, request: RecordedRequest, bucket: String) -> Response {
        let etag = "\"\(Self.fnv1a(body))\""
        var headers = jsonHeaders()
        headers["ETag"] = etag
        headers["Cache-Control"] = "public, max-age=60, s-maxage=60"
        headers["Vary"] = "Accept, Accept-Encoding, Accept, X-Requested-With"
        if let match = request.header("if-none-match"), Self.etagMatches(match, etag) {
            headers.merge(rateLimitHeaders(bucket: bucket, spend: false)) { $1 }
            headers["Content-Type"] = nil
            return Response(status: 304, headers: headers)
        }
        headers.merge(rateLimitHeaders(bucket: bucket, spend: true)) { $1 }
        return Response(status: 200, headers: headers, body: request.method == "HEAD" ? Data() : body)
    }

    func error(_ status: Int, _ message: String, docs: String, extra: String = "") -> Response {
        let escaped = message.replacingOccurrences(of: "\"", with: "\\\"")
        let body = #"{"message":"\#(escaped)","documentation_url":"\#(docs)"\#(extra),"status":"\#(status)"}"#
        return Response(status: status, headers: jsonHeaders(), body: Data(body.utf8))
    }

    /// Counts down (never below 1: the fake reports limits, it does not enforce them).
    func rateLimitHeaders(bucket: String, spend: Bool) -> [String: String] {
        let limit = Self.limits[bucket] ?? 5000
        let (left, reset) = state.withLock { state in
            var left = state.remaining[bucket] ?? limit
            if spend { left = max(1, left - 1) }
            state.remaining[bucket] = left
            return (left, Int(state.resetAt.timeIntervalSince1970))
        }
        return [
            "X-RateLimit-Limit": String(limit),
            "X-RateLimit-Remaining": String(left),
            "X-RateLimit-Used": String(limit - left),
            "X-RateLimit-Reset": String(reset),
            "X-RateLimit-Resource": bucket,
        ]
    }

    // MARK: Utilities

    /// As GitHub answers a tree without `recursive`: the root's entries only (paths without a slash),
    /// never truncated. Trees are added whole (`addAnswer`); the cut is made once per path.
    private func rootTree(path: String, recursive: Data) -> Data {
        if let made = state.withLock({ $0.rootTrees[path] }) { return made }
        guard var object = (try? JSONSerialization.jsonObject(with: recursive)) as? [String: Any],
              let entries = object["tree"] as? [[String: Any]] else { return recursive }
        object["tree"] = entries.filter { ($0["path"] as? String)?.contains("/") == false }
        object["truncated"] = false
        let made = (try? JSONSerialization.data(withJSONObject: object)) ?? recursive
        state.withLock { $0.rootTrees[path] = made }
        return made
    }

    /// `GET /repos/{o}/{r}/contents/{folder}?ref=REF` for a repository whose tree was added whole
    /// (`git/trees/REF`): the folder's direct children as the contents API lists them ("dir", "file").
    private func folderFromTree(path: String, ref: String?) -> Data? {
        guard path.hasPrefix("/repos/"), let marker = path.range(of: "/contents") else { return nil }
        let treePath = "\(path[..<marker.lowerBound])/git/trees/\(ref ?? "main")"
        let folder = String(path[marker.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let decoded = folder.removingPercentEncoding ?? folder
        if let folders = state.withLock({ $0.treeFolders[treePath] }) { return folders[decoded] }
        guard let tree = state.withLock({ $0.answers[treePath] }),
              let object = (try? JSONSerialization.jsonObject(with: tree)) as? [String: Any],
              let entries = object["tree"] as? [[String: Any]] else { return nil }
        var children: [String: [[String: Any]]] = ["": []]
        for entry in entries {
            guard let entryPath = entry["path"] as? String else { continue }
            let parent = entryPath.split(separator: "/").dropLast().joined(separator: "/")
            let isFolder = entry["type"] as? String == "tree"
            if isFolder { children[entryPath, default: []] = children[entryPath] ?? [] }
            children[parent, default: []].append([
                "name": entryPath.split(separator: "/").last.map(String.init) ?? entryPath, "path": entryPath,
                "sha": entry["sha"] ?? "", "size": entry["size"] ?? 0, "type": isFolder ? "dir" : "file",
            ])
        }
        let folders = children.compactMapValues { try? JSONSerialization.data(withJSONObject: $0) }
        state.withLock { $0.treeFolders[treePath] = folders }
        return folders[decoded]
    }

    static func jsonArray(_ items: [Data]) -> Data {
        var body = Data("[".utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { body.append(Data(",".utf8)) }
            body.append(item)
        }
        body.append(Data("]".utf8))
        return body
    }

    static func etagMatches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == etag || value == "*"
        }
    }

    static func fnv1a(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private static let unreserved: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return set
    }()

    static func encodeQueryValue(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: unreserved) ?? String($0) }
            .joined(separator: "/")
    }
}
