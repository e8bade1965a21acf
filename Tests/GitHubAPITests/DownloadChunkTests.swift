import Foundation
import Locking
import Testing
@testable import GitHubAPI

/// A storage host scripted answer by answer; records every request.
private final class AssetHost: HTTPTransport {
    let requests = Mutex<[HTTPRequest]>([])
    let answer: @Sendable (HTTPRequest) throws -> HTTPResponse
    init(_ answer: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) { self.answer = answer }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        return try answer(request)
    }
}

/// One download request's answer is taken only when it is the part asked for: its body within its
/// `Content-Range`, from the offset asked; `If-Range` names the version the bytes so far are of.
@Suite("Download chunks")
struct DownloadChunkTests {
    static let url = "https://github.com/o/r/releases/download/v1/tool.bin"

    private static func client(_ host: AssetHost) -> GitHubClient {
        GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: "secret"), transport: host)
    }

    static func partial(_ range: String, body: Data, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(statusCode: 206, headers: headers.merging(["Content-Range": range]) { $1 }, body: body)
    }

    @Test("A 206 shorter than its Content-Range gives the bytes that came; longer, elsewhere, unreadable or past the total is refused")
    func partsChecked() async throws {
        let short = AssetHost { _ in Self.partial("bytes 100-199/1000", body: Data(repeating: 1, count: 40)) }
        let chunk = try await Self.client(short).downloadChunk(url: Self.url, offset: 100, length: 100, ifRange: nil)
        #expect(chunk == DownloadChunk(start: 100, bytes: Data(repeating: 1, count: 40), total: 1000))
        for (range, count) in [("bytes 100-199/1000", 101), ("bytes 0-99/1000", 100), ("bytes 100-199", 100),
                               ("bytes 100-1099/1000", 100), ("bytes 199-100/1000", 0), ("bytes */1000", 0)] {
            let host = AssetHost { _ in Self.partial(range, body: Data(repeating: 2, count: count)) }
            await #expect(throws: DownloadRefusal.wrongPart) {
                try await Self.client(host).downloadChunk(url: Self.url, offset: 100, length: 100, ifRange: nil)
            }
        }
    }

    @Test("If-Range is sent when resuming with a validator fit for a header; the token never")
    func ifRange() async throws {
        let host = AssetHost { _ in Self.partial("bytes 0-9/20", body: Data(count: 10), headers: ["ETag": "\"abc\""]) }
        let client = Self.client(host)
        let first = try await client.downloadChunk(url: Self.url, offset: 0, length: 10, ifRange: "\"abc\"")
        #expect(first.validator == "\"abc\"")
        _ = try? await client.downloadChunk(url: Self.url, offset: 10, length: 10, ifRange: "\"abc\"")
        _ = try? await client.downloadChunk(url: Self.url, offset: 10, length: 10, ifRange: "\"abc\"\r\nX-Evil: 1")
        let requests = host.requests.withLock { $0 }
        #expect(requests.map { $0.headers["Range"] } == ["bytes=0-9", "bytes=10-19", "bytes=10-19"])
        #expect(requests.map { $0.headers["If-Range"] } == [nil, "\"abc\"", nil])
        #expect(requests.allSatisfy { $0.headers["Authorization"] == nil })
    }

    @Test("The validator: a strong ETag, else Last-Modified (a weak ETag cannot name a version for If-Range)")
    func validator() {
        #expect(GitHubClient.validator(of: HTTPResponse(statusCode: 206, headers: ["ETag": "\"v1\"", "Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT"])) == "\"v1\"")
        #expect(GitHubClient.validator(of: HTTPResponse(statusCode: 206, headers: ["ETag": "W/\"v1\"", "Last-Modified": "Wed, 21 Oct 2015 07:28:00 GMT"]))
                == "Wed, 21 Oct 2015 07:28:00 GMT")
        #expect(GitHubClient.validator(of: HTTPResponse(statusCode: 206, headers: ["ETag": "W/\"v1\""])) == nil)
    }

    @Test("A 200 is the whole file from 0; one larger than a part is too, when resuming, and no ranges at all from the start; 416 tells the size")
    func wholeFileAndPastTheEnd() async throws {
        let whole = AssetHost { _ in HTTPResponse(statusCode: 200, headers: ["ETag": "\"v2\""], body: Data(count: 30)) }
        #expect(try await Self.client(whole).downloadChunk(url: Self.url, offset: 50, length: 64, ifRange: "\"v1\"")
                == DownloadChunk(start: 0, bytes: Data(count: 30), total: 30, validator: "\"v2\""))
        let large = AssetHost { _ in throw GitHubError.responseTooLarge }
        #expect(try await Self.client(large).downloadChunk(url: Self.url, offset: 50, length: 64, ifRange: "\"v1\"")
                == DownloadChunk(start: 0, bytes: Data(), total: nil))
        await #expect(throws: DownloadRefusal.noRanges) {
            try await Self.client(large).downloadChunk(url: Self.url, offset: 0, length: 64, ifRange: nil)
        }
        let past = AssetHost { _ in HTTPResponse(statusCode: 416, headers: ["Content-Range": "bytes */20"]) }
        #expect(try await Self.client(past).downloadChunk(url: Self.url, offset: 64, length: 64, ifRange: nil)
                == DownloadChunk(start: 64, bytes: Data(), total: 20))
    }
}
