import CCurl
import Foundation

/// The real transport: libcurl's easy interface, loaded on the first request (see `Sources/CCurl`).
///
/// Why not URLSession: FoundationNetworking links libcurl and, through it, about 25 libraries
/// (OpenSSL, GnuTLS, Kerberos, LDAP…) that the dynamic loader maps and relocates before `main` —
/// about 5 ms of every launch, measured by `scripts/bench`, for a first frame that needs no network.
/// Loading libcurl with `dlopen` on the first request moves that cost after the first frame.
///
/// Behaviour: no cache (a 304 reaches the client), an idle timeout and a total bound, transparent
/// decompression, header names lowercased, and redirects followed here — never carrying the
/// Authorization header to another origin, never from https down to plain http on a non-loopback
/// host. Cancelling the task answers `CancellationError` at once; the transfer is aborted behind it.
public final class CurlTransport: HTTPTransport {
    /// Seconds without an answer (connect, or no byte received) before a request fails
    /// (→ `GitHubError.network`); a whole exchange may take at most six times this.
    public let timeout: TimeInterval
    /// Redirects followed for one request.
    static let maxRedirects = 10

    /// - Parameter timeout: seconds before a request with no answer fails (→ `GitHubError.network`).
    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    /// Why the transport cannot work at all (libcurl missing), or `nil` when it can. Loads libcurl.
    public static func unavailableReason() -> String? {
        tui_curl_load() == 1 ? nil : String(cString: tui_curl_load_error())
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var current = request
        for _ in 0...Self.maxRedirects {
            let response = try await exchange(current)
            guard let next = Self.redirect(from: current, response: response) else { return response }
            current = next
        }
        throw CurlTransportError(code: 47, message: "too many redirects")
    }

    /// The request to send after a redirect response, or `nil` to hand the response itself back
    /// (not a redirect, no usable Location, or a redirect we refuse to follow).
    static func redirect(from request: HTTPRequest, response: HTTPResponse) -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
              let location = response.header("location"),
              let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "https" || scheme == "http"
        else { return nil }
        if scheme == "http", !APIConfiguration.isLoopback(host: target.host ?? "") { return nil }
        var next = request
        next.url = target
        if !Origin.same(request.url, target) {
            next.headers = next.headers.filter { $0.key.caseInsensitiveCompare("Authorization") != .orderedSame }
        }
        // 303, and 301/302 after a POST, continue as a GET without a body (as browsers and URLSession do).
        if response.statusCode == 303 || (request.method == "POST" && [301, 302].contains(response.statusCode)) {
            next.method = "GET"
            next.body = nil
        }
        return next
    }

    /// One exchange on a thread of its own (libcurl blocks), resumed exactly once: by its end, or at
    /// once by cancellation.
    private func exchange(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transfer = Transfer(request: request, timeout: timeout)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                guard transfer.setContinuation(continuation) else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                let thread = Thread { transfer.run() }
                thread.name = "github-tui.http"
                thread.stackSize = 512 * 1024
                thread.start()
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}

/// A libcurl failure (connection refused, timeout, TLS…): the client reports it as a network error.
public struct CurlTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libcurl's error code, or -1 when libcurl could not be loaded.
    public var code: Int
    public var message: String
    public var description: String { "HTTP transfer failed (\(code)): \(message)" }
}

/// One transfer's state, shared by the waiting task, the transfer thread and the cancellation handler.
private final class Transfer: @unchecked Sendable {
    private let request: HTTPRequest
    private let timeout: TimeInterval
    private let token: OpaquePointer?
    private let lock = NSLock()
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var cancelled = false

    init(request: HTTPRequest, timeout: TimeInterval) {
        self.request = request
        self.timeout = timeout
        token = tui_cancel_new()
    }

    deinit { tui_cancel_free(token) }

    /// False when the task was cancelled before the transfer could start.
    func setContinuation(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        lock.withLock {
            if cancelled { return false }
            self.continuation = continuation
            return true
        }
    }

    func cancel() {
        let waiting = lock.withLock { () -> CheckedContinuation<HTTPResponse, any Error>? in
            cancelled = true
            defer { continuation = nil }
            return continuation
        }
        tui_cancel_set(token)
        waiting?.resume(throwing: CancellationError())
    }

    private func finish(_ result: Result<HTTPResponse, any Error>) {
        let waiting = lock.withLock { () -> CheckedContinuation<HTTPResponse, any Error>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }

    /// Runs on the transfer thread.
    func run() {
        finish(Result { try perform() })
    }

    private func perform() throws -> HTTPResponse {
        let lines = request.headers.map { "\($0.key): \($0.value)" }
        var status = 0
        var headerBuffer = tui_buffer(data: nil, length: 0, capacity: 0)
        var bodyBuffer = tui_buffer(data: nil, length: 0, capacity: 0)
        defer {
            tui_buffer_free(&headerBuffer)
            tui_buffer_free(&bodyBuffer)
        }
        var message = [CChar](repeating: 0, count: 512)
        let connectMillis = Int(max(0.001, timeout) * 1000)
        let idleSeconds = Int(max(1, timeout.rounded(.up)))
        let totalMillis = Int(max(0.001, timeout * 6) * 1000)
        let code: Int32 = withCStrings(lines) { headerPointers in
            // An empty body is still a body (a POST with Content-Length: 0): never a null pointer.
            let body = request.body.map { $0.isEmpty ? Data([0]) : $0 }
            let bodyLength = request.body?.count ?? 0
            return body.withUnsafeOptionalBytes { bodyPointer in
                headerPointers.withUnsafeBufferPointer { headers in
                    tui_curl_perform(request.method, request.url.absoluteString, headers.baseAddress, headers.count,
                                     bodyPointer, bodyLength, connectMillis, idleSeconds, totalMillis, token,
                                     &status, &headerBuffer, &bodyBuffer, &message, message.count)
                }
            }
        }
        switch code {
        case 0:
            let body = bodyBuffer.data.map { Data(bytes: $0, count: bodyBuffer.length) } ?? Data()
            let rawHeaders = headerBuffer.data.map { Data(bytes: $0, count: headerBuffer.length) } ?? Data()
            return HTTPResponse(statusCode: status, headers: CurlTransportInternals.parseHeaders(rawHeaders), body: body)
        case -2:
            throw CancellationError()
        default:
            throw CurlTransportError(code: Int(code), message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

}

enum CurlTransportInternals {
    /// The header lines of the last response (a `100 Continue` or proxy answer comes before it);
    /// repeated names are joined with ", ".
    static func parseHeaders(_ raw: Data) -> [String: String] {
        var headers: [String: String] = [:]
        for line in String(decoding: raw, as: UTF8.self).split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            if line.hasPrefix("HTTP/") { headers = [:]; continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return headers
    }
}

/// Calls `body` with NUL-terminated copies of `strings` that live until it returns.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}

private extension Optional where Wrapped == Data {
    func withUnsafeOptionalBytes<R>(_ body: (UnsafeRawPointer?) -> R) -> R {
        switch self {
        case .none: return body(nil)
        case .some(let data): return data.withUnsafeBytes { body($0.baseAddress) }
        }
    }
}

/// Scheme + host + port comparison.
enum Origin {
    static func same(_ a: URL?, _ b: URL?) -> Bool {
        guard let a, let b else { return false }
        return a.scheme?.lowercased() == b.scheme?.lowercased()
            && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "https": return 443
        case "http": return 80
        default: return nil
        }
    }
}
