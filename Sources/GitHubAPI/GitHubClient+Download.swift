import Foundation

/// One piece of a file being downloaded: its bytes and the file's whole size when the server said it.
public struct DownloadChunk: Sendable, Equatable {
    public var bytes: Data
    public var total: Int?

    public init(bytes: Data, total: Int?) {
        self.bytes = bytes
        self.total = total
    }
}

extension GitHubClient {
    /// Bytes asked for in one request of a download (progress is told between requests).
    public static let downloadChunkBytes = 1 << 20

    /// `length` bytes from `offset` of a release asset (`browser_download_url`, github.com, redirected to
    /// its storage host): a `Range` request outside the API, so the token is never sent. An empty
    /// chunk means the file ended (416 past its end). Only https (http on loopback, for tests).
    public func downloadChunk(url text: String, offset: Int, length: Int) async throws -> DownloadChunk {
        guard let address = WebAddress(text), address.isAllowed, let url = URL(string: text) else {
            throw GitHubError.http(status: 0, message: "Not a download address GitHub would give: \(GitHubError.printable(text))")
        }
        let length = max(1, length)
        let headers = ["User-Agent": configuration.userAgent, "Accept": "application/octet-stream",
                       "Range": "bytes=\(max(0, offset))-\(max(0, offset) + length - 1)"]
        let response = try await sendOutsideTheAPI(HTTPRequest(url: url, headers: headers, maxBodyBytes: length))
        switch response.statusCode {
        case 206:
            guard let range = response.header("content-range"), let (start, total) = Self.contentRange(range), start == offset else {
                throw GitHubError.http(status: 206, message: "The server sent another part of the file.")
            }
            return DownloadChunk(bytes: response.body.prefix(length), total: total)
        case 200:
            // A server that ignores Range sends the whole file: usable only from the start.
            guard offset == 0, response.body.count <= length else {
                throw GitHubError.http(status: 200, message: "The server cannot resume this download.")
            }
            return DownloadChunk(bytes: response.body, total: response.body.count)
        case 416:
            return DownloadChunk(bytes: Data(), total: offset)
        case 404:
            throw GitHubError.notFound
        default:
            throw GitHubError.http(status: response.statusCode, message: nil)
        }
    }

    /// `bytes 0-7/20` → (0, 20); `bytes 0-7/*` → (0, nil).
    static func contentRange(_ text: String) -> (start: Int, total: Int?)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("bytes "), let slash = trimmed.firstIndex(of: "/"), let dash = trimmed.firstIndex(of: "-"),
              dash < slash, let start = Int(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 6)..<dash]) else { return nil }
        return (start, Int(trimmed[trimmed.index(after: slash)...]))
    }
}
