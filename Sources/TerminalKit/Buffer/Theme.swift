/// How the app's colours look (`--theme`, or the config file). `NO_COLOR` overrides every theme.
public enum Theme: String, CaseIterable, Sendable {
    /// Made for dark backgrounds: the named colours as the terminal has them, true colours where shown.
    case `default`
    /// For light backgrounds: yellow, white and cyan (unreadable on white) become darker colours.
    case light
    /// Attributes only (bold, dim, reverse): no colour at all.
    case mono
    /// Only the 16 ANSI colours, so the user's own palette decides; no true colours (no photos).
    case terminal

    /// The colour this theme uses on a terminal that can show `depth`.
    public func depth(on depth: ColorDepth) -> ColorDepth {
        switch self {
        case .mono: .none
        case .terminal: min(depth, .basic)
        case .default, .light: depth
        }
    }

    /// A style as this theme draws it (before the backend maps it to what the terminal shows).
    public func apply(_ style: Style) -> Style {
        guard self == .light else { return style }
        var style = style
        if let (named, rgb) = Self.lightForeground(style.foreground) {
            style.foreground = named
            if style.foregroundRGB == nil { style.foregroundRGB = rgb }
        }
        return style
    }

    /// Darker stand-ins for the named colours that are hard to read on white (GitHub's light palette).
    private static func lightForeground(_ color: Color?) -> (Color, RGB)? {
        switch color {
        case .yellow: (.magenta, RGB(hex: 0x9A6700))
        case .white: (.black, RGB(hex: 0x1F2328))
        case .cyan: (.blue, RGB(hex: 0x0969DA))
        case .green: (.green, RGB(hex: 0x1A7F37))
        default: nil
        }
    }
}
