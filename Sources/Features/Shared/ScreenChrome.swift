import TerminalKit

/// Drawing shared by the full screens: the header line, the footer of key hints, the help overlay.
enum ScreenChrome {
    /// " title  subtitle" on the left, `status` on the right of row `y`.
    static func renderHeader(title: String, subtitle: String, status: String, into buffer: inout Buffer, y: Int = 0) {
        let width = buffer.width
        var x = buffer.write(" \(title)", x: 0, y: y, style: .bold)
        if !subtitle.isEmpty { x += buffer.write("  \(subtitle)", x: x, y: y, style: .dim) }
        let right = status.isEmpty ? "" : status + " "
        let rightWidth = right.displayWidth
        if rightWidth > 0, rightWidth < width - x - 1 {
            buffer.write(right, x: width - rightWidth, y: y)
        }
    }

    /// Key hints from the key table on the left (as many as fit), `position` on the right.
    static func renderFooter(_ hints: [HelpEntry], position: String, into buffer: inout Buffer, y: Int) {
        let width = buffer.width
        guard y > 0 else { return }
        let available = width - position.displayWidth - 2
        var x = 1
        for hint in hints {
            let needed = hint.keys.displayWidth + 1 + hint.help.displayWidth + (x > 1 ? 2 : 0)
            if x + needed > available { break }
            if x > 1 { x += 2 }
            x += buffer.write(hint.keys, x: x, y: y, style: .bold)
            x += buffer.write(" \(hint.help)", x: x, y: y, style: .dim)
        }
        if !position.isEmpty { buffer.write(position, x: width - position.displayWidth - 1, y: y, style: .dim) }
    }

    /// The help overlay: every binding of the key table, in a box.
    static func renderHelp(_ entries: [HelpEntry], into buffer: inout Buffer) {
        let keysWidth = entries.map(\.keys.displayWidth).max() ?? 0
        let helpWidth = entries.map(\.help.displayWidth).max() ?? 0
        let area = buffer.bounds.insetBy(dx: 1, dy: 1)
        let rect = area.centered(width: keysWidth + helpWidth + 7, height: entries.count + 4)
        buffer.drawBox(rect, title: "Keys")
        for (i, entry) in entries.enumerated() where rect.y + 2 + i < rect.maxY - 1 {
            buffer.write(entry.keys, x: rect.x + 2, y: rect.y + 2 + i, maxWidth: keysWidth, style: .bold)
            buffer.write(entry.help, x: rect.x + 4 + keysWidth, y: rect.y + 2 + i, maxWidth: max(0, rect.width - keysWidth - 6))
        }
    }

    /// A horizontal rule with a title: "─ Repositories (8) ─────…".
    static func renderRule(_ title: String, into buffer: inout Buffer, y: Int) {
        let width = buffer.width
        for x in 0..<width { buffer.write("─", x: x, y: y, style: .dim) }
        if !title.isEmpty { buffer.write(" \(title) ", x: 1, y: y, maxWidth: max(0, width - 2), style: .bold) }
    }
}
