/// A terminal's way of showing real pictures (beside the half-block cells every terminal can show).
public enum GraphicsProtocol: String, Sendable, CaseIterable {
    /// The kitty graphics protocol: raw RGBA, image ids, placements deleted by id.
    case kitty
    /// DEC sixel (xterm `-ti vt340`, foot, mlterm, WezTerm, Windows Terminal): paletted pixels.
    case sixel
    /// iTerm2's inline images (`OSC 1337 ; File=`): a PNG.
    case iterm2
}

/// The config's `images` setting.
public enum ImagesSetting: String, Sendable, CaseIterable {
    /// Probe the terminal (environment hints only as a fallback).
    case auto
    case kitty, sixel, iterm2
    /// Half blocks only, as in every terminal (no probe).
    case blocks
    /// No photos at all.
    case none
}

/// A size in pixels.
public struct PixelSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// What the terminal can show: the protocol real pictures are written with (nil: half blocks only),
/// the size of one cell in pixels, whether each escape must be wrapped for tmux's passthrough, and
/// for sixel the colour registers the terminal said it has (nil: it did not say).
public struct GraphicsSupport: Sendable, Hashable {
    public var graphicsProtocol: GraphicsProtocol?
    public var cellPixels: PixelSize
    public var tmuxPassthrough: Bool
    public var colorRegisters: Int?

    /// A usual cell when the terminal does not say (kitty and iTerm2 scale to the cells anyway).
    public static let defaultCellPixels = PixelSize(width: 8, height: 16)
    /// Half blocks only.
    public static let blocks = GraphicsSupport(graphicsProtocol: nil)

    public init(graphicsProtocol: GraphicsProtocol?, cellPixels: PixelSize = Self.defaultCellPixels,
                tmuxPassthrough: Bool = false, colorRegisters: Int? = nil) {
        self.graphicsProtocol = graphicsProtocol
        self.cellPixels = cellPixels
        self.tmuxPassthrough = tmuxPassthrough
        self.colorRegisters = colorRegisters
    }

    /// The pixels a picture of `columns` × `rows` cells takes; nil without a protocol.
    public func pixelSize(columns: Int, rows: Int) -> PixelSize? {
        guard graphicsProtocol != nil else { return nil }
        return PixelSize(width: columns * cellPixels.width, height: rows * cellPixels.height)
    }
}
