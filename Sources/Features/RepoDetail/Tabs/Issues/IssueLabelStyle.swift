import Foundation
import GitHubEntities
import MarkdownRendering
import TerminalKit

/// How a label is drawn: its own colour (the API's hex, already checked by `IssueLabel`) as the
/// background, fitted to what the terminal shows (the 256-colour palette's nearest entry, a named
/// colour on 8/16-colour terminals), with black or white text, whichever contrasts more with the colour
/// the terminal actually shows. Without colours (`NO_COLOR`, the mono theme) or without a colour, a
/// label is `[name]`.
enum IssueLabelStyle {
    /// The text and style of `label`'s badge, its name sanitized and cut to `maximumWidth` cells.
    static func badge(_ label: IssueLabel, inColour: Bool, maximumWidth: Int = 24) -> Span {
        let name = Sanitizer.line(label.name).truncated(toWidth: max(1, maximumWidth - 2))
        guard inColour, let hex = label.color, let value = UInt32(hex, radix: 16) else {
            return Span("[" + name + "]", style: .dim)
        }
        return Span(" " + name + " ", style: style(for: RGB(hex: value)))
    }

    /// The badge's style for a label colour.
    static func style(for color: RGB) -> Style {
        let shown = Palette256.color(of: Palette256.nearest(color)) ?? color
        let darkText = contrast(luminance(shown), 0) >= contrast(luminance(shown), 1)
        return Style(foreground: darkText ? .black : .white, background: nearestNamed(shown),
                     foregroundRGB: darkText ? RGB(0, 0, 0) : RGB(255, 255, 255), backgroundRGB: color)
    }

    /// WCAG's relative luminance (0 black … 1 white).
    static func luminance(_ color: RGB) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    /// WCAG's contrast ratio of two luminances (1 … 21).
    static func contrast(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The nearest of the 8 named colours, for terminals without 256 colours.
    static func nearestNamed(_ color: RGB) -> Color {
        let named: [(Color, RGB)] = [(.black, RGB(0, 0, 0)), (.red, RGB(205, 0, 0)), (.green, RGB(0, 205, 0)),
                                     (.yellow, RGB(205, 205, 0)), (.blue, RGB(0, 0, 238)), (.magenta, RGB(205, 0, 205)),
                                     (.cyan, RGB(0, 205, 205)), (.white, RGB(229, 229, 229))]
        func distance(_ a: RGB, _ b: RGB) -> Int {
            let r = Int(a.red) - Int(b.red), g = Int(a.green) - Int(b.green), bl = Int(a.blue) - Int(b.blue)
            return r * r + g * g + bl * bl
        }
        return named.min { distance($0.1, color) < distance($1.1, color) }?.0 ?? .white
    }
}
