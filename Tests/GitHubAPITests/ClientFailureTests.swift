import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport

@Suite("GitHubClient status mapping, retries and limits")
struct ClientFailureTests {
    @Test func unauthorizedIsBadCredentials() async throws {
        try await withFakeGitHub(token: "ghp_wrongtoken") { server, client, _ in
            server.setFailure(.status(401, body: #"{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}"#),
                              forPathPrefix: "/users/")
            let error = await gitHubError { try await client.owner(login: "sferik") }
            #expect(error == .unauthorized)
            #expect(error?.userMessage == "Bad credentials — check GH_TOKEN")
            #expect(await server.requests.count == 1)
        }
    }

    @Test func emptyRepositoryHasNoCommitsRatherThanAnError() async throws {
        try await withFakeGitHub { server, client, _ in
            let commits = try await client.latestCommits(ownerLogin: "sferik", repository: "410_in_140")
            #expect(commits.isEmpty)
            let request = try #require(await server.requests.first)
            #expect(request.line == "GET /repos/sferik/410_in_140/commits?per_page=3")
        }
    }

    @Test func latestCommitsAreTheFirstThree() async throws {
        try await withFakeGitHub { _, client, _ in
            let commits = try await client.latestCommits(ownerLogin: "sferik", repository: "rails_admin")
            #expect(commits.count == 3)
            #expect(commits.allSatisfy { $0.sha.count == 40 })
        }
    }

    @Test func validationFailedCarriesTheAPIMessage() async throws {
        // The body of a real recorded 422.
        let body = String(decoding: Fixtures.recordedBody("octokit/extracts/error-422-validation-failed-label-raw.json"),
                          as: UTF8.self)
        try await withFakeGitHub { server, client, _ in
            server.setFailure(.status(422, body: body), forPathPrefix: "/search/")
            let error = await gitHubError { try await client.searchRepositories(query: "tetris") }
            #expect(error == .http(status: 422, message: "Validation Failed"))
            #expect(error?.userMessage == "Validation Failed")
        }
    }

    @Test func searchPastTheThousandthResultIs422WithGitHubsMessage() async throws {
        let server = FakeGitHubServer()
        server.addOwner("scale", userJSON: FakeGitHubServer.generatedUser(login: "scale", repositories: 1100),
                        repositories: FakeGitHubServer.generatedRepositories(count: 1100, owner: "scale"))
        try await withFakeGitHub(server) { _, client, url in
            let (first, next) = try await client.searchRepositories(query: "repo")
            #expect(first.totalCount == 1100)
            #expect(first.items.count == 30)
            #expect(next != nil)
            let beyond = try #require(URL(string: "\(url.absoluteString)/search/repositories?q=repo&per_page=30&page=34"))
            let error = await gitHubError { try await client.searchRepositories(page: beyond) }
            #expect(error == .http(status: 422, message: "Only the first 1000 search results are available"))
        }
    }

    @Test func serverErrorThenSuccessIsRetriedWithBackoff() async throws {
        let sleeps = SleepRecorder()
        try await withFakeGitHub(sleeps: sleeps) { server, client, _ in
            server.setFailure(.statusThenSuccess(500, times: 2), forPathPrefix: "/users/sferik")
            let owner = try await client.owner(login: "sferik")
            #expect(owner.login == "sferik")
            #expect(await server.requests.count == 3)
            #expect(sleeps.durations == GitHubClient.serverErrorBackoff)
        }
    }

    @Test func serverErrorForeverGivesUpAfterTwoRetries() async throws {
        let sleeps = SleepRecorder()
        try await withFakeGitHub(sleeps: sleeps) { server, client, _ in
            server.setFailure(.status(503, body: #"{"message":"Service Unavailable"}"#), forPathPrefix: "/users/")
            let error = await gitHubError { try await client.owner(login: "sferik") }
            #expect(error == .http(status: 503, message: "Service Unavailable"))
            #expect(await server.requests.count == 3)
            #expect(sleeps.durations.count == 2)
        }
    }

    @Test func garbageJSONIsADecodingError() async throws {
        try await withFakeGitHub { server, client, _ in
            server.setFailure(.garbage, forPathPrefix: "/users/")
            let error = await gitHubError { try await client.owner(login: "sferik") }
            guard case .decoding? = error else {
                Issue.record("expected a decoding error, got \(String(describing: error))")
                return
            }
            #expect(error?.userMessage.isEmpty == false)
            let pageError = await gitHubError { try await client.repositories(ownerLogin: "sferik") }
            guard case .decoding? = pageError else {
                Issue.record("expected a decoding error, got \(String(describing: pageError))")
                return
            }
        }
    }

    @Test func droppedConnectionIsANetworkError() async throws {
        try await withFakeGitHub { server, client, _ in
            server.setFailure(.closeConnection, forPathPrefix: "/users/")
            let error = await gitHubError { try await client.owner(login: "sferik") }
            #expect(error == .network)
            #expect(error?.userMessage == "A network error has occurred. Check your Internet connection and try again later.")
        }
    }

    @Test func nothingListeningIsANetworkError() async throws {
        let server = FakeGitHubServer()
        let url = try await server.start()
        await server.stop()
        let client = GitHubClient(configuration: APIConfiguration(baseURL: url),
                                  transport: CurlTransport(timeout: 2))
        let error = await gitHubError { try await client.owner(login: "sferik") }
        #expect(error == .network)
    }

    @Test func slowAnswerPastTheTimeoutIsANetworkError() async throws {
        try await withFakeGitHub(timeout: 0.5) { server, client, _ in
            server.setFailure(.delay(seconds: 3), forPathPrefix: "/users/")
            // Without the timeout the server would answer (successfully) after 3 s: a network
            // error proves the 0.5 s timeout fired. No wall-clock bound is asserted.
            let error = await gitHubError { try await client.owner(login: "sferik") }
            #expect(error == .network)
        }
    }

    @Test func exhaustedRateLimitIsTypedAndStopsRequestsToThatBucket() async throws {
        let reset = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 1800).rounded(.down))
        try await withFakeGitHub { server, client, _ in
            server.setFailure(.rateLimited(reset: reset), forPathPrefix: "/users/")
            let error = await gitHubError { try await client.owner(login: "sferik") }
            #expect(error == .rateLimited(resetAt: reset))
            #expect(client.blockedUntil(bucket: .core) == reset)
            #expect(client.lastRateLimit?.remaining == 0)

            // Even once the server would answer again, the client asks nothing of core until the reset.
            server.setFailure(nil, forPathPrefix: "/users/")
            let again = await gitHubError { try await client.repositories(ownerLogin: "sferik") }
            #expect(again == .rateLimited(resetAt: reset))
            #expect(await server.requests.count == 1)

            // Search is a bucket of its own.
            let (results, _) = try await client.searchRepositories(query: "rails")
            #expect(!results.items.isEmpty)
            #expect(await server.requests.count == 2)
        }
    }

    @Test func rateLimitResumesAfterTheReset() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        let reset = clock.now.addingTimeInterval(600)
        try await withFakeGitHub(now: { clock.now }) { server, client, _ in
            server.setFailure(.times(1, .rateLimited(reset: reset)), forPathPrefix: "/users/")
            #expect(await gitHubError { try await client.owner(login: "sferik") } == .rateLimited(resetAt: reset))
            #expect(await gitHubError { try await client.owner(login: "sferik") } == .rateLimited(resetAt: reset))
            #expect(await server.requests.count == 1)
            clock.advance(by: 601)
            let owner = try await client.owner(login: "sferik")
            #expect(owner.login == "sferik")
            #expect(await server.requests.count == 2)
        }
    }

    @Test func rateLimitMessageNamesTheResetTime() {
        let reset = Date(timeIntervalSince1970: 1_658_208_999) // 2022-07-19 05:36:39 UTC
        let error = GitHubError.rateLimited(resetAt: reset)
        let utc = try! #require(TimeZone(identifier: "UTC"))
        let now = reset.addingTimeInterval(-600)
        #expect(error.userMessage(timeZone: utc, now: now)
            == "GitHub API rate limit reached — resets at 05:36. Set GH_TOKEN for 5,000 requests/hour.")
        let tokyo = try! #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(error.userMessage(timeZone: tokyo, now: now).contains("resets at 14:36."))
    }

    @Test("a rate-limit reset that is not today where the user is shows its date")
    func rateLimitResetOnAnotherDay() {
        let reset = Date(timeIntervalSince1970: 1_658_189_400) // 2022-07-19 00:10 UTC
        let error = GitHubError.rateLimited(resetAt: reset)
        let utc = try! #require(TimeZone(identifier: "UTC"))
        let beforeMidnight = reset.addingTimeInterval(-1200)  // 2022-07-18 23:50 UTC
        #expect(error.userMessage(timeZone: utc, now: beforeMidnight).contains("resets at 2022-07-19 00:10."))
        #expect(error.userMessage(timeZone: utc, now: reset).contains("resets at 00:10."))
        // In Tokyo both are on the 19th (09:10 and 08:50).
        let tokyo = try! #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(error.userMessage(timeZone: tokyo, now: beforeMidnight).contains("resets at 09:10."))
        #expect(GitHubError.clockTime(reset, timeZone: utc, now: reset.addingTimeInterval(-86_400 * 400)) == "2022-07-19 00:10")
    }

    @Test func secondaryLimitIsHonouredOnce() async throws {
        let sleeps = SleepRecorder()
        try await withFakeGitHub(sleeps: sleeps) { server, client, _ in
            server.setFailure(.times(1, .secondaryLimit(retryAfter: 7)), forPathPrefix: "/users/")
            let owner = try await client.owner(login: "sferik")
            #expect(owner.login == "sferik")
            #expect(sleeps.durations == [.seconds(7)])
            #expect(await server.requests.count == 2)
        }
    }

    @Test func persistentSecondaryLimitBecomesAnError() async throws {
        let sleeps = SleepRecorder()
        let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000))
        try await withFakeGitHub(sleeps: sleeps, now: { clock.now }) { server, client, _ in
            server.setFailure(.secondaryLimit(retryAfter: 7), forPathPrefix: "/users/")
            let error = await gitHubError { try await client.owner(login: "sferik") }
            #expect(error == .rateLimited(resetAt: clock.now.addingTimeInterval(7)))
            #expect(sleeps.durations == [.seconds(7)])
            #expect(await server.requests.count == 2)
        }
    }

    @Test func tooManyRequestsWithRemainingZeroIsRateLimited() async throws {
        let reset = Date(timeIntervalSince1970: 1_900_000_000)
        try await withFakeGitHub { server, client, _ in
            server.setFailure(.status(429, body: #"{"message":"API rate limit exceeded"}"#,
                                      headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Limit": "60",
                                                "X-RateLimit-Reset": "1900000000"]),
                              forPathPrefix: "/users/")
            #expect(await gitHubError { try await client.owner(login: "sferik") } == .rateLimited(resetAt: reset))
        }
    }

    @Test func forbiddenWithoutRateLimitIsAnHTTPError() async throws {
        try await withFakeGitHub { server, client, _ in
            server.setFailure(.status(403, body: #"{"message":"Resource not accessible"}"#), forPathPrefix: "/users/")
            #expect(await gitHubError { try await client.owner(login: "sferik") }
                == .http(status: 403, message: "Resource not accessible"))
        }
    }

    @Test func invalidLoginsAreRefusedBeforeAnyRequest() async throws {
        try await withFakeGitHub { server, client, _ in
            for login in ["", "-sferik", "sferik-", "a--b", "has space", "../etc", "sferik/repos", "日本",
                          String(repeating: "a", count: 40), "a\u{1B}[31m"] {
                #expect(await gitHubError { try await client.owner(login: login) } == .invalidLogin(login))
                #expect(await gitHubError { try await client.repositories(ownerLogin: login) } == .invalidLogin(login))
                #expect(await gitHubError { try await client.latestCommits(ownerLogin: login, repository: "x") }
                    == .invalidLogin(login))
            }
            for name in ["..", ".", "", "a/b", "a b", "a?b"] {
                #expect(await gitHubError { try await client.latestCommits(ownerLogin: "sferik", repository: name) }
                    == .invalidLogin(name))
            }
            #expect(await server.requests.isEmpty)
            let message = GitHubError.invalidLogin("a\u{1B}[31m").userMessage
            #expect(!message.contains("\u{1B}"))
        }
    }

    @Test func searchQueryIsPercentEncoded() async throws {
        try await withFakeGitHub { server, client, _ in
            _ = try await client.searchRepositories(query: "rails admin&sort=x user:sferik")
            let request = try #require(await server.requests.first)
            #expect(request.path == "/search/repositories")
            #expect(request.rawQuery == "q=rails%20admin%26sort%3Dx%20user%3Asferik&per_page=30")
            #expect(request.query["q"] == "rails admin&sort=x user:sferik")
            #expect(request.query["sort"] == nil)
        }
    }

    @Test func searchFindsRecordedRepositories() async throws {
        try await withFakeGitHub { _, client, _ in
            let (page, next) = try await client.searchRepositories(query: "geo user:sferik")
            #expect(page.items.map(\.name) == ["geoip_server", "geoip_server_test_data", "geokit"])
            #expect(page.items.allSatisfy { $0.ownerLogin == "sferik" })
            #expect(page.totalCount == page.items.count)
            #expect(next == nil)
        }
    }

    @Test func rateLimitHeadersAreExposed() async throws {
        try await withFakeGitHub { _, client, _ in
            #expect(client.lastRateLimit == nil)
            _ = try await client.owner(login: "sferik")
            let limit = try #require(client.lastRateLimit)
            #expect(limit.limit == 5000)
            #expect(limit.remaining == 4999)
            #expect(limit.resource == "core")
            #expect(limit.reset != nil)
            #expect(!limit.isLow)
            _ = try await client.searchRepositories(query: "rails")
            #expect(client.rateLimit(for: .search)?.limit == 30)
            #expect(client.rateLimit(for: .core)?.remaining == 4999)
        }
    }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let box: Box
    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        var now: Date
        init(_ now: Date) { self.now = now }
    }

    init(_ start: Date) { box = Box(start) }

    var now: Date { box.lock.withLock { box.now } }

    func advance(by seconds: TimeInterval) {
        box.lock.withLock { box.now = box.now.addingTimeInterval(seconds) }
    }
}

/// A transport on a machine where libcurl could not be loaded.
private struct NoLibcurlTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw GitHubError.libcurlMissing(reason: "libcurl.so.4: cannot open shared object file: No such file or directory")
    }
}

@Suite("libcurl missing")
struct LibcurlMissingTests {
    @Test("The client passes the transport's libcurlMissing on (not .network); the message names libcurl and how to install it")
    func passedOnWithItsMessage() async {
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL),
                                  transport: NoLibcurlTransport())
        let error = await gitHubError { try await client.owner(login: "sferik") }
        #expect(error == .libcurlMissing(reason: "libcurl.so.4: cannot open shared object file: No such file or directory"))
        #expect(error?.userMessage == "Network access needs libcurl, which could not be loaded (libcurl.so.4: cannot open "
            + "shared object file: No such file or directory). Install it (Debian, Ubuntu: apt-get install libcurl4) "
            + "and start github-tui again.")
    }

    @Test("A reason with control characters (it comes from the loader and a file name) is shown without them")
    func reasonSanitized() {
        let message = GitHubError.libcurlMissing(reason: "/tmp/\u{1B}[2Jx/libcurl.so.4: file too short").userMessage
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(message.contains("file too short"))
    }
}
