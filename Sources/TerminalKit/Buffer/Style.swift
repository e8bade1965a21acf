/// A terminal colour. `nil` in a `Style` means the terminal's default.
public enum Color: Int, Sendable, Hashable, CaseIterable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
}

/// A true colour (24-bit). A backend draws it as is on a direct-colour terminal, as the nearest of
/// the 256-colour palette on a 256-colour one, and falls back to the style's named colour (or the
/// default) with fewer colours.
public struct RGB: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(UInt8(truncatingIfNeeded: hex >> 16), UInt8(truncatingIfNeeded: hex >> 8), UInt8(truncatingIfNeeded: hex))
    }

    /// `0xRRGGBB`.
    @inlinable
    public var hex: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
}

/// How many colours a terminal shows, as its terminfo entry says (and `NO_COLOR` allows).
public enum ColorDepth: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// No colour at all (`NO_COLOR`, or a monochrome terminal): attributes only.
    case none
    /// The 8 or 16 named colours: true colours fall back to the style's named colour.
    case basic
    /// The xterm 256-colour palette: true colours are drawn as their nearest palette entry.
    case palette256
    /// 24-bit colour (terminfo's `RGB` capability, e.g. `TERM=xterm-direct`).
    case direct

    /// Whether true colours are drawn as (an approximation of) themselves, as pictures need.
    public var showsTrueColor: Bool { self >= .palette256 }

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Text attributes that survive `NO_COLOR` (reverse video, bold…).
public struct Attributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let italic = Attributes(rawValue: 1 << 4)
}

/// How a cell is drawn: colours and attributes.
///
/// Plain bytes (11, no padding): the named colours, the attributes, and optional true colours that
/// take precedence over the named ones where the terminal can show them (the named ones are then
/// the fallback for 8/16-colour terminals).
public struct Style: Sendable, Hashable {
    public var foreground: Color?
    public var background: Color?
    public var attributes: Attributes
    /// A true foreground colour, drawn instead of `foreground` when the terminal has 256 colours or more.
    public var foregroundRGB: RGB?
    /// A true background colour, drawn instead of `background` when the terminal has 256 colours or more.
    public var backgroundRGB: RGB?

    public init(foreground: Color? = nil, background: Color? = nil, attributes: Attributes = [],
                foregroundRGB: RGB? = nil, backgroundRGB: RGB? = nil) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.foregroundRGB = foregroundRGB
        self.backgroundRGB = backgroundRGB
    }

    /// Field by field, inlined: the backend compares the style of every changed cell with the last one
    /// (the synthesized `==` is a call across modules). `hash(into:)` stays synthesized over the same fields.
    @inlinable
    public static func == (lhs: Style, rhs: Style) -> Bool {
        lhs.attributes.rawValue == rhs.attributes.rawValue
            && lhs.foreground?.rawValue == rhs.foreground?.rawValue
            && lhs.background?.rawValue == rhs.background?.rawValue
            && lhs.foregroundRGB?.hex == rhs.foregroundRGB?.hex
            && lhs.backgroundRGB?.hex == rhs.backgroundRGB?.hex
    }

    public static let plain = Style()
    public static let bold = Style(attributes: .bold)
    public static let dim = Style(attributes: .dim)
    public static let reverse = Style(attributes: .reverse)

    /// Whether the style sets any colour (named or true).
    @inlinable
    public var hasColor: Bool {
        foreground != nil || background != nil || foregroundRGB != nil || backgroundRGB != nil
    }

    /// This style with extra attributes.
    public func adding(_ extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    /// This style with a foreground colour.
    public func foreground(_ color: Color?) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// This style with a true foreground colour (`fallback` is the named colour for 8/16-colour terminals).
    public func foreground(_ rgb: RGB?, fallback: Color? = nil) -> Style {
        var copy = self
        copy.foregroundRGB = rgb
        if let fallback { copy.foreground = fallback }
        return copy
    }
}
