import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: URLSession with an ephemeral configuration and no URL cache
/// (so a 304 reaches the client), a bounded timeout, and redirects that never carry
/// the Authorization header to another origin.
public final class URLSessionTransport: HTTPTransport {
    public let timeout: TimeInterval
    /// Made on the first request, not at launch: creating a session initialises libcurl and its TLS
    /// library (~7 M instructions), which the first frame does not need.
    private let lazySession = Locked<URLSession?>(nil)

    /// - Parameter timeout: seconds before a request with no answer fails (→ `GitHubError.network`).
    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    deinit {
        lazySession.withLock { $0?.invalidateAndCancel() }
    }

    /// Whether the session exists yet (tests check that nothing is set up before the first request).
    var hasSession: Bool { lazySession.withLock { $0 != nil } }

    private var session: URLSession {
        lazySession.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = max(timeout * 6, timeout)
            configuration.httpShouldSetCookies = false
            configuration.httpCookieAcceptPolicy = .never
            let made = URLSession(configuration: configuration, delegate: RedirectGuard(), delegateQueue: nil)
            session = made
            return made
        }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
                                    timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        try Task.checkCancellation()
        let (data, response) = try await exchange(urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            guard let name = key as? String else { continue }
            headers[name.lowercased()] = value as? String ?? "\(value)"
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers, body: data)
    }

    /// One data task, resumed exactly once: by its completion, or at once by cancellation.
    ///
    /// `URLSession.data(for:)` on Linux can miss a cancellation that lands before the task has
    /// started and then never return — which would hold one of the client's four request permits
    /// forever. Here cancellation answers immediately, whatever the task does afterwards.
    private func exchange(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let state = Locked<(continuation: CheckedContinuation<(Data, URLResponse), any Error>?, task: URLSessionDataTask?, cancelled: Bool)>(
            (nil, nil, false))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    let waiting = state.withLock { value -> CheckedContinuation<(Data, URLResponse), any Error>? in
                        defer { value.continuation = nil }
                        return value.continuation
                    }
                    guard let waiting else { return }
                    if let error {
                        if let urlError = error as? URLError, urlError.code == .cancelled {
                            waiting.resume(throwing: CancellationError())
                        } else {
                            waiting.resume(throwing: error)
                        }
                    } else if let data, let response {
                        waiting.resume(returning: (data, response))
                    } else {
                        waiting.resume(throwing: URLError(.badServerResponse))
                    }
                }
                let alreadyCancelled = state.withLock { value -> Bool in
                    value.task = task
                    if value.cancelled { return true }
                    value.continuation = continuation
                    return false
                }
                if alreadyCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            let (waiting, task) = state.withLock { value -> (CheckedContinuation<(Data, URLResponse), any Error>?, URLSessionDataTask?) in
                value.cancelled = true
                defer { value.continuation = nil }
                return (value.continuation, value.task)
            }
            task?.cancel()
            waiting?.resume(throwing: CancellationError())
        }
    }
}

/// Drops credentials when a redirect leaves the origin (scheme, host, port) of the original request.
private final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask,
                    willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest,
                    completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(Self.guarded(request, from: task.originalRequest?.url ?? response.url))
    }

    static func guarded(_ request: URLRequest, from original: URL?) -> URLRequest? {
        var request = request
        guard let target = request.url else { return nil }
        if !Origin.same(original, target) {
            request.setValue(nil, forHTTPHeaderField: "Authorization")
            if var fields = request.allHTTPHeaderFields {
                for key in fields.keys where key.caseInsensitiveCompare("Authorization") == .orderedSame {
                    fields.removeValue(forKey: key)
                }
                request.allHTTPHeaderFields = fields
            }
        }
        // Never follow a redirect from https down to plain http on a non-loopback host.
        if target.scheme?.lowercased() == "http", !APIConfiguration.isLoopback(host: target.host ?? "") {
            return nil
        }
        return request
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
