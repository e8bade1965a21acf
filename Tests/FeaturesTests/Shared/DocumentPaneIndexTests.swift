import Locking
import MarkdownRendering
import Testing
@testable import Features

/// What a key costs the document pane: it reads the lines on screen (their styled text), never the whole
/// document — after a jump (End, a match far down) only the new window is made into spans, and the match
/// index is searched, not walked.
@Suite("Document pane: a key costs the window", .serialized)
struct DocumentPaneIndexTests {
    /// Counts every line made into spans (`styled`) and every line's text read (`searchText`).
    static let reads = Mutex((styled: 0, searched: 0))

    /// A line that counts what is asked of it; its text is made only when asked.
    struct CountingLine: DocumentLine {
        var number: Int

        var styled: StyledLine? {
            DocumentPaneIndexTests.reads.withLock { $0.styled += 1 }
            return StyledLine([Span(text)])
        }

        var searchText: String? {
            DocumentPaneIndexTests.reads.withLock { $0.searched += 1 }
            return text
        }

        var text: String { number % 100 == 7 ? "line \(number) needle" : "line \(number)" }

        func restyled(_ styled: StyledLine) -> CountingLine { self }
    }

    static func counted(_ body: () -> Void) -> (styled: Int, searched: Int) {
        reads.withLock { $0 = (0, 0) }
        body()
        return reads.withLock { $0 }
    }

    @Test("PgDn, End, Home and n/N on 100,000 lines read at most a window's lines, with or without a cursor")
    func keysCostTheWindow() {
        for cursor in [false, true] {
            var pane = DocumentPane<CountingLine>(cursor: cursor)
            pane.resize(height: 30)
            pane.show((0..<100_000).map(CountingLine.init), links: [:], width: 100)
            pane.search("needle")
            #expect(pane.matches.count == 1_000)
            for action in [RepoDetailAction.pageDown, .end, .home, .nextMatch, .previousMatch, .pageDown, .nextMatch] {
                let reads = Self.counted {
                    _ = pane.handle(action)
                    _ = pane.window()
                }
                #expect(reads.styled <= 30, "\(action), cursor \(cursor): \(reads.styled) lines made into spans")
                #expect(reads.searched == 0, "\(action), cursor \(cursor): the search read \(reads.searched) lines again")
            }
            _ = pane.handle(.end)
            let window = pane.window()
            #expect(window.top == 100_000 - 30, "after End the window is the last screen")
            #expect(window.lines.first?.number == 99_970)
        }
    }

    @Test("The window's match lines come from the index: only those in the range")
    func matchLinesInRange() {
        var pane = DocumentPane<CountingLine>(cursor: true)
        pane.resize(height: 30)
        pane.show((0..<10_000).map(CountingLine.init), links: [:], width: 100)
        pane.search("needle")
        #expect(pane.matchLines(in: 0..<300) == [7, 107, 207])
        #expect(pane.matchLines(in: 9_950..<10_000).isEmpty)
        _ = pane.handle(.end)
        _ = pane.handle(.nextMatch)
        #expect(pane.cursor == 7, "n after the last match wraps to the first")
        _ = pane.handle(.previousMatch)
        #expect(pane.cursor == 9_907)
    }

    @Test("Colours arriving for a stretch restyle only those lines; the matches stay")
    func restyle() {
        var pane = DocumentPane<StyledLine>(cursor: true)
        pane.resize(height: 5)
        pane.show((0..<100).map { StyledLine([Span("line \($0)")]) }, links: [:], width: 40)
        pane.search("line 4")
        let matches = pane.matches
        pane.restyle([StyledLine([Span("line 40", style: .bold)])], from: 40)
        #expect(pane.lines[40].spans.first?.style == .bold)
        #expect(pane.matches == matches)
        pane.restyle([StyledLine([Span("x")])], from: 100)
        #expect(pane.lineCount == 100, "a stretch past the end is refused")
    }
}
