import Foundation

/// One answer of a download: bytes of the file from `start`, the file's whole size when the server
/// said it, and the server's validator for the file.
public struct DownloadChunk: Sendable, Equatable {
    /// Where `bytes` begin in the file: the offset asked for, or 0 when the server sent the file from
    /// its start instead (a 200: the file changed since the `If-Range` validator, or `Range` is
    /// ignored) — then what was downloaded before is not part of this file.
    public var start: Int
    /// The bytes that came: never more than asked for, never other than the ones announced. A server
    /// that announced more than it sent (`Content-Range` longer than the body) gives the part that came.
    public var bytes: Data
    public var total: Int?
    /// What `If-Range` names this version of the file with: its strong `ETag`, else `Last-Modified`.
    public var validator: String?

    public init(start: Int, bytes: Data, total: Int?, validator: String? = nil) {
        self.start = start
        self.bytes = bytes
        self.total = total
        self.validator = validator
    }
}

/// A download answer that cannot be part of the file asked for.
public enum DownloadRefusal: Error, Equatable, Sendable {
    /// A 206 without a readable `Content-Range`, for another offset, or with more bytes than it announced.
    case wrongPart
    /// The whole file, larger than a part, in answer to the first part: the server cannot send it in parts.
    case noRanges
}

extension GitHubClient {
    /// Bytes asked for in one request of a download (progress is told between requests).
    public static let downloadChunkBytes = 1 << 20

    /// At most `length` bytes from `offset` of a release asset (`browser_download_url`, github.com,
    /// redirected to its storage host): a `Range` request outside the API, so the token is never sent,
    /// with `If-Range: validator` when resuming, so a changed file comes whole (from 0) rather than
    /// spliced. A 416 (past the end) is an empty chunk with the server's size. Only https (http on
    /// loopback, for tests).
    public func downloadChunk(url text: String, offset: Int, length: Int, ifRange validator: String?) async throws -> DownloadChunk {
        guard let address = WebAddress(text), address.isAllowed, let url = URL(string: text) else {
            throw GitHubError.http(status: 0, message: "Not a download address GitHub would give: \(GitHubError.printable(text))")
        }
        let length = max(1, length), offset = max(0, offset)
        var headers = ["User-Agent": configuration.userAgent, "Accept": "application/octet-stream",
                       "Range": "bytes=\(offset)-\(offset + length - 1)"]
        if offset > 0, let validator = validator.flatMap(Self.usableValidator) { headers["If-Range"] = validator }
        let response: HTTPResponse
        do {
            response = try await sendOutsideTheAPI(HTTPRequest(url: url, headers: headers, maxBodyBytes: length))
        } catch GitHubError.responseTooLarge {
            // More than the range asked for is the whole file (a 200): from the start, if it resumed.
            guard offset > 0 else { throw DownloadRefusal.noRanges }
            return DownloadChunk(start: 0, bytes: Data(), total: nil)
        }
        let validator = Self.validator(of: response)
        switch response.statusCode {
        case 206:
            guard let range = response.header("content-range"), let part = Self.contentRange(range),
                  let start = part.start, start == offset, let end = part.end, end >= start, part.total.map({ end < $0 }) ?? true,
                  response.body.count <= end - start + 1, response.body.count <= length else {
                throw DownloadRefusal.wrongPart
            }
            return DownloadChunk(start: offset, bytes: response.body, total: part.total, validator: validator)
        case 200:
            // The whole file: a server that ignores Range, or a file that changed since `validator`.
            return DownloadChunk(start: 0, bytes: response.body, total: response.body.count, validator: validator)
        case 416:
            let total = response.header("content-range").flatMap(Self.contentRange)?.total
            return DownloadChunk(start: offset, bytes: Data(), total: total ?? offset, validator: validator)
        case 404:
            throw GitHubError.notFound
        default:
            throw GitHubError.http(status: response.statusCode, message: nil)
        }
    }

    /// `bytes 0-7/20` → (0, 7, 20); `bytes 0-7/*` → (0, 7, nil); `bytes */20` → (nil…, 20).
    static func contentRange(_ text: String) -> (start: Int?, end: Int?, total: Int?)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("bytes "), let slash = trimmed.firstIndex(of: "/") else { return nil }
        let span = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 6)..<slash]
        let total = Int(trimmed[trimmed.index(after: slash)...])
        if span == "*" { return (nil, nil, total) }
        guard let dash = span.firstIndex(of: "-"), let start = Int(span[..<dash]), let end = Int(span[span.index(after: dash)...]),
              start >= 0 else { return nil }
        return (start, end, total)
    }

    /// The strong `ETag`, else `Last-Modified` (a weak ETag cannot be used in `If-Range`).
    static func validator(of response: HTTPResponse) -> String? {
        if let etag = response.header("etag").flatMap(usableValidator), !etag.hasPrefix("W/") { return etag }
        return response.header("last-modified").flatMap(usableValidator)
    }

    /// A validator that can go into a header as it is: printable ASCII, at most 256 characters.
    static func usableValidator(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 256, trimmed.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return trimmed
    }
}
