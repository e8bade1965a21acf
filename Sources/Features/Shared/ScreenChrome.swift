import TerminalKit

/// Drawing shared by the full screens: the header line, the footer of key hints, the help overlay.
enum ScreenChrome {
    /// " title  subtitle" on the left, `status` on the right of row `y`, followed by `badge` (e.g.
    /// " DEMO ") in `badgeStyle`; the right side is left out when it does not fit.
    static func renderHeader(title: String, subtitle: String, status: String, badge: String = "",
                             badgeStyle: Style = .plain, into buffer: inout Buffer, y: Int = 0) {
        let width = buffer.width
        var x = buffer.write(" \(title)", x: 0, y: y, style: .bold)
        if !subtitle.isEmpty { x += buffer.write("  \(subtitle)", x: x, y: y, style: .dim) }
        let fitted = fittedStatus(status, columns: width - x - 2 - badge.displayWidth - 1)
        if fitted.isEmpty, !status.isEmpty { return } // the right side whole or not at all
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
    /// two otherwise (never clipped at 80×24).
    static func renderHelp(_ entries: [HelpEntry], into buffer: inout Buffer) {
        let keysWidth = entries.map(\.keys.displayWidth).max() ?? 0
        let helpWidth = entries.map(\.help.displayWidth).max() ?? 0
        let area = buffer.bounds.insetBy(dx: 1, dy: 1)
        let columns = entries.count + 4 > area.height ? 2 : 1
        let perColumn = (entries.count + columns - 1) / columns
        let columnWidth = min(keysWidth + helpWidth + 3, max(10, (area.width - 4) / columns))
        let rect = area.centered(width: columns * columnWidth + 4, height: perColumn + 4)
        buffer.drawBox(rect, title: tr("help.title"))
        for (i, entry) in entries.enumerated() {
            let column = i / perColumn, row = i % perColumn
            let x = rect.x + 2 + column * columnWidth, y = rect.y + 2 + row
            guard y < rect.maxY - 1 else { continue }
            buffer.write(entry.keys, x: x, y: y, maxWidth: keysWidth, style: .bold)
            buffer.write(entry.help.truncated(toWidth: max(0, columnWidth - keysWidth - 3)), x: x + keysWidth + 2, y: y)
        }
    }

    /// A horizontal rule with a title: "─ Repositories (8) ─────…".
    static func renderRule(_ title: String, into buffer: inout Buffer, y: Int) {
        let width = buffer.width
        for x in 0..<width { buffer.write("─", x: x, y: y, style: .dim) }
        if !title.isEmpty { buffer.write(" \(title) ", x: 1, y: y, maxWidth: max(0, width - 2), style: .bold) }
    }
}
