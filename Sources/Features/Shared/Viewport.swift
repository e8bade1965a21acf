/// A scrolling list's window: the selected item, the first item on screen, and how many lines the
/// screen has. Items may take more than one line (an expanded repository): `linesTaken` says how many.
struct Viewport: Equatable {
    var selection = 0
    var top = 0
    var height = 10

    /// Selects `index` (clamped to the `count` items) and scrolls it into view.
    mutating func select(_ index: Int, count: Int, linesTaken: (Int) -> Int = { _ in 1 }) {
        guard count > 0 else { return }
        selection = min(max(0, index), count - 1)
        ensureVisible(count: count, linesTaken: linesTaken)
    }

    /// Scrolls as little as needed for the selected item to be whole on screen.
    mutating func ensureVisible(count: Int, linesTaken: (Int) -> Int = { _ in 1 }) {
        guard count > 0 else { selection = 0; top = 0; return }
        selection = min(max(0, selection), count - 1)
        top = min(max(0, top), count - 1)
        if selection < top { top = selection; return }
        if selection - top >= height { top = selection - height + 1 }
        var used = 0
        for index in top...selection { used += linesTaken(index) }
        while used > height, top < selection {
            used -= linesTaken(top)
            top += 1
        }
    }
}
