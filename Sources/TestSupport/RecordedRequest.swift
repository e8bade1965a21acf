import Foundation

/// One request as the fake server received it.
public struct RecordedRequest: Sendable, Equatable, CustomStringConvertible {
    /// Asked outside the API's path (an Enterprise Server's `/api/v3`, `/api/graphql`): answered 404.
    public var outsideAPI = false
    public var method: String
    /// The path as sent on the wire (still percent-encoded).
    public var path: String
    /// Query items, decoded (`+` read as a space); the last of repeated names wins.
    public var query: [String: String]
    /// The query as sent, percent-encoded, without `?`.
    public var rawQuery: String
    /// Header names lowercased.
    public var headers: [String: String]
    /// The request body (GraphQL POSTs).
    public var body: Data

    public init(method: String, path: String, query: [String: String], rawQuery: String, headers: [String: String],
                body: Data = Data()) {
        self.body = body
        self.method = method
        self.path = path
        self.query = query
        self.rawQuery = rawQuery
        var lowered: [String: String] = [:]
        for (name, value) in headers { lowered[name.lowercased()] = value }
        self.headers = lowered
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// `GET /path?query`: the log line of fake-github. Never includes headers (no token).
    public var line: String { rawQuery.isEmpty ? "\(method) \(path)" : "\(method) \(path)?\(rawQuery)" }

    public var description: String { line }

    /// Parses `a=1&b=x+y` into decoded pairs.
    public static func parseQuery(_ raw: String) -> [String: String] {
        var items: [String: String] = [:]
        for pair in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            let name = decode(parts[0])
            items[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return items
    }
}

