import Foundation
@testable import GitHubAPI
import Testing
import TestSupport

@Suite("CurlTransport")
struct CurlTransportTests {
    @Test("libcurl loads on demand on this machine")
    func libcurlLoads() {
        #expect(CurlTransport.unavailableReason() == nil)
    }

    @Test("a GET over loopback: status, lowercased headers, body")
    func getOverLoopback() async throws {
        let server = FakeGitHubServer.sferik()
        let url = try await server.start()
        let transport = CurlTransport(timeout: 20)
        let response = try? await transport.send(HTTPRequest(
            url: url.appendingPathComponent("users/sferik"), headers: ["User-Agent": "github-tui/test", "X-Custom": "日本"]))
        let requests = await server.requests
        await server.stop()
        #expect(response?.statusCode == 200)
        #expect(response?.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(response?.headers.keys.allSatisfy { $0 == $0.lowercased() } == true)
        let text = String(decoding: response?.body ?? Data(), as: UTF8.self)
        #expect(text.contains("\"login\""))
        #expect(requests.first?.header("user-agent") == "github-tui/test")
    }

    @Test("a POST body larger than 1 KiB goes out at once (no Expect: 100-continue)")
    func largePost() async throws {
        let server = FakeGitHubServer.sferik()
        let url = try await server.start()
        let transport = CurlTransport(timeout: 5)
        let body = Data(String(repeating: "x", count: 5000).utf8)
        _ = try? await transport.send(HTTPRequest(method: "POST", url: url.appendingPathComponent("graphql"), body: body))
        let requests = await server.requests
        await server.stop()
        #expect(requests.first?.method == "POST")
        #expect(requests.first?.header("expect") == nil)
        #expect(requests.first?.body.count == 5000)
    }

    @Test("header lines: only the last response's block, repeated names joined, names lowercased")
    func headerParsing() {
        let raw = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nETag: \"abc\"\r\nLink: <a>; rel=\"next\"\r\nlink: <b>; rel=\"last\"\r\nX-Odd:  spaced  \r\n\r\n"
        let headers = CurlTransportInternals.parseHeaders(Data(raw.utf8))
        #expect(headers == ["etag": "\"abc\"", "link": "<a>; rel=\"next\", <b>; rel=\"last\"", "x-odd": "spaced"])
    }

    @Test("redirects: the token stays on the same origin, is dropped for another, never follows https to http")
    func redirectPolicy() throws {
        let request = HTTPRequest(url: URL(string: "https://api.github.com/users/x")!,
                                  headers: ["Authorization": "Bearer t", "Accept": "json"])
        func redirect(_ status: Int, _ location: String, from: HTTPRequest = request) -> HTTPRequest? {
            CurlTransport.redirect(from: from, response: HTTPResponse(statusCode: status, headers: ["Location": location]))
        }
        let same = try #require(redirect(301, "/users/y"))
        #expect(same.url.absoluteString == "https://api.github.com/users/y")
        #expect(same.headers["Authorization"] == "Bearer t")
        let other = try #require(redirect(302, "https://elsewhere.example/users/x"))
        #expect(other.headers["Authorization"] == nil)
        #expect(other.headers["Accept"] == "json")
        let port = try #require(redirect(307, "https://api.github.com:8443/users/x"))
        #expect(port.headers["Authorization"] == nil)
        #expect(redirect(301, "http://api.github.com/users/x") == nil)       // https → http: refused
        #expect(redirect(301, "ftp://api.github.com/x") == nil)
        #expect(redirect(200, "/users/y") == nil)
        #expect(CurlTransport.redirect(from: request, response: HTTPResponse(statusCode: 302)) == nil)
        let post = HTTPRequest(method: "POST", url: URL(string: "http://127.0.0.1:9/graphql")!, body: Data("q".utf8))
        let seeOther = try #require(redirect(303, "http://127.0.0.1:9/answer", from: post))
        #expect(seeOther.method == "GET" && seeOther.body == nil)
        let keep = try #require(redirect(307, "http://localhost:9/graphql", from: post))
        #expect(keep.method == "POST" && keep.body == Data("q".utf8))
    }
}
