/// What to write, beyond the cells, for the pictures of each frame (pure; the backend writes the bytes
/// after the frame's cells). It remembers what the terminal shows and compares it with the frame's
/// intact `PicturePlacement`s: a picture still in its place is left alone; a new or moved one is
/// written at its cell (`moveCursor`); one that went away is deleted by id (kitty) or, for sixel
/// and iTerm2 whose pixels sit in the cells, its rectangle is returned as `dirty` so the backend
/// writes those cells again. After a whole repaint (resize, resume) every picture is written again.
///
/// A sixel or iTerm2 picture is encoded once and its bytes kept (`Encoded`): written again when it
/// moves (scrolls) or after a repaint, it costs a copy, not an encoding, on the drawing thread.
public struct GraphicsLayer {
    /// The bytes to write after the frame, and the cells whose content must be written again.
    public struct Update: Equatable {
        public var bytes: [UInt8] = []
        public var dirty: [Rect] = []
    }

    private struct Shown: Equatable {
        var id: UInt32
        var rect: Rect
        var image: PixelImage
    }

    /// A picture's bytes as written, and what they were made from.
    private struct Encoded {
        var image: PixelImage
        var columns: Int
        var rows: Int
        var bytes: [UInt8]
        var cost: Int { image.pixels.count + bytes.count }
    }

    /// Enough for every picture a screen shows at once (a README's badges and images, a profile).
    static let encodedLimit = 16
    static let encodedByteLimit = 16 << 20

    public let support: GraphicsSupport
    /// PNG bytes of a picture, for iTerm2 (the codec lives outside TerminalKit).
    private let png: (PixelImage) -> [UInt8]?
    private var shown: [Shown] = []
    private var nextID: UInt32 = 1
    /// The pictures encoded lately, the most recently used last. A picture is the same when its
    /// pixels and cells are: sixel and iTerm2 bytes hold no position, and the layer's support never
    /// changes. At most `encodedLimit` pictures and `encodedByteLimit` bytes (the pixels kept to
    /// compare with, and the bytes), the least recently used dropped first; a picture over the byte
    /// bound alone is not kept. kitty's are not kept: each placement carries its own id.
    private var encoded: [Encoded] = []
    /// Pictures encoded so far (the kept bytes' misses).
    private(set) var encodings = 0

    public init(support: GraphicsSupport, png: @escaping (PixelImage) -> [UInt8]? = { _ in nil }) {
        self.support = support
        self.png = png
    }

    /// Whether a picture is on screen now (the backend then does not scroll lines: pictures would move).
    public var isShowing: Bool { !shown.isEmpty }

    /// The frame's pictures: what to write. `repaintAll`: the frame is written whole (the screen was
    /// cleared or is unknown).
    public mutating func update(_ placements: [PicturePlacement], repaintAll: Bool,
                                moveCursor: (_ row: Int, _ column: Int) -> [UInt8]) -> Update {
        guard let graphicsProtocol = support.graphicsProtocol else { return Update() }
        var update = Update()
        var kept: [Shown] = []
        for old in shown {
            if !repaintAll, placements.contains(where: { $0.rect == old.rect && $0.image == old.image }) {
                kept.append(old)
                continue
            }
            if graphicsProtocol == .kitty {
                update.bytes += wrapped(ImageEncoders.kittyDelete(id: old.id))
            } else {
                update.dirty.append(old.rect)
            }
        }
        for placement in placements where !kept.contains(where: { $0.rect == placement.rect && $0.image == placement.image }) {
            let id = nextID
            nextID = nextID == UInt32.max ? 1 : nextID + 1
            let rect = placement.rect
            let bytes: [UInt8]
            if graphicsProtocol == .kitty {
                bytes = ImageEncoders.kitty(placement.image, id: id, columns: rect.width, rows: rect.height).flatMap(wrapped)
            } else {
                guard let known = self.bytes(placement.image, columns: rect.width, rows: rect.height) else { continue }
                bytes = known
            }
            update.bytes += moveCursor(rect.y, rect.x)
            update.bytes += bytes
            kept.append(Shown(id: id, rect: rect, image: placement.image))
        }
        if !update.bytes.isEmpty { update.bytes += moveCursor(0, 0) }
        shown = kept
        return update
    }

    /// One frame for the backend: `buffer` with its intact pictures' cells blanked (the picture shows
    /// there instead), the bytes to write after the frame's cells, and `previous` (the frame the
    /// terminal shows, nil: unknown) marked unknown where a picture's pixels went away, so the diff
    /// writes those cells again. Lines may scroll only when no picture is or was involved.
    public mutating func frame(_ buffer: Buffer, previous: inout Buffer?,
                               moveCursor: (_ row: Int, _ column: Int) -> [UInt8]) -> (frame: Buffer, update: Update, mayScroll: Bool) {
        var frame = buffer
        var pictures: [PicturePlacement] = []
        if support.graphicsProtocol != nil, !buffer.pictures.isEmpty || isShowing {
            pictures = buffer.intactPictures()
            for picture in pictures { frame.fill(picture.rect) }
        }
        let update = self.update(pictures, repaintAll: previous == nil, moveCursor: moveCursor)
        for rect in update.dirty { previous?.markUnknown(rect) }
        return (frame, update, pictures.isEmpty && update.dirty.isEmpty)
    }

    /// Takes every picture away (the app stops or hands the terminal over): kitty's are deleted by
    /// id; sixel and iTerm2 pixels go with the screen. Returns the bytes to write.
    public mutating func removeAll() -> [UInt8] {
        defer { shown = [] }
        guard support.graphicsProtocol == .kitty else { return [] }
        return shown.flatMap { wrapped(ImageEncoders.kittyDelete(id: $0.id)) }
    }

    /// A sixel or iTerm2 picture's bytes, as written (wrapped for tmux when it must be): kept ones, or
    /// encoded now and kept (nil: iTerm2's PNG could not be made).
    private mutating func bytes(_ image: PixelImage, columns: Int, rows: Int) -> [UInt8]? {
        if let index = encoded.lastIndex(where: { $0.columns == columns && $0.rows == rows && $0.image == image }) {
            let entry = encoded.remove(at: index)
            encoded.append(entry)
            return entry.bytes
        }
        let sequence: [UInt8]
        switch support.graphicsProtocol {
        case .sixel: sequence = ImageEncoders.sixel(image, registers: support.colorRegisters)
        case .iterm2:
            guard let png = png(image) else { return nil }
            sequence = ImageEncoders.iterm2(png: png, columns: columns, rows: rows)
        case .kitty, nil: return nil
        }
        encodings += 1
        let entry = Encoded(image: image, columns: columns, rows: rows, bytes: wrapped(sequence))
        guard entry.cost <= Self.encodedByteLimit else { return entry.bytes }
        encoded.append(entry)
        var cost = encoded.reduce(0) { $0 + $1.cost }
        while encoded.count > Self.encodedLimit || cost > Self.encodedByteLimit {
            cost -= encoded.removeFirst().cost
        }
        return entry.bytes
    }

    private func wrapped(_ sequence: [UInt8]) -> [UInt8] {
        support.tmuxPassthrough ? ImageEncoders.tmuxPassthrough(sequence) : sequence
    }
}
