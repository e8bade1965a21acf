import TerminalKit

/// How the list screens draw a repository row's main line: the name in its own column, the
/// description in what is left, and a right part (language, stars) flush right. One place for
/// every screen's rows.
enum RepositoryRowDrawing {
    /// The name column: as wide as the longest name, at most `cap`.
    static func nameWidth(of rows: [RepositoryRowState], cap: Int) -> Int {
        min(rows.map(\.name.displayWidth).max() ?? 0, cap)
    }

    /// "Swift        ★ 1.2k " (the star from `Glyphs`): the language fitted to `languageWidth` (none when 0), then the stars
    /// fitted to `starsWidth`.
    static func languageAndStars(_ row: RepositoryRowState, languageWidth: Int, starsWidth: Int = 5) -> String {
        (languageWidth > 0 ? row.language.fitted(toWidth: languageWidth) + " " : "") + Glyphs.current.star + " " + row.stars.fitted(toWidth: starsWidth)
    }

    /// Draws `row`'s name from column `x` of line `y` (bold, fitted to `nameWidth`), its description
    /// after it (dim unless selected, truncated to end `gap` columns before `right`, left out when
    /// fewer than four columns are left), and `right` ending one column from the edge (drawn only
    /// when it starts after `rightMinX`, by default two columns before the description).
    static func drawLine(_ row: RepositoryRowState, right: String, into buffer: inout Buffer, x: Int, y: Int,
                         width: Int, nameWidth: Int, gap: Int = 1, rightMinX: Int? = nil, base: Style, selected: Bool) {
        let rightX = width - right.displayWidth - 1
        let descriptionX = drawNameAndDescription(name: row.name, description: row.description, into: &buffer, x: x, y: y,
                                                  nameWidth: nameWidth, endX: rightX - gap, base: base, selected: selected)
        if rightX > rightMinX ?? (descriptionX - 2) { buffer.write(right, x: rightX, y: y, style: base) }
    }

    /// The name (bold, fitted to `nameWidth`) from column `x`, and the description two columns after
    /// it, truncated to end before `endX` (dim unless selected; left out when fewer than four columns
    /// are left). Every screen's rows start this way; each draws its own right part. Returns where
    /// the description starts.
    @discardableResult
    static func drawNameAndDescription(name: String, description: String, into buffer: inout Buffer, x: Int, y: Int,
                                       nameWidth: Int, endX: Int, base: Style, selected: Bool) -> Int {
        buffer.write(name.fitted(toWidth: nameWidth), x: x, y: y, style: base.adding(.bold))
        let descriptionX = x + nameWidth + 2
        let descriptionWidth = endX - descriptionX
        if descriptionWidth > 3 {
            buffer.write(description.truncated(toWidth: descriptionWidth), x: descriptionX, y: y, style: selected ? base : .dim)
        }
        return descriptionX
    }
}
