#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Locking
import Testing
@testable import GitHubAPI
import TestSupport

/// A loopback server that answers every connection with a chunked body that never ends.
private final class EndlessServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let stopped = Mutex(false)

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        guard bound == 0, listen(listener, 8) == 0 else { throw CocoaError(.fileWriteUnknown) }
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in self.serve() }
    }

    /// Only this thread closes the listener (after `stop()`'s shutdown wakes its accept): closed from
    /// another thread, the descriptor number could be handed to another test's socket while this loop
    /// still accepts on it, stealing that test's connections.
    private func serve() {
        defer { close(listener) }
        while !stopped.withLock({ $0 }) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            Thread.detachNewThread { [self] in
                var request = [UInt8](repeating: 0, count: 4096)
                _ = read(client, &request, request.count)
                let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                _ = head.withCString { write(client, $0, strlen($0)) }
                let chunk = Array("1000\r\n".utf8) + [UInt8](repeating: 0x20, count: 0x1000) + Array("\r\n".utf8)
                while !stopped.withLock({ $0 }) {
                    if chunk.withUnsafeBytes({ write(client, $0.baseAddress, $0.count) }) <= 0 { break }
                }
                close(client)
            }
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }
}

@Suite("libcurl multi handle: connections, cancellation, limits, trust", .serialized)
struct CurlMultiTests {
    @Test("Sequential requests reuse one kept-alive connection; concurrent ones use at most 4")
    func reuse() async throws {
        let server = FakeGitHubServer.sferik()
        let url = try await server.start()
        defer { Task { await server.stop() } }
        let transport = CurlTransport()
        for _ in 0..<20 {
            let response = try await transport.send(HTTPRequest(url: url.appendingPathComponent("users/sferik")))
            #expect(response.statusCode == 200)
        }
        #expect(transport.connectionsOpened == 1, "20 requests one after another: one connection")

        let concurrent = CurlTransport()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { try await concurrent.send(HTTPRequest(url: url.appendingPathComponent("users/sferik/repos"))).statusCode }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(concurrent.connectionsOpened <= 4)
    }

    @Test("Cancelling one transfer among many answers it at once; the others complete")
    func cancelOne() async throws {
        let server = FakeGitHubServer.sferik()
        let url = try await server.start()
        defer { Task { await server.stop() } }
        server.setFailure(.delay(seconds: 0.5), forPathPrefix: "/users/sferik/repos")
        let transport = CurlTransport()
        let doomed = Task { try await transport.send(HTTPRequest(url: url.appendingPathComponent("users/sferik/repos"))) }
        let others = (0..<6).map { _ in
            Task { try await transport.send(HTTPRequest(url: url.appendingPathComponent("users/sferik/repos"))).statusCode }
        }
        await server.waitForRequests(count: 1)
        let started = ContinuousClock.now
        doomed.cancel()
        await #expect(throws: CancellationError.self) { try await doomed.value }
        #expect(ContinuousClock.now - started < .milliseconds(400), "the cancelled one did not wait for its answer")
        for other in others { #expect(try await other.value == 200) }
    }

    @Test("An answer past the limit is aborted with a clear error: a large page, and a body that never ends")
    func bodyLimit() async throws {
        let server = FakeGitHubServer.sferik()
        let url = try await server.start()
        defer { Task { await server.stop() } }
        let transport = CurlTransport()
        let small = HTTPRequest(url: url.appendingPathComponent("users/sferik/repos"), maxBodyBytes: 1000)
        await #expect(throws: GitHubError.responseTooLarge) { try await transport.send(small) }

        let endless = try EndlessServer()
        defer { endless.stop() }
        let limited = CurlTransport(timeout: 30, maxBodyBytes: 2 << 20)
        let started = ContinuousClock.now
        await #expect(throws: GitHubError.responseTooLarge) {
            try await limited.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(endless.port)/users/x/repos")!))
        }
        #expect(ContinuousClock.now - started < .seconds(10), "stopped at the limit, not at the timeout")
    }

    @Test("SSL_CERT_FILE decides which CA is trusted (a throwaway CA over loopback TLS)")
    func trustFromEnvironment() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func openssl(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "openssl \(arguments.first ?? "")")
        }
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "1",
                     "-subj", "/CN=github-tui test CA"])
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"])
        try "subjectAltName=IP:127.0.0.1\n".write(to: directory.appendingPathComponent("san.ext"), atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                     "-out", "server.pem", "-days", "1", "-extfile", "san.ext"])
        let port = Int.random(in: 20_000..<60_000)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        server.arguments = ["s_server", "-quiet", "-www", "-accept", "127.0.0.1:\(port)", "-cert", "server.pem", "-key", "server.key"]
        server.currentDirectoryURL = directory
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate() }
        let address = URL(string: "https://127.0.0.1:\(port)/")!
        let trusting = CurlTransport(environment: ["SSL_CERT_FILE": directory.appendingPathComponent("ca.pem").path])
        var response: HTTPResponse?
        for _ in 0..<100 where response == nil {   // until s_server listens (bounded)
            response = try? await trusting.send(HTTPRequest(url: address))
            if response == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(response?.statusCode == 200)
        let system = CurlTransport(environment: [:])
        await #expect(throws: CurlTransportError.self) { try await system.send(HTTPRequest(url: address)) }
    }
}
