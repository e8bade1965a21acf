import FlyingFox
import FlyingSocks
import Foundation
import Locking

/// A local HTTP server that answers like api.github.com, for tests, benchmarks and manual runs.
///
/// Listens on 127.0.0.1 with a random port. Serves `GET /users/{login}`, `/users/{login}/repos`,
/// `/orgs/{login}/repos` (with real `Link` headers, ETag / If-None-Match → 304, and `X-RateLimit-*`),
/// `/repos/{o}/{r}`, `/repos/{o}/{r}/commits` (409 "Git Repository is empty." unless scripted; `?sha=BRANCH`),
/// `/repos/{o}/{r}/commits/{sha}`, `/repos/{o}/{r}/branches`,
/// `/search/repositories`, `/rate_limit`, and `POST /graphql` for aliased `repository(owner:name:)`
/// latest-commit queries (token required, as on GitHub); anything else is a 404 `{"message":"Not Found",…}`.
/// Every request is recorded. Failures are scripted per path prefix.
public final class FakeGitHubServer: Sendable {
    /// A scripted misbehaviour for the paths under a prefix.
    public enum Failure: Sendable, Equatable {
        /// Answer with this status, body and extra headers.
        case status(Int, body: String, headers: [String: String] = [:])
        /// 200 with a truncated JSON body.
        case garbage
        /// 403 with `X-RateLimit-Remaining: 0` and `X-RateLimit-Reset`.
        case rateLimited(reset: Date)
        /// 403 with `Retry-After` (a secondary rate limit).
        case secondaryLimit(retryAfter: Int)
        /// Answer normally, after a while.
        case delay(seconds: Double)
        /// Send the status line and headers, then close the connection before the body.
        case closeConnection
        /// Answer `status` (with `{"message":"Server Error"}` for 5xx) the first `times` requests, then normally.
        case statusThenSuccess(Int, times: Int)
        /// 302 to `to`.
        case redirect(to: URL)
        /// Apply the failure to the first `count` requests, then answer normally.
        indirect case times(Int, Failure)
        /// Apply the failure only to requests of this method (`POST`), answer the others normally.
        indirect case method(String, Failure)
        /// Answer normally, with a `Link` whose next page is the address asked (query and all): a server
        /// leading paging round in a circle.
        case linkToItself
    }

    private struct Running: @unchecked Sendable {
        var server: HTTPServer
        var task: Task<Void, any Error>
        var baseURL: URL
    }

    let core = FakeGitHub()
    private let running = Mutex<Running?>(nil)
    private let requestLogger: (@Sendable (RecordedRequest) -> Void)?

    /// - Parameter requestLogger: called with every request as it arrives (fake-github logs them).
    public init(requestLogger: (@Sendable (RecordedRequest) -> Void)? = nil) {
        self.requestLogger = requestLogger
    }

    // MARK: Lifecycle

    /// Starts listening and returns its root: on `host` when given, else on 127.0.0.1:`port` when a port
    /// is given; with port 0 on a
    /// random free port of a loopback address of its own (127.1.x.y), so that a connection kept alive
    /// to a server that stopped can never be reused for a new one that got the same port (the process
    /// has one libcurl connection cache, keyed by host and port).
    ///
    /// `enterpriseWebHost`: answer as GitHub Enterprise Server on that host does — the REST API under
    /// `/api/v3` (the root returned ends with it), GraphQL at `/api/graphql`, any other path 404 — with
    /// the web addresses in every answer on that host (`https://github.com/…` becomes
    /// `https://HOST/…`, `https://api.github.com/…` the root returned) and no `X-RateLimit-*` headers
    /// (rate limiting off, as an Enterprise Server has it unless its administrator turns it on).
    @discardableResult
    public func start(port: UInt16 = 0, host: String? = nil, enterpriseWebHost: String? = nil) async throws -> URL {
        if let url = running.withLock({ $0?.baseURL }) { return url }
        let core = self.core
        let logger = requestLogger
        let host = host ?? (port == 0 ? Self.nextLoopbackAddress() : "127.0.0.1")
        let server = HTTPServer(address: try .inet(ip4: host, port: port), timeout: 600,
                                pool: NoDelayPool(base: HTTPServer.defaultPool()),
                                logger: .disabled,
                                handler: ClosureHTTPHandler { request in
                                    try await Self.handle(request, core: core, logger: logger)
                                })
        let task = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: 10)
        } catch {
            task.cancel()
            throw error
        }
        guard case let .ip4(_, actualPort)? = await server.listeningAddress,
              let url = URL(string: "http://\(host):\(actualPort)" + (enterpriseWebHost == nil ? "" : Self.enterprisePrefix)) else {
            await server.stop()
            task.cancel()
            throw URLError(.cannotConnectToHost)
        }
        core.state.withLock {
            $0.baseURL = url.absoluteString
            $0.enterpriseWebHost = enterpriseWebHost
        }
        running.withLock { $0 = Running(server: server, task: task, baseURL: url) }
        return url
    }

    /// The base URL once started.
    public var baseURL: URL? { running.withLock { $0?.baseURL } }

    private static let addressesHandedOut = Mutex(0)

    /// 127.1.0.1, 127.1.0.2, … (the whole of 127.0.0.0/8 is this machine's loopback on Linux).
    static func nextLoopbackAddress() -> String {
        let index = addressesHandedOut.withLock { count -> Int in
            count += 1
            return count
        }
        return "127.1.\((index / 250) % 250).\(index % 250 + 1)"
    }

    /// Stops listening and closes every connection.
    public func stop() async {
        guard let current = running.withLock({ state -> Running? in
            defer { state = nil }
            return state
        }) else { return }
        await current.server.stop(timeout: 0)
        current.task.cancel()
    }

    // MARK: What was asked

    public var requests: [RecordedRequest] {
        get async { core.state.withLock { $0.requests } }
    }

    /// The requests whose path starts with `prefix`.
    public func requests(pathPrefix prefix: String) async -> [RecordedRequest] {
        core.state.withLock { $0.requests.filter { $0.path.hasPrefix(prefix) } }
    }

    /// Waits (no polling, no sleeping) until at least `count` requests have arrived; `false` when `timeout` passed first.
    @discardableResult
    public func waitForRequests(count: Int, timeout: Duration = .seconds(30)) async -> Bool {
        await core.waitForRequests(count, timeout: timeout)
    }

    public func clearRequests() async {
        core.state.withLock { $0.requests.removeAll() }
    }

    /// The most requests ever handled at the same time.
    public var maxConcurrentRequests: Int {
        get async { core.state.withLock { $0.maxInFlight } }
    }

    // MARK: Scripting

    /// Serves `GET /users/{login}` with `userJSON`, and `GET /users/{login}/repos` (plus `/orgs/{login}/repos`
    /// when the user's `type` is "Organization") with `repositories` (each one repository JSON object),
    /// at most `pageSize` per page.
    public func addOwner(_ login: String, userJSON: Data, repositories: [Data], pageSize: Int = 100) {
        core.addOwner(login, userJSON: userJSON, repositories: repositories, pageSize: pageSize)
    }

    /// Serves `GET /users/{login}/starred` with `repositories` (each one repository JSON object), at most
    /// `pageSize` per page. The owner must be added too (an unknown login is 404).
    public func addStarred(_ login: String, repositories: [Data], pageSize: Int = 100) {
        core.addStarred(login, repositories: repositories, pageSize: pageSize)
    }

    /// Serves `GET /repos/{owner}/{repo}/commits` with `commitsJSON` (a JSON array), paged by `per_page`.
    public func addCommits(owner: String, repo: String, commitsJSON: Data) {
        core.addCommits(owner: owner, repo: repo, commitsJSON: commitsJSON)
    }

    /// Serves `GET /repos/{owner}/{repo}/commits?sha=BRANCH` with `commits` (encoded commit objects, newest
    /// first), paged by `per_page`. Once a repository has a branch history, an unknown `sha` is 404.
    public func addBranchHistory(owner: String, repo: String, branch: String, commits: [Data]) {
        core.addBranchHistory(owner: owner, repo: repo, branch: branch, commits: commits)
    }

    /// Serves `body` as it is for `GET path` (no paging, no query looked at): a README's raw Markdown at
    /// `/repos/{o}/{r}/readme`, an issue, its comments, a list of issues or pull requests.
    public func addAnswer(path: String, body: Data) {
        core.state.withLock { $0.fixedAnswers[path.lowercased()] = body }
    }

    /// Serves `GET /repos/{owner}/{repo}/branches` with `branches` (encoded branch objects), paged.
    public func addBranches(owner: String, repo: String, branches: [Data]) {
        core.addBranches(owner: owner, repo: repo, branches: branches)
    }

    /// Serves `GET /repos/{owner}/{repo}/commits/{sha}` with `detailJSON` (its `sha` names it).
    public func addCommitDetail(owner: String, repo: String, detailJSON: Data) {
        let sha = ((try? JSONSerialization.jsonObject(with: detailJSON)) as? [String: Any])?["sha"] as? String ?? ""
        core.addCommitDetail(owner: owner, repo: repo, sha: sha, json: detailJSON)
    }

    /// The next `times` requests of the repository's weeks of commits (`/stats/participation`) answer 202
    /// with `{}`, as GitHub does while it counts in the background; then they answer 200.
    public func setStatisticsComputing(owner: String, repo: String, times: Int) {
        core.setStatisticsComputing(owner: owner, repo: repo, times: times)
    }

    /// Scripts (or with nil, clears) a failure for every path starting with `prefix`
    /// (the longest matching prefix wins). Paths are compared percent-decoded.
    public func setFailure(_ failure: Failure?, forPathPrefix prefix: String) {
        core.setFailure(failure, forPathPrefix: prefix)
    }

    /// Requests without a token get GitHub's real budget: `limit` core requests an hour, 304s
    /// counted, refused with 403 once spent (nil: limits are reported, never enforced).
    public func setUnauthenticatedLimit(_ limit: Int?) {
        core.setUnauthenticatedLimit(limit)
    }

    // MARK: Ready-made servers

    /// A server with the recorded sferik user and his 30 recorded repositories, the
    /// codeforamerica organization with its 30 recorded repositories, the rails_admin
    /// commits (recorded) under sferik/rails_admin, and sferik's starred list (made up: 13
    /// repositories, 12 of them codeforamerica's). Not started.
    public static func sferik(pageSize: Int = 100) -> FakeGitHubServer {
        let server = FakeGitHubServer()
        server.addRecordedOwners(pageSize: pageSize)
        return server
    }

    /// Adds the recorded owners described in `sferik()`.
    public func addRecordedOwners(pageSize: Int = 100) {
        addOwner("sferik", userJSON: Fixtures.recordedBody(Fixtures.Name.sferikUser),
                 repositories: Fixtures.recordedItems(Fixtures.Name.sferikRepositories), pageSize: pageSize)
        let orgRepos = Fixtures.recordedItems(Fixtures.Name.codeforamericaRepositories)
        // No recording of GET /users/codeforamerica exists: its profile is the recorded `owner`
        // object of its repositories (login, id, type "Organization", avatar and html URLs).
        let orgOwner = (try? JSONSerialization.jsonObject(with: orgRepos[0])) as? [String: Any]
        let orgUser = Fixtures.encode(orgOwner?["owner"] ?? ["login": "codeforamerica", "id": 337792,
                                                             "type": "Organization"])
        addOwner("codeforamerica", userJSON: orgUser, repositories: orgRepos, pageSize: pageSize)
        // Made up (no recording of GET /users/sferik/starred exists): sferik starred the first 12 of
        // codeforamerica's recorded repositories and his own bundler.
        let bundler = Fixtures.recordedItems(Fixtures.Name.sferikRepositories).filter { json in
            ((try? JSONSerialization.jsonObject(with: json)) as? [String: Any])?["name"] as? String == "bundler"
        }
        addStarred("sferik", repositories: Array(orgRepos.prefix(12)) + bundler, pageSize: pageSize)
        addCommits(owner: "sferik", repo: "rails_admin",
                   commitsJSON: Fixtures.recordedBody(Fixtures.Name.railsAdminCommits))
        // Its history on master: the 98 distinct commits of the five recorded history pages, newest
        // first; the other two branches' names and shas are recorded, their histories are not.
        addBranchHistory(owner: "sferik", repo: "rails_admin", branch: "master", commits: Fixtures.railsAdminHistory())
        addBranches(owner: "sferik", repo: "rails_admin", branches: Fixtures.recordedItems(Fixtures.Name.railsAdminBranches))
        addCommitDetail(owner: "sferik", repo: "rails_admin", detailJSON: Fixtures.recordedBody(Fixtures.Name.railsAdminCommitDetail))
    }

    /// A user JSON object (the shape of GET /users/{login}) for a generated owner.
    public static func generatedUser(login: String, id: Int = 9_000_001, repositories: Int,
                                     organization: Bool = false) -> Data {
        Fixtures.encode([
            "login": login, "id": id, "node_id": "U_generated\(id)",
            "avatar_url": "https://avatars.githubusercontent.com/u/\(id)?v=4",
            "html_url": "https://github.com/\(login)", "type": organization ? "Organization" : "User",
            "site_admin": false, "name": "Generated \(login)", "company": NSNull(), "blog": "",
            "location": "Localhost", "email": NSNull(), "bio": "A generated owner for scale tests.",
            "public_repos": repositories, "followers": 0, "following": 0,
            "created_at": "2020-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z",
        ] as [String: Any])
    }

    /// `repository` (one repository JSON object) with a description of `bytes` bytes and no space
    /// (`0123456789abcdef` over and over): a word no line holds.
    public static func withLongDescription(_ repository: Data, bytes: Int) -> Data {
        guard var object = (try? JSONSerialization.jsonObject(with: repository)) as? [String: Any] else { return repository }
        let pattern = Array("0123456789abcdef".utf8)
        object["description"] = String(decoding: (0..<bytes).map { pattern[$0 % pattern.count] }, as: UTF8.self)
        return Fixtures.encode(object)
    }

    /// `count` valid repository JSON objects owned by `owner`, named repo-00001…. With `exotic`,
    /// every fifth description holds Japanese text, emoji, and hostile control characters
    /// (ESC sequences, BEL, NUL, CR, a bidi override).
    public static func generatedRepositories(count: Int, owner: String, exotic: Bool = false) -> [Data] {
        let languages: [Any] = ["Swift", "Ruby", "Go", "Rust", "C", "Python", "JavaScript", NSNull()]
        let exoticTexts = [
            "日本語の説明: ターミナルで動く GitHub ブラウザ 🚀✨",
            "Emoji 👩‍👩‍👧‍👦🇯🇵 and combining é and wide ｗｉｄｅ",
            "Hostile \u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07} bell\u{07} nul\u{0} cr\r tab\t \u{202E}reversed",
            "Line one\nLine two\u{1B}[2J cleared?",
        ]
        return (1...max(count, 1)).prefix(count).map { index -> Data in
            let name = "repo-" + String(repeating: "0", count: max(0, 5 - String(index).count)) + String(index)
            let id = 7_000_000 + index
            var description: Any = "Generated repository number \(index)"
            if index % 13 == 0 { description = NSNull() }
            if exotic, index % 5 == 0 { description = exoticTexts[(index / 5) % exoticTexts.count] }
            let day = 1 + index % 28
            let month = 1 + index % 12
            let date = "2023-" + (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)T12:00:00Z"
            let object: [String: Any] = [
                "id": id, "node_id": "R_generated\(id)", "name": name, "full_name": "\(owner)/\(name)",
                "private": false,
                "owner": ["login": owner, "id": 9_000_001, "type": "User",
                          "html_url": "https://github.com/\(owner)"] as [String: Any],
                "html_url": "https://github.com/\(owner)/\(name)", "description": description,
                "fork": index % 7 == 0, "url": "https://api.github.com/repos/\(owner)/\(name)",
                "homepage": index % 3 == 0 ? "https://example.com/\(name)" : NSNull(),
                "language": languages[index % languages.count],
                "stargazers_count": (index * 37) % 1000, "watchers_count": (index * 37) % 1000,
                "forks_count": (index * 11) % 200, "open_issues_count": index % 17,
                "default_branch": "main", "archived": index % 11 == 0, "disabled": false,
                "topics": index % 4 == 0 ? ["generated", "scale"] : [String](),
                "license": index % 2 == 0
                    ? ["key": "mit", "name": "MIT License", "spdx_id": "MIT"] as [String: Any] : NSNull(),
                "created_at": "2020-01-01T00:00:00Z", "updated_at": date, "pushed_at": date,
            ]
            return Fixtures.encode(object)
        }
    }

    // MARK: HTTP

    private static func handle(_ request: FlyingFox.HTTPRequest, core: FakeGitHub,
                               logger: (@Sendable (RecordedRequest) -> Void)?) async throws -> FlyingFox.HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers {
            headers[name.rawValue.lowercased()] = value
        }
        let rawQuery = request.target.query(percentEncoded: true)
        let enterpriseWebHost = core.state.withLock { $0.enterpriseWebHost }
        let (path, outside) = Self.apiPath(request.target.path(percentEncoded: true), enterprise: enterpriseWebHost != nil)
        var recorded = RecordedRequest(method: request.method.rawValue, path: path,
                                       query: RecordedRequest.parseQuery(rawQuery), rawQuery: rawQuery,
                                       headers: headers, body: try await request.bodyData)
        recorded.outsideAPI = outside
        core.begin(recorded)
        defer { core.end() }
        logger?(recorded)
        var response = outside ? FakeGitHub.Response(status: 404, headers: ["Content-Type": "application/json"],
                                                     body: Data(#"{"message":"Not Found"}"#.utf8))
            : core.respond(to: recorded)
        if let enterpriseWebHost, let type = response.headers["Content-Type"], type.contains("json") || type.hasPrefix("text/") {
            response.body = core.onEnterpriseHost(response.body, webHost: enterpriseWebHost)
        }
        if enterpriseWebHost != nil { response.headers = response.headers.filter { !$0.key.lowercased().hasPrefix("x-ratelimit-") } }
        if response.delay > 0 {
            try await Task.sleep(for: .milliseconds(Int64(response.delay * 1000)))
        }
        var out = HTTPHeaders()
        for (name, value) in response.headers {
            out[HTTPHeader(name)] = value
        }
        let status = HTTPStatusCode(response.status, phrase: Self.phrase(response.status))
        if response.closeConnection {
            out[.contentLength] = "4096"
            return FlyingFox.HTTPResponse(statusCode: status, headers: out,
                                          body: HTTPBodySequence(from: FailingBytes(), count: 4096))
        }
        return FlyingFox.HTTPResponse(statusCode: status, headers: out, body: response.body)
    }

    /// Where an Enterprise Server's REST API is on its host.
    static let enterprisePrefix = "/api/v3"

    /// The path a request asks the API for (`/api/v3/users/x` is `/users/x`, `/api/graphql` is
    /// `/graphql` on an Enterprise Server), and whether it is outside the API (there: any other path).
    static func apiPath(_ path: String, enterprise: Bool) -> (path: String, outside: Bool) {
        guard enterprise else { return (path, false) }
        if path == "/api/graphql" { return ("/graphql", false) }
        if path.hasPrefix(enterprisePrefix + "/") { return (String(path.dropFirst(enterprisePrefix.count)), false) }
        return (path, true)
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 304: "Not Modified"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// A body that fails as soon as it is read, so the server closes the connection mid-response.
private struct FailingBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

    struct ConnectionDropped: Error {}

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
        typealias Buffer = [UInt8]
        mutating func next() async throws -> UInt8? { throw ConnectionDropped() }
        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? { throw ConnectionDropped() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

/// FlyingFox's socket pool with Nagle's algorithm turned off on every socket it waits for.
///
/// FlyingFox writes a response's head and body in two `send` calls. With Nagle on, the body waits for
/// the peer to acknowledge the head, and a peer that delays its ACK (nginx in `scripts/bench-network`)
/// stalls the response ~40 ms: a cost of the fake server, not of the client under test. The listener is
/// among the sockets waited for, and on Linux accepted sockets inherit `TCP_NODELAY` from it.
private struct NoDelayPool<Base: AsyncSocketPool>: AsyncSocketPool {
    let base: Base

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        var on: Int32 = 1
        _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
