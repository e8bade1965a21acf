import Foundation
import Locking
import Testing
@testable import GitHubAPI

/// A transport that answers like a README picture's host: 200 with an ETag, 304 when If-None-Match names
/// it; records every request.
private final class PictureHost: HTTPTransport {
    let requests = Mutex<[HTTPRequest]>([])
    let body: Data
    init(body: Data = Data([0x89, 0x50, 0x4E, 0x47, 9, 9])) { self.body = body }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        if request.headers["If-None-Match"] == "\"p1\"" { return HTTPResponse(statusCode: 304, headers: ["ETag": "\"p1\""]) }
        return HTTPResponse(statusCode: 200, headers: ["ETag": "\"p1\"", "Content-Type": "image/png"], body: body)
    }
}

@Suite("README pictures from their own host")
struct ReadmeImageTests {
    let picture = "https://raw.githubusercontent.com/octocat/Hello-World/main/docs/screen.png"

    @Test("Never with the token, even on the API's own host; stored by URL; the second load is conditional, a 304 the stored bytes")
    func conditionalWithoutToken() async throws {
        let host = PictureHost()
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "secret"),
                                  transport: host, validatorCache: InMemoryValidatorCache())
        #expect(client.storedImage(url: picture) == nil)
        #expect(try await client.image(url: picture) == host.body)
        #expect(try await client.image(url: picture) == host.body)
        #expect(client.storedImage(url: picture) == host.body)
        _ = try await client.image(url: "https://api.github.com/repos/o/r/contents/a.png")
        let requests = host.requests.withLock { $0 }
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.headers["Authorization"] == nil })
        #expect(requests[0].headers["If-None-Match"] == nil)
        #expect(requests[1].headers["If-None-Match"] == "\"p1\"")
        #expect(requests[0].maxBodyBytes == GitHubClient.maximumImageBytes)
    }

    @Test("Only https (plain http on loopback); nothing over 4 MiB")
    func refused() async throws {
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: nil),
                                  transport: PictureHost(body: Data(count: GitHubClient.maximumImageBytes + 1)))
        for bad in ["http://example.com/a.png", "file:///etc/passwd", "javascript:alert(1)", "", "https://"] {
            #expect(await gitHubError { try await client.image(url: bad) } != nil, "\(bad)")
            #expect(client.storedImage(url: bad) == nil)
        }
        #expect(await gitHubError { try await client.image(url: "https://example.com/big.png") } != nil, "too large")
    }
}
