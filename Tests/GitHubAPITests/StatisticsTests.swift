import Foundation
import GitHubEntities
import Locking
import Testing
@testable import GitHubAPI

/// Answers a repository's languages (and 304 to their ETag) and its weeks of commits: 202 while
/// `counting` says so, then the weeks with an ETag.
private final class StatisticsHost: HTTPTransport {
    let requests = Mutex<[HTTPRequest]>([])
    let counting = Mutex(true)

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        switch request.url.path {
        case "/repos/o/r/languages":
            if request.headers["If-None-Match"] == "\"l1\"" { return HTTPResponse(statusCode: 304) }
            return HTTPResponse(statusCode: 200, headers: ["ETag": "\"l1\""], body: Data(#"{"JavaScript": 120, "Ruby": 880}"#.utf8))
        case "/repos/o/r/stats/participation":
            if counting.withLock({ $0 }) { return HTTPResponse(statusCode: 202, headers: ["ETag": "\"empty\""], body: Data("{}".utf8)) }
            let weeks = (1...52).map(String.init).joined(separator: ",")
            return HTTPResponse(statusCode: 200, headers: ["ETag": "\"p1\""],
                                body: Data(#"{"all": [\#(weeks)], "owner": [\#(weeks)]}"#.utf8))
        case "/repos/o/broken/languages":
            return HTTPResponse(statusCode: 200, body: Data(#"["Ruby"]"#.utf8))
        default:
            return HTTPResponse(statusCode: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
        }
    }
}

@Suite("Repository statistics")
struct StatisticsTests {
    private func client(_ host: StatisticsHost) -> GitHubClient {
        GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: nil),
                     transport: host, validatorCache: InMemoryValidatorCache())
    }

    @Test("Languages: largest first, stored with their ETag, revalidated, readable offline; a wrong shape is refused")
    func languages() async throws {
        let host = StatisticsHost()
        let client = client(host)
        #expect(client.storedLanguages(ownerLogin: "o", repository: "r") == nil)
        let first = try await client.languages(ownerLogin: "o", repository: "r")
        #expect(first.shares.map(\.language) == ["Ruby", "JavaScript"])
        #expect(first.totalBytes == 1000)
        #expect(try await client.languages(ownerLogin: "o", repository: "r") == first)
        #expect(host.requests.withLock { $0 }.last?.headers["If-None-Match"] == "\"l1\"")
        #expect(client.storedLanguages(ownerLogin: "o", repository: "r") == first)
        #expect(await gitHubError { try await client.languages(ownerLogin: "o", repository: "broken") } != nil)
        #expect(await gitHubError { try await client.languages(ownerLogin: "o", repository: "../x") } != nil)
    }

    @Test("Participation: 202 (still counting) is nil and keeps nothing; the weeks once GitHub has them, stored")
    func participation() async throws {
        let host = StatisticsHost()
        let client = client(host)
        #expect(try await client.participation(ownerLogin: "o", repository: "r") == nil)
        #expect(client.storedParticipation(ownerLogin: "o", repository: "r") == nil)
        // Nothing of the 202 was kept: the next ask is not conditional on it.
        #expect(try await client.participation(ownerLogin: "o", repository: "r") == nil)
        #expect(host.requests.withLock { $0 }.last?.headers["If-None-Match"] == nil)
        host.counting.withLock { $0 = false }
        let weeks = try #require(try await client.participation(ownerLogin: "o", repository: "r"))
        #expect(weeks.all == Array(1...52))
        #expect(client.storedParticipation(ownerLogin: "o", repository: "r") == weeks)
    }
}
