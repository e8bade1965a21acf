import TerminalKit

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
