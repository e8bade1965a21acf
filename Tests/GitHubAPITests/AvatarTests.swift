import Foundation
import Locking
import Testing
@testable import GitHubAPI

/// A transport that answers avatar requests like avatars.githubusercontent.com: 200 with an ETag, 304
/// when If-None-Match names it; records every request.
private final class AvatarHost: HTTPTransport {
    let requests = Mutex<[HTTPRequest]>([])
    let body: Data
    init(body: Data = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])) { self.body = body }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        if request.headers["If-None-Match"] == "\"v1\"" { return HTTPResponse(statusCode: 304, headers: ["ETag": "\"v1\""]) }
        return HTTPResponse(statusCode: 200, headers: ["ETag": "\"v1\"", "Content-Type": "image/png"], body: body)
    }
}

@Suite("Owner photos")
struct AvatarTests {
    let photo = "https://avatars.githubusercontent.com/u/583231?v=4"

    @Test("The token never goes to the photo's host; the size is asked; a second load is conditional and a 304 gives the stored bytes")
    func conditionalWithoutToken() async throws {
        let host = AvatarHost()
        let cache = InMemoryValidatorCache()
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "secret"),
                                  transport: host, validatorCache: cache)
        #expect(client.storedAvatar(url: photo, size: 32) == nil)
        let first = try await client.avatar(url: photo, size: 32)
        let second = try await client.avatar(url: photo, size: 32)
        #expect(first == host.body)
        #expect(second == host.body)
        #expect(client.storedAvatar(url: photo, size: 32) == host.body)
        let requests = host.requests.withLock { $0 }
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.headers["Authorization"] == nil })
        #expect(requests.allSatisfy { $0.url.absoluteString == "https://avatars.githubusercontent.com/u/583231?v=4&s=32" })
        #expect(requests[0].headers["If-None-Match"] == nil)
        #expect(requests[1].headers["If-None-Match"] == "\"v1\"")
    }

    @Test("Only https (plain http on loopback); nothing over 1 MiB")
    func refused() async throws {
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: nil),
                                  transport: AvatarHost(body: Data(count: GitHubClient.maximumAvatarBytes + 1)))
        for bad in ["http://avatars.githubusercontent.com/u/1", "file:///etc/passwd", "javascript:alert(1)", "", "https://"] {
            #expect(await gitHubError { try await client.avatar(url: bad, size: 32) } != nil, "\(bad)")
        }
        #expect(await gitHubError { try await client.avatar(url: "http://127.0.0.1:9/a.png", size: 32) } != nil, "too large")
        #expect(await gitHubError { try await client.avatar(url: "https://avatars.githubusercontent.com/u/1", size: 32) } != nil)
    }
}

@Suite("Owner photos over loopback")
struct AvatarLoopbackTests {
    @Test("Over a real connection: no Authorization to the photo's host, and the second load is a conditional request answered 304")
    func loopback() async throws {
        try await withFakeGitHub(token: "secret-token", validatorCache: InMemoryValidatorCache()) { server, client, url in
            let photo = url.absoluteString + "/avatars/octocat"
            let first = try await client.avatar(url: photo, size: 32)
            let second = try await client.avatar(url: photo, size: 32)
            #expect(first == second)
            #expect(first.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let requests = await server.requests(pathPrefix: "/avatars/")
            #expect(requests.count == 2)
            #expect(requests.allSatisfy { $0.header("authorization") == nil })
            #expect(requests[0].header("if-none-match") == nil)
            #expect(requests[1].header("if-none-match") != nil)
        }
    }
}
