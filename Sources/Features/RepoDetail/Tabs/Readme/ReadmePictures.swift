import Foundation
import ImageDecoding
import MarkdownRendering
import TerminalKit

/// README pictures, for a terminal with a graphics protocol only (elsewhere the README reads as it
/// always did: `[image: alt][n]`). A picture alone on its line (a screenshot, a diagram; not the badges
/// of a row) is fetched from its own host without the token, bounded in bytes and pixels, decoded
/// (PNG, JPEG) and shown under its alt text at the cells' pixels. Pure parts are static.
enum ReadmePictures {
    /// At most this many pictures a README are fetched.
    static let maximumPictures = 8
    /// A picture takes at most this many rows, and columns.
    static let maximumRows = 20
    static let maximumColumns = 100
    /// Larger than 8 megapixels (32 MiB of RGBA while decoding) is refused; the bytes are bounded by
    /// `GitHubClient.maximumImageBytes`.
    static let limits = ImageLimits(maxInputBytes: 4 << 20, maxSide: 8192, maxPixelCount: 8 << 20)

    /// A picture found in the rendered README: the line of its alt text and where it is fetched.
    struct Found: Equatable {
        var line: Int
        var url: String
    }

    /// The lines that are one image and nothing else (`[image: alt][n]`), with the image's address
    /// (a relative one, resolved to the blob page, fetched from the raw one).
    static func find(in document: RenderedMarkdown, base: ReadmeBase) -> [Found] {
        var found: [Found] = []
        for (index, line) in document.lines.enumerated() where found.count < maximumPictures {
            // `[image: alt]` (no link) and its `[n]`, nothing else: one image, one number.
            let linked = line.spans.compactMap(\.link)
            let text = line.text.trimmingCharacters(in: .whitespaces)
            guard let number = linked.first, linked.allSatisfy({ $0 == number }), text.hasPrefix("[image"),
                  text.hasSuffix("[\(number)]"), text.ranges(of: "[image").count == 1,
                  let link = document.links.first(where: { $0.number == number }) else { continue }
            let url = rawAddress(link.url, base: base)
            guard !isVector(url) else { continue }
            if !found.contains(where: { $0.url == url }) { found.append(Found(line: index, url: url)) }
        }
        return found
    }

    /// SVG (a logo, shields.io's badges) cannot be decoded: not fetched.
    static func isVector(_ url: String) -> Bool {
        let path = (url.split(whereSeparator: { $0 == "?" || $0 == "#" }).first ?? "").lowercased()
        return path.hasSuffix(".svg") || URL(string: url)?.host?.lowercased() == "img.shields.io"
    }

    /// A picture inside the repository (`…/blob/BRANCH/path`) is fetched from `…/raw/BRANCH/path`.
    static func rawAddress(_ url: String, base: ReadmeBase) -> String {
        let blob = base.blobPrefix
        guard url.hasPrefix(blob) else { return url }
        let page = base.webPage.hasSuffix("/") ? String(base.webPage.dropLast()) : base.webPage
        return page + "/raw/\(base.branch)/" + url.dropFirst(blob.count)
    }

    /// The cells a picture of `width` × `height` pixels takes: its own size in cells at most, within
    /// `maxColumns` × `maximumRows`, the aspect kept (cells are taller than wide).
    static func cells(width: Int, height: Int, cell: PixelSize, maxColumns: Int, maxRows: Int = maximumRows) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, cell.width > 0, cell.height > 0 else { return (1, 1) }
        let limit = max(1, min(maxColumns, maximumColumns))
        var columns = min(limit, max(1, (width + cell.width - 1) / cell.width))
        var rows = max(1, (columns * cell.width * height + width * cell.height / 2) / (width * cell.height))
        let rowLimit = max(1, min(maxRows, maximumRows))
        if rows > rowLimit {
            rows = rowLimit
            columns = max(1, min(limit, (rows * cell.height * width + height * cell.width / 2) / (height * cell.width)))
        }
        return (columns, rows)
    }

    /// Untrusted bytes → the picture for at most `maxColumns` × `maxRows` cells: half blocks and the
    /// fine version at the cells' pixels; nil for anything unreadable or too large.
    static func picture(_ bytes: Data, cell: PixelSize, maxColumns: Int, maxRows: Int = maximumRows) -> OwnerPicture? {
        guard let image = try? ImageDecoder.decode([UInt8](bytes), limits: limits) else { return nil }
        let size = cells(width: image.width, height: image.height, cell: cell, maxColumns: maxColumns, maxRows: maxRows)
        guard let blocks = image.scaled(toWidth: size.columns, height: 2 * size.rows),
              let fine = image.scaled(toWidth: size.columns * cell.width, height: size.rows * cell.height),
              let blocksImage = PixelImage(width: blocks.width, height: blocks.height, pixels: blocks.pixels),
              let fineImage = PixelImage(width: fine.width, height: fine.height, pixels: fine.pixels) else { return nil }
        return OwnerPicture(blocks: blocksImage, fine: fineImage)
    }

    /// `lines` with each found picture's rows after its alt text.
    static func insert(_ pictures: [String: OwnerPicture], at found: [Found], into lines: [DetailLine]) -> [DetailLine] {
        guard !pictures.isEmpty else { return lines }
        var result: [DetailLine] = []
        result.reserveCapacity(lines.count)
        var next = found.makeIterator(), current = next.next()
        for (index, line) in lines.enumerated() {
            result.append(line)
            while let picture = current, picture.line == index {
                if let loaded = pictures[picture.url] {
                    for row in 0..<loaded.blocks.cellSize.height { result.append(.photo(loaded, row: row, caption: "")) }
                }
                current = next.next()
            }
        }
        return result
    }
}
