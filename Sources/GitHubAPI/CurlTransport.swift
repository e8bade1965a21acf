import CCurl
import Foundation
import Locking

/// The real transport: libcurl, loaded on the first request (see `Sources/CCurl`), with one multi
/// handle for the app's life driven by one network thread: connections kept alive and reused, TLS
/// sessions resumed, DNS cached, and HTTP/2 multiplexing when the server offers it (ALPN).
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

    /// The most bytes an answer may have (API JSON); a request may ask for less
    /// (`HTTPRequest.maxBodyBytes`). Past it the transfer is aborted: `GitHubError.responseTooLarge`.
    public let maxBodyBytes: Int
    /// The CAs to trust instead of the system's (`SSL_CERT_FILE`, `SSL_CERT_DIR`), as gh does.
    private let caFile: String?
    private let caPath: String?

    /// - Parameters:
    ///   - timeout: seconds before a request with no answer fails (→ `GitHubError.network`).
    ///   - maxBodyBytes: the largest answer read (32 MiB: GitHub's largest pages are a few MB).
    ///   - environment: where `SSL_CERT_FILE` and `SSL_CERT_DIR` are read.
    public init(timeout: TimeInterval = 10, maxBodyBytes: Int = 32 << 20, environment: [String: String] = [:]) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        caFile = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        caPath = environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Connections opened for this transport's requests (0 for each request that reused one).
    public var connectionsOpened: Int { tally.count }
    private let tally = ConnectionTally()

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
              let address = WebAddress(target), address.isAllowed
        else { return nil }
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

    /// One exchange on the shared network thread, resumed exactly once: by its end, or at once by
    /// cancellation (the transfer is then removed from the multi handle behind it).
    private func exchange(_ request: HTTPRequest) async throws -> HTTPResponse {
        let pending = PendingTransfer(tally: tally)
        let limit = min(maxBodyBytes, request.maxBodyBytes ?? maxBodyBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                guard pending.setContinuation(continuation) else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                start(request, limit: limit, pending: pending)
            }
        } onCancel: {
            pending.cancel()
        }
    }

    private func start(_ request: HTTPRequest, limit: Int, pending: PendingTransfer) {
        let lines = request.headers.map { "\($0.key): \($0.value)" }
        var message = [CChar](repeating: 0, count: 512)
        let connectMillis = Int(max(0.001, timeout) * 1000)
        let idleSeconds = Int(max(1, timeout.rounded(.up)))
        let totalMillis = Int(max(0.001, timeout * 6) * 1000)
        // The network thread holds the pending transfer until it has called `done`.
        let context = Unmanaged.passRetained(pending).toOpaque()
        let handle: OpaquePointer? = withCStrings(lines) { headerPointers in
            // An empty body is still a body (a POST with Content-Length: 0): never a null pointer.
            let body = request.body.map { $0.isEmpty ? Data([0]) : $0 }
            let bodyLength = request.body?.count ?? 0
            return body.withUnsafeOptionalBytes { bodyPointer in
                headerPointers.withUnsafeBufferPointer { headers in
                    tui_transfer_start(request.method, request.url.absoluteString, headers.baseAddress, headers.count,
                                       bodyPointer, bodyLength, connectMillis, idleSeconds, totalMillis, limit,
                                       caFile, caPath, curlTransferDone, context, &message, message.count)
                }
            }
        }
        guard let handle else {
            Unmanaged<PendingTransfer>.fromOpaque(context).release()
            if let reason = Self.unavailableReason() {
                pending.finish(.failure(GitHubError.libcurlMissing(reason: reason)))
                return
            }
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            pending.finish(.failure(CurlTransportError(code: -1, message: text)))
            return
        }
        pending.attach(handle)
    }
}

/// libcurl's answer for a transfer, on the network thread: resumes the waiting task (its buffers are
/// copied here; they are libcurl's only during the call).
private let curlTransferDone: tui_transfer_done = { context, code, status, headers, headersLength, body, bodyLength, message, connects in
    guard let context else { return }
    let pending = Unmanaged<PendingTransfer>.fromOpaque(context).takeRetainedValue()
    pending.newConnections(Int(connects))
    switch code {
    case 0:
        let bodyData = body.map { Data(bytes: $0, count: bodyLength) } ?? Data()
        let rawHeaders = headers.map { Data(bytes: $0, count: headersLength) } ?? Data()
        pending.finish(.success(HTTPResponse(statusCode: Int(status), headers: CurlTransportInternals.parseHeaders(rawHeaders),
                                             body: bodyData)))
    case -2:
        pending.finish(.failure(CancellationError()))
    case -3:
        pending.finish(.failure(GitHubError.responseTooLarge))
    default:
        pending.finish(.failure(CurlTransportError(code: Int(code), message: message.map { String(cString: $0) } ?? "")))
    }
}

/// A libcurl failure (connection refused, timeout, TLS…): the client reports it as a network error.
public struct CurlTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libcurl's error code, or -1 when a transfer could not be started (libcurl missing is
    /// `GitHubError.libcurlMissing` instead).
    public var code: Int
    public var message: String
    public var description: String { "HTTP transfer failed (\(code)): \(message)" }
}

/// One transfer's state, shared by the waiting task, the network thread and the cancellation handler.
private final class PendingTransfer: Sendable {
    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        /// The C transfer (`tui_transfer *`) as an address, 0 before it started.
        var handle: UInt = 0
        var cancelled = false
    }

    private let state = Mutex(State())
    /// Counts the connections this transfer opened on its transport's tally.
    let tally: ConnectionTally

    init(tally: ConnectionTally) {
        self.tally = tally
    }

    func newConnections(_ count: Int) {
        if count > 0 { tally.add(count) }
    }

    deinit {
        if let handle = OpaquePointer(bitPattern: state.withLock({ $0.handle })) { tui_transfer_release(handle) }
    }

    /// False when the task was cancelled before the transfer could start.
    func setContinuation(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        state.withLock { state in
            if state.cancelled { return false }
            state.continuation = continuation
            return true
        }
    }

    /// The transfer started: a cancellation that came meanwhile reaches it now.
    func attach(_ handle: OpaquePointer) {
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        let cancelled = state.withLock { state in
            state.handle = address
            return state.cancelled
        }
        if cancelled { tui_transfer_cancel(handle) }
    }

    func cancel() {
        let (waiting, handle) = state.withLock { state in
            state.cancelled = true
            defer { state.continuation = nil }
            return (state.continuation, state.handle)
        }
        if let handle = OpaquePointer(bitPattern: handle) { tui_transfer_cancel(handle) }
        waiting?.resume(throwing: CancellationError())
    }

    func finish(_ result: Result<HTTPResponse, any Error>) {
        let waiting = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(with: result)
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

/// Scheme + host + port comparison, by `WebAddress` (the one parser of the security boundary).
enum Origin {
    static func same(_ a: URL?, _ b: URL?) -> Bool {
        guard let a, let b, let left = WebAddress(a), let right = WebAddress(b) else { return false }
        return left == right
    }
}

/// A count shared by a transport and its transfers.
final class ConnectionTally: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func add(_ count: Int) { value.withLock { $0 += count } }
}
