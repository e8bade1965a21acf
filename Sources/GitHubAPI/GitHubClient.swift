import Foundation
import Locking
import GitHubEntities

/// The REST client: polite headers, conditional requests, rate-limit buckets, bounded
/// retries and concurrency, typed errors. Safe to share between tasks.
public final class GitHubClient: GitHubService {
    /// Sleeps for a while; injectable so tests never wait for real.
    public typealias Sleeper = @Sendable (Duration) async throws -> Void

    public let configuration: APIConfiguration
    private let transport: any HTTPTransport
    let validatorCache: (any ValidatorCache)?
    private let semaphore: AsyncSemaphore
    private let sleep: Sleeper
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    /// Waits before the first and second retry of a 5xx (only of a request that may be repeated:
    /// `repeatsAfterServerError`).
    public static let serverErrorBackoff: [Duration] = [.milliseconds(500), .seconds(2)]
    /// Longest `Retry-After` the client waits for itself; longer ones become `.rateLimited`.
    public static let maximumRetryAfter: TimeInterval = 60
    /// Requests in flight at most, by default.
    public static let defaultMaxConcurrentRequests = 4

    private struct State {
        var blockedUntil: [RateLimitBucket: Date] = [:]
        var rateLimits: [RateLimitBucket: RateLimit] = [:]
        var last: RateLimit?
        /// Answers from the API without rate-limit headers came, and none with them.
        var answeredWithoutLimit = false
        var sawLimit = false
        /// The server's GraphQL named a field of ours unknown (an older Enterprise Server).
        var graphQLLacksFields = false
    }

    public init(
        configuration: APIConfiguration,
        transport: any HTTPTransport,
        validatorCache: (any ValidatorCache)? = nil,
        maxConcurrentRequests: Int = GitHubClient.defaultMaxConcurrentRequests,
        sleep: @escaping Sleeper = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.validatorCache = validatorCache
        self.semaphore = AsyncSemaphore(value: maxConcurrentRequests)
        self.sleep = sleep
        self.now = now
    }

    /// The rate limit of the most recent response that carried one.
    public var lastRateLimit: RateLimit? { state.withLock { $0.rateLimits[.core] ?? $0.last } }

    /// Whether this host's API answers without `X-RateLimit-*` headers (an Enterprise Server with rate
    /// limiting off): answers came, none of them with the headers, and the host is not github.com
    /// (which always sends them).
    public var answersWithoutRateLimit: Bool {
        !configuration.host.isDotCom && state.withLock { $0.answeredWithoutLimit && !$0.sawLimit }
    }

    /// Whether the server's GraphQL lacks fields our queries use (an older GitHub Enterprise Server said
    /// so): the latest commits then come through REST.
    var graphQLLacksFields: Bool { state.withLock { $0.graphQLLacksFields } }

    func noteGraphQLLacksFields() {
        state.withLock { $0.graphQLLacksFields = true }
    }

    /// The most recent rate limit seen for a bucket.
    public func rateLimit(for bucket: RateLimitBucket) -> RateLimit? { state.withLock { $0.rateLimits[bucket] } }

    /// When requests to a bucket are refused locally (after an exhausted limit), else nil.
    public func blockedUntil(bucket: RateLimitBucket) -> Date? {
        let now = now()
        return state.withLock { state in
            guard let until = state.blockedUntil[bucket], until > now else { return nil }
            return until
        }
    }

    // MARK: - GitHubService

    public func owner(login: String) async throws -> Owner {
        try Self.validate(login: login)
        let url = try endpoint("/users/\(Self.segment(login))")
        let fetched = try await get(url)
        return try Self.decode(Owner.self, from: fetched.response.body)
    }

    public func repositories(ownerLogin: String) async throws -> Page<Repository> {
        try Self.validate(login: ownerLogin)
        return try await repositoryPage(endpoint("/users/\(Self.segment(ownerLogin))/repos?per_page=100"))
    }

    public func starredRepositories(ownerLogin: String) async throws -> Page<Repository> {
        try Self.validate(login: ownerLogin)
        return try await repositoryPage(endpoint("/users/\(Self.segment(ownerLogin))/starred?per_page=100"))
    }

    public func repositories(page: URL) async throws -> Page<Repository> {
        try Self.checkFollowable(page)
        return try await repositoryPage(page)
    }

    public func repository(ownerLogin: String, name: String) async throws -> Repository {
        try Self.validate(login: ownerLogin)
        try Self.validate(repositoryName: name)
        let url = try endpoint("/repos/\(Self.segment(ownerLogin))/\(Self.segment(name))")
        let fetched = try await get(url)
        return try Self.decode(Repository.self, from: fetched.response.body)
    }

    public func latestCommits(ownerLogin: String, repository: String) async throws -> [Commit] {
        try Self.validate(login: ownerLogin)
        try Self.validate(repositoryName: repository)
        let url = try endpoint("/repos/\(Self.segment(ownerLogin))/\(Self.segment(repository))/commits?per_page=\(Commit.latestCount)")
        let fetched = try await get(url, passThrough: [409])
        if fetched.response.statusCode == 409 { return [] }
        return try Self.decode([Commit].self, from: fetched.response.body)
    }

    public func searchRepositories(query: String) async throws -> (SearchPage<Repository>, next: URL?) {
        let url = try endpoint("/search/repositories?q=\(Self.queryValue(query))&per_page=30")
        return try await searchPage(url)
    }

    /// Follows a search `Link` URL exactly as given.
    public func searchRepositories(page: URL) async throws -> (SearchPage<Repository>, next: URL?) {
        try Self.checkFollowable(page)
        return try await searchPage(page)
    }

    // MARK: - Pages

    private func repositoryPage(_ url: URL) async throws -> Page<Repository> {
        try await listPage(url, of: Repository.self, emptyOn409: false)
    }

    private func searchPage(_ url: URL) async throws -> (SearchPage<Repository>, next: URL?) {
        let fetched = try await get(url)
        let search = try Self.decode(SearchPage<Repository>.self, from: fetched.response.body)
        return (search, next: fetched.page(search.items, from: url).next)
    }

    // MARK: - The exchange

    struct Fetched {
        var response: HTTPResponse
        var notModified: Bool

        /// `items` read from this answer as a page of a list: the `Link` header's next and last, whether
        /// it was served from the validator cache, and `url`, the address it was asked at. The one place
        /// an answer becomes a `Page`.
        func page<Item>(_ items: [Item], from url: URL) -> Page<Item> {
            let links = response.header("link").map(LinkHeader.parse) ?? [:]
            return Page(items: items, next: links["next"], last: links["last"], notModified: notModified, url: url)
        }
    }

    /// GETs `url` with the polite headers, validators and retries; returns a 2xx (or a 304 served from
    /// the validator cache, or a status in `passThrough`) and throws `GitHubError` for everything else.
    func get(_ url: URL, passThrough: Set<Int> = []) async throws -> Fetched {
        try await exchange(method: "GET", url: url, body: nil, passThrough: passThrough)
    }

    /// Whether a request is sent again after a 5xx. A 5xx does not say the request was not carried
    /// out: GitHub may have created a comment behind a 502. So only requests that change nothing
    /// (GET, HEAD) or whose repetition leaves the same state (PUT and DELETE, idempotent in HTTP and
    /// in GitHub's API: starring twice is starred) are repeated; POST and PATCH never are — their
    /// 5xx goes to the caller at once, and the user decides. (A 403/429 with `Retry-After` is still
    /// waited for once for every method: GitHub refused that request without carrying it out.)
    static func repeatsAfterServerError(method: String) -> Bool {
        ["GET", "HEAD", "PUT", "DELETE"].contains(method.uppercased())
    }

    /// One API exchange (GET with validators, or a POST with a body).
    /// `keepsValidators: false` for answers stored elsewhere for good (a commit never changes).
    /// `isQuery`: a POST that changes nothing (a GraphQL query), repeated after a 5xx like a GET.
    /// `headers`: more request headers (a conditional request the caller keeps the validator of).
    /// `maximumBytes`: the most bytes the answer may have (less than the transport's own limit); the
    /// transfer is aborted past it (`GitHubError.responseTooLarge`).
    func exchange(method: String, url: URL, body: Data?, passThrough: Set<Int> = [],
                  accept: String = "application/vnd.github+json", keepsValidators: Bool = true,
                  maximumBytes: Int? = nil, isQuery: Bool = false, headers extraHeaders: [String: String] = [:]) async throws -> Fetched {
        try Task.checkCancellation()
        let bucket = bucket(of: url)
        if let until = blockedUntil(bucket: bucket) {
            throw GitHubError.rateLimited(resetAt: until)
        }

        var headers = [
            "User-Agent": configuration.userAgent,
            "Accept": accept,
            "X-GitHub-Api-Version": "2022-11-28",
        ]
        if let token = configuration.token, Origin.same(url, configuration.baseURL) {
            // Never a header a token could break out of (CR/LF would inject another header).
            guard (try? GitHubToken.validate(token, source: "The token")) != nil else { throw GitHubError.unauthorized }
            headers["Authorization"] = "Bearer \(token)"
        }
        if body != nil { headers["Content-Type"] = "application/json" }
        for (name, value) in extraHeaders { headers[name] = value }
        let cacheKey = ValidatorKey.key(url: url, tokenIdentity: configuration.tokenIdentity)
        let cached = method == "GET" && keepsValidators ? validatorCache?.validator(for: cacheKey) : nil
        if let cached {
            if let etag = cached.etag { headers["If-None-Match"] = etag }
            if let lastModified = cached.lastModified { headers["If-Modified-Since"] = lastModified }
        }
        let request = HTTPRequest(method: method, url: url, headers: headers, body: body, maxBodyBytes: maximumBytes)
        let serverErrorRetries = isQuery || Self.repeatsAfterServerError(method: method) ? Self.serverErrorBackoff.count : 0

        var serverRetries = 0
        var waitedForSecondaryLimit = false
        while true {
            let response = try await send(request)
            record(response, bucket: bucket)
            let status = response.statusCode

            if status == 304, let cached {
                var headers = response.headers
                headers["link"] = cached.linkHeader
                return Fetched(response: HTTPResponse(statusCode: 200, headers: headers, body: cached.body),
                               notModified: true)
            }
            if (200..<300).contains(status) {
                // A 202 (GitHub's statistics: still being computed) says nothing of the resource to keep.
                if method == "GET", keepsValidators, status != 202 { storeValidators(of: response, key: cacheKey) }
                return Fetched(response: response, notModified: false)
            }
            if passThrough.contains(status) {
                return Fetched(response: response, notModified: false)
            }
            switch status {
            case 401:
                throw GitHubError.unauthorized
            case 404:
                throw GitHubError.notFound
            case 403, 429:
                if response.header("x-ratelimit-remaining")?.trimmingCharacters(in: .whitespaces) == "0" {
                    let reset = RateLimit(response: response)?.reset ?? now().addingTimeInterval(60)
                    block(bucket, until: reset)
                    throw GitHubError.rateLimited(resetAt: reset)
                }
                if let retryAfter = Self.retryAfter(response) ?? (Self.mentionsSecondaryLimit(response) ? 60 : nil) {
                    if !waitedForSecondaryLimit, retryAfter <= Self.maximumRetryAfter {
                        waitedForSecondaryLimit = true
                        try await sleep(.milliseconds(Int64(retryAfter * 1000)))
                        continue
                    }
                    throw GitHubError.rateLimited(resetAt: now().addingTimeInterval(retryAfter))
                }
                throw GitHubError.http(status: status, message: Self.apiMessage(response.body))
            case 500...599:
                if serverRetries < serverErrorRetries {
                    try await sleep(Self.serverErrorBackoff[serverRetries])
                    serverRetries += 1
                    continue
                }
                throw GitHubError.http(status: status, message: Self.apiMessage(response.body))
            default:
                throw GitHubError.http(status: status, message: Self.apiMessage(response.body))
            }
        }
    }

    /// A request to another host than the API's (avatars): the same transport and concurrency limit,
    /// no token, no rate-limit bookkeeping. A request that carries an `Authorization` header (in any
    /// spelling) is refused and never sent: the token never leaves the API host.
    func sendOutsideTheAPI(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard !request.headers.keys.contains(where: { $0.caseInsensitiveCompare("Authorization") == .orderedSame }) else {
            throw GitHubError.http(status: 0, message: "Refused to send credentials outside the API.")
        }
        return try await send(request)
    }

    /// One transport exchange inside the concurrency bound; failures mapped to `.network`
    /// (cancellation stays `CancellationError`).
    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await semaphore.acquire()
        let result: Result<HTTPResponse, any Error>
        do {
            result = .success(try await transport.send(request))
        } catch {
            result = .failure(error)
        }
        await semaphore.release()
        switch result {
        case .success(let response):
            try Task.checkCancellation()
            return response
        case .failure(let error):
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            if let error = error as? GitHubError { throw error }
            throw GitHubError.network
        }
    }

    private func record(_ response: HTTPResponse, bucket: RateLimitBucket) {
        guard let limit = RateLimit(response: response) else {
            if (200..<400).contains(response.statusCode) { state.withLock { $0.answeredWithoutLimit = true } }
            return
        }
        let key = limit.resource.flatMap(RateLimitBucket.init(rawValue:)) ?? bucket
        state.withLock { state in
            state.rateLimits[key] = limit
            state.last = limit
            state.sawLimit = true
        }
        if limit.remaining == 0, let reset = limit.reset, reset > now(), (200..<300).contains(response.statusCode) {
            // The last allowed request: ask no more until the reset.
            block(key, until: reset)
        }
    }

    /// A GraphQL answer's own `rateLimit` (its cost already spent) as the bucket's latest figure.
    func recordGraphQL(_ limit: RateLimit) {
        state.withLock { $0.rateLimits[.graphql] = limit }
    }

    func blockGraphQL(until date: Date) {
        block(.graphql, until: date)
    }

    private func block(_ bucket: RateLimitBucket, until date: Date) {
        state.withLock { $0.blockedUntil[bucket] = date }
    }

    private func storeValidators(of response: HTTPResponse, key: String) {
        guard let validatorCache else { return }
        let etag = response.header("etag")
        let lastModified = response.header("last-modified")
        guard etag != nil || lastModified != nil else { return }
        validatorCache.store(CachedResponse(etag: etag, lastModified: lastModified, body: response.body,
                                            linkHeader: response.header("link")),
                             for: key)
    }

    /// `search` for /search/…, `graphql` for /graphql, else `core`.
    func bucket(of url: URL) -> RateLimitBucket {
        var path = url.path
        let basePath = configuration.baseURL.path
        if !basePath.isEmpty, basePath != "/", path.hasPrefix(basePath) {
            path = String(path.dropFirst(basePath.count))
        }
        if path.hasPrefix("/search/") { return .search }
        if path.hasSuffix("/graphql") { return .graphql }
        return .core
    }

    // MARK: - Helpers

    func endpoint(_ pathAndQuery: String) throws -> URL {
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + pathAndQuery) else {
            throw GitHubError.http(status: 0, message: "Could not build a request URL.")
        }
        return url
    }

    static func validate(login: String) throws {
        guard OwnerLogin.isValid(login) else { throw GitHubError.invalidLogin(login) }
    }

    /// Repository names: 1–100 of letters, digits, `-`, `_`, `.`; not `.` or `..`.
    static func validate(repositoryName name: String) throws {
        guard RepositoryName.isValid(name) else {
            throw GitHubError.invalidLogin(name)
        }
    }

    private static let unreserved: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return set
    }()

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    static func queryValue(_ text: String) -> String { segment(text) }

    /// Page links must be https (or http on loopback); the token is added only for the API's origin.
    static func checkFollowable(_ url: URL) throws {
        guard WebAddress(url)?.isAllowed == true else {
            throw GitHubError.http(status: 0, message: "Refused to follow a page link that is not https.")
        }
    }

    static func retryAfter(_ response: HTTPResponse) -> TimeInterval? {
        guard let value = response.header("retry-after")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = TimeInterval(value) { return max(0, seconds) }
        return nil
    }

    private static func mentionsSecondaryLimit(_ response: HTTPResponse) -> Bool {
        apiMessage(response.body)?.lowercased().contains("secondary rate limit") ?? false
    }

    /// The `message` field of an error body, when there is one.
    static func apiMessage(_ body: Data) -> String? {
        struct Body: Decodable { var message: String? }
        guard let message = (try? JSONDecoder().decode(Body.self, from: body))?.message,
              !message.isEmpty else { return nil }
        return GitHubError.printable(message)
    }

    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw GitHubError.decoding(describe(error))
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "unreadable JSON" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context):
            return "malformed JSON" + (context.codingPath.isEmpty ? "" : " at \(path(context))")
        case .keyNotFound(let key, let context):
            return "missing \(key.stringValue) at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context))"
        @unknown default:
            return "unreadable JSON"
        }
    }
}
