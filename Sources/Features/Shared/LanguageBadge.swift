import GitHubEntities
import TerminalKit

/// A language as rows, cards and the overlay show it: a dot in GitHub's colour for the language
/// (linguist's table), then its name. Without colours (`NO_COLOR`, 8-colour terminals) the dot is plain.
enum LanguageBadge {
    static let dot = "●"

    /// GitHub's colour for `language`, if it has one.
    static func color(for language: String) -> RGB? {
        LanguageColours.colour(for: language).map { RGB($0.red, $0.green, $0.blue) }
    }

    /// Writes "● Name" (fitted to `width` cells when given) at x, y; returns the cells used.
    @discardableResult
    static func write(_ language: String, color: RGB?, into buffer: inout Buffer, x: Int, y: Int, width: Int? = nil,
                      style: Style = .plain) -> Int {
        guard !language.isEmpty else { return width.map { buffer.write(String(repeating: " ", count: max(0, $0)), x: x, y: y, style: style) } ?? 0 }
        var dotStyle = style
        dotStyle.foregroundRGB = color
        var used = buffer.write(dot + " ", x: x, y: y, style: color == nil ? style.adding(.dim) : dotStyle)
        let name = width.map { language.fitted(toWidth: max(0, $0 - used)) } ?? language
        used += buffer.write(name, x: x + used, y: y, style: style)
        return used
    }
}
