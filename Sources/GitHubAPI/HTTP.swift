import Foundation

/// One HTTP request as the client hands it to a transport.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    /// The request body (GraphQL's POST); nil for GETs.
    public var body: Data?
    /// The most bytes the answer may have, when less than the transport's own limit (photos: 1 MiB).
    public var maxBodyBytes: Int?

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
                maxBodyBytes: Int? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.maxBodyBytes = maxBodyBytes
    }
}

/// One HTTP response. Header names are stored lowercased; `header(_:)` looks them up case-insensitively.
public struct HTTPResponse: Sendable, Equatable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data

    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// Sends requests. `CurlTransport` in the app; anything in tests.
///
/// A transport throws `CancellationError` when its task is cancelled and any other error
/// for a failed exchange (the client maps those to `GitHubError.network`).
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
