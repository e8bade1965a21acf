import TerminalKit

/// Drawing shared by the full screens: the header line, the footer of key hints, the help overlay.
enum ScreenChrome {
    /// " title  subtitle" on the left, `status` on the right of row `y`, followed by `badge` (e.g.
    /// " DEMO ", the host) in `badgeStyle`; a status that does not fit is left out (the badge stays), and
    /// so is a badge that does not fit.
    static func renderHeader(title: String, subtitle: String, status: String, badge: String = "",
                             badgeStyle: Style = .plain, into buffer: inout Buffer, y: Int = 0) {
        let width = buffer.width
        var x = buffer.write(" \(title)", x: 0, y: y, style: .bold)
        if !subtitle.isEmpty { x += buffer.write("  \(subtitle)", x: x, y: y, style: .dim) }
        let fitted = fittedStatus(status, columns: width - x - 2 - badge.displayWidth - 1)
        let right = fitted.isEmpty ? "" : fitted + " "
        let rightWidth = right.displayWidth + badge.displayWidth
        guard rightWidth > 0, rightWidth < width - x - 1 else { return }
        let rightX = width - rightWidth
        buffer.write(right, x: rightX, y: y)
        if !badge.isEmpty { buffer.write(badge, x: rightX + right.displayWidth, y: y, style: badgeStyle) }
    }

    /// `status` in at most `columns`: whole " · " parts are dropped from its end until it fits (the
    /// first parts say the most: "commits on Enter · 19/60 left · set GH_TOKEN…" becomes "commits on
    /// Enter · 19/60 left"); "" when not even the first part fits.
    static func fittedStatus(_ status: String, columns: Int) -> String {
        var fitted = status
        while fitted.displayWidth > columns {
            guard let cut = fitted.range(of: " · ", options: .backwards) else { return "" }
            fitted = String(fitted[..<cut.lowerBound])
        }
        return fitted
    }

    /// Key hints from the key table on the left (as many as fit), `position` on the right.
    static func renderFooter(_ hints: [HelpEntry], position: String, into buffer: inout Buffer, y: Int) {
        let width = buffer.width
        guard y > 0 else { return }
        renderHints(hints, into: &buffer, from: 1, to: width - position.displayWidth - 2, y: y)
        if !position.isEmpty { buffer.write(position, x: width - position.displayWidth - 1, y: y, style: .dim) }
    }

    /// "Enter open  Esc cancel": as many whole hints as fit between columns `startX` and `limit` of row `y`.
    static func renderHints(_ hints: [HelpEntry], into buffer: inout Buffer, from startX: Int, to limit: Int, y: Int) {
        var x = startX
        for hint in hints {
            let needed = hint.keys.displayWidth + 1 + hint.help.displayWidth + (x > startX ? 2 : 0)
            if x + needed > limit { break }
            if x > startX { x += 2 }
            x += buffer.write(hint.keys, x: x, y: y, style: .bold)
            x += buffer.write(" \(hint.help)", x: x, y: y, style: .dim)
        }
    }

    /// The help overlay: every binding of the key table, in a box; one column when it fits the height,
    /// two otherwise (never clipped at 80×24). Each column is as wide as its own keys and texts; when
    /// the columns do not fit side by side, the widest gives up columns first (its texts end with "…").
    /// On a short screen the blank lines inside the box go first.
    static func renderHelp(_ entries: [HelpEntry], into buffer: inout Buffer) {
        guard !entries.isEmpty else { return } // every key remapped away
        let area = buffer.bounds.insetBy(dx: 1, dy: 1)
        let columns = entries.count + 4 > area.height ? 2 : 1
        let perColumn = (entries.count + columns - 1) / columns
        let groups = stride(from: 0, to: entries.count, by: perColumn).map { Array(entries[$0..<min($0 + perColumn, entries.count)]) }
        let keysWidths = groups.map { $0.map(\.keys.displayWidth).max() ?? 0 }
        var widths = groups.indices.map { keysWidths[$0] + 2 + (groups[$0].map(\.help.displayWidth).max() ?? 0) }
        let gap = 2, available = area.width - 4 - gap * (groups.count - 1)
        while widths.reduce(0, +) > available, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
              widths[widest] > keysWidths[widest] + 3 {
            widths[widest] -= 1
        }
        let padding = perColumn + 4 <= area.height ? 1 : 0
        let width = widths.reduce(0, +) + gap * (groups.count - 1) + 4
        let rect = area.centered(width: min(area.width, width), height: perColumn + 2 + 2 * padding)
        buffer.drawBox(rect, title: tr("help.title"))
        var x = rect.x + 2
        for (column, group) in groups.enumerated() {
            for (row, entry) in group.enumerated() {
                let y = rect.y + 1 + padding + row
                guard y < rect.maxY - 1 else { break }
                buffer.write(entry.keys, x: x, y: y, maxWidth: keysWidths[column], style: .bold)
                let helpX = x + keysWidths[column] + 2
                buffer.write(entry.help.truncated(toWidth: max(0, min(x + widths[column], rect.maxX - 2) - helpX)), x: helpX, y: y)
            }
            x += widths[column] + gap
        }
    }

    /// A horizontal rule with a title: "─ Repositories (8) ─────…".
    static func renderRule(_ title: String, into buffer: inout Buffer, y: Int) {
        let width = buffer.width
        for x in 0..<width { buffer.write("─", x: x, y: y, style: .dim) }
        if !title.isEmpty { buffer.write(" \(title) ", x: 1, y: y, maxWidth: max(0, width - 2), style: .bold) }
    }
}
