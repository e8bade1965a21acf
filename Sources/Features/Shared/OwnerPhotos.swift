import Foundation
import GitHubAPI
import ImageDecoding
import TerminalKit

/// The one use case "an owner's photo, as pixels for the terminal": the stored bytes first (no
/// request: the first frame, offline), then the API's answer (a conditional request when stored),
/// decoded as untrusted input and scaled to the cells it will take. A broken or unknown image is nil:
/// the screen keeps what it shows without one.
struct OwnerPhotos: Sendable {
    private let service: any GitHubService

    init(service: any GitHubService) {
        self.service = service
    }

    /// Where a login's photo is when its `avatar_url` is not known: GitHub's avatar host by login
    /// (`https://HOST/LOGIN.png` on GitHub Enterprise, from a repository's page address).
    static func address(forLogin login: String, webPage: String? = nil) -> String {
        if let webPage, let address = WebAddress(webPage), !GitHubHost.ofWebPage(webPage).isDotCom {
            return "\(address.scheme)://\(GitHubHost.ofWebPage(webPage).name)/\(login).png"
        }
        return "https://avatars.githubusercontent.com/\(login)"
    }

    /// The stored photo, decoded, `width` × `height` pixels at most (no request).
    func stored(address: String, width: Int, height: Int) -> PixelImage? {
        service.storedAvatar(url: address, size: Self.requestSize(width, height)).flatMap { Self.pixels($0, width: width, height: height) }
    }

    /// The photo from the API (revalidated when stored), decoded; nil when it cannot be had or read.
    func load(address: String, width: Int, height: Int) async -> PixelImage? {
        guard let bytes = try? await service.avatar(url: address, size: Self.requestSize(width, height)),
              !Task.isCancelled else { return nil }
        return Self.pixels(bytes, width: width, height: height)
    }

    /// The stored photo as a picture: half blocks `blocks` pixels at most, and `fine` for a terminal
    /// with a graphics protocol (nil: none); no request.
    func storedPicture(address: String, blocks: PixelSize, fine: PixelSize?) -> OwnerPicture? {
        service.storedAvatar(url: address, size: Self.requestSize(blocks, fine))
            .flatMap { Self.picture($0, blocks: blocks, fine: fine) }
    }

    /// The photo from the API (revalidated when stored) as a picture; nil when it cannot be had or read.
    func loadPicture(address: String, blocks: PixelSize, fine: PixelSize?) async -> OwnerPicture? {
        guard let bytes = try? await service.avatar(url: address, size: Self.requestSize(blocks, fine)),
              !Task.isCancelled else { return nil }
        return Self.picture(bytes, blocks: blocks, fine: fine)
    }

    /// The size asked of GitHub for a picture: the fine version's, else twice the blocks' (at most 460,
    /// GitHub's largest avatar).
    static func requestSize(_ blocks: PixelSize, _ fine: PixelSize?) -> Int {
        guard let fine else { return requestSize(blocks.width, blocks.height) }
        return min(460, max(requestSize(blocks.width, blocks.height), fine.width, fine.height))
    }

    /// Untrusted bytes → the picture, decoded once and scaled twice (aspect kept); nil for anything unreadable.
    static func picture(_ bytes: Data, blocks: PixelSize, fine: PixelSize?) -> OwnerPicture? {
        guard let image = try? ImageDecoder.decode([UInt8](bytes)) else { return nil }
        func scaled(_ bound: PixelSize) -> PixelImage? {
            let size = image.fittingSize(maxWidth: bound.width, maxHeight: bound.height)
            guard let scaled = image.scaled(toWidth: size.width, height: size.height) else { return nil }
            return PixelImage(width: scaled.width, height: scaled.height, pixels: scaled.pixels)
        }
        guard let small = scaled(blocks) else { return nil }
        return OwnerPicture(blocks: small, fine: fine.flatMap { scaled(PixelSize(width: min($0.width, 1024), height: min($0.height, 1024))) })
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

/// A photo drawn two ways: half blocks (every terminal with colours) and, for a terminal with a
/// graphics protocol, a finer version at the pixels of the same cells (`Buffer.drawPicture`).
struct OwnerPicture: Sendable, Hashable {
    var blocks: PixelImage
    var fine: PixelImage?

    init(blocks: PixelImage, fine: PixelImage? = nil) {
        self.blocks = blocks
        self.fine = fine
    }

    /// Cell rows `rows` of the picture (the part of it in view): those rows of the half blocks and the
    /// same share of the fine version's pixel rows. Nil when the rows are empty or outside it.
    func cellRows(_ rows: Range<Int>) -> OwnerPicture? {
        let cellHeight = blocks.cellSize.height
        guard !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= cellHeight,
              let part = blocks.pixelRows(2 * rows.lowerBound..<min(blocks.height, 2 * rows.upperBound)) else { return nil }
        let fineRows = fine.map { (rows.lowerBound * $0.height / cellHeight)..<(rows.upperBound * $0.height / cellHeight) }
        return OwnerPicture(blocks: part, fine: fineRows.flatMap { fine?.pixelRows($0) })
    }
}

extension PixelImage {
    /// Cell row `row` of the picture: its two pixel rows (one at the bottom of an odd height).
    func cellRow(_ row: Int) -> PixelImage? {
        pixelRows(2 * row..<min(height, 2 * row + 2))
    }

    /// Pixel rows `rows` as a picture of their own; nil when empty or outside the picture.
    func pixelRows(_ rows: Range<Int>) -> PixelImage? {
        guard !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= height else { return nil }
        return PixelImage(width: width, height: rows.count, pixels: Array(pixels[(rows.lowerBound * width * 4)..<(rows.upperBound * width * 4)]))
    }
}
