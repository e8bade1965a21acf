/// Circular index arithmetic for the carousel (written by us: no library wraps for us).
enum Carousel {
    /// `index` moved by `step`, wrapping around `count` items in both directions.
    static func index(_ index: Int, movedBy step: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let moved = (index + step) % count
        return moved < 0 ? moved + count : moved
    }

    /// The cards to draw left and right of `current`, nearest first, each card at most once:
    /// the others are shared between the sides (the right gets the odd one), within the slots.
    static func neighbours(of current: Int, count: Int, leftSlots: Int, rightSlots: Int) -> (left: [Int], right: [Int]) {
        let others = max(0, count - 1)
        var right = min(max(0, rightSlots), (others + 1) / 2)
        let left = min(max(0, leftSlots), others - right)
        right = min(max(0, rightSlots), others - left)
        return ((0..<left).map { index(current, movedBy: -($0 + 1), count: count) },
                (0..<right).map { index(current, movedBy: $0 + 1, count: count) })
    }
}
