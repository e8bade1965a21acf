import Foundation
@testable import GitHubAPI
import Testing
import TestSupport

@Suite("URLSessionTransport")
struct URLSessionTransportTests {
    @Test("the URLSession (and libcurl behind it) is made on the first request, not at launch")
    func sessionIsLazy() async throws {
        let server = FakeGitHubServer.sferik()
        let url = try await server.start()
        let transport = URLSessionTransport(timeout: 5)
        #expect(!transport.hasSession)
        let response = try? await transport.send(HTTPRequest(url: url.appendingPathComponent("users/sferik")))
        await server.stop()
        #expect(response?.statusCode == 200)
        #expect(transport.hasSession)
    }
}
