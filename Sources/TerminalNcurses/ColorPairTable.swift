import TerminalKit

/// Our own table of ncurses colour pairs: which pair number shows which foreground/background.
///
/// Redefining a pair recolours every cell on screen drawn with it, so a pair is never reassigned
/// while cells may show it. When the table is full, the backend empties it and repaints the whole
/// screen in the same update (`draw` does this), so no visible cell keeps a redefined pair.
/// Pure: the backend calls `init_extended_pair` for the pairs this hands out as `.new`.
public struct ColorPairTable: Sendable {
    /// What a lookup found.
    public enum Lookup: Equatable, Sendable {
        /// The pair already shows these colours.
        case existing(Int32)
        /// A pair number never handed out since the last `removeAll`: define it before use.
        case new(Int32)
        /// Every pair is in use.
        case full
    }

    /// Pairs available (pair 0 is the terminal's default colours and never handed out).
    public let capacity: Int
    private var pairs: [UInt64: Int32] = [:]

    /// - Parameter colorPairs: ncurses' `COLOR_PAIRS` (pair numbers are 1..<colorPairs).
    public init(colorPairs: Int) {
        capacity = max(0, colorPairs - 1)
    }

    /// Pairs handed out since the last `removeAll`.
    public var count: Int { pairs.count }

    /// The pair for colour numbers (`-1` is the default colour), allocating the next free one.
    public mutating func pair(foreground: Int32, background: Int32) -> Lookup {
        let key = UInt64(UInt32(bitPattern: foreground)) << 32 | UInt64(UInt32(bitPattern: background))
        if let pair = pairs[key] { return .existing(pair) }
        guard pairs.count < capacity else { return .full }
        let pair = Int32(pairs.count + 1)
        pairs[key] = pair
        return .new(pair)
    }

    /// Forgets every pair (call only when the whole screen is about to be repainted).
    public mutating func removeAll() {
        pairs.removeAll(keepingCapacity: true)
    }
}

/// Maps a style's colours to the colour numbers a terminal of some depth understands. Pure.
public struct ColorMapper: Sendable {
    public let depth: ColorDepth

    public init(depth: ColorDepth) { self.depth = depth }

    /// The colour number for a named colour and a true colour (`-1`: the terminal's default).
    /// True colours win from 256 colours up; with fewer the named colour is the fallback.
    public func number(named: Color?, rgb: RGB?) -> Int32 {
        switch depth {
        case .none:
            return -1
        case .basic:
            return named.map { Int32($0.rawValue) } ?? -1
        case .palette256:
            if let rgb { return Int32(Palette256.nearest(rgb)) }
            return named.map { Int32($0.rawValue) } ?? -1
        case .direct:
            // Direct-colour terminfo entries keep 0...7 for the named colours: the darkest blues move up one step.
            if let rgb { return Int32(max(8, rgb.hex)) }
            return named.map { Int32($0.rawValue) } ?? -1
        }
    }

    /// The depth of a terminal with `colors` colours (`COLORS`) and, or not, terminfo's `RGB`.
    public static func depth(colors: Int, hasRGB: Bool, colorAllowed: Bool) -> ColorDepth {
        guard colorAllowed, colors >= 8 else { return .none }
        if hasRGB, colors >= 1 << 24 { return .direct }
        if colors >= 256 { return .palette256 }
        return .basic
    }
}
