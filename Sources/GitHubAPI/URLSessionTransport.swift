import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: URLSession with an ephemeral configuration and no URL cache
/// (so a 304 reaches the client), a bounded timeout, and redirects that never carry
/// the Authorization header to another origin.
public final class URLSessionTransport: HTTPTransport {
    public let timeout: TimeInterval
    private let session: URLSession

    /// - Parameter timeout: seconds before a request with no answer fails (→ `GitHubError.network`).
    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout * 6, timeout)
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        session = URLSession(configuration: configuration, delegate: RedirectGuard(), delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
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
        do {
            let (data, response) = try await session.data(for: urlRequest)
            try Task.checkCancellation()
            guard let http = response as? HTTPURLResponse else {
                throw URLError(.badServerResponse)
            }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                guard let name = key as? String else { continue }
                headers[name.lowercased()] = value as? String ?? "\(value)"
            }
            return HTTPResponse(statusCode: http.statusCode, headers: headers, body: data)
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw error
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
