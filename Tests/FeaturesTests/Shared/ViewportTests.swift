import Testing
@testable import Features

@Suite("Viewport")
struct ViewportTests {
    @Test("selecting clamps to the items and scrolls the least")
    func selectClampsAndScrolls() {
        var viewport = Viewport(height: 5)
        viewport.select(3, count: 20)
        #expect(viewport.selection == 3)
        #expect(viewport.top == 0)
        viewport.select(7, count: 20)
        #expect(viewport.top == 3)
        viewport.select(5, count: 20)
        #expect(viewport.top == 3, "still visible: no scrolling")
        viewport.select(1, count: 20)
        #expect(viewport.top == 1)
        viewport.select(99, count: 20)
        #expect(viewport.selection == 19)
        #expect(viewport.top == 15)
        viewport.select(-4, count: 20)
        #expect(viewport.selection == 0)
        #expect(viewport.top == 0)
    }

    @Test("selecting in an empty list changes nothing")
    func selectEmpty() {
        var viewport = Viewport(selection: 0, top: 0, height: 5)
        viewport.select(3, count: 0)
        #expect(viewport == Viewport(selection: 0, top: 0, height: 5))
    }

    @Test("rows of several lines: after the area grows, rows above come back into the empty lines, whole")
    func tallRowsFillWindowAfterGrowing() {
        // Row 1 is expanded (4 lines); the others take 1. Ten rows: 13 lines in all.
        let lines: (Int) -> Int = { $0 == 1 ? 4 : 1 }
        var viewport = Viewport(height: 5)
        viewport.select(9, count: 10, linesTaken: lines)
        #expect(viewport.top == 5)
        viewport.resize(to: 12)
        viewport.ensureVisible(count: 10, linesTaken: lines)
        #expect(viewport.top == 1, "rows 1…9 take 12 lines; row 0 would not fit as well")
        #expect(viewport.selection == 9)
        viewport.resize(to: 30)
        viewport.ensureVisible(count: 10, linesTaken: lines)
        #expect(viewport.top == 0)
        // A window already full is left where it is.
        viewport.resize(to: 3)
        viewport.select(4, count: 10, linesTaken: lines)
        let top = viewport.top
        viewport.ensureVisible(count: 10, linesTaken: lines)
        #expect(viewport.top == top)
    }

    @Test("one-line rows: the window never shows empty lines while items above are hidden")
    func fillsWindow() {
        var viewport = Viewport(height: 5)
        viewport.select(19, count: 20)
        #expect(viewport.top == 15)
        viewport.resize(to: 10)
        viewport.ensureVisible(count: 20)
        #expect(viewport.top == 10)
        #expect(viewport.visibleRange(count: 20) == 10..<20)
        // The list shrinks under the selection.
        viewport.ensureVisible(count: 4)
        #expect(viewport.selection == 3)
        #expect(viewport.top == 0)
        viewport.ensureVisible(count: 0)
        #expect(viewport.selection == 0)
        #expect(viewport.selectedRow(count: 0) == nil)
    }

    @Test("rows of several lines: the rows from top through the selection fit the height")
    func severalLines() {
        // Row 2 is expanded to 4 lines; the others take 1.
        let lines: (Int) -> Int = { $0 == 2 ? 4 : 1 }
        var viewport = Viewport(height: 5)
        viewport.select(2, count: 10, linesTaken: lines)
        #expect(viewport.top == 1, "rows 0–2 take 6 lines: row 0 scrolls out")
        viewport.select(3, count: 10, linesTaken: lines)
        #expect(viewport.top == 2, "rows 2–3 take 5 lines")
        viewport.select(4, count: 10, linesTaken: lines)
        #expect(viewport.top == 3)
        // A row taller than the area is shown from its first line.
        viewport.select(2, count: 10) { $0 == 2 ? 9 : 1 }
        #expect(viewport.top == 2)
    }

    @Test("the single-line rule is the several-lines rule with one line a row, plus filling the window")
    func singleLineMatchesGeneralRule() {
        for count in 0..<12 {
            for height in 1..<8 {
                for top in 0..<14 {
                    for selection in 0..<14 {
                        var single = Viewport(selection: selection, top: top, height: height)
                        single.ensureVisible(count: count)
                        var general = Viewport(selection: selection, top: top, height: height)
                        general.ensureVisible(count: count) { _ in 1 }
                        #expect(single.selection == general.selection)
                        #expect(single.top == max(0, min(general.top, count - height)))
                        if count > 0 {
                            #expect(single.visibleRange(count: count).contains(single.selection))
                        }
                    }
                }
            }
        }
    }

    @Test("reset goes back to the first item and keeps the height; a selection set directly is clamped later")
    func resetAndDirectSelection() {
        var viewport = Viewport(height: 4)
        viewport.select(9, count: 12)
        viewport.reset()
        #expect(viewport == Viewport(selection: 0, top: 0, height: 4))
        viewport.selection = 30
        viewport.ensureVisible(count: 12)
        #expect(viewport.selection == 11)
        #expect(viewport.top == 8)
    }

    @Test("visible rows map back to items")
    func visibleRows() {
        var viewport = Viewport(height: 3)
        viewport.select(6, count: 8)
        #expect(viewport.top == 4)
        #expect(viewport.selectedRow(count: 8) == 2)
        #expect(viewport.item(atVisibleRow: 0, count: 8) == 4)
        #expect(viewport.item(atVisibleRow: 3, count: 8) == 7, "the row below the window is still an item")
        #expect(viewport.item(atVisibleRow: 4, count: 8) == nil)
        #expect(viewport.item(atVisibleRow: -1, count: 8) == nil)
    }
}
