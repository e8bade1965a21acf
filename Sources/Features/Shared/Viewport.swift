/// Which item of a list is selected and which part of the list is on screen: the selection, the
/// first visible item (`top`) and the number of lines the list area has (`height`).
///
/// Every list screen keeps one. Rows take one line each unless the caller says otherwise with a
/// `linesTaken` closure (an expanded repository row takes its commit lines too).
struct Viewport: Sendable, Equatable {
    /// Index of the selected item (0 when the list is empty). Set directly, it is not clamped until
    /// the next `ensureVisible`.
    var selection: Int
    /// Index of the first visible item (e.g. 0 to show the top of the list). Set directly, it is not
    /// clamped until the next `ensureVisible`.
    var top: Int
    /// Lines of the list area (at least 1).
    private(set) var height: Int

    init(selection: Int = 0, top: Int = 0, height: Int = 10) {
        self.selection = max(0, selection)
        self.top = max(0, top)
        self.height = max(1, height)
    }

    /// Selects `index` (clamped to the `count` items) and scrolls the least to show it.
    mutating func select(_ index: Int, count: Int) {
        guard count > 0 else { return }
        selection = min(max(0, index), count - 1)
        ensureVisible(count: count)
    }

    /// Selects `index` among rows of several lines and scrolls the least to show it whole.
    mutating func select(_ index: Int, count: Int, linesTaken: (Int) -> Int) {
        guard count > 0 else { return }
        selection = min(max(0, index), count - 1)
        ensureVisible(count: count, linesTaken: linesTaken)
    }

    /// The selected item moved to `index` (the list was sorted or filtered again): it stays selected.
    /// Call `ensureVisible` after.
    mutating func reselect(_ index: Int) {
        selection = max(0, index)
    }

    /// Back to the first item, scrolled to the top.
    mutating func reset() {
        selection = 0
        top = 0
    }

    /// Scrolled to the top (something above the list, like the carousel, has the focus).
    mutating func scrollToTop() {
        top = 0
    }

    /// The list area is now `lines` high (at least 1). Call `ensureVisible` after.
    mutating func resize(to lines: Int) {
        height = max(1, lines)
    }

    /// One line per row: clamps the selection to `count` items, scrolls the least to show it, and
    /// never leaves empty lines below the last item while items above the window are hidden.
    mutating func ensureVisible(count: Int) {
        ensureVisible(count: count) { _ in 1 }
    }

    /// Rows of `linesTaken(index)` lines: clamps the selection to `count` items and scrolls the least
    /// so that the rows from `top` through the selected one fit in `height` lines (the selected row
    /// is shown from its first line even if it is taller than the area), and leaves no empty lines
    /// below the last row while rows above the window are hidden (after the area grew, say).
    mutating func ensureVisible(count: Int, linesTaken: (Int) -> Int) {
        guard count > 0 else { selection = 0; top = 0; return }
        selection = min(max(0, selection), count - 1)
        top = min(max(0, top), count - 1)
        if selection < top {
            top = selection
        } else {
            if selection - top >= height { top = selection - height + 1 }
            var used = 0
            for index in top...selection { used += linesTaken(index) }
            while used > height, top < selection {
                used -= linesTaken(top)
                top += 1
            }
        }
        // The lines from `top` to the end (counted only up to the area's height: rows take one line
        // or more), then rows above brought in while they fit whole.
        var below = 0, index = top
        while index < count, below <= height {
            below += linesTaken(index)
            index += 1
        }
        guard index == count else { return }
        while top > 0, below + linesTaken(top - 1) <= height {
            top -= 1
            below += linesTaken(top)
        }
    }

    /// The items on screen when rows take one line: `top` up to `height` of them.
    func visibleRange(count: Int) -> Range<Int> {
        let start = min(top, max(0, count))
        return start..<min(count, start + height)
    }

    /// The selected row's index within the visible window, or nil when the list is empty.
    func selectedRow(count: Int) -> Int? {
        count == 0 ? nil : selection - top
    }

    /// The item under visible row `row` (one line per row), or nil outside the list.
    func item(atVisibleRow row: Int, count: Int) -> Int? {
        guard row >= 0, top + row < count else { return nil }
        return top + row
    }
}
