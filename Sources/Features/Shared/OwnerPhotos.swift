import Foundation
import GitHubAPI
import ImageDecoding
import TerminalKit

/// The one use case "an owner's photo, as pixels for the terminal": the stored bytes first (no
/// request: the first frame, offline), then the API's answer (a conditional request when stored),
/// decoded as untrusted input and scaled to the cells it will take. A broken or unknown image is nil:
/// the screen keeps what it shows without one.
public struct OwnerPhotos: Sendable {
    private let service: any GitHubService

    public init(service: any GitHubService) {
        self.service = service
    }

    /// Where a login's photo is when its `avatar_url` is not known: GitHub's avatar host by login
    /// (`https://HOST/LOGIN.png` on GitHub Enterprise, from a repository's page address).
    public static func address(forLogin login: String, webPage: String? = nil) -> String {
        if let webPage, let url = URL(string: webPage), let host = url.host, host != "github.com",
           let scheme = url.scheme, scheme == "https" || scheme == "http" {
            var port = ""
            if let number = url.port { port = ":\(number)" }
            return "\(scheme)://\(host)\(port)/\(login).png"
        }
        return "https://avatars.githubusercontent.com/\(login)"
    }

    /// The stored photo, decoded, `width` × `height` pixels at most (no request).
    public func stored(address: String, width: Int, height: Int) -> PixelImage? {
        service.storedAvatar(url: address, size: Self.requestSize(width, height)).flatMap { Self.pixels($0, width: width, height: height) }
    }

    /// The photo from the API (revalidated when stored), decoded; nil when it cannot be had or read.
    public func load(address: String, width: Int, height: Int) async -> PixelImage? {
        guard let bytes = try? await service.avatar(url: address, size: Self.requestSize(width, height)),
              !Task.isCancelled else { return nil }
        return Self.pixels(bytes, width: width, height: height)
    }

    /// The size asked of GitHub: twice what is drawn, so the box filter has something to average.
    static func requestSize(_ width: Int, _ height: Int) -> Int { max(16, 2 * max(width, height)) }

    /// Untrusted bytes → at most `width` × `height` pixels, aspect kept; nil for anything unreadable.
    static func pixels(_ bytes: Data, width: Int, height: Int) -> PixelImage? {
        guard let image = try? ImageDecoder.decode([UInt8](bytes)) else { return nil }
        let size = image.fittingSize(maxWidth: width, maxHeight: height)
        guard let scaled = image.scaled(toWidth: size.width, height: size.height) else { return nil }
        return PixelImage(width: scaled.width, height: scaled.height, pixels: scaled.pixels)
    }
}

extension PixelImage {
    /// Cell row `row` of the picture: its two pixel rows (one at the bottom of an odd height).
    func cellRow(_ row: Int) -> PixelImage? {
        let first = 2 * row
        guard row >= 0, first < height else { return nil }
        let rows = min(2, height - first)
        let start = first * width * 4
        return PixelImage(width: width, height: rows, pixels: Array(pixels[start..<start + rows * width * 4]))
    }
}
