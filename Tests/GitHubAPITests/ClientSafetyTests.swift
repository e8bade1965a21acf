import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport

@Suite("Conditional requests, redirects, cancellation, concurrency")
struct ClientSafetyTests {
    @Test func secondFetchRevalidatesAndServesTheCachedBodyOn304() async throws {
        let cache = InMemoryValidatorCache()
        try await withFakeGitHub(.sferik(pageSize: 10), token: "ghp_secret123", validatorCache: cache) { server, client, _ in
            let first = try await client.repositories(ownerLogin: "sferik")
            #expect(!first.notModified)
            let remainingAfterFirst = try #require(client.lastRateLimit?.remaining)

            let second = try await client.repositories(ownerLogin: "sferik")
            #expect(second.notModified)
            #expect(second.items == first.items)
            #expect(second.next == first.next)
            #expect(second.last == first.last)
            #expect(first.url != nil && second.url == first.url)
            // A 304 costs nothing.
            #expect(client.lastRateLimit?.remaining == remainingAfterFirst)

            let requests = await server.requests
            #expect(requests.count == 2)
            #expect(requests[0].header("If-None-Match") == nil)
            let etag = try #require(requests[1].header("If-None-Match"))
            #expect(etag.hasPrefix("\""))

            // Validators are keyed by URL and a token identity, never by the token itself.
            #expect(cache.count == 1)
            #expect(cache.keys.allSatisfy { !$0.contains("ghp_secret123") })
        }
    }

    @Test func validatorsDifferPerToken() async throws {
        let cache = InMemoryValidatorCache()
        let server = FakeGitHubServer.sferik()
        let url = try await server.start()
        let alice = GitHubClient(configuration: APIConfiguration(baseURL: url, token: "token-a"),
                                 transport: CurlTransport(), validatorCache: cache)
        let bob = GitHubClient(configuration: APIConfiguration(baseURL: url, token: "token-b"),
                               transport: CurlTransport(), validatorCache: cache)
        _ = try await alice.owner(login: "sferik")
        _ = try await bob.owner(login: "sferik")
        let requests = await server.requests
        await server.stop()
        #expect(requests.allSatisfy { $0.header("If-None-Match") == nil })
        #expect(cache.count == 2)
        #expect(alice.configuration.tokenIdentity != bob.configuration.tokenIdentity)
    }

    @Test func redirectToAnotherHostDropsTheToken() async throws {
        let other = FakeGitHubServer.sferik()
        let otherURL = try await other.start()
        let target = try #require(URL(string: "\(otherURL.absoluteString)/users/sferik"))
        try await withFakeGitHub(token: "ghp_secret123") { server, client, _ in
            server.setFailure(.redirect(to: target), forPathPrefix: "/users/sferik")
            let owner = try await client.owner(login: "sferik")
            #expect(owner.login == "sferik")
            let asked = try #require(await server.requests.first)
            #expect(asked.header("Authorization") == "Bearer ghp_secret123")
            let redirected = try #require(await other.requests.first)
            #expect(redirected.path == "/users/sferik")
            #expect(redirected.header("Authorization") == nil)
        }
        await other.stop()
    }

    @Test func redirectWithinTheAPIHostKeepsTheToken() async throws {
        try await withFakeGitHub(token: "ghp_secret123") { server, client, url in
            let target = try #require(URL(string: "\(url.absoluteString)/users/codeforamerica"))
            server.setFailure(.redirect(to: target), forPathPrefix: "/users/sferik")
            let owner = try await client.owner(login: "sferik")
            #expect(owner.login == "codeforamerica")
            let requests = await server.requests
            #expect(requests.count == 2)
            #expect(requests.allSatisfy { $0.header("Authorization") == "Bearer ghp_secret123" })
        }
    }

    @Test func pageLinkToAnotherHostIsFollowedWithoutTheToken() async throws {
        let other = FakeGitHubServer.sferik(pageSize: 10)
        let otherURL = try await other.start()
        try await withFakeGitHub(token: "ghp_secret123") { _, client, _ in
            let foreign = try #require(URL(string: "\(otherURL.absoluteString)/users/sferik/repos?per_page=10&page=2"))
            let page = try await client.repositories(page: foreign)
            #expect(page.items.count == 10)
            let request = try #require(await other.requests.first)
            #expect(request.header("Authorization") == nil)
            #expect(request.rawQuery == "per_page=10&page=2")
        }
        await other.stop()
    }

    @Test func insecurePageLinksAreRefused() async throws {
        try await withFakeGitHub(token: "ghp_secret123") { server, client, _ in
            let insecure = try #require(URL(string: "http://example.com/users/sferik/repos?page=2"))
            let error = await gitHubError { try await client.repositories(page: insecure) }
            guard case .http? = error else {
                Issue.record("expected a refusal, got \(String(describing: error))")
                return
            }
            #expect(await server.requests.isEmpty)
        }
    }

    @Test func cancellingAbortsTheRequestAndThrowsCancellationError() async throws {
        try await withFakeGitHub { server, client, _ in
            server.setFailure(.delay(seconds: 30), forPathPrefix: "/users/")
            let clock = ContinuousClock()
            let start = clock.now
            let task = Task { try await client.owner(login: "sferik") }
            await server.waitForRequests(count: 1)
            task.cancel()
            let result = await task.result
            #expect(clock.now - start < .seconds(10))
            switch result {
            case .success:
                Issue.record("a cancelled request succeeded")
            case .failure(let error):
                #expect(error is CancellationError, "got \(error)")
            }
        }
    }

    @Test func cancelledBeforeStartingSendsNothing() async throws {
        try await withFakeGitHub { server, client, _ in
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.owner(login: "sferik")
            }
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(await server.requests.isEmpty)
        }
    }

    @Test func atMostFourRequestsInFlight() async throws {
        try await withFakeGitHub { server, client, _ in
            server.setFailure(.delay(seconds: 0.3), forPathPrefix: "/users/")
            try await withThrowingTaskGroup(of: Owner.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await client.owner(login: "sferik") }
                }
                var count = 0
                for try await owner in group {
                    #expect(owner.login == "sferik")
                    count += 1
                }
                #expect(count == 12)
            }
            #expect(await server.requests.count == 12)
            let peak = await server.maxConcurrentRequests
            #expect(peak <= 4)
            #expect(peak >= 2)
        }
    }

    @Test func concurrencyBoundHoldsWithAnInstrumentedTransport() async throws {
        let transport = GatedTransport()
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL),
                                  transport: transport)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask { _ = try await client.owner(login: "sferik") }
            }
            // Exactly four get through while none has finished.
            await transport.waitForInFlight(4)
            #expect(transport.peak == 4)
            transport.openGate()
            try await group.waitForAll()
        }
        #expect(transport.peak == 4)
        #expect(transport.total == 10)
    }

    @Test func segmentsArePercentEncoded() async throws {
        try await withFakeGitHub { server, client, _ in
            _ = try await client.latestCommits(ownerLogin: "sferik", repository: "rails_admin.v2-x")
            let request = try #require(await server.requests.first)
            #expect(request.path == "/repos/sferik/rails_admin.v2-x/commits")
        }
    }

    @Test func tokenNeverAppearsInDescriptionsOrErrors() async throws {
        let secret = "ghp_SuperSecretTokenValue42"
        let configuration = APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: secret)
        #expect(!String(describing: configuration).contains(secret))
        #expect(!String(reflecting: configuration).contains(secret))
        #expect(!"\(configuration)".contains(secret))
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!dumped.contains(secret))
        #expect(!configuration.tokenIdentity.contains(secret))

        try await withFakeGitHub(token: secret) { server, client, _ in
            var errors: [GitHubError] = []
            for failure: FakeGitHubServer.Failure in [.garbage, .closeConnection,
                                                      .status(401, body: #"{"message":"Bad credentials"}"#),
                                                      .status(418, body: "teapot"),
                                                      .rateLimited(reset: Date().addingTimeInterval(60))] {
                server.setFailure(failure, forPathPrefix: "/users/")
                if let error = await gitHubError({ try await client.owner(login: "sferik") }) {
                    errors.append(error)
                }
            }
            #expect(errors.count == 5)
            for error in errors {
                #expect(!error.userMessage.contains(secret))
                #expect(!String(describing: error).contains(secret))
                #expect(!error.localizedDescription.contains(secret))
            }
        }
    }
}

/// A transport that holds every request until the gate opens, counting how many are in flight.
final class GatedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var inFlight = 0
    private var _peak = 0
    private var _total = 0
    private var gateOpen = false
    private var gated: [CheckedContinuation<Void, Never>] = []
    private var watchers: [(Int, CheckedContinuation<Void, Never>)] = []

    var peak: Int { lock.withLock { _peak } }
    var total: Int { lock.withLock { _total } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (ready, passNow) = lock.withLock { () -> ([CheckedContinuation<Void, Never>], Bool) in
                inFlight += 1
                _total += 1
                _peak = max(_peak, inFlight)
                let ready = watchers.filter { $0.0 <= inFlight }.map(\.1)
                watchers.removeAll { $0.0 <= inFlight }
                if gateOpen { return (ready, true) }
                gated.append(continuation)
                return (ready, false)
            }
            ready.forEach { $0.resume() }
            if passNow { continuation.resume() }
        }
        lock.withLock { inFlight -= 1 }
        let body = Fixtures.recordedBody(Fixtures.Name.sferikUser)
        return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    func waitForInFlight(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock { () -> Bool in
                if inFlight >= count { return true }
                watchers.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    func openGate() {
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            gateOpen = true
            defer { gated.removeAll() }
            return gated
        }
        waiting.forEach { $0.resume() }
    }
}
