import Foundation
import GitHubEntities
import Locking
import Testing
import TestSupport
@testable import GitHubAPI

/// Serves a pull request's files in two pages linked by `Link`, and records every request.
private final class FilesHost: HTTPTransport {
    let requests = Mutex<[HTTPRequest]>([])
    static let second = "https://api.github.com/repositories/1/pulls/67/files?per_page=100&page=2"

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        let json = ["Content-Type": "application/json"]
        let body = Fixtures.interactions(Fixtures.Name.pull67)[0].body
        if request.url.absoluteString == Self.second { return HTTPResponse(statusCode: 200, headers: json, body: body) }
        let link = "<\(Self.second)>; rel=\"next\", <\(Self.second)>; rel=\"last\""
        return HTTPResponse(statusCode: 200, headers: json.merging(["Link": link]) { $1 }, body: body)
    }
}

@Suite("A pull request's files, page by page")
struct PullRequestFilesTests {
    @Test("the first page links to the next, which is followed exactly as given; a link that is not https is refused unsent")
    func pagedByLink() async throws {
        let host = FilesHost()
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: nil), transport: host)
        let first = try await client.pullRequestFiles(ownerLogin: "octokit", repository: "octokit.rb", number: 67)
        #expect(first.items.count == 3)
        let next = try #require(first.next)
        #expect(next.absoluteString == FilesHost.second)
        let second = try await client.pullRequestFiles(page: next)
        #expect(second.items.map(\.filename) == first.items.map(\.filename))
        #expect(second.next == nil)
        let insecure = try #require(URL(string: "http://evil.example/pulls/67/files?page=3"))
        #expect(await gitHubError { try await client.pullRequestFiles(page: insecure) } != nil)
        let urls = host.requests.withLock { $0.map(\.url.absoluteString) }
        #expect(urls == ["https://api.github.com/repos/octokit/octokit.rb/pulls/67/files?per_page=100", FilesHost.second])
        #expect(GitHubClient.maximumPullRequestFiles == 3_000)
    }
}
