import Foundation
import Locking
import Testing
import TestSupport
@testable import GitHubAPI

/// Which requests are sent again after a 5xx (only those that change nothing, or the same again), counted
/// at the loopback fake server; a request outside the API that carries credentials is refused unsent;
/// a blob's limit bounds the transfer itself.
@Suite("GitHubClient retry policy and transfer bounds")
struct RetryPolicyTests {
    static let commentsPath = "/repos/sferik/rails_admin/issues/7/comments"
    static let badGateway = #"{"message":"Server Error"}"#

    @Test("A comment POSTed into a 502 is sent once and its error reaches the caller at once, without a back-off")
    func postIsNeverRepeated() async throws {
        let sleeps = SleepRecorder()
        try await withFakeGitHub(token: "ghp_retrypolicy", sleeps: sleeps) { server, client, _ in
            server.setFailure(.status(502, body: Self.badGateway), forPathPrefix: Self.commentsPath)
            let error = await gitHubError {
                try await client.addComment(ownerLogin: "sferik", repository: "rails_admin", number: 7, body: "Once.")
            }
            #expect(error == .http(status: 502, message: "Server Error"))
            let posts = await server.requests(pathPrefix: Self.commentsPath)
            #expect(posts.map(\.method) == ["POST"])
            #expect(sleeps.durations.isEmpty)
        }
    }

    @Test("A PATCH (close) into a 503 is sent once")
    func patchIsNeverRepeated() async throws {
        let sleeps = SleepRecorder()
        try await withFakeGitHub(token: "ghp_retrypolicy", sleeps: sleeps) { server, client, _ in
            server.setFailure(.statusThenSuccess(503, times: 1), forPathPrefix: "/repos/sferik/rails_admin/issues/7")
            let error = await gitHubError {
                try await client.setIssueOpen(false, ownerLogin: "sferik", repository: "rails_admin", number: 7)
            }
            #expect(error == .http(status: 503, message: "Server Error"))
            #expect(await server.requests(pathPrefix: "/repos/sferik/rails_admin/issues/7").count == 1)
            #expect(sleeps.durations.isEmpty)
        }
    }

    @Test("PUT and DELETE (star, unstar) are idempotent: repeated after a 502 like a GET")
    func idempotentMethodsAreRepeated() async throws {
        let sleeps = SleepRecorder()
        try await withFakeGitHub(token: "ghp_retrypolicy", sleeps: sleeps) { server, client, _ in
            server.setFailure(.statusThenSuccess(502, times: 2), forPathPrefix: "/user/starred/")
            // The fake answers 404 to a PUT it does not serve: what matters is that the 502s were retried.
            _ = await gitHubError { try await client.setStarred(true, ownerLogin: "sferik", repository: "rails_admin") }
            let requests = await server.requests(pathPrefix: "/user/starred/")
            #expect(requests.map(\.method) == ["PUT", "PUT", "PUT"])
            #expect(sleeps.durations == GitHubClient.serverErrorBackoff)
        }
    }

    @Test("A GraphQL query, POSTed but changing nothing, is repeated after a 502 like a GET")
    func graphQLQueryIsRepeated() async throws {
        let sleeps = SleepRecorder()
        try await withFakeGitHub(token: "ghp_retrypolicy", sleeps: sleeps) { server, client, _ in
            let path = client.graphQLURL.path
            server.setFailure(.statusThenSuccess(502, times: 2), forPathPrefix: path)
            _ = await gitHubError {
                _ = try await client.exchange(method: "POST", url: client.graphQLURL, body: Data(#"{"query":"{viewer{login}}"}"#.utf8),
                                              isQuery: true)
            }
            #expect(await server.requests(pathPrefix: path).map(\.method) == ["POST", "POST", "POST"])
            #expect(sleeps.durations == GitHubClient.serverErrorBackoff)
        }
    }

    @Test("The policy by method: GET, HEAD, PUT, DELETE are repeated; POST and PATCH never")
    func policyByMethod() {
        for method in ["GET", "HEAD", "PUT", "DELETE", "get"] {
            #expect(GitHubClient.repeatsAfterServerError(method: method), "\(method)")
        }
        for method in ["POST", "PATCH", "post", "CONNECT", ""] {
            #expect(!GitHubClient.repeatsAfterServerError(method: method), "\(method)")
        }
    }

    @Test("A secondary limit (403 with Retry-After) on a POST is waited for once: GitHub did not carry it out")
    func postWaitsForASecondaryLimit() async throws {
        let sleeps = SleepRecorder()
        try await withFakeGitHub(token: "ghp_retrypolicy", sleeps: sleeps) { server, client, _ in
            server.setFailure(.times(1, .secondaryLimit(retryAfter: 3)), forPathPrefix: Self.commentsPath)
            let comment = try await client.addComment(ownerLogin: "sferik", repository: "rails_admin", number: 7, body: "After.")
            #expect(comment.body == "After.")
            #expect(await server.requests(pathPrefix: Self.commentsPath).count == 2)
            #expect(sleeps.durations == [.seconds(3)])
        }
    }

    @Test("A request outside the API carrying an Authorization header (any spelling) is refused and never sent")
    func credentialsNeverLeaveTheAPI() async throws {
        let transport = RecordingTransport()
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "secret"),
                                  transport: transport)
        let url = try #require(URL(string: "https://avatars.githubusercontent.com/u/1"))
        for name in ["Authorization", "authorization", "AUTHORIZATION"] {
            let error = await gitHubError { try await client.sendOutsideTheAPI(HTTPRequest(url: url, headers: [name: "Bearer secret"])) }
            #expect(error == .http(status: 0, message: "Refused to send credentials outside the API."))
        }
        #expect(transport.requests.withLock { $0.isEmpty })
        _ = try await client.sendOutsideTheAPI(HTTPRequest(url: url))
        #expect(transport.requests.withLock { $0.count } == 1)
    }

    @Test("A blob is asked with its limit, so the transport stops there; over loopback a larger answer is refused as too large")
    func blobBoundsTheTransfer() async throws {
        let sha = String(repeating: "ab", count: 20)
        let transport = RecordingTransport()
        let client = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: nil),
                                  transport: transport)
        _ = try? await client.blob(ownerLogin: "o", repository: "r", sha: sha)
        #expect(transport.requests.withLock { $0.map(\.maxBodyBytes) } == [GitHubClient.maximumBlobAnswerBytes])

        let server = FakeGitHubServer.sferik()
        let content = String(repeating: "QUJD", count: GitHubClient.maximumBlobAnswerBytes / 4 + 1)
        server.addAnswer(path: "/repos/sferik/rails_admin/git/blobs/\(sha)",
                         json: Data(#"{"sha":"\#(sha)","size":2000000,"encoding":"base64","content":"\#(content)"}"#.utf8))
        try await withFakeGitHub(server) { _, client, _ in
            let error = await gitHubError { try await client.blob(ownerLogin: "sferik", repository: "rails_admin", sha: sha) }
            #expect(error == GitHubClient.blobTooLarge)
        }
    }
}

/// Records every request and answers 200 with an empty JSON object.
private final class RecordingTransport: HTTPTransport {
    let requests = Mutex<[HTTPRequest]>([])

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
    }
}
