import Foundation
import Locking
import Testing
@testable import GitHubAPI

/// Answers /repos/o/with-readme/readme with raw Markdown (and 304 to its ETag), anything else 404.
private final class ReadmeHost: HTTPTransport {
    let requests = Mutex<[HTTPRequest]>([])
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        guard request.url.path == "/repos/o/with-readme/readme" else {
            return HTTPResponse(statusCode: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
        }
        if request.headers["If-None-Match"] == "\"r1\"" { return HTTPResponse(statusCode: 304) }
        return HTTPResponse(statusCode: 200, headers: ["ETag": "\"r1\""], body: Data("# Hello\n\nWorld".utf8))
    }
}

@Suite("README")
struct ReadmeTests {
    @Test("Raw Markdown is asked, stored with its ETag, revalidated, readable offline; none is nil")
    func readme() async throws {
        let host = ReadmeHost()
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: nil),
                                  transport: host, validatorCache: InMemoryValidatorCache())
        #expect(try await client.readme(ownerLogin: "o", repository: "with-readme") == "# Hello\n\nWorld")
        #expect(try await client.readme(ownerLogin: "o", repository: "with-readme") == "# Hello\n\nWorld")
        #expect(client.storedReadme(ownerLogin: "o", repository: "with-readme") == "# Hello\n\nWorld")
        #expect(try await client.readme(ownerLogin: "o", repository: "none") == nil)
        let requests = host.requests.withLock { $0 }
        #expect(requests.allSatisfy { $0.headers["Accept"] == "application/vnd.github.raw+json" })
        #expect(requests[1].headers["If-None-Match"] == "\"r1\"")
        #expect(await gitHubError { try await client.readme(ownerLogin: "o", repository: "../x") } != nil)
    }
}
