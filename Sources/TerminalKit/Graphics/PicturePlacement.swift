/// A real picture laid over a rectangle of cells, recorded by `Buffer.drawPicture` beside the half
/// blocks it also draws there. The backend shows it with the terminal's graphics protocol only while
/// the cells under it are still those half blocks: anything drawn over them afterwards (an overlay, a
/// message) leaves the half blocks — and what covers them — as they are.
public struct PicturePlacement: Sendable, Hashable {
    /// The picture at the rectangle's size in pixels.
    public let image: PixelImage
    /// The cells it covers.
    public let rect: Rect
    /// The half blocks' cells when they were drawn.
    let cellsHash: Int
}

extension Buffer {
    /// Draws `blocks` with half blocks at cell (x, y) (`drawImage`), and, when there is a `fine`
    /// version and the blocks fit the buffer whole, records it for the graphics protocol over the
    /// same cells.
    public mutating func drawPicture(blocks: PixelImage, fine: PixelImage?, x: Int, y: Int, matte: RGB? = nil) {
        drawImage(blocks, x: x, y: y, matte: matte)
        let size = blocks.cellSize
        let rect = Rect(x: x, y: y, width: size.width, height: size.height)
        guard let fine, !rect.isEmpty, x >= 0, y >= 0, rect.maxX <= width, rect.maxY <= height else { return }
        pictures.append(PicturePlacement(image: fine, rect: rect, cellsHash: cellsHash(in: rect)))
    }

    /// The recorded pictures whose cells nothing has drawn over since.
    public func intactPictures() -> [PicturePlacement] {
        pictures.filter { $0.rect.maxX <= width && $0.rect.maxY <= height && cellsHash(in: $0.rect) == $0.cellsHash }
    }

    private func cellsHash(in rect: Rect) -> Int {
        var hasher = Hasher()
        for row in rect.y..<rect.maxY {
            for column in rect.x..<rect.maxX { hasher.combine(self[column, row]) }
        }
        return hasher.finalize()
    }
}
