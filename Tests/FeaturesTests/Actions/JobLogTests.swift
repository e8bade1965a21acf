import Foundation
import GitHubEntities
import TerminalKit
import Testing
@testable import Features

/// The log parser: markers, timestamps, colours, hostile sequences, line ends, bounds, and the outline.
@Suite("Job log parsing")
struct JobLogTests {
    private func parse(_ text: String) -> JobLog { JobLog.parse(Data(text.utf8)) }

    @Test func timestampsAreTakenOffAndKept() throws {
        let log = parse("\u{FEFF}2024-03-01T10:20:30.1234567Z hello\n2024-03-01T10:20:31.0000000Z \nno stamp here\n")
        #expect(log.lines.map(\.text) == ["hello", "", "no stamp here"])
        #expect(log.lines[0].timestamp == "2024-03-01T10:20:30.1234567Z")
        #expect(log.lines[0].second == GitHubDate.parse("2024-03-01T10:20:30Z"))
        #expect(log.lines[2].timestamp.isEmpty && log.lines[2].second == nil)
        // Something shaped almost like a timestamp stays text.
        #expect(parse("2024-03-01 10:20:30 text\n").lines[0].text == "2024-03-01 10:20:30 text")
    }

    @Test func secondsAreTheDatesTheTimestampsName() {
        // Leap days, year and month ends, a minute shared by lines and left: each as the date parser reads it.
        let stamps = ["1999-12-31T23:59:59", "2000-02-29T00:00:00", "2000-03-01T12:34:56", "2024-02-29T23:59:59",
                      "2024-03-01T00:00:00", "2024-03-01T00:00:01", "2024-03-01T00:01:00", "2100-02-28T01:02:03",
                      "1970-01-01T00:00:00", "2026-11-28T17:30:00"]
        let log = parse(stamps.map { $0 + ".5Z line" }.joined(separator: "\n"))
        for (index, stamp) in stamps.enumerated() {
            #expect(log.second(at: index) == GitHubDate.parse(stamp + "Z"), "\(stamp)")
        }
        // Not dates: kept as timestamps (their text is taken off), but no second.
        let invalid = parse("2023-02-29T10:00:00.1Z a\n2024-13-01T10:00:00.1Z b\n2024-01-01T24:00:00.1Z c\n2024-01-01T10:00:6x.1Z d\n")
        #expect((0..<4).map { invalid.second(at: $0) } == [nil, nil, nil, nil])
        #expect(invalid.lines.map(\.text) == ["a", "b", "c", "d"])
    }

    @Test func markers() {
        let log = parse("""
        2024-03-01T10:20:30.1Z ##[group]Run actions/checkout@v4
        2024-03-01T10:20:30.2Z with: x
        2024-03-01T10:20:30.3Z ##[endgroup]
        2024-03-01T10:20:30.4Z [command]/usr/bin/git version
        2024-03-01T10:20:30.5Z ##[error]Process completed with exit code 1.
        2024-03-01T10:20:30.6Z ##[warning]Node 16 is deprecated
        2024-03-01T10:20:30.7Z ##[notice]n
        2024-03-01T10:20:30.8Z ##[debug]d
        2024-03-01T10:20:30.9Z ##[unknown]kept
        """)
        #expect(log.lines.map(\.kind) == [.groupStart, .output, .groupEnd, .command, .error, .warning, .notice, .debug, .output])
        #expect(log.lines.map(\.text) == ["Run actions/checkout@v4", "with: x", "", "/usr/bin/git version",
                                          "Process completed with exit code 1.", "Node 16 is deprecated", "n", "d", "##[unknown]kept"])
    }

    @Test func coloursBecomeStylesAndCarryToTheNextLine() {
        let log = parse("\u{1B}[31mred \u{1B}[1mbold\nstill red\u{1B}[0m plain\n")
        #expect(log.lines[0].pieces == [.init("red ", style: Style(foreground: .red)),
                                        .init("bold", style: Style(foreground: .red, attributes: .bold))])
        #expect(log.lines[1].pieces == [.init("still red", style: Style(foreground: .red, attributes: .bold)), .init(" plain")])
        #expect(log.lines[1].text == "still red plain")
        // A group header starts plain again.
        #expect(parse("\u{1B}[32mx\n##[group]G\ny\n").lines[2].pieces == [.init("y")])
    }

    @Test func hostileSequencesNeverReachTheText() {
        let hostile = "ok\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}]8;;http://x\u{1B}\\l\u{1B}]8;;\u{1B}\\\u{1B}[2J\u{1B}[H\u{1B}P1$r\u{1B}\\\u{9B}31m!\n"
        let line = parse(hostile).lines[0]
        #expect(line.text == "okl!")
        #expect(line.pieces.allSatisfy { $0.text.unicodeScalars.allSatisfy(Sanitizer.isAllowed) })
    }

    @Test func crAndCrlf() {
        let log = parse("one\r\ntwo\r\n10%\r50%\r100%\nlast")
        #expect(log.lines.map(\.text) == ["one", "two", "100%", "last"])
    }

    @Test func aHugeLineIsBounded() {
        var text = "2024-03-01T10:20:30.1Z " + String(repeating: "é", count: 600_000) + "\nnext\n"
        text += String(repeating: "x", count: 10)
        let log = parse(text)
        #expect(log.lines.count == 3)
        #expect(log.lines[0].isCut)
        #expect(log.lines[0].text.utf8.count <= JobLog.maximumLineBytes)
        #expect(log.lines[0].text.allSatisfy { $0 == "é" })
        #expect(log.lines[1].text == "next" && !log.lines[1].isCut)
    }

    @Test func firstLinesAndFirstBytes() {
        let text = (0..<10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let first = JobLog.parse(Data(text.utf8), firstLines: 4)
        #expect(first.isFirstLines && first.lines.map(\.text) == ["line 0", "line 1", "line 2", "line 3"])
        #expect(first.bytes == Data(text.utf8))
        #expect(!JobLog.parse(Data(text.utf8), firstLines: 10).isFirstLines)
        // The first bytes only: the line they cut is left for the whole.
        let cut = JobLog.parse(Data(text.utf8.prefix(17)), isCutShort: true)
        #expect(cut.isFirstLines && cut.lines.map(\.text) == ["line 0", "line 1"])
    }

    @Test func invalidUTF8IsReplaced() {
        let log = JobLog.parse(Data([0x61, 0xFF, 0xFE, 0x62, 0x0A]))
        #expect(log.lines.map(\.text) == ["a\u{FFFD}\u{FFFD}b"])
    }

    /// Lines as the log reads them one after the other: each line's text (with its escapes) from the colour
    /// the line before left on, a group marker starting plain — what the colours made when drawn must equal.
    private func sequentialPieces(_ log: JobLog, texts: [String]) -> [[Sanitizer.StyledPiece]] {
        var style = Style.plain
        return (0..<log.count).map { index in
            let kind = log.kind(at: index)
            if kind.isGroupMarker { style = .plain }
            let parsed = Sanitizer.styledPieces(texts[index], from: style)
            style = kind.isGroupMarker ? .plain : parsed.style
            return parsed.pieces
        }
    }

    @Test func coloursMadeWhenDrawnEqualReadingEveryLineInOrder() {
        // Seeded: lines with colours set and never reset, resets, groups, hostile sequences, plain lines,
        // far more lines than the remembered-colour stride.
        var seed: UInt64 = 7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pieces = ["\u{1B}[31m", "\u{1B}[1m", "\u{1B}[0m", "\u{1B}[m", "\u{1B}[22;39m", "\u{1B}[38;5;196m", "\u{1B}[2J",
                      "\u{1B}]8;;x\u{1B}\\", "\u{9B}32m", "\u{1B}]0;t", "plain ", "\u{65E5}\u{672C}", "x"]
        var lines: [String] = []
        var texts: [String] = []
        for index in 0..<5_000 {
            if index % 997 == 0 { lines.append("##[group]G\(index)"); texts.append("G\(index)"); continue }
            if index % 1_013 == 0 { lines.append("##[endgroup]"); texts.append(""); continue }
            // Long stretches without any reset, so the remembered colours are needed.
            let stretch = (index / 1_500) % 2 == 1
            var text = ""
            for _ in 0..<next(5) {
                var piece = pieces[next(pieces.count)]
                if stretch, piece.contains("[0m") || piece.contains("[m") { piece = "y" }
                text += piece
            }
            lines.append("2024-03-01T10:20:30.1Z " + text)
            texts.append(text)
        }
        let log = parse(lines.joined(separator: "\n"))
        #expect(log.count == lines.count)
        let expected = sequentialPieces(log, texts: texts)
        // Asked out of order (the End key first, then the middle, then the top), as a reader jumps.
        for index in [4_999, 2_600, 3_100, 1_024, 0, 2_047, 1_500, 4_000] + Array(stride(from: 0, to: 5_000, by: 7)) {
            #expect(log.line(at: index).pieces == expected[index], "line \(index)")
        }
    }

    // MARK: Outline

    private static let base = GitHubDate.parse("2024-03-01T10:00:00Z")!

    private static func step(_ number: Int, _ name: String, _ state: WorkflowState, start: Int?, end: Int?) -> WorkflowStep {
        WorkflowStep(number: number, name: name, state: state, startedAt: start.map { base.addingTimeInterval(Double($0)) },
                     completedAt: end.map { base.addingTimeInterval(Double($0)) })
    }

    private static func line(_ second: Int, _ text: String) -> String {
        "2024-03-01T10:00:\(second < 10 ? "0" : "")\(second).5000000Z \(text)"
    }

    @Test func linesGoToTheirStepsByTime() {
        let text = [
            Self.line(0, "Current runner version"), Self.line(1, "Prepare workflow directory"),
            Self.line(1, "##[group]Run actions/checkout@v4"), Self.line(1, "with: x"), Self.line(2, "##[endgroup]"),
            Self.line(3, "Syncing repository"),
            Self.line(3, "##[group]Run make test"), Self.line(4, "##[endgroup]"), Self.line(5, "FAIL spec"),
            Self.line(5, "##[error]Process completed with exit code 2."),
            Self.line(6, "Cleaning up orphan processes"),
        ].joined(separator: "\n")
        let steps = [Self.step(1, "Set up job", .success, start: 0, end: 1), Self.step(2, "Checkout", .success, start: 1, end: 3),
                     Self.step(3, "Test", .failure, start: 3, end: 5), Self.step(4, "Deploy", .skipped, start: nil, end: nil),
                     Self.step(5, "Complete job", .success, start: 6, end: 6)]
        let outline = LogOutline(log: parse(text), steps: steps, now: Self.base)
        #expect(outline.sections.map(\.title) == ["Set up job", "Checkout", "Test", "Deploy", "Complete job"])
        #expect(outline.sections.map(\.lines) == [0..<2, 2..<6, 6..<10, 10..<10, 10..<11])
        #expect(outline.sections[1].groups == [LogOutline.Group(header: 2, body: 3..<4)])
        #expect(outline.sections[2].errors == 1 && outline.sections[2].warnings == 0)
        #expect(outline.sections[2].duration == 2)
        #expect(outline.failingSection == 2)
    }

    @Test func withoutStepsTheLogIsOneSectionAndAnUnendedGroupRunsToItsEnd() {
        let outline = LogOutline(log: parse("a\n##[group]G\nb\n##[error]boom\n"), steps: [], now: Self.base)
        #expect(outline.sections.count == 1)
        #expect(outline.sections[0].lines == 0..<4)
        #expect(outline.sections[0].groups == [LogOutline.Group(header: 1, body: 2..<4)])
        #expect(outline.failingSection == 0)
        #expect(LogOutline(log: parse("fine\n"), steps: [], now: Self.base).failingSection == nil)
    }
}
