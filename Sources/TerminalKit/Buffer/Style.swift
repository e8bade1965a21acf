/// A terminal colour. `nil` in a `Style` means the terminal's default.
public enum Color: Int, Sendable, Hashable, CaseIterable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
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
public struct Style: Sendable, Hashable {
    public var foreground: Color?
    public var background: Color?
    public var attributes: Attributes

    public init(foreground: Color? = nil, background: Color? = nil, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()
    public static let bold = Style(attributes: .bold)
    public static let dim = Style(attributes: .dim)
    public static let reverse = Style(attributes: .reverse)

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
}
