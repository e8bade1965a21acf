import MarkdownRendering
import TerminalKit
import Testing
@testable import Features

@Suite("Document pane: position, search, links, layout")
struct DocumentPaneTests {
    /// `count` lines "line N", "gone" on every tenth, a link [N/10] on each of those.
    static func lines(_ count: Int, prefix: String = "line") -> [StyledLine] {
        (0..<count).map { index in
            index % 10 == 5 ? StyledLine([Span("\(prefix) \(index) gone "), Span("[\(index / 10 + 1)]", link: index / 10 + 1)])
                            : StyledLine([Span("\(prefix) \(index)")])
        }
    }

    static func links(_ count: Int) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: (1...max(1, count / 10)).map { ($0, "https://example.com/\($0)") })
    }

    static func pane(lines count: Int = 100, height: Int = 10, width: Int = 40) -> DocumentPane<StyledLine> {
        var pane = DocumentPane<StyledLine>()
        pane.resize(height: height)
        pane.show(lines(count), links: links(count), width: width)
        return pane
    }

    static func type(_ text: String, into pane: inout DocumentPane<StyledLine>) {
        for character in text { _ = pane.handle(.editSearch(.insert(String(character)))) }
    }

    @Test("The position text and the scrolling keys: clamped so the last screen is full; nothing said when all is shown")
    func position() {
        var pane = Self.pane()
        #expect(pane.window().position == "1–10/100")
        #expect(pane.window().canScrollDown && !pane.window().canScrollUp)
        #expect(pane.handle(.pageDown) == .taken(status: nil))
        #expect(pane.window().position == "10–19/100", "a page keeps one line")
        _ = pane.handle(.end)
        #expect(pane.window().position == "91–100/100")
        #expect(pane.window().lines.last?.text == "line 99")
        #expect(!pane.window().canScrollDown && pane.window().canScrollUp)
        _ = pane.handle(.scrollDown)
        #expect(pane.offset == 90)
        _ = pane.handle(.home)
        _ = pane.handle(.scrollUp)
        #expect(pane.offset == 0)
        pane.scroll(by: 1_000)
        #expect(pane.offset == 90)
        #expect(pane.handle(.toggleStar) == .notTaken)
        let short = Self.pane(lines: 5)
        #expect(short.window().position == "")
        #expect(short.window().lines.count == 5)
        #expect(DocumentPane<StyledLine>().window().lines.isEmpty)
    }

    @Test("/ searches as it is typed; Enter keeps the query and says how many; n/N wrap and reveal; Esc clears")
    func search() {
        var pane = Self.pane()
        _ = pane.handle(.scrollDown)
        _ = pane.handle(.scrollDown)
        #expect(pane.handle(.startSearch) == .taken(status: nil))
        #expect(pane.searchField != nil)
        Self.type("GONE", into: &pane)
        #expect(pane.matches.count == 10)
        #expect(pane.currentMatch == 0, "the first at or below the top line")
        #expect(pane.handle(.pageDown) == .taken(status: nil), "the field takes every key")
        #expect(pane.offset == 2)
        #expect(pane.handle(.submitSearch) == .taken(status: "1/10 matches"))
        #expect(pane.searchField == nil)
        #expect(pane.handle(.nextMatch) == .taken(status: "2/10 matches"))
        #expect(pane.offset == 15, "a match off screen comes to the top")
        for _ in 0..<8 { _ = pane.handle(.nextMatch) }
        #expect(pane.matchStatus == "10/10 matches")
        #expect(pane.offset == 90, "clamped: the last screen is full")
        #expect(pane.handle(.nextMatch) == .taken(status: "1/10 matches"), "wraps to the first")
        #expect(pane.offset == 5)
        #expect(pane.handle(.previousMatch) == .taken(status: "10/10 matches"), "and back to the last")
        // The current match is drawn stronger than the others on screen.
        pane.resize(height: 20)
        let window = pane.window()
        let styles = window.lines.flatMap(\.spans).filter { $0.style.attributes.contains(.reverse) && $0.link == nil }
        #expect(styles.count == 2)
        #expect(styles.filter { $0.style.attributes.contains(.underline) }.count == 1)
        // Esc clears the search first; the next Esc is the caller's.
        #expect(pane.handle(.close) == .taken(status: nil))
        #expect(!pane.hasQuery && pane.matches.isEmpty && pane.matchStatus == nil)
        #expect(pane.handle(.nextMatch) == .taken(status: nil))
        #expect(pane.handle(.close) == .notTaken)
    }

    @Test("No match says so; the field reopens with the query; Esc in the field clears; quitting is the caller's")
    func noMatch() {
        var pane = Self.pane()
        _ = pane.handle(.startSearch)
        Self.type("zebra", into: &pane)
        #expect(pane.handle(.submitSearch) == .taken(status: "no match for “zebra”"))
        #expect(pane.handle(.nextMatch) == .taken(status: "no match for “zebra”"))
        _ = pane.handle(.startSearch)
        #expect(pane.searchField?.text == "zebra")
        #expect(pane.handle(.quit) == .notTaken)
        #expect(pane.handle(.cancelSearch) == .taken(status: nil))
        #expect(pane.searchField == nil && !pane.hasQuery)
        _ = pane.handle(.startSearch)
        #expect(pane.handle(.submitSearch) == .taken(status: nil), "an empty query is no search")
        #expect(!pane.hasQuery)
    }

    @Test("Links: a typed number and Enter follow it; Tab/Shift-Tab pick those on screen in turn, highlighted; Esc drops a number")
    func links() {
        var pane = Self.pane()
        #expect(pane.linksOnScreen == [1])
        #expect(pane.handle(.choose(3)) == .taken(status: "Link [3] — Enter follows it, Esc cancels"))
        #expect(pane.handle(.confirm) == .follow("https://example.com/3"))
        #expect(pane.handle(.choose(4)) == .taken(status: "Link [4] — Enter follows it, Esc cancels"))
        #expect(pane.handle(.close) == .taken(status: nil), "Esc drops the number")
        #expect(pane.handle(.choose(9)) == .taken(status: "Link [9] — Enter follows it, Esc cancels"))
        #expect(pane.handle(.choose(9)) == .taken(status: "Link [99] — Enter follows it, Esc cancels"))
        #expect(pane.handle(.confirm) == .taken(status: "No link [99]"))
        pane.scroll(to: 10)
        #expect(pane.linksOnScreen == [2])
        pane.resize(height: 20)
        #expect(pane.linksOnScreen == [2, 3])
        #expect(pane.handle(.nextLink) == .taken(status: "[2] https://example.com/2 — Enter follows it"))
        _ = pane.handle(.nextLink)
        #expect(pane.selectedLink == 3)
        _ = pane.handle(.nextLink)
        #expect(pane.selectedLink == 2, "wraps")
        _ = pane.handle(.previousLink)
        #expect(pane.selectedLink == 3)
        let selected = pane.window().lines.flatMap(\.spans).filter { $0.style.attributes.contains([.reverse, .bold]) }
        #expect(selected.map(\.text) == ["[3]"])
        #expect(pane.handle(.confirm) == .follow("https://example.com/3"))
        pane.scroll(to: 0)
        pane.resize(height: 10)
        #expect(pane.handle(.confirm) == .taken(status: nil), "the selected link is no longer on screen")
    }

    @Test("Laid out again only when the width or the content changes; a new width keeps the place and the current match")
    func layout() {
        var pane = Self.pane(lines: 200, width: 40)
        #expect(!pane.needsLayout(width: 40))
        #expect(pane.needsLayout(width: 80))
        pane.contentChanged()
        #expect(pane.needsLayout(width: 40))
        pane.show(Self.lines(200), links: Self.links(200), width: 40)
        pane.scroll(to: 100)
        // Wider: half as many lines; the reader stays halfway, and comes back to the same line.
        pane.show(Self.lines(100), links: Self.links(100), width: 80)
        #expect(pane.offset == 50)
        pane.show(Self.lines(200), links: Self.links(200), width: 40)
        #expect(pane.offset == 100)
        // New content at the same width keeps the first line's number; the matches follow it.
        pane.search("gone")
        #expect(pane.matchStatus == "11/20 matches")
        pane.contentChanged()
        pane.show(Self.lines(200, prefix: "row"), links: Self.links(200), width: 40)
        #expect(pane.offset == 100)
        #expect(pane.matches.count == 20 && pane.currentMatch == 10)
        // A current match on screen stays on screen at another width.
        _ = pane.handle(.pageDown)
        _ = pane.handle(.nextMatch)
        let line = pane.matches[pane.currentMatch ?? 0].line
        #expect(line >= pane.offset && line < pane.offset + pane.height)
        pane.show(Self.lines(60), links: Self.links(60), width: 120)
        let moved = pane.matches[pane.currentMatch ?? 0].line
        #expect(moved >= pane.offset && moved < pane.offset + pane.height)
        // Shorter than the old offset: clamped.
        pane.contentChanged()
        pane.show(Self.lines(3), links: [:], width: 120)
        #expect(pane.offset == 0)
        #expect(pane.currentMatch == nil, "no match is left")
    }

    @Test("A line cursor (a file): the keys move it and the window follows the least; n/N step to the next line with a match after it")
    func cursor() {
        var pane = DocumentPane<StyledLine>(cursor: true)
        pane.resize(height: 10)
        pane.show(Self.lines(100), links: [:], width: 40)
        #expect(pane.cursor == 0)
        for _ in 0..<12 { _ = pane.handle(.scrollDown) }
        #expect(pane.cursor == 12 && pane.offset == 3, "scrolled the least to show it")
        _ = pane.handle(.pageDown)
        #expect(pane.cursor == 21 && pane.offset == 12)
        _ = pane.handle(.end)
        #expect(pane.cursor == 99 && pane.offset == 90)
        _ = pane.handle(.home)
        #expect(pane.cursor == 0 && pane.offset == 0)
        pane.moveCursor(to: 7)
        pane.search("gone")
        #expect(pane.cursor == 15, "the first match at or after the cursor")
        pane.moveCursor(to: 40)
        _ = pane.handle(.nextMatch)
        #expect(pane.cursor == 45, "after the cursor, not after the last match")
        _ = pane.handle(.previousMatch)
        #expect(pane.cursor == 35)
        pane.moveCursor(to: 95)
        _ = pane.handle(.nextMatch)
        #expect(pane.cursor == 5 && pane.offset == 5, "wraps")
        pane.resetPosition()
        #expect(pane.cursor == 0 && pane.offset == 0)
        #expect(DocumentPane<StyledLine>().cursor == nil, "a pane without a cursor")
    }

    @Test("Lines without text (a picture's row, a note) are skipped by the search and kept as they are")
    func detailLines() {
        var pane = DocumentPane<DetailLine>()
        pane.resize(height: 5)
        pane.show([.note("gone", isError: false), .blank, .markdown(StyledLine([Span("gone")]))], links: [:], width: 10)
        pane.search("gone")
        #expect(pane.matches == [TextMatch(line: 2, column: 0, width: 4)])
        let window = pane.window()
        #expect(window.lines[0] == .note("gone", isError: false))
        #expect(window.lines[2] != .markdown(StyledLine([Span("gone")])))
    }
}
