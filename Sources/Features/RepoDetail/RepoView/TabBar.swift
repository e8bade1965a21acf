import TerminalKit

/// What the tab bar shows: each tab's name (and count, where known), which one is current, and the
/// keys that switch (from the key table, so a remapping shows).
struct TabBarState: Sendable, Equatable {
    struct Item: Sendable, Equatable {
        var title: String
        /// "9" open issues; nil where unknown.
        var count: String?
    }

    var items: [Item] = []
    var current = 0
    /// "←→", or the remapped keys; empty when no key switches.
    var hint = ""
}

/// Pure: where each tab goes in a row of `width` columns, the same for drawing and for clicks.
/// Every tab with its count when all fit; else without counts; else a window of tabs around the
/// current one, with ‹ › where tabs are left out. The keys' hint goes at the right end when there is
/// room after the tabs.
enum TabBar {
    struct Placed: Equatable {
        /// The tab's index, nil for a ‹ › marker.
        var index: Int?
        var x: Int
        var text: String
        var width: Int { text.displayWidth }
    }

    /// Columns between tabs.
    static let gap = 1

    static func layout(_ state: TabBarState, width: Int) -> (tabs: [Placed], hintX: Int?) {
        guard !state.items.isEmpty, width > 0 else { return ([], nil) }
        let full = state.items.map { item in " \(item.title)\(item.count.map { " \($0)" } ?? "") " }
        let bare = state.items.map { " \($0.title) " }
        for texts in [full, bare] where total(texts) <= width {
            let placed = place(texts.enumerated().map { ($0.offset, $0.element) })
            let end = placed.last.map { $0.x + $0.width } ?? 0
            let hintX = state.hint.isEmpty || end + 2 + state.hint.displayWidth > width ? nil : width - state.hint.displayWidth
            return (placed, hintX)
        }
        return (window(bare, current: min(state.current, bare.count - 1), width: width), nil)
    }

    private static func total(_ texts: [String]) -> Int {
        texts.map(\.displayWidth).reduce(0, +) + gap * max(0, texts.count - 1)
    }

    private static func place(_ texts: [(Int?, String)]) -> [Placed] {
        var x = 0
        return texts.map { index, text in
            defer { x += text.displayWidth + gap }
            return Placed(index: index, x: x, text: text)
        }
    }

    /// The current tab and as many neighbours as fit, alternating right and left, with markers.
    private static func window(_ texts: [String], current: Int, width: Int) -> [Placed] {
        var low = current, high = current
        func fits(_ low: Int, _ high: Int) -> Bool {
            let markers = (low > 0 ? 1 + gap : 0) + (high < texts.count - 1 ? 1 + gap : 0)
            return total(Array(texts[low...high])) + markers <= width
        }
        var grew = true
        while grew {
            grew = false
            if high + 1 < texts.count, fits(low, high + 1) { high += 1; grew = true }
            if low > 0, fits(low - 1, high) { low -= 1; grew = true }
        }
        var items: [(Int?, String)] = []
        if low > 0 { items.append((nil, "‹")) }
        for i in low...high { items.append((i, texts[i].truncated(toWidth: max(1, width - (low > 0 ? 2 : 0) - (high < texts.count - 1 ? 2 : 0))))) }
        if high < texts.count - 1 { items.append((nil, "›")) }
        return place(items)
    }

    /// Draws the bar on row `y` from `x`: the current tab reversed and bold, the others plain, the hint dim.
    static func draw(_ state: TabBarState, into buffer: inout Buffer, x: Int, y: Int, width: Int) -> [Placed] {
        let (tabs, hintX) = layout(state, width: width)
        for tab in tabs {
            let isCurrent = tab.index == state.current
            let style: Style = tab.index == nil ? .dim : isCurrent ? Style(attributes: [.reverse, .bold]) : .plain
            buffer.write(tab.text, x: x + tab.x, y: y, maxWidth: max(0, width - tab.x), style: style)
        }
        if let hintX { buffer.write(state.hint, x: x + hintX, y: y, style: .dim) }
        return tabs
    }
}
