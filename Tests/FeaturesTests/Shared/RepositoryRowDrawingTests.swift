import Testing
import TerminalKit
@testable import Features

@Suite("Repository row drawing")
struct RepositoryRowDrawingTests {
    static let row = RepositoryRowState(name: "tetris", description: "A falling-blocks game written in Swift",
                                        language: "Swift", stars: "1.2k")

    static func draw(width: Int, gap: Int = 1, languageWidth: Int = 8) -> String {
        var buffer = Buffer(width: width, height: 1)
        let right = RepositoryRowDrawing.languageAndStars(row, languageWidth: languageWidth)
        RepositoryRowDrawing.drawLine(row, right: right, into: &buffer, x: 1, y: 0, width: width,
                                      nameWidth: 8, gap: gap, base: .plain, selected: false)
        return buffer.line(0)
    }

    @Test("name column, description in what is left, language and stars flush right")
    func wide() {
        #expect(RepositoryRowDrawing.languageAndStars(Self.row, languageWidth: 8) == "Swift    ★ 1.2k ")
        #expect(RepositoryRowDrawing.languageAndStars(Self.row, languageWidth: 0) == "★ 1.2k ")
        let line = Self.draw(width: 60)
        #expect(line.hasPrefix(" tetris    A falling-blocks game"))
        #expect(line.hasSuffix("Swift    ★ 1.2k  "))
    }

    @Test("a narrow line truncates the description, then leaves it out")
    func narrow() {
        #expect(Self.draw(width: 40).contains("tetris    A falling-… Swift"), "11 columns, 1 before the right part")
        #expect(Self.draw(width: 40, gap: 3).contains("tetris    A fallin…   Swift"), "9 columns, 3 before")
        let tight = Self.draw(width: 30)
        #expect(!tight.contains("A "))
        #expect(tight.contains("★ 1.2k"))
    }

    @Test("the name column is the longest name, capped")
    func nameWidth() {
        let rows = [Self.row, RepositoryRowState(name: "a-much-longer-name", description: "", language: "", stars: "0")]
        #expect(RepositoryRowDrawing.nameWidth(of: rows, cap: 12) == 12)
        #expect(RepositoryRowDrawing.nameWidth(of: rows, cap: 40) == 18)
        #expect(RepositoryRowDrawing.nameWidth(of: [], cap: 40) == 0)
    }
}
